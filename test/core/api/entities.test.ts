/**
 * Properties of every entity Schema of spec §3:
 * - round-trip: every valid value survives encode -> JSON text -> decode;
 * - required/optional: removing a key anywhere fails, naming its path, exactly when the key is listed as required
 *   below (the list is the contract, written independently of the Schemas);
 * - rejection: a value of the wrong JSON type at any path fails, naming that path; decoding never throws.
 */
import { assert, describe, it } from "@effect/vitest"
import { Arbitrary, Effect, Result, Schema } from "effect"
import { decodeEntity } from "../../../core/api/decode.ts"
import * as E from "../../../core/api/entities/index.ts"

/** A path pattern: dot-separated segments, `*` matching any one array index or record key. */
type Pattern = string

const under = (prefix: string, patterns: ReadonlyArray<Pattern>): Array<Pattern> => patterns.map((p) => `${prefix}.${p}`)

// Required key paths, per entity (the contract of required vs optional).
const R = {
  Bundle: ["type"],
  CartArticleVariant: ["variantId"],
  ItemParam: ["key"],
  DiscountCode: ["code"],
  EarliestDate: ["from", "to"],
  PupTransport: ["id"],
  PupType: ["id"],
  Branch: ["id"],
  DeliveryPayment: ["externalId"],
  DeliveryGeoPoint: ["lat", "lng"],
  OrderConsent: ["code"],
  BillingAddress: ["billingProfileId"],
  ShippingAddress: ["addressId"],
  ChildPayment: ["code"],
  WishlistVariant: ["variantId"],
  FlashMessage: ["message"],
  CustomerIds: ["cookie"]
} satisfies Record<string, Array<Pattern>>

const CartArticleR = [
  "articleId",
  "count",
  ...under("variants.*", R.CartArticleVariant),
  ...under("bundles.*", R.Bundle),
  ...under("image", ["url"]),
  ...under("params.*", R.ItemParam)
]
const TransportR = ["id", ...under("earliestDate", R.EarliestDate)]
const SelectedR = [...under("branch", R.Branch), ...under("earliestDate", R.EarliestDate)]
const DeliveryMethodR = [...under("selected", SelectedR), ...under("availablePupTransports.*", R.PupTransport)]
const DeliveryR = [
  "deliveryId",
  ...under("deliveryMethods.*", DeliveryMethodR),
  ...under("address.shipping", R.DeliveryGeoPoint),
  ...under("payments.*", R.DeliveryPayment),
  ...under("transports.*", TransportR),
  ...under("earliestDate", R.EarliestDate)
]
const CartAddressesR = [...under("primary", R.BillingAddress), ...under("shipping", R.ShippingAddress)]
const CustomerAddressesR = [...under("billing.*", R.BillingAddress), ...under("shipping.*", R.ShippingAddress)]
const PreviewDeliveryR = ["cartItemsIds", ...under("earliestDate", R.EarliestDate)]
const PurchaseR = ["orderId", ...under("items.*", CartArticleR)]
const CartR = [
  ...under("articles.*", CartArticleR),
  "price.total",
  "total.total",
  ...under("discounts.codes.*", R.DiscountCode),
  ...under("deliveries.*", DeliveryR),
  ...under("previewDeliveries.*", PreviewDeliveryR),
  ...under("addresses", CartAddressesR),
  ...under("purchase", PurchaseR)
]
const CustomerR = [...under("addresses", CustomerAddressesR)]
const BillingMethodR = [...under("childPayments.*", R.ChildPayment)]
const WidgetCartItemR = [
  ...under("params.*", R.ItemParam),
  ...under("bundles.*", R.Bundle),
  ...under("warranty", R.Bundle),
  ...under("insurance", R.Bundle),
  ...under("return_guarantee", R.Bundle)
]
const WishlistItemR = ["wishListItemId", "product.variant", ...under("product.variant", R.WishlistVariant)]
const WishlistR = ["wishListId", ...under("items.*", WishlistItemR)]
const WishlistSummaryR = [...under("items.*", WishlistItemR), ...under("wishlists.*", WishlistR)]
const DeliveryDataR = [
  ...under("transports.*", TransportR),
  ...under("preferredBranches.*", R.Branch),
  ...under("newBranches.*", R.Branch),
  ...under("history.*", R.Branch),
  ...under("customerHistory.*", R.Branch),
  ...under("consents.*", R.OrderConsent),
  ...under("pupTypes.*", R.PupType)
]
const ResponseStatusR = ["status", ...under("flashMessages.*", R.FlashMessage)]
const ApiResponseR = [
  ...under("status", ResponseStatusR),
  ...under("cart", CartR),
  ...under("cartItems.*", CartArticleR),
  ...under("customer", CustomerR),
  ...under("deliveries.*", DeliveryR),
  ...under("billingMethods.*", BillingMethodR)
]

