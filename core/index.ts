/**
 * The storefront core: every rule of the spec as pure functions over plain data (`core/domain`),
 * and the wire shapes of its entities as Effect Schemas (`core/api/entities`). Framework-free: it
 * runs unchanged in a browser and in a Node script.
 *
 * Each concept is a namespace named as the spec names it, e.g. `Quantity.parseQuantity("7")`,
 * `Payment.availableBillingMethods(methods, { shop, walletSupported })`. The message catalogues of the seven UI
 * languages print keys as text: `Messages.translate("cs", "checkout_delivery_not_selected")`.
 *
 * @module
 */
export * as Auth from "./domain/auth.ts"
export * as Captcha from "./domain/captcha.ts"
export * as Cart from "./domain/cart.ts"
export * as Checkout from "./domain/checkout.ts"
export * as Clubs from "./domain/clubs.ts"
export * as Consent from "./domain/consent.ts"
export * as Contact from "./domain/contact.ts"
export * as CrossSell from "./domain/crossSell.ts"
export * as Customer from "./domain/customer.ts"
export * as Delivery from "./domain/delivery.ts"
export * as Financing from "./domain/financing.ts"
export * as Flash from "./domain/flash.ts"
export * as Layout from "./domain/layout.ts"
export * as Listing from "./domain/listing.ts"
export * as Money from "./domain/money.ts"
export * as Outlet from "./domain/outlet.ts"
export * as PasswordRecovery from "./domain/passwordRecovery.ts"
export * as Payment from "./domain/payment.ts"
export * as PaymentCards from "./domain/paymentCards.ts"
export * as Pet from "./domain/pet.ts"
export * as PickupMap from "./domain/pickupMap.ts"
export * as Plural from "./domain/plural.ts"
export * as Quantity from "./domain/quantity.ts"
export * as Redirect from "./domain/redirect.ts"
export * as Retry from "./domain/retry.ts"
export * as Searching from "./domain/searching.ts"
export * as Shop from "./domain/shop.ts"
export * as ShopPages from "./domain/shopPages.ts"
export * as TagManager from "./domain/tagManager.ts"
export * as Tracking from "./domain/tracking.ts"
export * as Wishlist from "./domain/wishlist.ts"
export * as Zip from "./domain/zip.ts"
export * as Messages from "./messages/index.ts"
export * as Api from "./api/index.ts"
export * as Services from "./services/index.ts"
export { ShopApi } from "./api/ShopApi.ts"
export { ProductApi } from "./api/productApi.ts"
export { RecentlyViewedApi } from "./api/recentlyViewedApi.ts"
export { TrackingApi } from "./api/trackingApi.ts"
export * as Entities from "./api/entities/index.ts"
export * as Decode from "./api/decode.ts"
export * as Storefront from "./storefront.ts"
export * as StorefrontAnalytics from "./storefrontAnalytics.ts"
