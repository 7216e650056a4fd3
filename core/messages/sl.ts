/**
 * The Slovenian message catalogue (`sl`): the sections and keys of `en.ts`, plurals by the Slovenian CLDR categories
 * (one: 1, 101...; two: 2, 102...; few: 3-4, 103-104... and fractions; other).
 *
 * @module
 */
import type { Catalogue } from "./catalogue.ts"

/** The Slovenian catalogue, by section. */
export const sl = {
  errors: {
    err_request_timeout: "Zahteva je trajala predolgo. Poskusite znova.",
    unknown_error: "Nekaj je šlo narobe. Poskusite znova.",
    err_login_required: "Za nadaljevanje se prijavite.",
    err_idempotency_key_reused: "Ta zahteva je bila že poslana z drugimi podatki. Znova naložite stran."
  },

  layout: {
    "click to close": "Kliknite za zapiranje",
    back_to_top: "Na vrh",
    loading: "Nalaganje…",
    close: "Zapri",
    adult_content_confirm: "Star sem 18 let ali več",
    adult_content_reject: "Zapusti"
  },

  cart: {
    err_cart_out_of_stock: "Tega izdelka ni na zalogi.",
    err_cart_stock_exceeded: "Toliko kosov nimamo na zalogi.",
    err_cart_gift_fixed: "Število daril je odvisno od izdelka, ki mu pripadajo.",
    cart_amount_clamped: "Količino smo prilagodili dovoljenemu razponu.",
    err_discount_code_unknown: "Ta koda za popust ne obstaja.",
    err_discount_code_expired: "Ta koda za popust ni več veljavna.",
    err_discount_code_used: "Ta koda za popust je že bila uporabljena.",
    err_discount_code_min_order: "Vaše naročilo ne dosega najnižje vrednosti za to kodo.",
    err_discount_code_already_applied: "Ta koda za popust je že uveljavljena.",
    err_discount_code_not_combinable: "Pri enem naročilu lahko uveljavite le eno kodo za popust.",
    err_discount_code_not_applied: "Ta koda za popust v košarici ni uveljavljena.",
    err_discount_cart_empty: "Preden uveljavite kodo za popust, dodajte izdelke v košarico.",
    discount_code_applied: "Koda za popust je uveljavljena.",
    discount_code_removed: "Koda za popust je odstranjena.",
    err_payment_unavailable: "Ta način plačila za vaše naročilo ni na voljo.",
    payment_cleared_incompatible_with_coupons: "Izbranega plačila ni mogoče združiti z darilnim bonom, zato smo ga preklicali.",
    cart_coupons_migrated: "Vaše kupone smo prenesli na vaš račun Allegro.",
    err_cart_no_coupons_to_migrate: "Nimate kuponov za prenos.",
    quantity_correction_empty: "Vnesite količino.",
    quantity_correction_zero: "Količina mora biti vsaj {min}.",
    quantity_correction_notWhole: "Vnesite celo število.",
    quantity_correction_belowMin: "Količina mora biti vsaj {min}.",
    quantity_correction_aboveMax: "Naročite lahko največ {max} kosov.",
    cart_pieces: { one: "{count} kos", two: "{count} kosa", few: "{count} kosi", other: "{count} kosov" },
    cart_empty: "Vaša košarica je prazna.",
    cart_total: "Skupaj: {total}"
  },

  checkout: {
    "cart_step-preview": "Košarica",
    "cart_step-customer": "Vaši podatki",
    "cart_step-shipping": "Dostava in plačilo",
    "cart_step-confirmation": "Potrditev",
    checkout_cart_empty: "Vaša košarica je prazna.",
    checkout_address_required: "Izpolnite svoj naslov.",
    checkout_delivery_not_selected: "Izberite način dostave za vsako pošiljko.",
    delivery_method_no_longer_available: "Izbrani način dostave ni več na voljo. Izberite drugega.",
    checkout_payment_not_selected: "Izberite način plačila.",
    checkout_payment_not_allowed: "Izbrani način plačila za to naročilo ni na voljo.",
    checkout_payment_check_required: "Ponudnik plačila tega plačila še ni odobril.",
    checkout_payment_terms_required: "Sprejmite pogoje ponudnika plačila.",
    checkout_payment_otp_required: "Potrdite plačilo z enkratno kodo.",
    checkout_stock_insufficient: "Nekaterih izdelkov v naročeni količini ni več na zalogi.",
    checkout_cart_already_ordered: "To naročilo je že oddano.",
    checkout_idempotency_key_reused: "To naročilo je bilo že poslano z drugimi podatki. Znova naložite stran.",
    delivery_method_not_offered: "Ta način dostave za to pošiljko ni na voljo.",
    delivery_method_unavailable: "Ta način dostave za vaše naročilo ni na voljo.",
    delivery_branch_required: "Izberite prevzemno mesto.",
    delivery_branch_unavailable: "To prevzemno mesto ni na voljo.",
    delivery_address_required: "Dodajte naslov za dostavo.",
    delivery_insurance_needs_method: "Preden zavarujete pošiljko, izberite način dostave.",
    delivery_strategy_unavailable: "Ta možnost dostave ni na voljo.",
    campaign_unknown: "Ta ponudba ni na voljo.",
    delivery_unknown: "Ta pošiljka ne obstaja.",
    payment_reset_incompatible: "Izbrano plačilo ne ustreza novemu načinu dostave, zato smo ga preklicali.",
    customer_address_unknown: "Ta naslov ne obstaja.",
    err_payment_provider_unknown_method: "Tega načina plačila ni mogoče preveriti.",
    err_payment_provider_not_eligible: "Ponudnik plačila tega plačila za vaše naročilo ne more ponuditi.",
    err_payment_provider_limit: "Naročilo presega omejitev ponudnika plačila.",
    err_payment_provider_not_started: "Preverjanje plačila se še ni začelo.",
    err_payment_provider_otp_invalid: "Enkratna koda ni veljavna.",
    err_payment_provider_data_too_large: "Ponudniku plačila je bilo poslanih preveč podatkov.",
    err_revolving_unavailable: "Nakup na obroke za to naročilo ni na voljo.",
    tag_dimension_data_invalid: "Analitičnih podatkov ni mogoče prebrati.",
    delivery_method_pup: "Prevzemno mesto",
    delivery_method_privileged_pup: "Paketomat",
    delivery_method_address: "Dostava na naslov",
    "campaign_eco-packaging_title": "Okolju prijazna embalaža",
    "campaign_eco-packaging_text": "Vaše naročilo zapakiramo samo v reciklirane materiale.",
    checkout_order_number: "Številka naročila: {orderNumber}"
  },

  account: {
    account_menu_accountData: "Podatki računa",
    account_menu_addresses: "Naslovi",
    account_menu_clientPurchaseList: "Moja naročila",
    account_menu_clientDigitalContent: "Digitalna vsebina",
    account_menu_orderTracking: "Sledenje naročilu",
    account_menu_clientLoyaltyClubs: "Klubi zvestobe",
    account_menu_clientWishlist: "Seznami želja",
    account_menu_clientWatchdog: "Obvestila o razpoložljivosti",
    account_menu_clientVipClub: "Klub VIP",
    account_menu_clientQuestionaireList: "Vprašalniki",
    account_menu_clientRankingList: "Moje ocene",
    account_menu_manageCardList: "Plačilne kartice",
    account_menu_logout: "Odjava",
    login_register: "Registracija",
    login_password_recovery: "Ste pozabili geslo?",
    order_state_new: "Novo",
    order_state_confirmed: "Potrjeno",
    order_state_paid: "Plačano",
    order_state_shipped: "Odposlano",
    order_state_delivered: "Dostavljeno",
    order_state_cancelled: "Preklicano",
    order_history_empty: "Še nimate naročil.",
    order_history_count: { one: "{count} naročilo", two: "{count} naročili", few: "{count} naročila", other: "{count} naročil" }
  },

  wishlist: {
    wishlist_counter_items: { one: "izdelek", two: "izdelka", few: "izdelki", other: "izdelkov" },
    wishlist_drawer_next: "Prikaži vse",
    wishlist_main: "Moj seznam želja",
    wishlist_moved_to_cart: "Izdelek smo premaknili v košarico."
  },

  contact: {
    "frm_required-fields": "Polja, označena z *, so obvezna.",
    frm_required: "To polje je obvezno.",
    "frm_invalid-email": "Vnesite veljaven e-poštni naslov.",
    "frm_too-many-attachments": "Priložite lahko največ {max} datotek.",
    "frm_file-too-large": "Datoteka je lahko velika največ {max}.",
    "frm_post-too-large": "Priloge so lahko skupaj velike največ {max}."
  },

  consent: {
    consent_panel_agree: "Strinjam se",
    consent_modal_submit: "Shrani in zapri",
    personal_information: "Osebni podatki",
    edit_personalization: "Uredi personalizacijo",
    edit_news_sending: "Uredi pošiljanje novic"
  }
} as const satisfies Catalogue
