import { personalizationChoice as personalizationOf, trackingAllowed } from "../../../core/domain/consent.ts"
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  accountTypeOf,
  buildTrackingEvent,
  cartUpdatePayload,
  categoriesPathSeparator,
  categoryLevels,
  customerIdOf,
  defaultTrackingCookieName,
  describeError,
  isPlainObject,
  isUuid,
  logUrl,
  navigationDurationMinSeconds,
  navigationDurationSeconds,
  promoViewDebounceMs,
  purchaseTrackingItem,
  purchaseTrackingItems,
  recentlyViewedDefaultCount,
  trackGetUrl,
  trackingCookieId,
  trackingCookieName,
  trackingEventTypes,
  trackingLogMessage,
  trackingRequest,
  trackingTimeoutMs,
  trackingTransport,
  trackPostUrl,
  utmFromSearch,
  uuidFromRandomBytes,
  validateTrackingEvent
} from "../../../core/domain/tracking.ts"
import type { TrackingEvent, TrackingEventInput, TrackingPage } from "../../../core/domain/tracking.ts"

const page: TrackingPage = {
  location: "https://shop.example/kosik?utm_source=news&utm_medium=email",
  path: "/kosik",
  referrer: "",
  os: "Linux",
  device: "desktop",
  browser: "Firefox"
}

const anyPage: fc.Arbitrary<TrackingPage> = fc.record({
  location: fc.webUrl({ withQueryParameters: true, withFragments: true }),
  path: fc.string(),
  referrer: fc.string(),
  os: fc.string(),
  device: fc.string(),
  browser: fc.string()
})

const customerIdArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constantFrom("", "0", " ", 0, "123")
)

const inputArb: fc.Arbitrary<TrackingEventInput> = fc.record({
  type: fc.string(),
  cookieId: fc.uuid(),
  customerId: customerIdArb,
  exponeaId: fc.option(fc.string(), { nil: undefined }),
  personalization: fc.constantFrom("accept" as const, "reject" as const),
  page: anyPage,
  properties: fc.dictionary(fc.string(), fc.jsonValue()),
  nowMs: fc.integer({ min: 0, max: 4_102_444_800_000 })
})

const hasId = (id: unknown): boolean =>
  (typeof id === "number" && Number.isFinite(id) && id > 0) ||
  (typeof id === "string" && id.trim() !== "" && id.trim() !== "0")

describe("constants (§9)", () => {
  test("timeouts, debounces and defaults", () => {
    expect(trackingTimeoutMs).toBe(2000)
    expect(promoViewDebounceMs).toBe(1500)
    expect(recentlyViewedDefaultCount).toBe(10)
    expect(navigationDurationMinSeconds).toBe(0.3)
    expect(defaultTrackingCookieName).toBe("__exponea_etc__")
  })
})

describe("buildTrackingEvent", () => {
  test("example", () => {
    const event = buildTrackingEvent({
      type: "page_visit",
      cookieId: "0f8fad5b-d9cb-469f-a165-70867728950e",
      customerId: 42,
      personalization: "accept",
      page,
      properties: { step_title: "cart" },
      nowMs: 1_700_000_000_500
    })
    expect(event).toEqual({
      event_type: "page_visit",
      customer_ids: { cookie: "0f8fad5b-d9cb-469f-a165-70867728950e", customer_id: "42" },
      properties: {
        step_title: "cart",
        personalization: "accept",
        account_type: "registered",
        location: page.location,
        path: "/kosik",
        referrer: "",
        os: "Linux",
        device: "desktop",
        browser: "Firefox",
        utm_source: "news",
        utm_medium: "email"
      },
      timestamp: 1_700_000_000.5
    })
  })

  test.prop([inputArb])("the event follows §3 for every input", (input) => {
    const event = buildTrackingEvent(input)
    expect(event.event_type).toBe(input.type)
    expect(event.customer_ids.cookie).toBe(input.cookieId)
    expect(event.timestamp * 1000).toBeCloseTo(input.nowMs, 0)
    expect(event.properties.account_type).toBe(hasId(input.customerId) ? "registered" : "guest")
    expect("customer_id" in event.customer_ids).toBe(hasId(input.customerId))
    expect("exponea_id" in event.customer_ids).toBe(typeof input.exponeaId === "string" && input.exponeaId.trim() !== "")
    expect(event.properties.personalization).toBe(input.personalization)
    for (const key of ["location", "path", "referrer", "os", "device", "browser"] as const) {
      expect(event.properties[key]).toBe(input.page[key])
    }
    const query = new URL(input.page.location).searchParams
    for (const name of ["utm_campaign", "utm_medium", "utm_source"]) {
      const value = query.get(name)
      if (value !== null && value !== "") expect(event.properties[name]).toBe(value)
    }
    for (const [key, value] of Object.entries(input.properties ?? {})) {
      if (!["personalization", "account_type", "location", "path", "referrer", "os", "device", "browser"].includes(key) && !key.startsWith("utm_")) {
        expect(event.properties[key]).toEqual(value)
      }
    }
  })

})

