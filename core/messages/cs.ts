/**
 * The Czech message catalogue (`cs`): the sections and keys of `en.ts`, plurals by the Czech CLDR categories (one,
 * few, many for fractions, other).
 *
 * @module
 */
import type { Catalogue } from "./catalogue.ts"

/** The Czech catalogue, by section. */
export const cs = {
  errors: {
    err_request_timeout: "Požadavek trval příliš dlouho. Zkuste to prosím znovu.",
    unknown_error: "Něco se pokazilo. Zkuste to prosím znovu.",
    err_login_required: "Pro pokračování se prosím přihlaste.",
    err_idempotency_key_reused: "Tento požadavek už byl odeslán s jinými údaji. Načtěte prosím stránku znovu."
  },

  layout: {
    "click to close": "Kliknutím zavřete",
    back_to_top: "Zpět nahoru",
    loading: "Načítání…",
    close: "Zavřít",
    adult_content_confirm: "Je mi 18 let nebo více",
    adult_content_reject: "Odejít"
  },

  cart: {
    err_cart_out_of_stock: "Tento produkt není skladem.",
    err_cart_stock_exceeded: "Tolik kusů nemáme skladem.",
    err_cart_gift_fixed: "Počet dárků se řídí produktem, ke kterému patří.",
    cart_amount_clamped: "Množství jsme upravili na povolený rozsah.",
    err_discount_code_unknown: "Tento slevový kód neexistuje.",
    err_discount_code_expired: "Platnost tohoto slevového kódu skončila.",
    err_discount_code_used: "Tento slevový kód už byl použit.",
    err_discount_code_min_order: "Vaše objednávka nedosahuje minimální hodnoty pro tento kód.",
    err_discount_code_already_applied: "Tento slevový kód už je uplatněný.",
    err_discount_code_not_combinable: "K jedné objednávce lze uplatnit jen jeden slevový kód.",
    err_discount_code_not_applied: "Tento slevový kód není v košíku uplatněný.",
    err_discount_cart_empty: "Než uplatníte slevový kód, vložte zboží do košíku.",
    discount_code_applied: "Slevový kód byl uplatněn.",
    discount_code_removed: "Slevový kód byl odebrán.",
    err_payment_unavailable: "Tento způsob platby není pro vaši objednávku dostupný.",
    payment_cleared_incompatible_with_coupons: "Zvolenou platbu nelze kombinovat s dárkovým poukazem, proto jsme ji zrušili.",
    cart_coupons_migrated: "Vaše kupony jsme převedli na váš účet Allegro.",
    err_cart_no_coupons_to_migrate: "Nemáte žádné kupony k převedení.",
    quantity_correction_empty: "Zadejte množství.",
    quantity_correction_zero: "Množství musí být alespoň {min}.",
    quantity_correction_notWhole: "Zadejte celé číslo.",
    quantity_correction_belowMin: "Množství musí být alespoň {min}.",
    quantity_correction_aboveMax: "Objednat můžete nejvýše {max} kusů.",
    cart_pieces: { one: "{count} kus", few: "{count} kusy", many: "{count} kusu", other: "{count} kusů" },
    cart_empty: "Váš košík je prázdný.",
    cart_total: "Celkem: {total}"
  },

  checkout: {
    "cart_step-preview": "Košík",
    "cart_step-customer": "Vaše údaje",
    "cart_step-shipping": "Doprava a platba",
    "cart_step-confirmation": "Potvrzení",
    checkout_cart_empty: "Váš košík je prázdný.",
    checkout_address_required: "Vyplňte prosím svou adresu.",
    checkout_delivery_not_selected: "Zvolte prosím způsob doručení pro každou zásilku.",
    delivery_method_no_longer_available: "Zvolený způsob doručení už není dostupný. Vyberte prosím jiný.",
    checkout_payment_not_selected: "Zvolte prosím způsob platby.",
    checkout_payment_not_allowed: "Zvolený způsob platby není pro tuto objednávku dostupný.",
    checkout_payment_check_required: "Poskytovatel platby tuto platbu zatím neschválil.",
    checkout_payment_terms_required: "Přijměte prosím podmínky poskytovatele platby.",
    checkout_payment_otp_required: "Potvrďte prosím platbu jednorázovým kódem.",
    checkout_stock_insufficient: "Některé produkty už v objednaném množství nejsou skladem.",
    checkout_cart_already_ordered: "Tato objednávka už byla odeslána.",
    checkout_idempotency_key_reused: "Tato objednávka už byla odeslána s jinými údaji. Načtěte prosím stránku znovu.",
    delivery_method_not_offered: "Tento způsob doručení se pro tuto zásilku nenabízí.",
    delivery_method_unavailable: "Tento způsob doručení není pro vaši objednávku dostupný.",
    delivery_branch_required: "Vyberte prosím výdejní místo.",
    delivery_branch_unavailable: "Toto výdejní místo není dostupné.",
    delivery_address_required: "Doplňte prosím doručovací adresu.",
    delivery_insurance_needs_method: "Před pojištěním zásilky zvolte způsob doručení.",
    delivery_strategy_unavailable: "Tato možnost doručení není dostupná.",
    campaign_unknown: "Tato nabídka není dostupná.",
    delivery_unknown: "Tato zásilka neexistuje.",
    payment_reset_incompatible: "Zvolená platba se nehodí k novému způsobu doručení, proto jsme ji zrušili.",
    customer_address_unknown: "Tato adresa neexistuje.",
    err_payment_provider_unknown_method: "Tento způsob platby nelze ověřit.",
    err_payment_provider_not_eligible: "Poskytovatel platby vám tuto platbu k objednávce nemůže nabídnout.",
    err_payment_provider_limit: "Objednávka překračuje limit poskytovatele platby.",
    err_payment_provider_not_started: "Ověření platby ještě nezačalo.",
    err_payment_provider_otp_invalid: "Jednorázový kód není platný.",
    err_payment_provider_data_too_large: "Poskytovateli platby bylo odesláno příliš mnoho údajů.",
    err_revolving_unavailable: "Nákup na splátky není pro tuto objednávku dostupný.",
    tag_dimension_data_invalid: "Analytická data nelze přečíst.",
    delivery_method_pup: "Výdejní místo",
    delivery_method_privileged_pup: "Výdejní box",
    delivery_method_address: "Doručení na adresu",
    "campaign_eco-packaging_title": "Ekologické balení",
    "campaign_eco-packaging_text": "Vaši objednávku zabalíme jen do recyklovaných materiálů.",
    checkout_order_number: "Číslo objednávky: {orderNumber}"
  },

  account: {
    account_menu_accountData: "Údaje o účtu",
    account_menu_addresses: "Adresy",
    account_menu_clientPurchaseList: "Moje objednávky",
    account_menu_clientDigitalContent: "Digitální obsah",
    account_menu_orderTracking: "Sledování objednávky",
    account_menu_clientLoyaltyClubs: "Věrnostní kluby",
    account_menu_clientWishlist: "Oblíbené",
    account_menu_clientWatchdog: "Hlídací pes",
    account_menu_clientVipClub: "VIP klub",
    account_menu_clientQuestionaireList: "Dotazníky",
    account_menu_clientRankingList: "Moje hodnocení",
    account_menu_manageCardList: "Platební karty",
    account_menu_logout: "Odhlásit se",
    login_register: "Registrovat se",
    login_password_recovery: "Zapomněli jste heslo?",
    order_state_new: "Nová",
    order_state_confirmed: "Potvrzená",
    order_state_paid: "Zaplacená",
    order_state_shipped: "Odeslaná",
    order_state_delivered: "Doručená",
    order_state_cancelled: "Zrušená",
    order_history_empty: "Zatím nemáte žádné objednávky.",
    order_history_count: { one: "{count} objednávka", few: "{count} objednávky", many: "{count} objednávky", other: "{count} objednávek" }
  },

  wishlist: {
    wishlist_counter_items: { one: "položka", few: "položky", many: "položky", other: "položek" },
    wishlist_drawer_next: "Zobrazit vše",
    wishlist_main: "Můj seznam přání",
    wishlist_moved_to_cart: "Produkt jsme přesunuli do košíku."
  },

  contact: {
    "frm_required-fields": "Pole označená * jsou povinná.",
    frm_required: "Toto pole je povinné.",
    "frm_invalid-email": "Zadejte platnou e-mailovou adresu.",
    "frm_too-many-attachments": "Přiložit můžete nejvýše {max} souborů.",
    "frm_file-too-large": "Soubor může mít nejvýše {max}.",
    "frm_post-too-large": "Přílohy mohou mít dohromady nejvýše {max}."
  },

  consent: {
    consent_panel_agree: "Souhlasím",
    consent_modal_submit: "Uložit a zavřít",
    personal_information: "Osobní údaje",
    edit_personalization: "Upravit personalizaci",
    edit_news_sending: "Upravit zasílání novinek"
  }
} as const satisfies Catalogue
