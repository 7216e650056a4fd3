/**
 * The new cart's item calls (spec §7 "New cart and checkout": add to cart, change amount, delete, services,
 * discount certificates), under `/api/v2/cart.cart-api/`. The spec names these calls but not their paths; the
 * paths below are ours, in the style of the cart-api paths the spec shows.
 *
 * Every call answers the {@link ApiResponse} envelope; a business failure (e.g. an unknown discount code) is a 200
 * with `status.status` "error" and flash messages (§4, §8).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { BundleType } from "./entities/cart.ts"
import { ApiResponse } from "./entities/envelope.ts"
import { NotFound } from "./errors.ts"
import { Retry } from "./policy.ts"
import { Amount, JoinedIdsParam, RequiredText, PositiveId } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

/** The path prefix of the new cart API (§7). */
export const cartApiPrefix = "/api/v2/cart.cart-api"

const AddToCartServiceFields = {
  type: BundleType,
  bundleId: PositiveId
}

/** The schema type of {@link AddToCartService}, named so that declarations refer to it instead of spelling it out. */
export interface AddToCartServiceStruct extends Schema.Struct<typeof AddToCartServiceFields> {}

/**
 * A service (bundle) chosen together with an added variant (§7 add to cart `services`): its `type` and the
 * `bundleId` of the offered bundle. The shape is ours: the spec does not show it.
 */
export const AddToCartService: AddToCartServiceStruct = Schema.Struct(AddToCartServiceFields)

/** Decoded type of {@link AddToCartService}. */
export type AddToCartService = typeof AddToCartService.Type

const AddToCartPayloadFields = {
  variantId: PositiveId,
  amount: Amount,
  services: Schema.optionalKey(Schema.Array(AddToCartService)),
  context: Schema.optionalKey(SafeString.check(Schema.isMaxLength(100))),
  extended: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link AddToCartPayload}, named so that declarations refer to it instead of spelling it out. */
export interface AddToCartPayloadStruct extends Schema.Struct<typeof AddToCartPayloadFields> {}

/**
 * The add-to-cart payload (§7): the `variantId`, the `amount` (whole 1..30, §5), the chosen `services`, the
 * `context` the add comes from (a free placement name such as "detail" or "listing", ours) and the `extended`
 * flag asking for the whole cart in the answer.
 */
export const AddToCartPayload: AddToCartPayloadStruct = Schema.Struct(AddToCartPayloadFields)

/** Decoded type of {@link AddToCartPayload}. */
export type AddToCartPayload = typeof AddToCartPayload.Type

const ChangeAmountPayloadFields = {
  id: PositiveId,
  amount: Amount,
  extended: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link ChangeAmountPayload}, named so that declarations refer to it instead of spelling it out. */
export interface ChangeAmountPayloadStruct extends Schema.Struct<typeof ChangeAmountPayloadFields> {}

/** The change-amount payload (§7): the cart item `id`, the new `amount` (whole 1..30, §5) and the `extended` flag. */
export const ChangeAmountPayload: ChangeAmountPayloadStruct = Schema.Struct(ChangeAmountPayloadFields)

/** Decoded type of {@link ChangeAmountPayload}. */
export type ChangeAmountPayload = typeof ChangeAmountPayload.Type

const DeleteItemsQueryFields = {
  ids: JoinedIdsParam
}

/** The schema type of {@link DeleteItemsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface DeleteItemsQueryStruct extends Schema.Struct<typeof DeleteItemsQueryFields> {}

/**
 * The delete query (§7 "ids joined by commas"): `ids` is the domain's `deleteIdsParam` of the cart item ids
 * (favored items already left out by `articlesToDelete`, §5).
 */
export const DeleteItemsQuery: DeleteItemsQueryStruct = Schema.Struct(DeleteItemsQueryFields)

/** Decoded type of {@link DeleteItemsQuery}. */
export type DeleteItemsQuery = typeof DeleteItemsQuery.Type

const CartServicePayloadFields = {
  id: PositiveId,
  bundleId: PositiveId,
  extended: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link CartServicePayload}, named so that declarations refer to it instead of spelling it out. */
export interface CartServicePayloadStruct extends Schema.Struct<typeof CartServicePayloadFields> {}

/**
 * The payload adding or removing a service of a cart item (§7 "(bundleId, id)"): the cart item `id`, the
 * `bundleId` of the warranty, insurance, digital content or return guarantee, and the `extended` flag.
 */
export const CartServicePayload: CartServicePayloadStruct = Schema.Struct(CartServicePayloadFields)

