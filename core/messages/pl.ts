/**
 * The Polish message catalogue (`pl`): the sections and keys of `en.ts`, plurals by the Polish CLDR categories (one,
 * few: 2-4, 22-24... but not 12-14, many, other for fractions).
 *
 * @module
 */
import type { Catalogue } from "./catalogue.ts"

/** The Polish catalogue, by section. */
export const pl = {
  errors: {
    err_request_timeout: "Żądanie trwało zbyt długo. Spróbuj ponownie.",
    unknown_error: "Coś poszło nie tak. Spróbuj ponownie.",
    err_login_required: "Zaloguj się, aby kontynuować.",
    err_idempotency_key_reused: "To żądanie zostało już wysłane z innymi danymi. Odśwież stronę."
  },

  layout: {
    "click to close": "Kliknij, aby zamknąć",
    back_to_top: "Do góry",
    loading: "Ładowanie…",
    close: "Zamknij",
    adult_content_confirm: "Mam ukończone 18 lat",
    adult_content_reject: "Wyjdź"
  },

  cart: {
    err_cart_out_of_stock: "Tego produktu nie ma w magazynie.",
    err_cart_stock_exceeded: "Nie mamy tylu sztuk w magazynie.",
    err_cart_gift_fixed: "Liczba prezentów zależy od produktu, do którego są dołączone.",
    cart_amount_clamped: "Ilość została dostosowana do dozwolonego zakresu.",
    err_discount_code_unknown: "Taki kod rabatowy nie istnieje.",
    err_discount_code_expired: "Ten kod rabatowy stracił ważność.",
    err_discount_code_used: "Ten kod rabatowy został już wykorzystany.",
    err_discount_code_min_order: "Twoje zamówienie nie osiąga minimalnej wartości dla tego kodu.",
    err_discount_code_already_applied: "Ten kod rabatowy jest już zastosowany.",
    err_discount_code_not_combinable: "Do jednego zamówienia można użyć tylko jednego kodu rabatowego.",
    err_discount_code_not_applied: "Ten kod rabatowy nie jest zastosowany w koszyku.",
    err_discount_cart_empty: "Zanim użyjesz kodu rabatowego, dodaj produkty do koszyka.",
    discount_code_applied: "Kod rabatowy został zastosowany.",
    discount_code_removed: "Kod rabatowy został usunięty.",
    err_payment_unavailable: "Ta metoda płatności nie jest dostępna dla Twojego zamówienia.",
    payment_cleared_incompatible_with_coupons: "Wybranej płatności nie można łączyć z kartą podarunkową, dlatego została anulowana.",
    cart_coupons_migrated: "Twoje kupony zostały przeniesione na Twoje konto Allegro.",
    err_cart_no_coupons_to_migrate: "Nie masz kuponów do przeniesienia.",
    quantity_correction_empty: "Podaj ilość.",
    quantity_correction_zero: "Ilość musi wynosić co najmniej {min}.",
    quantity_correction_notWhole: "Podaj liczbę całkowitą.",
    quantity_correction_belowMin: "Ilość musi wynosić co najmniej {min}.",
    quantity_correction_aboveMax: "Możesz zamówić najwyżej {max} sztuk.",
    cart_pieces: { one: "{count} sztuka", few: "{count} sztuki", many: "{count} sztuk", other: "{count} sztuki" },
    cart_empty: "Twój koszyk jest pusty.",
    cart_total: "Razem: {total}"
  },

  checkout: {
    "cart_step-preview": "Koszyk",
    "cart_step-customer": "Twoje dane",
    "cart_step-shipping": "Dostawa i płatność",
    "cart_step-confirmation": "Potwierdzenie",
    checkout_cart_empty: "Twój koszyk jest pusty.",
    checkout_address_required: "Uzupełnij swój adres.",
    checkout_delivery_not_selected: "Wybierz sposób dostawy dla każdej przesyłki.",
    delivery_method_no_longer_available: "Wybrany sposób dostawy nie jest już dostępny. Wybierz inny.",
    checkout_payment_not_selected: "Wybierz metodę płatności.",
    checkout_payment_not_allowed: "Wybrana metoda płatności nie jest dostępna dla tego zamówienia.",
    checkout_payment_check_required: "Operator płatności nie zatwierdził jeszcze tej płatności.",
    checkout_payment_terms_required: "Zaakceptuj warunki operatora płatności.",
    checkout_payment_otp_required: "Potwierdź płatność kodem jednorazowym.",
    checkout_stock_insufficient: "Niektórych produktów nie ma już w magazynie w zamówionej ilości.",
    checkout_cart_already_ordered: "To zamówienie zostało już złożone.",
    checkout_idempotency_key_reused: "To zamówienie zostało już wysłane z innymi danymi. Odśwież stronę.",
    delivery_method_not_offered: "Ten sposób dostawy nie jest oferowany dla tej przesyłki.",
    delivery_method_unavailable: "Ten sposób dostawy nie jest dostępny dla Twojego zamówienia.",
    delivery_branch_required: "Wybierz punkt odbioru.",
    delivery_branch_unavailable: "Ten punkt odbioru jest niedostępny.",
    delivery_address_required: "Dodaj adres dostawy.",
    delivery_insurance_needs_method: "Zanim ubezpieczysz przesyłkę, wybierz sposób dostawy.",
    delivery_strategy_unavailable: "Ta opcja dostawy jest niedostępna.",
    campaign_unknown: "Ta oferta jest niedostępna.",
    delivery_unknown: "Taka przesyłka nie istnieje.",
    payment_reset_incompatible: "Wybrana płatność nie pasuje do nowego sposobu dostawy, dlatego została anulowana.",
    customer_address_unknown: "Taki adres nie istnieje.",
    err_payment_provider_unknown_method: "Tej metody płatności nie można zweryfikować.",
    err_payment_provider_not_eligible: "Operator płatności nie może zaoferować tej płatności dla Twojego zamówienia.",
    err_payment_provider_limit: "Zamówienie przekracza limit operatora płatności.",
    err_payment_provider_not_started: "Weryfikacja płatności jeszcze się nie rozpoczęła.",
    err_payment_provider_otp_invalid: "Kod jednorazowy jest nieprawidłowy.",
    err_payment_provider_data_too_large: "Do operatora płatności wysłano zbyt dużo danych.",
    err_revolving_unavailable: "Zakup na raty nie jest dostępny dla tego zamówienia.",
    tag_dimension_data_invalid: "Nie udało się odczytać danych analitycznych.",
    delivery_method_pup: "Punkt odbioru",
    delivery_method_privileged_pup: "Paczkomat",
    delivery_method_address: "Dostawa pod adres",
    "campaign_eco-packaging_title": "Ekologiczne opakowanie",
    "campaign_eco-packaging_text": "Twoje zamówienie zapakujemy wyłącznie w materiały z recyklingu.",
    checkout_order_number: "Numer zamówienia: {orderNumber}"
  },

  account: {
    account_menu_accountData: "Dane konta",
    account_menu_addresses: "Adresy",
    account_menu_clientPurchaseList: "Moje zamówienia",
    account_menu_clientDigitalContent: "Treści cyfrowe",
    account_menu_orderTracking: "Śledzenie zamówienia",
    account_menu_clientLoyaltyClubs: "Kluby lojalnościowe",
    account_menu_clientWishlist: "Listy życzeń",
    account_menu_clientWatchdog: "Powiadomienia o dostępności",
    account_menu_clientVipClub: "Klub VIP",
    account_menu_clientQuestionaireList: "Ankiety",
    account_menu_clientRankingList: "Moje opinie",
    account_menu_manageCardList: "Karty płatnicze",
    account_menu_logout: "Wyloguj się",
    login_register: "Zarejestruj się",
    login_password_recovery: "Nie pamiętasz hasła?",
    order_state_new: "Nowe",
    order_state_confirmed: "Potwierdzone",
    order_state_paid: "Opłacone",
    order_state_shipped: "Wysłane",
    order_state_delivered: "Doręczone",
    order_state_cancelled: "Anulowane",
    order_history_empty: "Nie masz jeszcze żadnych zamówień.",
    order_history_count: { one: "{count} zamówienie", few: "{count} zamówienia", many: "{count} zamówień", other: "{count} zamówienia" }
  },

  wishlist: {
    wishlist_counter_items: { one: "produkt", few: "produkty", many: "produktów", other: "produktu" },
    wishlist_drawer_next: "Pokaż wszystko",
    wishlist_main: "Moja lista życzeń",
    wishlist_moved_to_cart: "Produkt został przeniesiony do koszyka."
  },

  contact: {
    "frm_required-fields": "Pola oznaczone * są wymagane.",
    frm_required: "To pole jest wymagane.",
    "frm_invalid-email": "Podaj prawidłowy adres e-mail.",
    "frm_too-many-attachments": "Możesz dołączyć najwyżej {max} plików.",
    "frm_file-too-large": "Plik może mieć najwyżej {max}.",
    "frm_post-too-large": "Załączniki mogą mieć łącznie najwyżej {max}."
  },

  consent: {
    consent_panel_agree: "Zgadzam się",
    consent_modal_submit: "Zapisz i zamknij",
    personal_information: "Dane osobowe",
    edit_personalization: "Edytuj personalizację",
    edit_news_sending: "Edytuj wysyłkę newslettera"
  }
} as const satisfies Catalogue
