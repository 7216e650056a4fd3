/**
 * The English message catalogue: it defines the key set every other language must have (`cs.ts`, `sk.ts`, `hr.ts`,
 * `hu.ts`, `pl.ts`, `sl.ts` satisfy {@link Catalogue}, so a missing or extra key fails the type check).
 *
 * Keys are the spec's and the server's (`err_request_timeout`, `unknown_error`, `frm_required-fields`, the cart
 * engine's and the checkout's flash keys...). A text may hold placeholders `{name}` filled by `translate`; a plural
 * text holds one text per CLDR category (`one`, `few`, `many`, `other`...) of the language, chosen by `{count}`.
 * Money parameters are formatted by the rule core (Intl).
 *
 * Sections keep areas apart (errors, layout, cart, checkout, account, wishlist, contact, consent): add a key to the
 * section of its area, at its end, in every language.
 *
 * @module
 */

/** The English catalogue, by section. */
export const en = {
  /** Errors of any call (§8). */
  errors: {
    err_request_timeout: "The request took too long. Please try again.",
    unknown_error: "Something went wrong. Please try again.",
    err_login_required: "Please log in to continue.",
    err_idempotency_key_reused: "This request was already sent with different data. Please reload the page."
  },

  /** Page widgets (§2). */
  layout: {
    "click to close": "Click to close",
    back_to_top: "Back to top",
    loading: "Loading…",
    close: "Close",
    adult_content_confirm: "I am 18 or older",
    adult_content_reject: "Leave"
  },

  /** The cart and its widget (§3, §5, §8): the cart engine's flash keys and the quantity corrections. */
  cart: {
    err_cart_out_of_stock: "This product is out of stock.",
    err_cart_stock_exceeded: "We do not have that many pieces in stock.",
    err_cart_gift_fixed: "The number of gifts follows the product they come with.",
    cart_amount_clamped: "The quantity was adjusted to the allowed range.",
    err_discount_code_unknown: "This discount code does not exist.",
    err_discount_code_expired: "This discount code is no longer valid.",
    err_discount_code_used: "This discount code has already been used.",
    err_discount_code_min_order: "Your order does not reach the minimum value for this code.",
    err_discount_code_already_applied: "This discount code is already applied.",
    err_discount_code_not_combinable: "Only one discount code can be used per order.",
    err_discount_code_not_applied: "This discount code is not applied to your cart.",
    err_discount_cart_empty: "Add products to the cart before applying a discount code.",
    discount_code_applied: "The discount code was applied.",
    discount_code_removed: "The discount code was removed.",
    err_payment_unavailable: "This payment method is not available for your order.",
    payment_cleared_incompatible_with_coupons: "The selected payment cannot be combined with a gift certificate, so it was cleared.",
    cart_coupons_migrated: "Your coupons were moved to your Allegro account.",
    err_cart_no_coupons_to_migrate: "There are no coupons to move.",
    quantity_correction_empty: "Enter a quantity.",
    quantity_correction_zero: "The quantity must be at least {min}.",
    quantity_correction_notWhole: "Enter a whole number.",
    quantity_correction_belowMin: "The quantity must be at least {min}.",
    quantity_correction_aboveMax: "You can order at most {max} pieces.",
    cart_pieces: { one: "{count} piece", other: "{count} pieces" },
    cart_empty: "Your cart is empty.",
    cart_total: "Total: {total}"
  },

  /** The checkout (§2 steps, §3 deliveries, §4, §5, §8): step titles, the checkout's flash keys, method kinds. */
  checkout: {
    "cart_step-preview": "Cart",
    "cart_step-customer": "Your details",
    "cart_step-shipping": "Delivery and payment",
    "cart_step-confirmation": "Confirmation",
    checkout_cart_empty: "Your cart is empty.",
    checkout_address_required: "Please fill in your address.",
    checkout_delivery_not_selected: "Please choose a delivery method for every delivery.",
    delivery_method_no_longer_available: "The chosen delivery method is no longer available. Please choose another one.",
    checkout_payment_not_selected: "Please choose a payment method.",
    checkout_payment_not_allowed: "The chosen payment method is not available for this order.",
    checkout_payment_check_required: "The payment provider has not approved this payment yet.",
    checkout_payment_terms_required: "Please accept the payment provider's terms.",
    checkout_payment_otp_required: "Please confirm the payment with the one-time code.",
    checkout_stock_insufficient: "Some products are no longer in stock in the quantity you ordered.",
    checkout_cart_already_ordered: "This order has already been placed.",
    checkout_idempotency_key_reused: "This order was already sent with different data. Please reload the page.",
    delivery_method_not_offered: "This delivery method is not offered for this delivery.",
    delivery_method_unavailable: "This delivery method is not available for your order.",
    delivery_branch_required: "Please choose a pick-up point.",
    delivery_branch_unavailable: "This pick-up point is not available.",
    delivery_address_required: "Please add a delivery address.",
    delivery_insurance_needs_method: "Choose a delivery method before insuring the delivery.",
    delivery_strategy_unavailable: "This delivery option is not available.",
    campaign_unknown: "This offer is not available.",
    delivery_unknown: "This delivery does not exist.",
    payment_reset_incompatible: "The selected payment does not suit the new delivery, so it was cleared.",
    customer_address_unknown: "This address does not exist.",
    err_payment_provider_unknown_method: "This payment method cannot be checked.",
    err_payment_provider_not_eligible: "The payment provider cannot offer this payment for your order.",
    err_payment_provider_limit: "The order exceeds the payment provider's limit.",
    err_payment_provider_not_started: "The payment check has not started yet.",
    err_payment_provider_otp_invalid: "The one-time code is not valid.",
    err_payment_provider_data_too_large: "Too much data was sent to the payment provider.",
    err_revolving_unavailable: "Instalments are not available for this order.",
    tag_dimension_data_invalid: "The analytics data could not be read.",
    delivery_method_pup: "Pick-up point",
    delivery_method_privileged_pup: "Parcel box",
    delivery_method_address: "Delivery to your address",
    "campaign_eco-packaging_title": "Eco-friendly packaging",
    "campaign_eco-packaging_text": "We pack your order in recycled materials only.",
    checkout_order_number: "Order number: {orderNumber}"
  },

  /** The account (§2 account menu, §6): menu entries, order history. */
  account: {
    account_menu_accountData: "Account details",
    account_menu_addresses: "Addresses",
    account_menu_clientPurchaseList: "My orders",
    account_menu_clientDigitalContent: "Digital content",
    account_menu_orderTracking: "Order tracking",
    account_menu_clientLoyaltyClubs: "Loyalty clubs",
    account_menu_clientWishlist: "Wishlists",
    account_menu_clientWatchdog: "Watchdog",
    account_menu_clientVipClub: "VIP club",
    account_menu_clientQuestionaireList: "Questionnaires",
    account_menu_clientRankingList: "My reviews",
    account_menu_manageCardList: "Payment cards",
    account_menu_logout: "Log out",
    login_register: "Register",
    login_password_recovery: "Forgot your password?",
    order_state_new: "New",
    order_state_confirmed: "Confirmed",
    order_state_paid: "Paid",
    order_state_shipped: "Shipped",
    order_state_delivered: "Delivered",
    order_state_cancelled: "Cancelled",
    order_history_empty: "You have no orders yet.",
    order_history_count: { one: "{count} order", other: "{count} orders" }
  },

  /** The wishlist (§2 counter and drawer, §4). */
  wishlist: {
    wishlist_counter_items: { one: "item", other: "items" },
    wishlist_drawer_next: "Show all",
    wishlist_main: "My wishlist",
    wishlist_moved_to_cart: "The product was moved to the cart."
  },

  /** The contact form (§5). */
  contact: {
    "frm_required-fields": "Fields marked with * are required.",
    frm_required: "This field is required.",
    "frm_invalid-email": "Enter a valid e-mail address.",
    "frm_too-many-attachments": "You can attach at most {max} files.",
    "frm_file-too-large": "A file may be at most {max}.",
    "frm_post-too-large": "The attachments may be at most {max} together."
  },

  /** The consent panel and the data-protection modal (§2, §4). */
  consent: {
    consent_panel_agree: "I agree",
    consent_modal_submit: "Save and close",
    personal_information: "Personal information",
    edit_personalization: "Edit personalisation",
    edit_news_sending: "Edit newsletter sending"
  },

  /** The demo storefront's pages (ours: the spec shows no page texts). */
  storefront: {
    sf_account_menu: "Account menu",
    sf_add_address: "Add an address",
    sf_add_to_cart: "Add to cart",
    sf_add_to_wishlist: "Add to wishlist",
    sf_added_to_cart: "Added to your cart.",
    sf_added_to_wishlist: "Added to your wishlist.",
    sf_all_products: "All products",
    sf_apply: "Apply",
    sf_back_to_shop: "Back to the shop",
    sf_banners: "Offers",
    sf_billing_address: "Billing address",
    sf_breadcrumbs: "Breadcrumbs",
    sf_cart: "Cart",
    sf_cart_empty: "Your cart is empty.",
    sf_cart_items: "Items in your cart",
    sf_cash_and_carry: "pay at the counter",
    sf_categories: "Categories",
    sf_checkout_steps: "Checkout steps",
    sf_choose_pickup: "Choose a pick-up point",
    sf_city: "City",
    sf_consent_agree: "I agree",
    sf_consent_text: "We use cookies to run the shop, to measure its use and to personalise offers. You can change your choice at any time.",
    sf_consent_title: "Privacy settings",
    sf_continue: "Continue",
    sf_continue_to_checkout: "Continue to checkout",
    sf_date: "Date",
    sf_decrease: "Decrease quantity",
    sf_delivery: "Delivery",
    sf_delivery_by: "Delivery by {partner}",
    sf_delivery_n: "Delivery {n}",
    sf_description: "Description",
    sf_discount_code: "Discount code",
    sf_email: "E-mail",
    sf_filters: "Filters",
    sf_first_name: "First name",
    sf_footer: "Footer",
    sf_free: "Free",
    sf_go_to_cart: "Go to the cart",
    sf_have_account: "I already have an account",
    sf_home: "Home",
    sf_home_link: "{shop} home page",
    sf_home_title: "Storefront {shop}",
    sf_how_to_continue: "How would you like to continue?",
    sf_image: "Image",
    sf_in_stock: "In stock",
    sf_in_stock_count: "In stock: {count} pcs",
    sf_in_stock_only: "In stock only",
    sf_increase: "Increase quantity",
    sf_invoice_note: "Note to the order",
    sf_items: "Items",
    sf_language: "Language",
    sf_last_name: "Last name",
    sf_logging_out: "Logging out…",
    sf_login: "Log in",
    sf_login_failed: "Logging in failed. Check your e-mail and password.",
    sf_logout: "Log out",
    sf_menu: "Menu",
    sf_my_account: "My account",
    sf_my_orders: "My orders",
    sf_new_customer: "New customer",
    sf_newest: "New arrivals",
    sf_next: "Next",
    sf_no_products: "No products match.",
    sf_not_found_text: "The page you are looking for does not exist or has moved.",
    sf_not_found_title: "Page not found",
    sf_order: "Order",
    sf_order_consents: "Consents",
    sf_order_placed: "Thank you! Your order {order} has been placed.",
    sf_out_of_stock: "Out of stock",
    sf_pages: "Pages",
    sf_parameters: "Parameters",
    sf_password: "Password",
    sf_payment: "Payment",
    sf_phone: "Phone",
    sf_pickup_points: "Pick-up points",
    sf_place_order: "Place the order",
    sf_popular: "Popular",
    sf_previous: "Previous",
    sf_price_from: "Price from",
    sf_price_to: "to",
    sf_quantity: "Quantity",
    sf_recent_orders: "Recent orders",
    sf_redirecting: "You will be taken to your order's page in a moment.",
    sf_register: "Create an account",
    sf_register_and_continue: "Create the account and continue",
    sf_remove: "Remove",
    sf_remove_item: "Remove {item}",
    sf_save_address: "Save the address",
    sf_search: "Search",
    sf_search_pickup: "Town, street or name",
    sf_search_placeholder: "What are you looking for?",
    sf_search_results: "Results for “{query}”",
    sf_selected: "Selected",
    sf_services: "Services",
    sf_shop: "Shop",
    sf_show_banner: "Show offer",
    sf_sold_by: "Sold by {partner}",
    sf_sort: "Sort by",
    sf_sort_popular: "popularity",
    sf_sort_price_asc: "price, lowest first",
    sf_sort_price_desc: "price, highest first",
    sf_sort_title: "name",
    sf_sort_newest: "newest",
    sf_state: "State",
    sf_street: "Street and number",
    sf_subcategories: "Subcategories",
    sf_suggestions: "Suggestions",
    sf_tools: "Your shopping",
    sf_total: "Total",
    sf_variants: "Variants",
    sf_wishlist: "Wishlist",
    sf_wishlist_empty: "Your wishlist is empty.",
    sf_zip: "Postal code ({pattern})",
    sf_zip_invalid: "Enter the postal code as {pattern}."
  },

  /** The header, its drawers, the mega-menu and the page furniture (issue 7). */
  header: {
  },

  /** Modals, gates, lightbox, carousels, captcha and product widgets (issue 7). */
  widgets: {
  },

  /** Account pages, password recovery, the contact page, the pet form and the debug panel (issue 8). */
  pages: {
  },

  /** The pick-up point map and the delivery choice (issue 8). */
  pickup: {
  }
} as const
