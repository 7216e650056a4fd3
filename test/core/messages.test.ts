/**
 * The message catalogues of the core (issue 11): seven real translations with one key set, every flash and error
 * key the server and the services produce, placeholders and plural texts by CLDR, and `translate` as scripts and
 * the React layer print them.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import type { Catalogue } from "../../core/messages/catalogue.ts"
import { en } from "../../core/messages/en.ts"
import {
  catalogues,
  flashText,
  isMessageKey,
  isPluralText,
  type Message,
  messageKeys,
  sectionNames,
  translate,
  translateText,
  type UiLanguage,
  uiLanguageLocales,
  uiLanguageOf,
  uiLanguages
} from "../../core/messages/index.ts"
import { checkoutStepTable, checkoutSteps } from "../../core/domain/checkout.ts"
import { consentModalLinks } from "../../core/domain/consent.ts"
import { contactErrorKeys, requiredFieldsNoteKey } from "../../core/domain/contact.ts"
import { accountMenuKeys } from "../../core/domain/customer.ts"
import { deliveryMethodKinds } from "../../core/domain/delivery.ts"
import { requestTimeoutKey, unknownErrorKey } from "../../core/domain/flash.ts"
import { lightboxTitleKey } from "../../core/domain/layout/modal.ts"
import { formatPrice } from "../../core/domain/money.ts"
import { quantityCorrections } from "../../core/domain/quantity.ts"
import { allShops } from "../../core/domain/shop.ts"
import { cartFlashKeys } from "../../demo/server/domain/cart/errors.ts"
import { campaign } from "../../demo/server/domain/checkout/deliveries.ts"
import { checkoutFlashKeys } from "../../demo/server/domain/checkout/common.ts"

const entriesOf = (catalogue: Catalogue): ReadonlyArray<readonly [string, string, Message]> =>
  sectionNames.flatMap((section) =>
    Object.entries(catalogue[section]).map(([key, message]) => [section, key, message as Message] as const))

const placeholdersOf = (message: Message): ReadonlyArray<string> => {
  const texts = isPluralText(message) ? Object.values(message) : [message]
  return [...new Set(texts.flatMap((text) => [...(text ?? "").matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!)))].sort()
}

const english = new Map(entriesOf(en).map(([, key, message]) => [key, message]))
const language = fc.constantFrom(...uiLanguages)

describe("the catalogues", () => {
  test("one file per UI language, named by its code, each with exactly the English sections and keys", () => {
    expect([...uiLanguages].sort()).toEqual(["cs", "en", "hr", "hu", "pl", "sk", "sl"])
    for (const code of uiLanguages) {
      const catalogue = catalogues[code]
      expect(Object.keys(catalogue), code).toEqual(sectionNames)
      for (const section of sectionNames) expect(Object.keys(catalogue[section]), `${code} ${section}`).toEqual(Object.keys(en[section]))
    }
  })

  test("a key belongs to one section only", () => {
    const keys = entriesOf(en).map(([, key]) => key)
    expect(new Set(keys).size).toBe(keys.length)
    expect(messageKeys).toEqual(keys)
  })

  test("real translations: no text of another language is the English one", () => {
    for (const code of uiLanguages.filter((l) => l !== "en")) {
      const same = entriesOf(catalogues[code]).filter(([, key, message]) => JSON.stringify(message) === JSON.stringify(english.get(key)))
      expect(same.map(([, key]) => key), code).toEqual([])
    }
  })

  test("every text keeps the English placeholders, and is plural exactly where the English one is", () => {
    for (const code of uiLanguages) {
      for (const [, key, message] of entriesOf(catalogues[code])) {
        const source = english.get(key)!
        expect(placeholdersOf(message), `${code} ${key}`).toEqual(placeholdersOf(source))
        expect(isPluralText(message), `${code} ${key}`).toBe(isPluralText(source))
      }
    }
  })

  test("a plural text has a text for every CLDR category its language gives a whole or a decimal number", () => {
    const samples = [...Array.from({ length: 2001 }, (_, n) => n), 0.5, 1.5, 2.5, 5.5, 1.25, 10.1]
    for (const code of uiLanguages) {
      const rules = new Intl.PluralRules(uiLanguageLocales[code])
      const categories = new Set(samples.map((n) => rules.select(n)))
      for (const [, key, message] of entriesOf(catalogues[code])) {
        if (!isPluralText(message)) continue
        for (const category of categories) expect(message[category], `${code} ${key} ${category}`).toBeTypeOf("string")
      }
    }
  })

  test("every flash and error key the server and the services produce has a text", () => {
    const produced = [
      requestTimeoutKey,
      unknownErrorKey,
      requiredFieldsNoteKey,
      lightboxTitleKey,
      ...Object.values(contactErrorKeys),
      ...Object.values(cartFlashKeys),
      ...Object.values(checkoutFlashKeys),
      ...checkoutSteps.map((step) => checkoutStepTable[step].titleKey),
      ...deliveryMethodKinds.map((kind) => `delivery_method_${kind}`),
      campaign.title,
      campaign.text,
      ...consentModalLinks,
      ...accountMenuKeys.map((key) => `account_menu_${key}`),
      ...quantityCorrections.map((reason) => `quantity_correction_${reason}`),
      ...["new", "confirmed", "paid", "shipped", "delivered", "cancelled"].map((state) => `order_state_${state}`)
    ]
    expect(produced.filter((key) => !isMessageKey(key))).toEqual([])
  })

  test("every shop's language has a catalogue", () => {
    for (const shop of allShops) expect(uiLanguages).toContain(uiLanguageOf(shop))
    expect(uiLanguageOf({ language: "de" })).toBe("en")
  })
})

describe("translate", () => {
  test("examples: placeholders, money through the price rule, plurals by CLDR", () => {
    expect(translate("cs", "checkout_delivery_not_selected")).toBe("Zvolte prosím způsob doručení pro každou zásilku.")
    expect(translate("cs", "cart_total", { total: { amount: 1299.5, currency: "CZK" } })).toBe("Celkem: 1\u00a0299,50\u00a0Kč")
    expect(translate("en", "quantity_correction_aboveMax", { max: 30 })).toBe("You can order at most 30 pieces.")
    expect([1, 2, 5, 22, 25, 1.5].map((count) => translate("pl", "wishlist_counter_items", { count }))).toEqual([
      "produkt", "produkty", "produktów", "produkty", "produktów", "produktu"
    ])
    expect([1, 2, 3, 5, 101, 102].map((count) => translate("sl", "cart_pieces", { count }))).toEqual([
      "1 kos", "2 kosa", "3 kosi", "5 kosov", "101 kos", "102 kosa"
    ])
    expect([1, 21, 22, 25].map((count) => translate("hr", "wishlist_counter_items", { count }))).toEqual(["artikl", "artikl", "artikla", "artikala"])
    expect(translate("en", "order_history_count", { count: 1234 })).toBe("1,234 orders")
  })

  test.prop([language, fc.integer({ min: 0, max: 10_000 })])("a plural message takes the text of the count's CLDR category in the UI language", (code, count) => {
    const message = catalogues[code].wishlist.wishlist_counter_items as Record<string, string | undefined> & { other: string }
    const category = new Intl.PluralRules(uiLanguageLocales[code]).select(count)
    expect(translate(code, "wishlist_counter_items", { count })).toBe(message[category] ?? message.other)
  })

  test.prop([language, fc.double({ min: -1e9, max: 1e9, noNaN: true })])("money prints as the price rule prints it in the language's locale", (code, amount) => {
    const text = translate(code, "cart_total", { total: { amount, currency: "EUR" } })
    expect(text).toContain(formatPrice(amount, { locale: uiLanguageLocales[code], currency: "EUR" }))
  })

  test.prop([language, fc.string()])("a server text that is not a key prints as it came; a key prints translated", (code, text) => {
    fc.pre(!isMessageKey(text))
    expect(translateText(code, text)).toBe(text)
    expect(flashText(code, { message: "err_request_timeout" })).toBe(translate(code as UiLanguage, "err_request_timeout"))
  })

  test("a placeholder without a value stays as written", () => {
    expect(translateText("en", "checkout_order_number")).toBe("Order number: {orderNumber}")
  })
})

/** Never run: the type checker proves a catalogue missing or adding a key, or a missing parameter, does not compile. */
export const typeChecks = () => {
  const { checkout_delivery_not_selected: _dropped, ...checkoutWithoutOneKey } = en.checkout
  // @ts-expect-error a catalogue without one key is not a Catalogue
  const missing: Catalogue = { ...en, checkout: checkoutWithoutOneKey }
  // @ts-expect-error an unknown key is not a Catalogue's
  const extra = { ...en, cart: { ...en.cart, cart_unknown_key: "x" } } satisfies Catalogue
  // @ts-expect-error a plural key needs its count
  translate("cs", "wishlist_counter_items")
  // @ts-expect-error a placeholder needs its value
  translate("cs", "cart_total", {})
  // @ts-expect-error not a key
  translate("cs", "no_such_key")
  return [missing, extra]
}
