/**
 * The Slovak message catalogue (`sk`): the sections and keys of `en.ts`, plurals by the Slovak CLDR categories (one,
 * few, many for fractions, other).
 *
 * @module
 */
import type { Catalogue } from "./catalogue.ts"

/** The Slovak catalogue, by section. */
export const sk = {
  errors: {
    err_request_timeout: "Požiadavka trvala príliš dlho. Skúste to prosím znova.",
    unknown_error: "Niečo sa pokazilo. Skúste to prosím znova.",
    err_login_required: "Ak chcete pokračovať, prihláste sa.",
    err_idempotency_key_reused: "Táto požiadavka už bola odoslaná s inými údajmi. Načítajte prosím stránku znova."
  },

  layout: {
    "click to close": "Kliknutím zatvoríte",
    back_to_top: "Späť hore",
    loading: "Načítava sa…",
    close: "Zavrieť",
    adult_content_confirm: "Mám 18 rokov alebo viac",
    adult_content_reject: "Odísť"
  },

  cart: {
    err_cart_out_of_stock: "Tento produkt nie je na sklade.",
    err_cart_stock_exceeded: "Toľko kusov nemáme na sklade.",
    err_cart_gift_fixed: "Počet darčekov sa riadi produktom, ku ktorému patria.",
    cart_amount_clamped: "Množstvo sme upravili na povolený rozsah.",
    err_discount_code_unknown: "Tento zľavový kód neexistuje.",
    err_discount_code_expired: "Platnosť tohto zľavového kódu skončila.",
    err_discount_code_used: "Tento zľavový kód už bol použitý.",
    err_discount_code_min_order: "Vaša objednávka nedosahuje minimálnu hodnotu pre tento kód.",
    err_discount_code_already_applied: "Tento zľavový kód je už uplatnený.",
    err_discount_code_not_combinable: "Na jednu objednávku možno uplatniť len jeden zľavový kód.",
    err_discount_code_not_applied: "Tento zľavový kód nie je v košíku uplatnený.",
    err_discount_cart_empty: "Pred uplatnením zľavového kódu vložte tovar do košíka.",
    discount_code_applied: "Zľavový kód bol uplatnený.",
    discount_code_removed: "Zľavový kód bol odstránený.",
    err_payment_unavailable: "Tento spôsob platby nie je pre vašu objednávku dostupný.",
    payment_cleared_incompatible_with_coupons: "Zvolenú platbu nemožno kombinovať s darčekovým poukazom, preto sme ju zrušili.",
    cart_coupons_migrated: "Vaše kupóny sme presunuli na váš účet Allegro.",
    err_cart_no_coupons_to_migrate: "Nemáte žiadne kupóny na presun.",
    quantity_correction_empty: "Zadajte množstvo.",
    quantity_correction_zero: "Množstvo musí byť aspoň {min}.",
    quantity_correction_notWhole: "Zadajte celé číslo.",
    quantity_correction_belowMin: "Množstvo musí byť aspoň {min}.",
    quantity_correction_aboveMax: "Objednať môžete najviac {max} kusov.",
    cart_pieces: { one: "{count} kus", few: "{count} kusy", many: "{count} kusu", other: "{count} kusov" },
    cart_empty: "Váš košík je prázdny.",
    cart_total: "Spolu: {total}"
  },

  checkout: {
    "cart_step-preview": "Košík",
    "cart_step-customer": "Vaše údaje",
    "cart_step-shipping": "Doprava a platba",
    "cart_step-confirmation": "Potvrdenie",
    checkout_cart_empty: "Váš košík je prázdny.",
    checkout_address_required: "Vyplňte prosím svoju adresu.",
    checkout_delivery_not_selected: "Zvoľte prosím spôsob doručenia pre každú zásielku.",
    delivery_method_no_longer_available: "Zvolený spôsob doručenia už nie je dostupný. Vyberte prosím iný.",
    checkout_payment_not_selected: "Zvoľte prosím spôsob platby.",
    checkout_payment_not_allowed: "Zvolený spôsob platby nie je pre túto objednávku dostupný.",
    checkout_payment_check_required: "Poskytovateľ platby túto platbu zatiaľ neschválil.",
    checkout_payment_terms_required: "Prijmite prosím podmienky poskytovateľa platby.",
    checkout_payment_otp_required: "Potvrďte prosím platbu jednorazovým kódom.",
    checkout_stock_insufficient: "Niektoré produkty už v objednanom množstve nie sú na sklade.",
    checkout_cart_already_ordered: "Táto objednávka už bola odoslaná.",
    checkout_idempotency_key_reused: "Táto objednávka už bola odoslaná s inými údajmi. Načítajte prosím stránku znova.",
    delivery_method_not_offered: "Tento spôsob doručenia sa pre túto zásielku neponúka.",
    delivery_method_unavailable: "Tento spôsob doručenia nie je pre vašu objednávku dostupný.",
    delivery_branch_required: "Vyberte prosím výdajné miesto.",
    delivery_branch_unavailable: "Toto výdajné miesto nie je dostupné.",
    delivery_address_required: "Doplňte prosím doručovaciu adresu.",
    delivery_insurance_needs_method: "Pred poistením zásielky zvoľte spôsob doručenia.",
    delivery_strategy_unavailable: "Táto možnosť doručenia nie je dostupná.",
    campaign_unknown: "Táto ponuka nie je dostupná.",
    delivery_unknown: "Táto zásielka neexistuje.",
    payment_reset_incompatible: "Zvolená platba sa nehodí k novému spôsobu doručenia, preto sme ju zrušili.",
    customer_address_unknown: "Táto adresa neexistuje.",
    err_payment_provider_unknown_method: "Tento spôsob platby nemožno overiť.",
    err_payment_provider_not_eligible: "Poskytovateľ platby vám túto platbu k objednávke nemôže ponúknuť.",
    err_payment_provider_limit: "Objednávka prekračuje limit poskytovateľa platby.",
    err_payment_provider_not_started: "Overenie platby sa ešte nezačalo.",
    err_payment_provider_otp_invalid: "Jednorazový kód nie je platný.",
    err_payment_provider_data_too_large: "Poskytovateľovi platby bolo odoslaných príliš veľa údajov.",
    err_revolving_unavailable: "Nákup na splátky nie je pre túto objednávku dostupný.",
    tag_dimension_data_invalid: "Analytické údaje nemožno prečítať.",
    delivery_method_pup: "Výdajné miesto",
    delivery_method_privileged_pup: "Výdajný box",
    delivery_method_address: "Doručenie na adresu",
    "campaign_eco-packaging_title": "Ekologické balenie",
    "campaign_eco-packaging_text": "Vašu objednávku zabalíme len do recyklovaných materiálov.",
    checkout_order_number: "Číslo objednávky: {orderNumber}"
  },

  account: {
    account_menu_accountData: "Údaje o účte",
    account_menu_addresses: "Adresy",
    account_menu_clientPurchaseList: "Moje objednávky",
    account_menu_clientDigitalContent: "Digitálny obsah",
    account_menu_orderTracking: "Sledovanie objednávky",
    account_menu_clientLoyaltyClubs: "Vernostné kluby",
    account_menu_clientWishlist: "Obľúbené",
    account_menu_clientWatchdog: "Strážny pes",
    account_menu_clientVipClub: "VIP klub",
    account_menu_clientQuestionaireList: "Dotazníky",
    account_menu_clientRankingList: "Moje hodnotenia",
    account_menu_manageCardList: "Platobné karty",
    account_menu_logout: "Odhlásiť sa",
    login_register: "Zaregistrovať sa",
    login_password_recovery: "Zabudli ste heslo?",
    order_state_new: "Nová",
    order_state_confirmed: "Potvrdená",
    order_state_paid: "Zaplatená",
    order_state_shipped: "Odoslaná",
    order_state_delivered: "Doručená",
    order_state_cancelled: "Zrušená",
    order_history_empty: "Zatiaľ nemáte žiadne objednávky.",
    order_history_count: { one: "{count} objednávka", few: "{count} objednávky", many: "{count} objednávky", other: "{count} objednávok" }
  },

  wishlist: {
    wishlist_counter_items: { one: "položka", few: "položky", many: "položky", other: "položiek" },
    wishlist_drawer_next: "Zobraziť všetko",
    wishlist_main: "Môj zoznam želaní",
    wishlist_moved_to_cart: "Produkt sme presunuli do košíka."
  },

  contact: {
    "frm_required-fields": "Polia označené * sú povinné.",
    frm_required: "Toto pole je povinné.",
    "frm_invalid-email": "Zadajte platnú e-mailovú adresu.",
    "frm_too-many-attachments": "Priložiť môžete najviac {max} súborov.",
    "frm_file-too-large": "Súbor môže mať najviac {max}.",
    "frm_post-too-large": "Prílohy môžu mať spolu najviac {max}."
  },

  consent: {
    consent_panel_agree: "Súhlasím",
    consent_modal_submit: "Uložiť a zavrieť",
    personal_information: "Osobné údaje",
    edit_personalization: "Upraviť personalizáciu",
    edit_news_sending: "Upraviť zasielanie noviniek"
  }
} as const satisfies Catalogue
