/**
 * The legacy cart widget calls (spec §7 "Legacy cart widget"): load the widget cart, add, delete, change the
 * amount, move an item to the wishlist, attach and detach services (warranty, insurance, digital content, return
 * guarantee) and gift certificates, and migrate coupons to Allegro. Every path is under `/api/cart/` with a trailing
 * slash, in the spec's style.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { BundleType, WidgetCartItem } from "./entities/cart.ts"
import { FlashMessage } from "./entities/flash.ts"
import { WireInt, WireNumber } from "./entities/wire.ts"
import { LoginRequired, NotFound, TooManyRequests, Unprocessable } from "./errors.ts"
import { CallTimeout, cartTimeoutMs, Retry } from "./policy.ts"
import { Amount, PositiveId, RequiredText } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

const LegacyCartFields = {
  articles: Schema.Array(WidgetCartItem),
  itemCount: Schema.optionalKey(WireInt),
  cartPrice: Schema.optionalKey(WireNumber),
  flashMessages: Schema.optionalKey(Schema.Array(FlashMessage))
}

/** The schema type of {@link LegacyCart}, named so that declarations refer to it instead of spelling it out. */
export interface LegacyCartStruct extends Schema.Struct<typeof LegacyCartFields> {}

/**
 * The widget cart every legacy cart call answers with (§3 "Widget cart item"): the drawer's `articles`, the item
 * count and cart price when the server sends them, and the server's flash messages.
 */
export const LegacyCart: LegacyCartStruct = Schema.Struct(LegacyCartFields)

/** Decoded type of {@link LegacyCart}. */
export type LegacyCart = typeof LegacyCart.Type

const LegacyCartPutResultFields = {
  ...LegacyCart.fields,
  redirectUrl: Schema.optionalKey(SafeString)
}

/** The schema type of {@link LegacyCartPutResult}, named so that declarations refer to it instead of spelling it out. */
export interface LegacyCartPutResultStruct extends Schema.Struct<typeof LegacyCartPutResultFields> {}

/** The answer to add-to-cart: the widget cart, and where to go when the add asked for a redirect (`hasRedirect`). */
export const LegacyCartPutResult: LegacyCartPutResultStruct = Schema.Struct(LegacyCartPutResultFields)

/** Decoded type of {@link LegacyCartPutResult}. */
export type LegacyCartPutResult = typeof LegacyCartPutResult.Type

const LegacyCartServiceFields = {
  type: BundleType,
  id: PositiveId
}

/** The schema type of {@link LegacyCartService}, named so that declarations refer to it instead of spelling it out. */
export interface LegacyCartServiceStruct extends Schema.Struct<typeof LegacyCartServiceFields> {}

/** A service chosen together with an add to cart (§7 `services`): the bundle `type` and the offered bundle's `id`. */
export const LegacyCartService: LegacyCartServiceStruct = Schema.Struct(LegacyCartServiceFields)

/** Decoded type of {@link LegacyCartService}. */
export type LegacyCartService = typeof LegacyCartService.Type

/**
 * The body of PUT /api/cart/put/ (§7): exactly one of `variantId` or `bonusSetId`, the `amount` (whole, 1..30), the
 * payment the add comes with (`billingMethodId`, e.g. from a financing offer), the services chosen with it, and
 * `hasRedirect` (answer with a `redirectUrl` to go to).
 */
export const LegacyCartPutPayload = Schema.Struct({
  variantId: Schema.optionalKey(PositiveId),
  bonusSetId: Schema.optionalKey(PositiveId),
  amount: Amount,
  billingMethodId: Schema.optionalKey(RequiredText),
  services: Schema.optionalKey(Schema.Array(LegacyCartService)),
  hasRedirect: Schema.optionalKey(Schema.Boolean)
}).check(
  Schema.makeFilter(
    (payload) =>
      (payload.variantId === undefined) !== (payload.bonusSetId === undefined) || {
        path: ["variantId"],
        issue: "exactly one of variantId or bonusSetId is required"
      },
    { expected: "exactly one of variantId or bonusSetId" }
  )
)

/** Decoded type of {@link LegacyCartPutPayload}. */
export type LegacyCartPutPayload = typeof LegacyCartPutPayload.Type

/** The body of DELETE /api/cart/delete/ (§7): the cart item `id`. */
export const LegacyCartDeletePayload = Schema.Struct({ id: PositiveId })

/** Decoded type of {@link LegacyCartDeletePayload}. */
export type LegacyCartDeletePayload = typeof LegacyCartDeletePayload.Type

const LegacyChangeAmountPayloadFields = {
  id: PositiveId,
  amount: Amount,
  servicePlacement: Schema.optionalKey(SafeString)
}