/** Decoded type of {@link CartServicePayload}. */
export type CartServicePayload = typeof CartServicePayload.Type

/** The longest discount code accepted (ours: the spec shows no limit). */
export const maxDiscountCodeLength = 64

const DiscountCertificatePayloadFields = {
  code: RequiredText.check(Schema.isMaxLength(maxDiscountCodeLength)),
  extended: Schema.Boolean
}

/** The schema type of {@link DiscountCertificatePayload}, named so that declarations refer to it instead of spelling it out. */
export interface DiscountCertificatePayloadStruct extends Schema.Struct<typeof DiscountCertificatePayloadFields> {}

/**
 * The payload adding or removing a discount certificate in the preview (§5, §7): the `code` (trimmed, 1..64
 * characters) and the `extended` flag, which the preview always sends (§5).
 */
export const DiscountCertificatePayload: DiscountCertificatePayloadStruct = Schema.Struct(DiscountCertificatePayloadFields)

/** Decoded type of {@link DiscountCertificatePayload}. */
export type DiscountCertificatePayload = typeof DiscountCertificatePayload.Type

const addService = <const Name extends string, const Slug extends string>(name: Name, slug: Slug, what: string) =>
  HttpApiEndpoint.post(`add${name}`, `${cartApiPrefix}/add-${slug}`, {
    payload: CartServicePayload,
    success: ApiResponse,
    error: NotFound
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, `Adds the ${what} bundle \`bundleId\` to the cart item \`id\` (§7). 404 when the item or bundle is unknown.`)

const removeService = <const Name extends string, const Slug extends string>(name: Name, slug: Slug, what: string) =>
  HttpApiEndpoint.post(`remove${name}`, `${cartApiPrefix}/remove-${slug}`, {
    payload: CartServicePayload,
    success: ApiResponse,
    error: NotFound
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, `Removes the ${what} bundle \`bundleId\` from the cart item \`id\` (§7). 404 when the item is unknown.`)

/**
 * The new cart's item calls (group `cart`). Mutations carry {@link CsrfProtection}; add-to-cart is retried with an
 * idempotency key (`Retry` "idempotencyKey"); the others use the default policy (5000 ms, not retried).
 */
export class CartGroup extends HttpApiGroup.make("cart").add(
  HttpApiEndpoint.put("addToCart", `${cartApiPrefix}/add-to-cart`, {
    payload: AddToCartPayload,
    success: ApiResponse,
    error: NotFound
  })
    .middleware(CsrfProtection)
    .annotate(Retry, "idempotencyKey")
    .annotate(
      OpenApi.Description,
      "Adds `amount` pieces of the variant `variantId` with the chosen services (§7). Sent with an idempotency key: a retry is applied once. 404 when the variant is unknown; a refused add is a 200 with status error and flash messages."
    ),
  HttpApiEndpoint.post("changeAmount", `${cartApiPrefix}/change-amount`, {
    payload: ChangeAmountPayload,
    success: ApiResponse,
    error: NotFound
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Sets the count of the cart item `id` to `amount` (whole 1..30, §5). 404 when the item is unknown."),
  HttpApiEndpoint.delete("deleteItems", `${cartApiPrefix}/delete-items`, {
    query: DeleteItemsQuery,
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(
      OpenApi.Description,
      "Deletes the cart items whose ids are joined by commas in `ids` (§7). Unknown ids are ignored, so a repeated delete answers the same cart."
    ),
  addService("Warranty", "warranty", "warranty"),
  removeService("Warranty", "warranty", "warranty"),
  addService("Insurance", "insurance", "insurance"),
  removeService("Insurance", "insurance", "insurance"),
  addService("Digital", "digital", "digital content"),
  removeService("Digital", "digital", "digital content"),
  addService("ReturnGuarantee", "return-guarantee", "return guarantee"),
  removeService("ReturnGuarantee", "return-guarantee", "return guarantee"),
  HttpApiEndpoint.post("addDiscountCertificate", `${cartApiPrefix}/add-discount-certificate`, {
    payload: DiscountCertificatePayload,
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(
      OpenApi.Description,
      "Applies the discount certificate `code` in the preview (§5, §7). An unknown or incompatible code is a 200 with status error and flash messages."
    ),
  HttpApiEndpoint.post("removeDiscountCertificate", `${cartApiPrefix}/remove-discount-certificate`, {
    payload: DiscountCertificatePayload,
    success: ApiResponse
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Removes the discount certificate `code` in the preview (§5, §7).")
) {}
