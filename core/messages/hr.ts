/**
 * The Croatian message catalogue (`hr`): the sections and keys of `en.ts`, plurals by the Croatian CLDR categories
 * (one: 1, 21, 31... but not 11; few: 2-4, 22-24... but not 12-14; other).
 *
 * @module
 */
import type { Catalogue } from "./catalogue.ts"

/** The Croatian catalogue, by section. */
export const hr = {
  errors: {
    err_request_timeout: "Zahtjev je trajao predugo. Pokušajte ponovno.",
    unknown_error: "Nešto je pošlo po zlu. Pokušajte ponovno.",
    err_login_required: "Prijavite se za nastavak.",
    err_idempotency_key_reused: "Ovaj je zahtjev već poslan s drugim podacima. Ponovno učitajte stranicu."
  },

  layout: {
    "click to close": "Kliknite za zatvaranje",
    back_to_top: "Natrag na vrh",
    loading: "Učitavanje…",
    close: "Zatvori",
    adult_content_confirm: "Imam 18 ili više godina",
    adult_content_reject: "Izađi"
  },

  cart: {
    err_cart_out_of_stock: "Ovaj proizvod nije na zalihi.",
    err_cart_stock_exceeded: "Nemamo toliko komada na zalihi.",
    err_cart_gift_fixed: "Broj poklona ovisi o proizvodu uz koji dolaze.",
    cart_amount_clamped: "Količina je prilagođena dopuštenom rasponu.",
    err_discount_code_unknown: "Ovaj kod za popust ne postoji.",
    err_discount_code_expired: "Ovaj kod za popust više ne vrijedi.",
    err_discount_code_used: "Ovaj kod za popust već je iskorišten.",
    err_discount_code_min_order: "Vaša narudžba ne doseže najmanji iznos za ovaj kod.",
    err_discount_code_already_applied: "Ovaj kod za popust već je primijenjen.",
    err_discount_code_not_combinable: "Na jednu narudžbu može se primijeniti samo jedan kod za popust.",
    err_discount_code_not_applied: "Ovaj kod za popust nije primijenjen u košarici.",
    err_discount_cart_empty: "Prije primjene koda za popust dodajte proizvode u košaricu.",
    discount_code_applied: "Kod za popust je primijenjen.",
    discount_code_removed: "Kod za popust je uklonjen.",
    err_payment_unavailable: "Ovaj način plaćanja nije dostupan za vašu narudžbu.",
    payment_cleared_incompatible_with_coupons: "Odabrano plaćanje ne može se kombinirati s poklon-bonom, pa je poništeno.",
    cart_coupons_migrated: "Vaši su kuponi premješteni na vaš Allegro račun.",
    err_cart_no_coupons_to_migrate: "Nemate kupona za premještanje.",
    quantity_correction_empty: "Upišite količinu.",
    quantity_correction_zero: "Količina mora biti najmanje {min}.",
    quantity_correction_notWhole: "Upišite cijeli broj.",
    quantity_correction_belowMin: "Količina mora biti najmanje {min}.",
    quantity_correction_aboveMax: "Možete naručiti najviše {max} komada.",
    cart_pieces: { one: "{count} komad", few: "{count} komada", other: "{count} komada" },
    cart_empty: "Vaša je košarica prazna.",
    cart_total: "Ukupno: {total}"
  },

  checkout: {
    "cart_step-preview": "Košarica",
    "cart_step-customer": "Vaši podaci",
    "cart_step-shipping": "Dostava i plaćanje",
    "cart_step-confirmation": "Potvrda",
    checkout_cart_empty: "Vaša je košarica prazna.",
    checkout_address_required: "Ispunite svoju adresu.",
    checkout_delivery_not_selected: "Odaberite način dostave za svaku pošiljku.",
    delivery_method_no_longer_available: "Odabrani način dostave više nije dostupan. Odaberite drugi.",
    checkout_payment_not_selected: "Odaberite način plaćanja.",
    checkout_payment_not_allowed: "Odabrani način plaćanja nije dostupan za ovu narudžbu.",
    checkout_payment_check_required: "Pružatelj plaćanja još nije odobrio ovo plaćanje.",
    checkout_payment_terms_required: "Prihvatite uvjete pružatelja plaćanja.",
    checkout_payment_otp_required: "Potvrdite plaćanje jednokratnim kodom.",
    checkout_stock_insufficient: "Neki proizvodi više nisu na zalihi u naručenoj količini.",
    checkout_cart_already_ordered: "Ova je narudžba već poslana.",
    checkout_idempotency_key_reused: "Ova je narudžba već poslana s drugim podacima. Ponovno učitajte stranicu.",
    delivery_method_not_offered: "Ovaj način dostave ne nudi se za ovu pošiljku.",
    delivery_method_unavailable: "Ovaj način dostave nije dostupan za vašu narudžbu.",
    delivery_branch_required: "Odaberite mjesto preuzimanja.",
    delivery_branch_unavailable: "Ovo mjesto preuzimanja nije dostupno.",
    delivery_address_required: "Dodajte adresu dostave.",
    delivery_insurance_needs_method: "Prije osiguranja pošiljke odaberite način dostave.",
    delivery_strategy_unavailable: "Ova mogućnost dostave nije dostupna.",
    campaign_unknown: "Ova ponuda nije dostupna.",
    delivery_unknown: "Ova pošiljka ne postoji.",
    payment_reset_incompatible: "Odabrano plaćanje ne odgovara novom načinu dostave, pa je poništeno.",
    customer_address_unknown: "Ova adresa ne postoji.",
    err_payment_provider_unknown_method: "Ovaj način plaćanja ne može se provjeriti.",
    err_payment_provider_not_eligible: "Pružatelj plaćanja ne može ponuditi ovo plaćanje za vašu narudžbu.",
    err_payment_provider_limit: "Narudžba premašuje ograničenje pružatelja plaćanja.",
    err_payment_provider_not_started: "Provjera plaćanja još nije započela.",
    err_payment_provider_otp_invalid: "Jednokratni kod nije valjan.",
    err_payment_provider_data_too_large: "Pružatelju plaćanja poslano je previše podataka.",
    err_revolving_unavailable: "Kupnja na rate nije dostupna za ovu narudžbu.",
    tag_dimension_data_invalid: "Analitički podaci ne mogu se pročitati.",
    delivery_method_pup: "Mjesto preuzimanja",
    delivery_method_privileged_pup: "Paketomat",
    delivery_method_address: "Dostava na adresu",
    "campaign_eco-packaging_title": "Ekološko pakiranje",
    "campaign_eco-packaging_text": "Vašu narudžbu pakiramo isključivo u reciklirane materijale.",
    checkout_order_number: "Broj narudžbe: {orderNumber}"
  },

  account: {
    account_menu_accountData: "Podaci računa",
    account_menu_addresses: "Adrese",
    account_menu_clientPurchaseList: "Moje narudžbe",
    account_menu_clientDigitalContent: "Digitalni sadržaj",
    account_menu_orderTracking: "Praćenje narudžbe",
    account_menu_clientLoyaltyClubs: "Klubovi vjernosti",
    account_menu_clientWishlist: "Liste želja",
    account_menu_clientWatchdog: "Obavijesti o dostupnosti",
    account_menu_clientVipClub: "VIP klub",
    account_menu_clientQuestionaireList: "Upitnici",
    account_menu_clientRankingList: "Moje recenzije",
    account_menu_manageCardList: "Platne kartice",
    account_menu_logout: "Odjava",
    login_register: "Registracija",
    login_password_recovery: "Zaboravili ste lozinku?",
    order_state_new: "Nova",
    order_state_confirmed: "Potvrđena",
    order_state_paid: "Plaćena",
    order_state_shipped: "Poslana",
    order_state_delivered: "Dostavljena",
    order_state_cancelled: "Otkazana",
    order_history_empty: "Još nemate narudžbi.",
    order_history_count: { one: "{count} narudžba", few: "{count} narudžbe", other: "{count} narudžbi" }
  },

  wishlist: {
    wishlist_counter_items: { one: "artikl", few: "artikla", other: "artikala" },
    wishlist_drawer_next: "Prikaži sve",
    wishlist_main: "Moja lista želja",
    wishlist_moved_to_cart: "Proizvod je premješten u košaricu."
  },

  contact: {
    "frm_required-fields": "Polja označena sa * su obavezna.",
    frm_required: "Ovo je polje obavezno.",
    "frm_invalid-email": "Upišite valjanu adresu e-pošte.",
    "frm_too-many-attachments": "Možete priložiti najviše {max} datoteka.",
    "frm_file-too-large": "Datoteka smije imati najviše {max}.",
    "frm_post-too-large": "Privici zajedno smiju imati najviše {max}."
  },

  consent: {
    consent_panel_agree: "Slažem se",
    consent_modal_submit: "Spremi i zatvori",
    personal_information: "Osobni podaci",
    edit_personalization: "Uredi personalizaciju",
    edit_news_sending: "Uredi slanje novosti"
  }
} as const satisfies Catalogue