describe("account type and consent (§6)", () => {
  test("examples", () => {
    expect(accountTypeOf(17)).toBe("registered")
    expect(accountTypeOf("17")).toBe("registered")
    for (const guest of [undefined, null, "", " ", 0, "0", Number.NaN, -1]) expect(accountTypeOf(guest)).toBe("guest")
    expect(customerIdOf(" 17 ")).toBe("17")
  })

  test.prop([customerIdArb])("registered iff the shopper has a customer id", (id) => {
    expect(accountTypeOf(id) === "registered").toBe(customerIdOf(id) !== undefined)
    expect(customerIdOf(id) !== undefined).toBe(hasId(id))
  })

  test.prop([fc.option(fc.record({ gdpr_personalization: fc.option(fc.boolean(), { nil: undefined }) }, { requiredKeys: [] }), { nil: undefined })])(
    "tracking only with gdpr_personalization accepted; personalization says accept or reject",
    (consents) => {
      const accepted = consents?.gdpr_personalization === true
      expect(trackingAllowed(consents)).toBe(accepted)
      expect(personalizationOf(consents)).toBe(accepted ? "accept" : "reject")
    }
  )

  test("other consents do not allow tracking", () => {
    expect(trackingAllowed({ marketing_1p: true, gdpr_panel: true } as { readonly gdpr_personalization?: boolean })).toBe(false)
    expect(trackingAllowed(null)).toBe(false)
  })
})

describe("utmFromSearch", () => {
  test("examples", () => {
    expect(utmFromSearch("?utm_campaign=spring&utm_medium=cpc&utm_source=google&x=1")).toEqual({
      utm_campaign: "spring",
      utm_medium: "cpc",
      utm_source: "google"
    })
    expect(utmFromSearch("utm_source=a%20b")).toEqual({ utm_source: "a b" })
    expect(utmFromSearch("https://shop.example/?utm_source=x#utm_medium=y")).toEqual({ utm_source: "x" })
    expect(utmFromSearch("?utm_source=&utm_medium=m")).toEqual({ utm_medium: "m" })
    expect(utmFromSearch("")).toEqual({})
  })

  test.prop([
    fc.record(
      { utm_campaign: fc.string({ minLength: 1 }), utm_medium: fc.string({ minLength: 1 }), utm_source: fc.string({ minLength: 1 }) },
      { requiredKeys: [] }
    ),
    fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.string())
  ])("reads back exactly the UTM parameters that were encoded", (utm, other) => {
    const search = `?${new URLSearchParams({ ...other, ...utm }).toString()}`
    expect(utmFromSearch(search)).toEqual(utm)
  })
})