/** The schema type of {@link LegacyChangeAmountPayload}, named so that declarations refer to it instead of spelling it out. */
export interface LegacyChangeAmountPayloadStruct extends Schema.Struct<typeof LegacyChangeAmountPayloadFields> {}

/**
 * The body of POST /api/cart/changeAmount/ (§7): the cart item `id`, the new `amount` (whole, 1..30) and
 * `servicePlacement`, where the services of the item are shown (an opaque token passed through; not shown).
 */
export const LegacyChangeAmountPayload: LegacyChangeAmountPayloadStruct = Schema.Struct(LegacyChangeAmountPayloadFields)

/** Decoded type of {@link LegacyChangeAmountPayload}. */
export type LegacyChangeAmountPayload = typeof LegacyChangeAmountPayload.Type

const LegacyAddToWishlistPayloadFields = {
  articleId: PositiveId,
  amount: Amount
}

/** The schema type of {@link LegacyAddToWishlistPayload}, named so that declarations refer to it instead of spelling it out. */
export interface LegacyAddToWishlistPayloadStruct extends Schema.Struct<typeof LegacyAddToWishlistPayloadFields> {}

/** The body of POST /api/cart/addToWishlist/ (§7): the cart `articleId` moved to the main wishlist and its `amount`. */
export const LegacyAddToWishlistPayload: LegacyAddToWishlistPayloadStruct = Schema.Struct(LegacyAddToWishlistPayloadFields)

/** Decoded type of {@link LegacyAddToWishlistPayload}. */
export type LegacyAddToWishlistPayload = typeof LegacyAddToWishlistPayload.Type

/** The body of add-warranty (§7): the cart `articleId` and the offered warranty's bundle id. */
export const LegacyAddWarrantyPayload = Schema.Struct({ articleId: PositiveId, warranty: PositiveId })

/** Decoded type of {@link LegacyAddWarrantyPayload}. */
export type LegacyAddWarrantyPayload = typeof LegacyAddWarrantyPayload.Type

/** The body of add-insurance (§7): the offered insurance's bundle id, and the cart `articleId` it insures. */
export const LegacyAddInsurancePayload = Schema.Struct({ articleId: PositiveId, insurance: PositiveId })

/** Decoded type of {@link LegacyAddInsurancePayload}. */
export type LegacyAddInsurancePayload = typeof LegacyAddInsurancePayload.Type

/** The body of add-digital (§7): the cart `articleId` and the offered digital content's bundle id. */
export const LegacyAddDigitalPayload = Schema.Struct({ articleId: PositiveId, digital: PositiveId })

/** Decoded type of {@link LegacyAddDigitalPayload}. */
export type LegacyAddDigitalPayload = typeof LegacyAddDigitalPayload.Type

/** The body of add-guarantee (§7): the offered return guarantee's bundle id, and the cart `articleId` it covers. */
export const LegacyAddGuaranteePayload = Schema.Struct({ articleId: PositiveId, return_guarantee: PositiveId })

/** Decoded type of {@link LegacyAddGuaranteePayload}. */
export type LegacyAddGuaranteePayload = typeof LegacyAddGuaranteePayload.Type

/** The body of delete-warranty, delete-insurance and delete-guarantee: the cart `articleId` whose service goes. */
export const LegacyDeleteServicePayload = Schema.Struct({ articleId: PositiveId })

/** Decoded type of {@link LegacyDeleteServicePayload}. */
export type LegacyDeleteServicePayload = typeof LegacyDeleteServicePayload.Type

/** The body of delete-digital (§7): the digital content's `bundleId` and the cart item `id` it is attached to. */
export const LegacyDeleteDigitalPayload = Schema.Struct({ bundleId: PositiveId, id: PositiveId })

/** Decoded type of {@link LegacyDeleteDigitalPayload}. */
export type LegacyDeleteDigitalPayload = typeof LegacyDeleteDigitalPayload.Type

/** The body of add-certificate and remove-certificate: the gift certificate `code`, trimmed. */
export const LegacyCertificatePayload = Schema.Struct({ code: RequiredText })

/** Decoded type of {@link LegacyCertificatePayload}. */
export type LegacyCertificatePayload = typeof LegacyCertificatePayload.Type

const serviceErrors = [NotFound, Unprocessable] as const

/**
 * The legacy cart widget API (§7), group `legacyCart`. Every call but `get` changes the cart and carries
 * `CsrfProtection`; add-to-cart (`put`) is retried with an idempotency key. Timeout: 5000 ms (§9 legacy HTTP).
 */
