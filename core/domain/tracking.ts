/**
 * The customer-behaviour tracking client's rules (spec §3 Tracking event, Purchase tracking item,
 * Cart update payload; §4 transport; §5 validity; §6 consent and account type; §7 tracking API;
 * §8 error logging; §9 constants). Building events and requests is pure; sending them is a service.
 *
 * @module
 */

import type { PersonalizationChoice } from "./consent.ts"
import { accountType, hasCustomerId, type AccountType } from "./customer.ts"

/** A JSON value: what a tracking event may carry. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | ReadonlyArray<JsonValue>
  | { readonly [key: string]: JsonValue | undefined }

/** Timeout of tracking API calls, in ms (§9). */
export const trackingTimeoutMs = 2000

/** Debounce of promo view events, in ms (§9). */
export const promoViewDebounceMs = 1500

/** How many recently viewed items are asked for by default (§9). */
export const recentlyViewedDefaultCount = 10

/** The shortest navigation duration reported, in seconds (§9). */
export const navigationDurationMinSeconds = 0.3

/**
 * The tracking cookie's name when none is configured (§9: "a fixed analytics name", not shown;
 * ours is the name the Exponea SDK uses for its cookie id).
 */
export const defaultTrackingCookieName = "__exponea_etc__"

/** Path of the tracking endpoint on the tracking API (§7: GET and POST /track). */
export const trackPath = "/track"

/** Path of the log endpoint on the tracking API (§7: GET /log). */
export const logPath = "/log"

/** The query parameter carrying the encoded event of a GET /track (§7). */
export const trackEventParameter = "_event"

/** The query parameter carrying the message of a GET /log (§7). */
export const logMessageParameter = "message"

/**
 * Event types the rules know (§5 names checkout and payment tracking; the names themselves are not
 * shown, ours follow the Exponea conventions).
 */
export const trackingEventTypes = {
  pageVisit: "page_visit",
  checkout: "checkout",
  payment: "payment",
  purchase: "purchase",
  purchaseItem: "purchase_item",
  cartUpdate: "cart_update",
  productView: "view_item",
  search: "search"
} as const

/** Values of the `personalization` property (§6: accept or reject). */
export const personalizationValues = ["accept", "reject"] as const

/** Whether the shopper accepted personalisation. */
export type Personalization = PersonalizationChoice

/** UTM parameters read from a query string (§3). */
export const utmParameters = ["utm_campaign", "utm_medium", "utm_source"] as const

/** A UTM parameter name. */
export type UtmParameter = (typeof utmParameters)[number]

/** The UTM parameters present (non-empty) in a query string. */
export type Utm = { readonly [K in UtmParameter]?: string }

/** The identifiers of the shopper an event is about (§3). */
export type CustomerIds = {
  /** The tracking cookie's UUID. */
  readonly cookie: string
  /** The tracking service's own id of the shopper, when known. */
  readonly exponea_id?: string
  /** The shop's customer id, when logged in. */
  readonly customer_id?: string
}

/** The properties every event carries (§3), plus any event-specific ones. */
export type TrackingProperties = {
  /** Whether personalisation consent was given. */
  readonly personalization: Personalization
  /** Registered or guest. */
  readonly account_type: AccountType
  /** The page's full URL. */
  readonly location: string
  /** The page's path. */
  readonly path: string
  /** The referring URL ("" when none). */
  readonly referrer: string
  /** Operating system name. */
  readonly os: string
  /** Device kind. */
  readonly device: string
  /** Browser name. */
  readonly browser: string
  /** UTM campaign, when the page's query has one. */
  readonly utm_campaign?: string
  /** UTM medium, when the page's query has one. */
  readonly utm_medium?: string
  /** UTM source, when the page's query has one. */
  readonly utm_source?: string
  /** Event-specific properties. */
  readonly [key: string]: JsonValue | undefined
}

/** A tracking event (§3). */
export type TrackingEvent = {
  /** What happened, e.g. `checkout`. */
  readonly event_type: string
  /** Who it happened to. */
  readonly customer_ids: CustomerIds
  /** Page context and event details. */
  readonly properties: TrackingProperties
  /** When it happened, in seconds since the epoch, with millisecond precision (a fraction). */
  readonly timestamp: number
}