const CatalogueImageR = ["url", "width", "height"]
const ProductSummaryR = [
  "variantId", "productId", "title", "brand", "url", "image", ...under("image", CatalogueImageR), "price", "originalPrice",
  "currency", "vatRate", "inStock", "availabilityKey", "adultOnly", "marketplacePartner"
]
const CategorySummaryR = ["categoryId", "parentId", "code", "urlKey", "title", "productCount"]
const ProductParamR = ["key", "title", "value", "css", "measure"]
const FacetValueR = ["value", "css", "count"]
const ParamFacetR = ["key", "title", "values", ...under("values.*", FacetValueR)]
const ProductVariantOptionR = [
  "variantId", "title", "url", "price", "inStock", "availabilityKey", "params", ...under("params.*", ProductParamR),
  "image", ...under("image", CatalogueImageR), "isDefault"
]
const BundleOfferR = ["bundleId", "type", "title", "price"]
const ProductDetailR = [
  ...ProductSummaryR, "description", "images", ...under("images.*", CatalogueImageR), "params", ...under("params.*", ProductParamR),
  "variants", ...under("variants.*", ProductVariantOptionR), "bundles", ...under("bundles.*", BundleOfferR), "breadcrumbs",
  ...under("breadcrumbs.*", CategorySummaryR), "digitalContent"
]

const trackingFixed = [
  "personalization",
  "account_type",
  "location",
  "path",
  "referrer",
  "os",
  "device",
  "browser",
  "utm_campaign",
  "utm_medium",
  "utm_source"
]

interface Case {
  readonly name: string
  readonly schema: Schema.Codec<unknown, unknown>
  readonly required: ReadonlyArray<Pattern>
  /** Paths below which the data is opaque JSON (any JSON value fits), so corrupting it proves nothing. */
  readonly opaque?: (path: ReadonlyArray<PropertyKey>) => boolean
  /** Fewer runs for the largest Schemas. */
  readonly runs?: number
}

const stepOpaque = ["dataLayerDirectData", "queue", "step5"]