describe("validateTrackingEvent (§5)", () => {
  const config = { apiUrl: "https://t.example" }
  const valid: TrackingEvent = buildTrackingEvent({
    type: "page_visit",
    cookieId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    personalization: "accept",
    page,
    nowMs: 0
  })

  test("examples", () => {
    expect(validateTrackingEvent(valid, config)).toEqual([])
    expect(validateTrackingEvent({ ...valid, event_type: "" }, config)).toEqual(["missing-type"])
    expect(validateTrackingEvent({ ...valid, customer_ids: { cookie: "" } }, config)).toEqual(["missing-cookie-id"])
    expect(validateTrackingEvent(valid, {})).toEqual(["missing-api-url"])
    expect(validateTrackingEvent({ ...valid, event_type: "checkout" }, config)).toEqual([
      "missing-step-title",
      "missing-step-number"
    ])
    expect(
      validateTrackingEvent({ ...valid, event_type: "checkout", properties: { ...valid.properties, step_title: "Cart", step_number: 1 } }, config)
    ).toEqual([])
    expect(validateTrackingEvent({ event_type: "payment", customer_ids: { cookie: "c" }, properties: [] }, config)).toEqual([
      "payment-data-not-plain-object"
    ])
    expect(validateTrackingEvent({ event_type: "payment", customer_ids: { cookie: "c" }, properties: null }, config)).toEqual([
      "payment-data-not-plain-object"
    ])
    expect(validateTrackingEvent({ event_type: "payment", customer_ids: { cookie: "c" }, properties: new Date() }, config)).toEqual([
      "payment-data-not-plain-object"
    ])
    expect(validateTrackingEvent({ event_type: "payment", customer_ids: { cookie: "c" }, properties: { a: 1 } }, config)).toEqual([])
    expect(validateTrackingEvent({}, {})).toEqual(["missing-type", "missing-cookie-id", "missing-api-url"])
  })

  test("event type names", () => {
    expect(trackingEventTypes.checkout).toBe("checkout")
    expect(trackingEventTypes.payment).toBe("payment")
  })

  test.prop([
    fc.oneof(fc.string(), fc.constantFrom("checkout", "payment"), fc.anything()),
    fc.oneof(fc.record({ cookie: fc.oneof(fc.string(), fc.anything()) }), fc.anything()),
    fc.oneof(
      fc.record({ step_title: fc.oneof(fc.string(), fc.anything()), step_number: fc.oneof(fc.double(), fc.anything()) }, { requiredKeys: [] }),
      fc.anything()
    ),
    fc.option(fc.string(), { nil: undefined })
  ])("an event is valid exactly when it has what §5 asks", (event_type, customer_ids, properties, apiUrl) => {
    const problems = validateTrackingEvent({ event_type, customer_ids, properties }, { apiUrl })
    const str = (v: unknown) => typeof v === "string" && v.trim() !== ""
    const props = isPlainObject(properties) ? properties : {}
    const cookie = isPlainObject(customer_ids) ? customer_ids["cookie"] : undefined
    expect(problems.includes("missing-type")).toBe(!str(event_type))
    expect(problems.includes("missing-cookie-id")).toBe(!str(cookie))
    expect(problems.includes("missing-api-url")).toBe(!str(apiUrl))
    expect(problems.includes("missing-step-title")).toBe(event_type === "checkout" && !str(props["step_title"]))
    expect(problems.includes("missing-step-number")).toBe(
      event_type === "checkout" && !(typeof props["step_number"] === "number" && Number.isFinite(props["step_number"]))
    )
    expect(problems.includes("payment-data-not-plain-object")).toBe(event_type === "payment" && !isPlainObject(properties))
  })

  test("plain objects", () => {
    expect(isPlainObject({})).toBe(true)
    expect(isPlainObject(Object.create(null))).toBe(true)
    expect(isPlainObject(JSON.parse('{"a":[1]}'))).toBe(true)
    for (const notPlain of [null, undefined, [], [1], new Date(), new Map(), new (class Payment {})(), "x", 1, () => 1]) {
      expect(isPlainObject(notPlain)).toBe(false)
    }
  })
})