/** The page an event happens on, as the browser layer observed it. */
export interface TrackingPage {
  /** The full URL. */
  readonly location: string
  /** The path. */
  readonly path: string
  /** The referring URL ("" when none). */
  readonly referrer: string
  /** Operating system name. */
  readonly os: string
  /** Device kind. */
  readonly device: string
  /** Browser name. */
  readonly browser: string
  /** The query string for the UTM parameters; defaults to the query of `location`. */
  readonly search?: string | undefined
}

/** What {@link buildTrackingEvent} needs. */
export interface TrackingEventInput {
  /** The event type. */
  readonly type: string
  /** The tracking cookie's value. */
  readonly cookieId: string
  /** The shop's customer id when logged in. */
  readonly customerId?: string | number | null | undefined
  /** The tracking service's id of the shopper. */
  readonly exponeaId?: string | null | undefined
  /** Whether personalisation consent was given (see `personalizationChoice` in the consent module). */
  readonly personalization: Personalization
  /** The page. */
  readonly page: TrackingPage
  /** Event-specific properties; they never override the page context, account type or personalisation. */
  readonly properties?: { readonly [key: string]: JsonValue | undefined } | undefined
  /** The time of the event, in ms since the epoch. */
  readonly nowMs: number
}

/**
 * The customer id as a string when the shopper has one (the rule of `hasCustomerId` in the customer module); a guest
 * has none.
 */
export const customerIdOf = (customerId: string | number | null | undefined): string | undefined =>
  hasCustomerId({ id: customerId }) ? String(customerId).trim() : undefined

/** Registered iff the shopper has a customer id (§6); the rule of `accountType` in the customer module. */
export const accountTypeOf = (customerId: string | number | null | undefined): AccountType => accountType({ id: customerId })

const queryOf = (search: string): string => {
  const withoutFragment = search.split("#", 1)[0] ?? ""
  const mark = withoutFragment.indexOf("?")
  return mark === -1 ? withoutFragment : withoutFragment.slice(mark + 1)
}

/**
 * The UTM parameters of a query string (§3). Accepts `?a=b`, `a=b` or a whole URL; the first
 * occurrence of a parameter wins; empty values are left out.
 */
export const utmFromSearch = (search: string): Utm => {
  const params = new URLSearchParams(queryOf(search))
  const utm: { [K in UtmParameter]?: string } = {}
  for (const name of utmParameters) {
    const value = params.get(name)
    if (value !== null && value !== "") utm[name] = value
  }
  return utm
}

/** A tracking event (§3) for the input, its timestamp in (fractional) seconds. */
export const buildTrackingEvent = (input: TrackingEventInput): TrackingEvent => {
  const customerId = customerIdOf(input.customerId)
  const exponeaId = typeof input.exponeaId === "string" && input.exponeaId.trim() !== "" ? input.exponeaId.trim() : undefined
  const customer_ids: CustomerIds = {
    cookie: input.cookieId,
    ...(exponeaId === undefined ? {} : { exponea_id: exponeaId }),
    ...(customerId === undefined ? {} : { customer_id: customerId })
  }
  const { page } = input
  const properties: TrackingProperties = {
    ...input.properties,
    ...utmFromSearch(page.search ?? page.location),
    personalization: input.personalization,
    account_type: customerId === undefined ? "guest" : "registered",
    location: page.location,
    path: page.path,
    referrer: page.referrer,
    os: page.os,
    device: page.device,
    browser: page.browser
  }
  return { event_type: input.type, customer_ids, properties, timestamp: input.nowMs / 1000 }
}

/** The tracking client's configuration as far as the rules read it. */
export interface TrackingConfig {
  /** Base URL of the tracking API; tracking is off without it (§5). */
  readonly apiUrl?: string | null | undefined
}

/** Reasons an event must not be sent (§5). */
export const trackingProblems = [
  "missing-type",
  "missing-cookie-id",
  "missing-api-url",
  "missing-step-title",
  "missing-step-number",
  "payment-data-not-plain-object"
] as const

/** A reason an event must not be sent. */
export type TrackingProblem = (typeof trackingProblems)[number]

/** An event to validate: any object, as it may have come from outside. */
export interface TrackingEventCandidate {
  /** Should be a non-blank string. */
  readonly event_type?: unknown
  /** Should hold a non-blank `cookie`. */
  readonly customer_ids?: unknown
  /** Should be a plain object. */
  readonly properties?: unknown
}

/** Whether a value is a plain object: not null, not an array, not a class instance (§5). */
export const isPlainObject = (value: unknown): value is { readonly [key: string]: unknown } => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

const isNonBlankString = (value: unknown): value is string => typeof value === "string" && value.trim() !== ""