const cases: ReadonlyArray<Case> = [
  { name: "PostOutlet", schema: E.PostOutlet, required: ["postAddress", "zip"] },
  { name: "Captcha", schema: E.Captcha, required: ["id", "image"] },
  { name: "Legal", schema: E.Legal, required: ["legal_id", "text"] },
  { name: "BannerSlide", schema: E.BannerSlide, required: ["id"] },
  { name: "LightboxImage", schema: E.LightboxImage, required: ["src"] },
  { name: "ShopConfig", schema: E.ShopConfig, required: ["shopId"] },
  { name: "FlashMessage", schema: E.FlashMessage, required: R.FlashMessage },
  { name: "ResponseStatus", schema: E.ResponseStatus, required: ResponseStatusR },
  { name: "StatusResponse", schema: E.StatusResponse, required: ["status"] },
  {
    name: "ContactForm",
    schema: E.ContactForm,
    required: ["firstname", "lastname", "email", "feedback", "bot2", "bot2i"]
  },
  { name: "BillingAddress", schema: E.BillingAddress, required: R.BillingAddress },
  { name: "ShippingAddress", schema: E.ShippingAddress, required: R.ShippingAddress },
  { name: "CustomerAddresses", schema: E.CustomerAddresses, required: CustomerAddressesR },
  { name: "SelectedAddresses", schema: E.SelectedAddresses, required: [] },
  { name: "CartAddresses", schema: E.CartAddresses, required: CartAddressesR },
  { name: "CustomerConsents", schema: E.CustomerConsents, required: [] },
  { name: "LoyaltyClub", schema: E.LoyaltyClub, required: [] },
  { name: "Customer", schema: E.Customer, required: CustomerR },
  { name: "PaymentSelection", schema: E.PaymentSelection, required: ["billingMethodId"] },
  { name: "ChildPayment", schema: E.ChildPayment, required: R.ChildPayment },
  { name: "BillingMethod", schema: E.BillingMethod, required: BillingMethodR },
  { name: "BillingMethods", schema: E.BillingMethods, required: under("*", BillingMethodR) },
  { name: "EarliestDate", schema: E.EarliestDate, required: R.EarliestDate },
  { name: "PupTransport", schema: E.PupTransport, required: R.PupTransport },
  { name: "PupType", schema: E.PupType, required: R.PupType },
  { name: "Branch", schema: E.Branch, required: R.Branch },
  { name: "Transport", schema: E.Transport, required: TransportR },
  { name: "SelectedDeliveryMethod", schema: E.SelectedDeliveryMethod, required: SelectedR },
  { name: "DeliveryMethod", schema: E.DeliveryMethod, required: DeliveryMethodR },
  { name: "DeliveryPayment", schema: E.DeliveryPayment, required: R.DeliveryPayment },
  { name: "DeliveryGeoPoint", schema: E.DeliveryGeoPoint, required: R.DeliveryGeoPoint },
  { name: "FreeDeliveryRemains", schema: E.FreeDeliveryRemains, required: [] },
  { name: "Delivery", schema: E.Delivery, required: DeliveryR, runs: 50 },
  { name: "CampaignBar", schema: E.CampaignBar, required: [] },
  { name: "OrderConsent", schema: E.OrderConsent, required: R.OrderConsent },
  { name: "SearchSelection", schema: E.SearchSelection, required: [] },
  { name: "DeliveryData", schema: E.DeliveryData, required: DeliveryDataR, runs: 50 },
  { name: "Bundle", schema: E.Bundle, required: R.Bundle },
  { name: "CartArticleVariant", schema: E.CartArticleVariant, required: R.CartArticleVariant },
  { name: "CartArticle", schema: E.CartArticle, required: CartArticleR },
  { name: "ItemParam", schema: E.ItemParam, required: R.ItemParam },
  { name: "ArticleImage", schema: E.ArticleImage, required: ["url"] },
  { name: "WidgetCartItem", schema: E.WidgetCartItem, required: WidgetCartItemR },
  { name: "DiscountCode", schema: E.DiscountCode, required: R.DiscountCode },
  { name: "Discounts", schema: E.Discounts, required: under("codes.*", R.DiscountCode) },
  { name: "CartPriceBreakdown", schema: E.CartPriceBreakdown, required: ["total"] },
  { name: "CartTotal", schema: E.CartTotal, required: ["total"] },
  { name: "PreviewDelivery", schema: E.PreviewDelivery, required: PreviewDeliveryR },
  { name: "Purchase", schema: E.Purchase, required: PurchaseR },
  { name: "MarketplacePartners", schema: E.MarketplacePartners, required: [] },
  { name: "Cart", schema: E.Cart, required: CartR, runs: 30 },
  { name: "WishlistVariant", schema: E.WishlistVariant, required: R.WishlistVariant },
  { name: "WishlistProduct", schema: E.WishlistProduct, required: ["variant", ...under("variant", R.WishlistVariant)] },
  { name: "WishlistItem", schema: E.WishlistItem, required: WishlistItemR },
  { name: "Wishlist", schema: E.Wishlist, required: WishlistR },
  { name: "WishlistSummary", schema: E.WishlistSummary, required: WishlistSummaryR, runs: 50 },
  { name: "WishlistAddPayload", schema: E.WishlistAddPayload, required: ["variantId"] },
  { name: "CustomerIds", schema: E.CustomerIds, required: R.CustomerIds },
  {
    name: "TrackingProperties",
    schema: E.TrackingProperties,
    required: [],
    opaque: (path) => path.length > 0 && !trackingFixed.includes(String(path[0]))
  },
  {
    name: "TrackingEvent",
    schema: E.TrackingEvent,
    required: ["event_type", "customer_ids", "timestamp", ...under("customer_ids", R.CustomerIds)],
    opaque: (path) => path.length > 1 && path[0] === "properties" && !trackingFixed.includes(String(path[1]))
  },
  {
    name: "PurchaseTrackingItem",
    schema: E.PurchaseTrackingItem,
    required: ["purchase_id", "purchase_status", "product_id", "variant_id", "quantity", "price"]
  },
  {
    name: "CartUpdatePayload",
    schema: E.CartUpdatePayload,
    required: ["action", "product_id", "variant_id", "quantity"]
  },
  { name: "ApiResponse", schema: E.ApiResponse, required: ApiResponseR, runs: 20 },
  { name: "DeliveryResponse", schema: E.DeliveryResponse, required: [...ApiResponseR, ...DeliveryDataR], runs: 20 },
  {
    name: "StepResponse",
    schema: E.StepResponse,
    required: ApiResponseR,
    opaque: (path) => stepOpaque.includes(String(path[0])),
    runs: 20
  },
  { name: "CatalogueImage", schema: E.CatalogueImage, required: CatalogueImageR },
  { name: "ProductSummary", schema: E.ProductSummary, required: ProductSummaryR },
  { name: "CategorySummary", schema: E.CategorySummary, required: CategorySummaryR },
  { name: "ProductParam", schema: E.ProductParam, required: ProductParamR },
  { name: "FacetValue", schema: E.FacetValue, required: FacetValueR },
  { name: "ParamFacet", schema: E.ParamFacet, required: ParamFacetR },
  { name: "ProductVariantOption", schema: E.ProductVariantOption, required: ProductVariantOptionR },
  { name: "BundleOffer", schema: E.BundleOffer, required: BundleOfferR },
  { name: "ProductDetail", schema: E.ProductDetail, required: ProductDetailR, runs: 30 },
  {
    name: "WidgetsData",
    schema: E.WidgetsData,
    required: [...under("cart.articles.*", WidgetCartItemR), ...under("wishList", WishlistSummaryR)],
    runs: 50
  }
]