describe("transport and endpoints (§4, §7)", () => {
  const event = buildTrackingEvent({ type: "t", cookieId: "c", personalization: "accept", page, nowMs: 1000 })

  test("GET in normal mode, POST in debug mode", () => {
    expect(trackingTransport(false)).toBe("GET")
    expect(trackingTransport(true)).toBe("POST")
    expect(trackingRequest("https://t.example/", event, false).method).toBe("GET")
    expect(trackingRequest("https://t.example/", event, true)).toEqual({
      method: "POST",
      url: "https://t.example/track",
      body: JSON.stringify(event)
    })
    expect(trackPostUrl("https://t.example/api/")).toBe("https://t.example/api/track")
  })

  test.prop([inputArb, fc.constantFrom("https://t.example", "https://t.example/", "https://t.example/api")])(
    "a GET /track carries the event as JSON in _event",
    (input, apiUrl) => {
      const built = buildTrackingEvent(input)
      const url = new URL(trackGetUrl(apiUrl, built))
      expect(url.pathname.endsWith("/track")).toBe(true)
      expect(url.pathname.includes("//")).toBe(false)
      expect([...url.searchParams.keys()]).toEqual(["_event"])
      expect(JSON.parse(url.searchParams.get("_event") ?? "null")).toEqual(JSON.parse(JSON.stringify(built)))
    }
  )

  test.prop([fc.string({ unit: "binary" }), fc.dictionary(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }))])(
    "any text in an event can be sent by GET",
    (type, properties) => {
      const built = buildTrackingEvent({ type, cookieId: type, personalization: "reject", page, properties, nowMs: 0 })
      const sent = new URL(trackGetUrl("https://t.example", built)).searchParams.get("_event") ?? ""
      expect((JSON.parse(sent) as TrackingEvent).properties.account_type).toBe("guest")
    }
  )

  test.prop([fc.string({ unit: "binary" })])("a GET /log carries the message, for any string", (message) => {
    const url = new URL(logUrl("https://t.example/", message))
    expect(url.pathname).toBe("/log")
    expect([...url.searchParams.keys()]).toEqual(["message"])
    expect(url.searchParams.get("message")?.length).toBe(message.length)
  })

  test.prop([fc.string({ unit: "grapheme" })])("the log message round-trips for well-formed text", (message) => {
    expect(new URL(logUrl("https://t.example", message)).searchParams.get("message")).toBe(message)
  })
})

describe("error logging (§8)", () => {
  test("the log message holds stack, version, user agent and location", () => {
    const error = new Error("boom")
    const parsed: unknown = JSON.parse(
      trackingLogMessage({ error, version: "1.2.3", userAgent: "UA/1", location: "https://shop.example/kosik" })
    )
    expect(parsed).toEqual({
      message: "boom",
      stack: error.stack,
      version: "1.2.3",
      userAgent: "UA/1",
      location: "https://shop.example/kosik"
    })
  })

  test.prop([fc.anything(), fc.string(), fc.string(), fc.string()])("any thrown value can be logged", (error, version, userAgent, location) => {
    const parsed = JSON.parse(trackingLogMessage({ error, version, userAgent, location })) as Record<string, unknown>
    expect(Object.keys(parsed).sort()).toEqual(["location", "message", "stack", "userAgent", "version"])
    expect(parsed["version"]).toBe(version)
    expect(typeof parsed["message"]).toBe("string")
  })

  test("values that cannot be turned into text are still described", () => {
    expect(typeof describeError(Object.create(null)).message).toBe("string")
    expect(describeError("plain")).toEqual({ message: "plain" })
    expect(describeError(Symbol("s")).message).toBe("Symbol(s)")
  })
})

describe("navigationDurationSeconds (§9)", () => {
  test("examples", () => {
    expect(navigationDurationSeconds(0, 0)).toBe(0.3)
    expect(navigationDurationSeconds(0, 299)).toBe(0.3)
    expect(navigationDurationSeconds(0, 1234)).toBe(1.23)
    expect(navigationDurationSeconds(1000, 3456)).toBe(2.46)
    expect(navigationDurationSeconds(5000, 1000)).toBe(0.3)
    expect(navigationDurationSeconds(0, Number.NaN)).toBe(0.3)
  })

  test.prop([fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: -1e7, max: 1e9 })])(
    "at least 0.3 s, and otherwise the elapsed seconds to two decimals",
    (start, elapsed) => {
      const result = navigationDurationSeconds(start, start + elapsed)
      expect(result).toBeGreaterThanOrEqual(0.3)
      expect(Math.abs(result * 100 - Math.round(result * 100))).toBeLessThan(1e-6)
      const seconds = elapsed / 1000
      if (seconds >= 0.31) expect(Math.abs(result - seconds)).toBeLessThanOrEqual(0.005 + 1e-9)
      if (seconds <= 0.3) expect(result).toBe(0.3)
    }
  )
})