/**
 * Why an event must not be sent (§5), empty when it may be: it needs a type, a cookie id and a
 * configured API url; a checkout event needs `step_title` (non-blank string) and `step_number`
 * (finite number); a payment event's data (its properties) must be a plain object.
 */
export const validateTrackingEvent = (
  event: TrackingEventCandidate,
  config: TrackingConfig
): ReadonlyArray<TrackingProblem> => {
  const problems: Array<TrackingProblem> = []
  if (!isNonBlankString(event.event_type)) problems.push("missing-type")
  if (!isPlainObject(event.customer_ids) || !isNonBlankString(event.customer_ids["cookie"])) {
    problems.push("missing-cookie-id")
  }
  if (!isNonBlankString(config.apiUrl)) problems.push("missing-api-url")
  if (event.event_type === trackingEventTypes.checkout) {
    const properties = isPlainObject(event.properties) ? event.properties : {}
    const stepNumber = properties["step_number"]
    if (!isNonBlankString(properties["step_title"])) problems.push("missing-step-title")
    if (typeof stepNumber !== "number" || !Number.isFinite(stepNumber)) problems.push("missing-step-number")
  }
  if (event.event_type === trackingEventTypes.payment && !isPlainObject(event.properties)) {
    problems.push("payment-data-not-plain-object")
  }
  return problems
}

/** Tracking HTTP methods (§4). */
export type TrackingMethod = "GET" | "POST"

/** GET in normal mode, POST in debug mode (§4). */
export const trackingTransport = (debug: boolean): TrackingMethod => (debug ? "POST" : "GET")

const endpoint = (apiUrl: string, path: string): string => `${apiUrl.replace(/\/+$/, "")}${path}`

/** The URL of a GET /track carrying the event as encoded JSON in `_event` (§7). */
export const trackGetUrl = (apiUrl: string, event: TrackingEvent): string =>
  `${endpoint(apiUrl, trackPath)}?${trackEventParameter}=${encodeURIComponent(JSON.stringify(event))}`

/** The URL of a POST /track, whose body is the event as JSON (§7). */
export const trackPostUrl = (apiUrl: string): string => endpoint(apiUrl, trackPath)

/** One request to the tracking API. */
export type TrackingRequest =
  | {
      /** Normal mode. */
      readonly method: "GET"
      /** The URL with the encoded event. */
      readonly url: string
    }
  | {
      /** Debug mode. */
      readonly method: "POST"
      /** The /track URL. */
      readonly url: string
      /** The event as JSON. */
      readonly body: string
    }

/** The request that sends an event: GET with `_event` normally, POST with a JSON body in debug mode (§4, §7). */
export const trackingRequest = (apiUrl: string, event: TrackingEvent, debug: boolean): TrackingRequest =>
  trackingTransport(debug) === "POST"
    ? { method: "POST", url: trackPostUrl(apiUrl), body: JSON.stringify(event) }
    : { method: "GET", url: trackGetUrl(apiUrl, event) }

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** The URL of a GET /log with the message (§7); lone surrogates are sent as U+FFFD. */
export const logUrl = (apiUrl: string, message: string): string =>
  `${endpoint(apiUrl, logPath)}?${logMessageParameter}=${encodeURIComponent(message.replace(loneSurrogate, "\uFFFD"))}`

/** A thrown value described as text. */
export interface ErrorDescription {
  /** The error's message, or the value as text. */
  readonly message: string
  /** The stack trace, when the value had one. */
  readonly stack?: string
}