export class LegacyCartGroup extends HttpApiGroup.make("legacyCart")
  .add(
    HttpApiEndpoint.get("get", "/api/cart/get/", { success: LegacyCart }).annotate(
      OpenApi.Description,
      "The widget cart: its items with their services, the item count and price (§7)."
    ),
    HttpApiEndpoint.delete("delete", "/api/cart/delete/", {
      payload: LegacyCartDeletePayload,
      success: LegacyCart,
      error: NotFound
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Removes a cart item by id; answers the widget cart."),
    HttpApiEndpoint.post("changeAmount", "/api/cart/changeAmount/", {
      payload: LegacyChangeAmountPayload,
      success: LegacyCart,
      error: [NotFound, Unprocessable]
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Sets the amount of a cart item (whole, 1..30; 422 when the stock does not allow it); answers the widget cart."
      ),
    HttpApiEndpoint.put("put", "/api/cart/put/", {
      payload: LegacyCartPutPayload,
      success: LegacyCartPutResult,
      error: [NotFound, Unprocessable, TooManyRequests]
    })
      .middleware(CsrfProtection)
      .annotate(Retry, "idempotencyKey")
      .annotate(
        OpenApi.Description,
        "Adds a variant or a bonus set to the cart (amount whole, 1..30) with chosen services. Retried with an " +
          "Idempotency-Key: a retry with the same key is applied once."
      ),
    HttpApiEndpoint.post("addToWishlist", "/api/cart/addToWishlist/", {
      payload: LegacyAddToWishlistPayload,
      success: LegacyCart,
      error: [LoginRequired, NotFound]
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Moves a cart article to the customer's main wishlist (needs login)."),
    HttpApiEndpoint.post("addWarranty", "/api/cart/add-warranty/", {
      payload: LegacyAddWarrantyPayload,
      success: LegacyCart,
      error: serviceErrors
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Attaches an offered extended warranty to a cart article."),
    HttpApiEndpoint.delete("deleteWarranty", "/api/cart/delete-warranty/", {
      payload: LegacyDeleteServicePayload,
      success: LegacyCart,
      error: NotFound
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Detaches the extended warranty of a cart article."),
    HttpApiEndpoint.post("addInsurance", "/api/cart/add-insurance/", {
      payload: LegacyAddInsurancePayload,
      success: LegacyCart,
      error: serviceErrors
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Attaches an offered insurance to a cart article."),
    HttpApiEndpoint.delete("deleteInsurance", "/api/cart/delete-insurance/", {
      payload: LegacyDeleteServicePayload,
      success: LegacyCart,
      error: NotFound
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Detaches the insurance of a cart article."),
    HttpApiEndpoint.post("addDigital", "/api/cart/add-digital/", {
      payload: LegacyAddDigitalPayload,
      success: LegacyCart,
      error: serviceErrors
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Attaches offered digital content to a cart article."),
    HttpApiEndpoint.delete("deleteDigital", "/api/cart/delete-digital/", {
      payload: LegacyDeleteDigitalPayload,
      success: LegacyCart,
      error: NotFound
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Detaches a digital-content bundle from a cart item."),
    HttpApiEndpoint.post("addGuarantee", "/api/cart/add-guarantee/", {
      payload: LegacyAddGuaranteePayload,
      success: LegacyCart,
      error: serviceErrors
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Attaches an offered return guarantee to a cart article."),
    HttpApiEndpoint.delete("deleteGuarantee", "/api/cart/delete-guarantee/", {
      payload: LegacyDeleteServicePayload,
      success: LegacyCart,
      error: NotFound
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Detaches the return guarantee of a cart article."),
    HttpApiEndpoint.post("migrateCouponsToAllegro", "/api/cart/migrate-coupons-to-allegro/", {
      success: LegacyCart,
      error: Unprocessable
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Moves the cart's coupons to the customer's Allegro account (no body)."),
    HttpApiEndpoint.post("addCertificate", "/api/cart/add-certificate/", {
      payload: LegacyCertificatePayload,
      success: LegacyCart,
      error: [NotFound, Unprocessable]
    })
      .middleware(CsrfProtection)
      .annotate(
        OpenApi.Description,
        "Applies a gift certificate by code (404 unknown code, 422 not applicable to this cart)."
      ),
    HttpApiEndpoint.delete("removeCertificate", "/api/cart/remove-certificate/", {
      payload: LegacyCertificatePayload,
      success: LegacyCart,
      error: NotFound
    })
      .middleware(CsrfProtection)
      .annotate(OpenApi.Description, "Removes an applied gift certificate by code.")
  )
  .annotateEndpoints(CallTimeout, cartTimeoutMs)
  .annotate(OpenApi.Description, "Legacy cart widget (§7): the header cart drawer and its services.")
{}