describe("tracking cookie (§9)", () => {
  test("name defaults to the fixed analytics name", () => {
    expect(trackingCookieName(undefined)).toBe("__exponea_etc__")
    expect(trackingCookieName("  ")).toBe("__exponea_etc__")
    expect(trackingCookieName("my_cookie")).toBe("my_cookie")
  })

  test.prop([fc.uuid()])("every UUID is recognised", (uuid) => {
    expect(isUuid(uuid)).toBe(true)
    expect(isUuid(uuid.toUpperCase())).toBe(true)
  })

  test.prop([fc.string()])("strings that are not UUIDs are refused", (value) => {
    fc.pre(!/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value))
    expect(isUuid(value)).toBe(false)
  })

  test("examples of non-UUIDs", () => {
    for (const bad of ["", "not-a-uuid", "0f8fad5b-d9cb-469f-a165-70867728950", "0f8fad5bd9cb469fa16570867728950e", " 0f8fad5b-d9cb-469f-a165-70867728950e"]) {
      expect(isUuid(bad)).toBe(false)
    }
  })

  test.prop([fc.uint8Array({ minLength: 16, maxLength: 16 })])("random bytes make a version-4 UUID that keeps their entropy", (bytes) => {
    const uuid = uuidFromRandomBytes(bytes)
    expect(isUuid(uuid)).toBe(true)
    expect(uuid[14]).toBe("4")
    expect("89ab").toContain(uuid[19])
    const hex = uuid.replaceAll("-", "")
    expect(Number.parseInt(hex.slice(0, 2), 16)).toBe(bytes[0])
    expect(Number.parseInt(hex.slice(30, 32), 16)).toBe(bytes[15])
  })

  test.prop([fc.array(fc.double())])("any byte list still makes a UUID", (bytes) => {
    expect(isUuid(uuidFromRandomBytes(bytes))).toBe(true)
  })

  test.prop([fc.option(fc.oneof(fc.uuid(), fc.string()), { nil: undefined }), fc.uuid()])(
    "an existing UUID is kept, anything else replaced by the fresh one",
    (existing, fresh) => {
      const id = trackingCookieId(existing, fresh)
      expect(id).toBe(existing !== undefined && isUuid(existing) ? existing : fresh)
      expect(isUuid(id)).toBe(true)
    }
  )
})

const itemArb = fc.record({
  product_id: fc.oneof(fc.string(), fc.nat()),
  variant_id: fc.oneof(fc.string(), fc.nat()),
  title: fc.string(),
  brand: fc.string(),
  quantity: fc.integer({ min: 1, max: 30 }),
  category_id: fc.nat(),
  category_name: fc.string(),
  price: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
  category_1: fc.option(fc.string(), { nil: undefined }),
  category_2: fc.option(fc.string(), { nil: undefined }),
  category_3: fc.option(fc.string(), { nil: undefined }),
  category_4: fc.option(fc.string(), { nil: undefined }),
  category_5: fc.option(fc.string(), { nil: undefined }),
  category_6: fc.option(fc.string(), { nil: undefined })
}, { requiredKeys: ["product_id", "variant_id", "title", "brand", "quantity", "category_id", "category_name", "price"] })