// ---------------------------------------------------------------------------------------------------------------
// Helpers over encoded (JSON) values

type Path = ReadonlyArray<PropertyKey>

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** Every path of the value (not the root), depth first. */
const allPaths = (value: unknown, prefix: Path = []): Array<Path> => {
  const children: Array<[PropertyKey, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : isRecord(value)
      ? Object.entries(value)
      : []
  return children.flatMap(([key, child]) => [[...prefix, key], ...allPaths(child, [...prefix, key])])
}

const dotted = (path: Path): string => path.map(String).join(".")

const matches = (pattern: Pattern, path: Path): boolean => {
  const segments = pattern.split(".")
  return segments.length === path.length && segments.every((s, i) => s === "*" || s === String(path[i]))
}

const isRequired = (c: Case, path: Path): boolean => c.required.some((p) => matches(p, path))

/** A deep copy of a JSON value with `f` applied at `path` (`f` returns `undefined` to delete the key). */
const updateAt = (value: unknown, path: Path, f: (old: unknown) => unknown): unknown => {
  if (path.length === 0) return f(value)
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? updateAt(v, rest, f) : v))
  if (isRecord(value)) {
    // entries, not assignment: a record key may be "__proto__"
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, child]) => {
        const next = key === String(head) ? updateAt(child, rest, f) : child
        return next === undefined ? [] : [[key, next]]
      })
    )
  }
  return value
}

/** A JSON value of another type than `old`, that no field Schema of the contract accepts in its place. */
const wrongTypeFor = (old: unknown): unknown => {
  if (Array.isArray(old)) return "not an array"
  if (isRecord(old)) return "not an object"
  if (typeof old === "boolean") return "not a boolean"
  return false // for strings, numbers and null
}

/**
 * Whether a value is plain JSON data (what JSON.stringify writes and JSON.parse reads back unchanged): null, strings,
 * booleans, finite numbers, arrays and plain objects of those, with no `undefined`.
 *
 * The round trip checks this instead of going through `JSON.parse(JSON.stringify(x))`, because Node 24's V8 has a
 * JSON.parse bug that decodes an escaped one-character key (e.g. "\t") as "\\" once an earlier object with the
 * same key prefix had a "\\" key (nodejs/node#63785, crbug 521080746); generated record keys hit it.
 */
const isJsonValue = (u: unknown): boolean => {
  if (u === null || typeof u === "string" || typeof u === "boolean") return true
  if (typeof u === "number") return Number.isFinite(u)
  if (Array.isArray(u)) return u.every(isJsonValue)
  if (typeof u !== "object") return false
  const proto: unknown = Object.getPrototypeOf(u)
  return (proto === Object.prototype || proto === null) && Object.values(u).every(isJsonValue)
}

const decodeMessage = (c: Case, input: unknown): string | undefined => {
  const result = decodeEntity(c.schema)(input)
  return Result.isSuccess(result) ? undefined : result.failure.message
}

/** A few items chosen by `seed` (none when there are no items). */
const pickSome = <A>(items: ReadonlyArray<A>, seed: number): Array<A> =>
  items.length === 0 ? [] : [0, 7, 13].map((k) => items[(seed * (k + 1) + k) % items.length] as A)

