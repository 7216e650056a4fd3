/**
 * The Hungarian message catalogue (`hu`): the sections and keys of `en.ts`, plurals by the Hungarian CLDR categories
 * (one, other; a noun after a number stays singular).
 *
 * @module
 */
import type { Catalogue } from "./catalogue.ts"

/** The Hungarian catalogue, by section. */
export const hu = {
  errors: {
    err_request_timeout: "A kérés túl sokáig tartott. Kérjük, próbálja újra.",
    unknown_error: "Valami hiba történt. Kérjük, próbálja újra.",
    err_login_required: "A folytatáshoz jelentkezzen be.",
    err_idempotency_key_reused: "Ezt a kérést már más adatokkal elküldték. Kérjük, töltse be újra az oldalt."
  },

  layout: {
    "click to close": "Kattintson a bezáráshoz",
    back_to_top: "Vissza a tetejére",
    loading: "Betöltés…",
    close: "Bezárás",
    adult_content_confirm: "Elmúltam 18 éves",
    adult_content_reject: "Kilépés"
  },

  cart: {
    err_cart_out_of_stock: "Ez a termék nincs készleten.",
    err_cart_stock_exceeded: "Ennyi darab nincs készleten.",
    err_cart_gift_fixed: "Az ajándékok száma ahhoz a termékhez igazodik, amelyhez tartoznak.",
    cart_amount_clamped: "A mennyiséget a megengedett tartományra módosítottuk.",
    err_discount_code_unknown: "Ez a kedvezménykód nem létezik.",
    err_discount_code_expired: "Ez a kedvezménykód már nem érvényes.",
    err_discount_code_used: "Ezt a kedvezménykódot már felhasználták.",
    err_discount_code_min_order: "A rendelése nem éri el a kódhoz szükséges minimális értéket.",
    err_discount_code_already_applied: "Ez a kedvezménykód már érvényesítve van.",
    err_discount_code_not_combinable: "Egy rendeléshez csak egy kedvezménykód használható.",
    err_discount_code_not_applied: "Ez a kedvezménykód nincs érvényesítve a kosárban.",
    err_discount_cart_empty: "A kedvezménykód beváltása előtt tegyen termékeket a kosárba.",
    discount_code_applied: "A kedvezménykódot érvényesítettük.",
    discount_code_removed: "A kedvezménykódot eltávolítottuk.",
    err_payment_unavailable: "Ez a fizetési mód nem érhető el a rendeléséhez.",
    payment_cleared_incompatible_with_coupons: "A választott fizetési mód nem kombinálható ajándékutalvánnyal, ezért töröltük.",
    cart_coupons_migrated: "Kuponjait áthelyeztük az Allegro-fiókjába.",
    err_cart_no_coupons_to_migrate: "Nincs áthelyezhető kuponja.",
    quantity_correction_empty: "Adja meg a mennyiséget.",
    quantity_correction_zero: "A mennyiség legalább {min} legyen.",
    quantity_correction_notWhole: "Egész számot adjon meg.",
    quantity_correction_belowMin: "A mennyiség legalább {min} legyen.",
    quantity_correction_aboveMax: "Legfeljebb {max} darabot rendelhet.",
    cart_pieces: { one: "{count} darab", other: "{count} darab" },
    cart_empty: "A kosara üres.",
    cart_total: "Összesen: {total}"
  },

  checkout: {
    "cart_step-preview": "Kosár",
    "cart_step-customer": "Az Ön adatai",
    "cart_step-shipping": "Szállítás és fizetés",
    "cart_step-confirmation": "Visszaigazolás",
    checkout_cart_empty: "A kosara üres.",
    checkout_address_required: "Kérjük, adja meg a címét.",
    checkout_delivery_not_selected: "Kérjük, minden csomaghoz válasszon szállítási módot.",
    delivery_method_no_longer_available: "A választott szállítási mód már nem érhető el. Kérjük, válasszon másikat.",
    checkout_payment_not_selected: "Kérjük, válasszon fizetési módot.",
    checkout_payment_not_allowed: "A választott fizetési mód nem érhető el ehhez a rendeléshez.",
    checkout_payment_check_required: "A fizetési szolgáltató még nem hagyta jóvá ezt a fizetést.",
    checkout_payment_terms_required: "Kérjük, fogadja el a fizetési szolgáltató feltételeit.",
    checkout_payment_otp_required: "Kérjük, erősítse meg a fizetést az egyszer használatos kóddal.",
    checkout_stock_insufficient: "Egyes termékek már nincsenek készleten a rendelt mennyiségben.",
    checkout_cart_already_ordered: "Ezt a rendelést már leadták.",
    checkout_idempotency_key_reused: "Ezt a rendelést már más adatokkal elküldték. Kérjük, töltse be újra az oldalt.",
    delivery_method_not_offered: "Ez a szállítási mód ehhez a csomaghoz nem választható.",
    delivery_method_unavailable: "Ez a szállítási mód nem érhető el a rendeléséhez.",
    delivery_branch_required: "Kérjük, válasszon átvételi pontot.",
    delivery_branch_unavailable: "Ez az átvételi pont nem érhető el.",
    delivery_address_required: "Kérjük, adjon meg szállítási címet.",
    delivery_insurance_needs_method: "A csomag biztosítása előtt válasszon szállítási módot.",
    delivery_strategy_unavailable: "Ez a szállítási lehetőség nem érhető el.",
    campaign_unknown: "Ez az ajánlat nem érhető el.",
    delivery_unknown: "Ez a csomag nem létezik.",
    payment_reset_incompatible: "A választott fizetési mód nem illik az új szállítási módhoz, ezért töröltük.",
    customer_address_unknown: "Ez a cím nem létezik.",
    err_payment_provider_unknown_method: "Ez a fizetési mód nem ellenőrizhető.",
    err_payment_provider_not_eligible: "A fizetési szolgáltató nem tudja felajánlani ezt a fizetést a rendeléséhez.",
    err_payment_provider_limit: "A rendelés meghaladja a fizetési szolgáltató limitjét.",
    err_payment_provider_not_started: "A fizetés ellenőrzése még nem kezdődött el.",
    err_payment_provider_otp_invalid: "Az egyszer használatos kód érvénytelen.",
    err_payment_provider_data_too_large: "Túl sok adatot küldtek a fizetési szolgáltatónak.",
    err_revolving_unavailable: "A részletfizetés nem érhető el ehhez a rendeléshez.",
    tag_dimension_data_invalid: "Az analitikai adatok nem olvashatók.",
    delivery_method_pup: "Átvételi pont",
    delivery_method_privileged_pup: "Csomagautomata",
    delivery_method_address: "Házhozszállítás",
    "campaign_eco-packaging_title": "Környezetbarát csomagolás",
    "campaign_eco-packaging_text": "Rendelését kizárólag újrahasznosított anyagokba csomagoljuk.",
    checkout_order_number: "Rendelésszám: {orderNumber}"
  },

  account: {
    account_menu_accountData: "Fiókadatok",
    account_menu_addresses: "Címek",
    account_menu_clientPurchaseList: "Rendeléseim",
    account_menu_clientDigitalContent: "Digitális tartalom",
    account_menu_orderTracking: "Rendeléskövetés",
    account_menu_clientLoyaltyClubs: "Hűségklubok",
    account_menu_clientWishlist: "Kívánságlisták",
    account_menu_clientWatchdog: "Készletfigyelő",
    account_menu_clientVipClub: "VIP klub",
    account_menu_clientQuestionaireList: "Kérdőívek",
    account_menu_clientRankingList: "Értékeléseim",
    account_menu_manageCardList: "Bankkártyák",
    account_menu_logout: "Kijelentkezés",
    login_register: "Regisztráció",
    login_password_recovery: "Elfelejtette a jelszavát?",
    order_state_new: "Új",
    order_state_confirmed: "Visszaigazolva",
    order_state_paid: "Kifizetve",
    order_state_shipped: "Feladva",
    order_state_delivered: "Kézbesítve",
    order_state_cancelled: "Törölve",
    order_history_empty: "Még nincs rendelése.",
    order_history_count: { one: "{count} rendelés", other: "{count} rendelés" }
  },

  wishlist: {
    wishlist_counter_items: { one: "termék", other: "termék" },
    wishlist_drawer_next: "Összes megtekintése",
    wishlist_main: "Kívánságlistám",
    wishlist_moved_to_cart: "A terméket áthelyeztük a kosárba."
  },

  contact: {
    "frm_required-fields": "A *-gal jelölt mezők kitöltése kötelező.",
    frm_required: "Ez a mező kötelező.",
    "frm_invalid-email": "Adjon meg érvényes e-mail-címet.",
    "frm_too-many-attachments": "Legfeljebb {max} fájlt csatolhat.",
    "frm_file-too-large": "Egy fájl legfeljebb {max} lehet.",
    "frm_post-too-large": "A mellékletek összesen legfeljebb {max} lehetnek."
  },

  consent: {
    consent_panel_agree: "Elfogadom",
    consent_modal_submit: "Mentés és bezárás",
    personal_information: "Személyes adatok",
    edit_personalization: "Személyre szabás módosítása",
    edit_news_sending: "Hírlevélküldés módosítása"
  }
} as const satisfies Catalogue