describe("purchase tracking items (§3)", () => {
  test("example", () => {
    expect(
      purchaseTrackingItem("P-1", {
        product_id: 7,
        variant_id: 70,
        title: "Phone",
        brand: "Acme",
        quantity: 3,
        category_id: 5,
        category_name: "Phones",
        price: 19.99,
        category_1: "Electronics",
        category_2: "Phones",
        category_3: ""
      })
    ).toEqual({
      purchase_id: "P-1",
      purchase_status: "new",
      product_id: 7,
      variant_id: 70,
      title: "Phone",
      brand: "Acme",
      quantity: 3,
      category_id: 5,
      category_name: "Phones",
      price: 19.99,
      category_1: "Electronics",
      category_2: "Phones",
      categories_path: "Electronics > Phones",
      total_price: 59.97
    })
    expect(categoriesPathSeparator).toBe(" > ")
  })

  test.prop([fc.oneof(fc.string(), fc.nat()), fc.array(itemArb)])("every item is new, priced price × quantity, its path the levels in order", (purchaseId, items) => {
    const tracked = purchaseTrackingItems(purchaseId, items)
    expect(tracked).toHaveLength(items.length)
    tracked.forEach((item, index) => {
      const source = items[index]!
      expect(item.purchase_id).toBe(purchaseId)
      expect(item.purchase_status).toBe("new")
      expect(item.product_id).toBe(source.product_id)
      expect(Math.round(item.total_price * 100)).toBe(Math.round(source.price * 100) * source.quantity)
      const levels = categoryLevels.map((level) => source[level]).filter((v): v is string => v !== undefined && v.trim() !== "")
      expect(item.categories_path).toBe(levels.join(" > "))
      for (const level of categoryLevels) expect(item[level]).toBe(levels.includes(source[level] ?? "") ? source[level] : undefined)
    })
  })
})

describe("cart update payload (§3)", () => {
  const product = { product_id: 1, variant_id: 10, brand: "Acme", category: "Phones", quantity: 2 }

  test("example", () => {
    expect(
      cartUpdatePayload("add", product, [
        { variant_id: 10, quantity: 2, price: 9.99 },
        { variant_id: 11, quantity: 1, price: 100 },
        { variant_id: 10, quantity: 1, price: 9.99 }
      ])
    ).toEqual({
      action: "add",
      product_id: 1,
      variant_id: 10,
      brand: "Acme",
      quantity: 2,
      category: "Phones",
      total_quantity: 4,
      total_price: 129.97,
      variant_list: ["10", "11"]
    })
    expect(cartUpdatePayload("remove", product, []).total_quantity).toBe(0)
  })

  test.prop([
    fc.constantFrom("add" as const, "remove" as const),
    fc.array(fc.record({ variant_id: fc.integer({ min: 1, max: 5 }), quantity: fc.integer({ min: 0, max: 30 }), price: fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100) }))
  ])("totals are the sums over the cart, the variant list names every variant once", (action, lines) => {
    const payload = cartUpdatePayload(action, product, lines)
    expect(payload.action).toBe(action)
    const totalQuantity = lines.reduce((sum, line) => sum + line.quantity, 0)
    const totalCents = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0)
    expect(payload.total_quantity).toBe(totalQuantity)
    expect(Math.round(payload.total_price * 100)).toBe(totalCents)
    const variants = payload.variant_list
    expect(new Set(variants).size).toBe(variants.length)
    expect(new Set(variants)).toEqual(new Set(lines.map((line) => String(line.variant_id))))
    const firstSeen = lines.map((line) => String(line.variant_id)).filter((id, index, all) => all.indexOf(id) === index)
    expect(variants).toEqual(firstSeen)
  })

  const odd = fc.oneof(fc.double({ min: -1e6, max: 1e6 }), fc.constantFrom(Number.NaN, Infinity, -Infinity, -0))
  test.prop([fc.array(fc.record({ variant_id: fc.string(), quantity: odd, price: odd }))])(
    "non-finite or negative quantities and non-finite prices count as 0",
    (lines) => {
      const payload = cartUpdatePayload("add", product, lines)
      expect(Number.isFinite(payload.total_quantity)).toBe(true)
      expect(Number.isFinite(payload.total_price)).toBe(true)
      expect(payload.total_quantity).toBeGreaterThanOrEqual(0)
    }
  )
})