const safeString = (value: unknown): string => {
  try {
    return String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

/** A description of any thrown value (never throws itself). */
export const describeError = (error: unknown): ErrorDescription => {
  if (typeof error === "object" && error !== null) {
    const message = "message" in error && typeof error.message === "string" ? error.message : safeString(error)
    const stack = "stack" in error && typeof error.stack === "string" ? error.stack : undefined
    return stack === undefined ? { message } : { message, stack }
  }
  return { message: safeString(error) }
}

/** What a tracking error log message holds (§8). */
export interface TrackingLogInput {
  /** The thrown value. */
  readonly error: unknown
  /** The tracking client's version. */
  readonly version: string
  /** The browser's user agent. */
  readonly userAgent: string
  /** The page's URL. */
  readonly location: string
}

/**
 * The message logged for a tracking error (§8): a JSON object with message, stack, version,
 * userAgent and location (stack "" when the error had none).
 */
export const trackingLogMessage = (input: TrackingLogInput): string => {
  const { message, stack } = describeError(input.error)
  return JSON.stringify({
    message,
    stack: stack ?? "",
    version: input.version,
    userAgent: input.userAgent,
    location: input.location
  })
}

const roundTo2 = (value: number): number => Math.round(value * 100) / 100

/** The navigation duration in seconds (§9): at least 0.3, rounded to two decimals; 0.3 for non-finite input. */
export const navigationDurationSeconds = (startMs: number, endMs: number): number => {
  const seconds = roundTo2((endMs - startMs) / 1000)
  return Number.isFinite(seconds) ? Math.max(navigationDurationMinSeconds, seconds) : navigationDurationMinSeconds
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** Whether a string is a UUID in canonical form (RFC 9562 versions 1–8), as the tracking cookie holds (§9). */
export const isUuid = (value: string): boolean => uuidPattern.test(value)

/**
 * A version-4 UUID made from 16 random bytes supplied by the caller (missing bytes count as 0,
 * values are taken modulo 256).
 */
export const uuidFromRandomBytes = (bytes: ArrayLike<number>): string => {
  const hex = Array.from({ length: 16 }, (_, index) => {
    const raw = bytes[index] ?? 0
    const byte = Number.isFinite(raw) ? ((Math.trunc(raw) % 256) + 256) % 256 : 0
    const fixed = index === 6 ? (byte & 0x0f) | 0x40 : index === 8 ? (byte & 0x3f) | 0x80 : byte
    return fixed.toString(16).padStart(2, "0")
  }).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The tracking cookie's name (§9): the configured one if non-blank, else {@link defaultTrackingCookieName}. */
export const trackingCookieName = (configured: string | null | undefined): string =>
  typeof configured === "string" && configured.trim() !== "" ? configured.trim() : defaultTrackingCookieName

/** The tracking cookie's value (§9): the existing one if it is a UUID, else the freshly generated one. */
export const trackingCookieId = (existing: string | null | undefined, freshUuid: string): string =>
  typeof existing === "string" && isUuid(existing) ? existing : freshUuid

/** The purchase status of purchase tracking items (§3). */
export const newPurchaseStatus = "new"

/** The separator joining category_1 … category_6 into categories_path (not shown; ours). */
export const categoriesPathSeparator = " > "

/** Category level fields of a purchase tracking item (§3). */
export const categoryLevels = ["category_1", "category_2", "category_3", "category_4", "category_5", "category_6"] as const

/** A category level field name. */
export type CategoryLevel = (typeof categoryLevels)[number]

/** One purchased line as the shop knows it, in the wire names of §3. */
export type PurchaseItemSource = {
  /** Product id. */
  readonly product_id: string | number
  /** Variant id. */
  readonly variant_id: string | number
  /** Product title. */
  readonly title: string
  /** Brand name. */
  readonly brand: string
  /** Pieces bought. */
  readonly quantity: number
  /** Main category id. */
  readonly category_id: string | number
  /** Main category name. */
  readonly category_name: string
  /** Unit price. */
  readonly price: number
} & { readonly [K in CategoryLevel]?: string | null | undefined }

/** A purchase tracking item (§3). */
export type PurchaseTrackingItem = {
  /** The purchase (order) id. */
  readonly purchase_id: string | number
  /** Always `new`. */
  readonly purchase_status: typeof newPurchaseStatus
  /** Product id. */
  readonly product_id: string | number
  /** Variant id. */
  readonly variant_id: string | number
  /** Product title. */
  readonly title: string
  /** Brand name. */
  readonly brand: string
  /** Pieces bought. */
  readonly quantity: number
  /** Main category id. */
  readonly category_id: string | number
  /** Main category name. */
  readonly category_name: string
  /** Unit price. */
  readonly price: number
  /** The non-blank category levels joined by {@link categoriesPathSeparator}. */
  readonly categories_path: string
  /** Price × quantity, rounded to cents (0 when either is not finite). */
  readonly total_price: number
} & { readonly [K in CategoryLevel]?: string }

const finiteOr0 = (value: number): number => (Number.isFinite(value) ? value : 0)

/** The purchase tracking item of one purchased line (§3). */
export const purchaseTrackingItem = (purchaseId: string | number, item: PurchaseItemSource): PurchaseTrackingItem => {
  const levels: { [K in CategoryLevel]?: string } = {}
  for (const level of categoryLevels) {
    const value = item[level]
    if (typeof value === "string" && value.trim() !== "") levels[level] = value
  }
  return {
    purchase_id: purchaseId,
    purchase_status: newPurchaseStatus,
    product_id: item.product_id,
    variant_id: item.variant_id,
    title: item.title,
    brand: item.brand,
    quantity: item.quantity,
    category_id: item.category_id,
    category_name: item.category_name,
    price: item.price,
    ...levels,
    categories_path: Object.values(levels).join(categoriesPathSeparator),
    total_price: roundTo2(finiteOr0(item.price) * finiteOr0(item.quantity))
  }
}

/** The purchase tracking items of a purchase (§3), in line order. */
export const purchaseTrackingItems = (
  purchaseId: string | number,
  items: ReadonlyArray<PurchaseItemSource>
): ReadonlyArray<PurchaseTrackingItem> => items.map((item) => purchaseTrackingItem(purchaseId, item))

/** Cart update actions (§3). */
export const cartUpdateActions = ["add", "remove"] as const

/** A cart update action. */
export type CartUpdateAction = (typeof cartUpdateActions)[number]

/** The product added or removed. */
export type CartUpdateProduct = {
  /** Product id. */
  readonly product_id: string | number
  /** Variant id. */
  readonly variant_id: string | number
  /** Brand name. */
  readonly brand: string
  /** Category name. */
  readonly category: string
  /** Pieces added or removed. */
  readonly quantity: number
}

/** A line of the cart after the change. */
export type CartUpdateLine = {
  /** Variant id. */
  readonly variant_id: string | number
  /** Pieces. */
  readonly quantity: number
  /** Unit price. */
  readonly price: number
}

/** A cart update payload (§3). */
export type CartUpdatePayload = {
  /** Added or removed. */
  readonly action: CartUpdateAction
  /** Product id. */
  readonly product_id: string | number
  /** Variant id. */
  readonly variant_id: string | number
  /** Brand name. */
  readonly brand: string
  /** Pieces added or removed. */
  readonly quantity: number
  /** Category name. */
  readonly category: string
  /** Pieces in the cart after the change. */
  readonly total_quantity: number
  /** Value of the cart after the change, rounded to cents. */
  readonly total_price: number
  /** The ids of the cart's variants as strings, in first-seen order, each once. */
  readonly variant_list: ReadonlyArray<string>
}

const piecesOf = (quantity: number): number => (Number.isFinite(quantity) && quantity > 0 ? quantity : 0)

/**
 * The cart update payload (§3) for an add or remove, given the cart's lines after the change.
 * Lines with a non-finite or negative quantity count as 0 pieces; non-finite prices as 0.
 */
export const cartUpdatePayload = (
  action: CartUpdateAction,
  product: CartUpdateProduct,
  cartLines: ReadonlyArray<CartUpdateLine>
): CartUpdatePayload => {
  const variants = new Set<string>()
  let totalQuantity = 0
  let totalPrice = 0
  for (const line of cartLines) {
    const pieces = piecesOf(line.quantity)
    totalQuantity += pieces
    totalPrice += pieces * finiteOr0(line.price)
    variants.add(String(line.variant_id))
  }
  return {
    action,
    product_id: product.product_id,
    variant_id: product.variant_id,
    brand: product.brand,
    quantity: product.quantity,
    category: product.category,
    total_quantity: totalQuantity,
    total_price: roundTo2(totalPrice),
    variant_list: [...variants]
  }
}

/** The operating system, device kind and browser a user agent names (§3 event properties). */
export interface UserAgentTraits {
  /** `Windows`, `Android`, `iOS`, `macOS`, `Linux`, `ChromeOS` or `other`. */
  readonly os: string
  /** `mobile`, `tablet` or `desktop`. */
  readonly device: string
  /** `Edge`, `Opera`, `Samsung Internet`, `Firefox`, `Chrome`, `Safari` or `other`. */
  readonly browser: string
}

/**
 * What a user agent string says about the shopper's system (the names are ours; the spec lists only the properties).
 * Total: an empty or unknown string gives `other`, `desktop`, `other`.
 */
export const userAgentTraits = (userAgent: string): UserAgentTraits => {
  const ua = userAgent
  const os = /Windows/i.test(ua) ? "Windows"
    : /Android/i.test(ua) ? "Android"
    : /iPhone|iPad|iPod/i.test(ua) ? "iOS"
    : /CrOS/.test(ua) ? "ChromeOS"
    : /Mac OS X|Macintosh/i.test(ua) ? "macOS"
    : /Linux/i.test(ua) ? "Linux"
    : "other"
  const device = /iPad|Tablet/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua)) ? "tablet"
    : /Mobi|iPhone|iPod/i.test(ua) ? "mobile"
    : "desktop"
  const browser = /Edg\//.test(ua) ? "Edge"
    : /OPR\/|Opera/.test(ua) ? "Opera"
    : /SamsungBrowser/.test(ua) ? "Samsung Internet"
    : /Firefox\/|FxiOS/.test(ua) ? "Firefox"
    : /Chrome\/|CriOS|Chromium\//.test(ua) ? "Chrome"
    : /Safari\//.test(ua) ? "Safari"
    : "other"
  return { os, device, browser }
}

/** The page an event happens on, from what a browser knows: its URL, referrer and user agent. */
export const trackingPageOf = (input: { readonly href: string; readonly referrer: string; readonly userAgent: string }): TrackingPage => {
  let path = ""
  let search = ""
  try {
    const url = new URL(input.href)
    path = url.pathname
    search = url.search
  } catch {
    // Not a URL (a script without a page): no path, no UTM parameters.
  }
  return { location: input.href, path, referrer: input.referrer, search, ...userAgentTraits(input.userAgent) }
}

/** A viewed product as the product page knows it. */
export interface ViewedProduct {
  /** The product id. */
  readonly productId: string | number
  /** The variant shown. */
  readonly variantId: number
  /** The variant's title. */
  readonly title: string
  /** The brand. */
  readonly brand?: string | null | undefined
  /** The price shown. */
  readonly price: number
  /** The product's category path, from the top (breadcrumbs). */
  readonly categories?: ReadonlyArray<{ readonly categoryId: string | number; readonly title: string }> | undefined
}

/**
 * The properties of a product view event (`view_item`, whose `variant_id` the recently-viewed API records): ids,
 * title, brand, price and the category levels with their path (as the purchase item's, §3). Non-finite prices are 0.
 */
export const productViewProperties = (product: ViewedProduct): { readonly [key: string]: JsonValue } => {
  const categories = (product.categories ?? []).slice(0, categoryLevels.length)
  const last = categories.at(-1)
  return {
    product_id: String(product.productId),
    variant_id: product.variantId,
    title: product.title,
    brand: product.brand ?? "",
    price: Number.isFinite(product.price) ? product.price : 0,
    ...(last === undefined ? {} : { category_id: String(last.categoryId), category_name: last.title }),
    ...Object.fromEntries(categories.map((category, index) => [categoryLevels[index], category.title])),
    categories_path: categories.map((category) => category.title).join(categoriesPathSeparator)
  }
}

/** The properties of a search event: the query as typed (trimmed) and how many products it found. */
export const searchProperties = (query: string, total: number): { readonly [key: string]: JsonValue } => ({
  search_query: query.trim(),
  results_count: Number.isFinite(total) && total > 0 ? Math.floor(total) : 0
})

/** A purchased line as the order confirmation carries it (§3 purchase items: the cart's articles). */
export interface PurchasedLine {
  /** The cart line's id. */
  readonly articleId: number
  /** The variant bought. */
  readonly variantId?: number | undefined
  /** Its title. */
  readonly title?: string | undefined
  /** Pieces bought. */
  readonly count: number
  /** Price of one piece. */
  readonly unitPrice?: number | undefined
  /** Price of the line. */
  readonly linePrice?: number | undefined
}

/**
 * The purchase item sources of an order's lines (for {@link purchaseTrackingItems}): the variant stands for the product
 * (the confirmation names no product id, brand or category: those are empty); the unit price is the line's when
 * given, else the line price divided by the pieces, else 0. Lines without pieces are left out.
 */
export const purchaseItemSourcesOf = (lines: ReadonlyArray<PurchasedLine>): ReadonlyArray<PurchaseItemSource> =>
  lines.filter((line) => Number.isFinite(line.count) && line.count > 0).map((line) => {
    const variant = line.variantId ?? line.articleId
    const unit = line.unitPrice !== undefined && Number.isFinite(line.unitPrice)
      ? line.unitPrice
      : line.linePrice !== undefined && Number.isFinite(line.linePrice) ? line.linePrice / line.count : 0
    return {
      product_id: variant,
      variant_id: variant,
      title: line.title ?? "",
      brand: "",
      quantity: line.count,
      category_id: "",
      category_name: "",
      price: unit
    }
  })