const Seed = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 1_000_000 }))

// ---------------------------------------------------------------------------------------------------------------

describe("entity Schemas (§3)", () => {
  for (const c of cases) {
    const options = { arbitrary: { runs: c.runs ?? 100 } }
    const encode = Schema.encodeSync(c.schema)
    const equivalent = Schema.toEquivalence(c.schema)
    const opaque = c.opaque ?? (() => false)

    describe(c.name, () => {
      it.prop(
        "round-trips: encoding gives JSON data, and decoding it gives an equivalent value",
        [c.schema],
        ([value]) => {
          const wire = encode(value)
          assert.isTrue(isJsonValue(wire), "the encoded value is JSON data")
          const back = decodeEntity(c.schema)(wire)
          assert.isTrue(Result.isSuccess(back), Result.isFailure(back) ? back.failure.message : "")
          if (Result.isSuccess(back)) assert.isTrue(equivalent(back.success, value))
        },
        options
      )

      it.prop(
        "removing a key fails, naming its path, exactly when the key is required",
        [c.schema, Seed],
        ([value, seed]) => {
          const wire = encode(value)
          const keyPaths = allPaths(wire).filter((p) => typeof p[p.length - 1] === "string" && !opaque(p.slice(0, -1)))
          // the top-level required keys every time, plus a few keys anywhere
          const chosen = [
            ...keyPaths.filter((p) => p.length === 1 && isRequired(c, p)),
            ...pickSome(keyPaths, seed)
          ]
          for (const path of chosen) {
            const message = decodeMessage(c, updateAt(wire, path, () => undefined))
            if (isRequired(c, path)) {
              assert.include(message ?? "decoded", `${dotted(path)}: Missing key`)
            } else {
              assert.isUndefined(message, `removing optional ${dotted(path)}`)
            }
          }
        },
        options
      )

      it.prop(
        "a value of the wrong type at any path fails, naming that path",
        [c.schema, Seed],
        ([value, seed]) => {
          const wire = encode(value)
          const paths = allPaths(wire).filter((p) => !opaque(p))
          for (const path of pickSome(paths, seed)) {
            const message = decodeMessage(c, updateAt(wire, path, wrongTypeFor))
            assert.include(message ?? "decoded", `${dotted(path)}: `)
          }
        },
        options
      )

      it.prop(
        "never throws on any JSON input, and a failure always has a message",
        [Schema.Json],
        ([input]) => {
          const result = decodeEntity(c.schema)(input)
          if (Result.isFailure(result)) assert.isAbove(result.failure.message.length, 0)
        },
        { arbitrary: { runs: 30 } }
      )

      it.effect("each required path of the contract occurs in generated data (no typo in the contract)", () =>
        Effect.gen(function*() {
          const samples = yield* Arbitrary.sampleEffect(Arbitrary.schema(c.schema), { count: 200, seed: 1 })
          let unmatched = [...c.required]
          for (const sample of samples) {
            if (unmatched.length === 0) break
            const paths = allPaths(encode(sample))
            unmatched = unmatched.filter((pattern) => !paths.some((path) => matches(pattern, path)))
          }
          assert.deepStrictEqual(unmatched, [])
        }), 30_000)

      it("rejects a non-object root, naming the root", () => {
        for (const input of [null, 42, "x", [], true]) {
          const message = decodeMessage(c, input)
          if (c.name === "FreeDeliveryRemains") continue // not an object Schema
          assert.include(message ?? "decoded", "(root): ")
        }
      })
    })
  }

  it("every entity exported by the index is covered by a case", () => {
    const covered = new Set(cases.map((c) => c.name))
    const structs = Object.entries(E).filter(
      ([name, value]) => Schema.isSchema(value) && /^[A-Z]/.test(name) && !/^(Wire|IntFromString|StringOrNumber)/.test(name)
    )
    const literalSchemas = new Set([
      "AddressType",
      "FlashType",
      "FlashCategory",
      "CustomerStatusCode",
      "ConsentCode",
      "ProgramName",
      "BinaryFlag",
      "DeliveryType",
      "DeliveryMethodKind",
      "BundleType",
      "CartArticleType",
      "DiscountType",
      "AccountType",
      "Personalization",
      "PurchaseStatus",
      "CartUpdateAction",
      "ShopIdSchema"
    ])
    const missing = structs.map(([name]) => name).filter((name) => !covered.has(name) && !literalSchemas.has(name))
    assert.deepStrictEqual(missing, [])
  })
})
