/**
 * Digital content of the customer's account (spec §7 "Digital content: createCustomerApiKey, getProductLicenseKeys,
 * updateCustomerApiKey"; §2 clientDigitalContent page). Paths, methods and shapes are not shown: they are ours,
 * under {@link digitalContentBase}.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { NonBlankString, PositiveId, PositiveIdFromString } from "./requestFields.ts"
import { WireInt, WireString } from "./entities/wire.ts"
import { LoginRequired, NotFound } from "./errors.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

/** The base path of the digital content calls (ours). */
export const digitalContentBase = "/api/digital-content"

const CustomerApiKeyFields = {
  apiKeyId: WireInt,
  key: SafeString,
  name: Schema.optionalKey(SafeString),
  active: Schema.optionalKey(Schema.Boolean),
  createdTs: Schema.optionalKey(WireInt)
}

/** The schema type of {@link CustomerApiKey}, named so that declarations refer to it instead of spelling it out. */
export interface CustomerApiKeyStruct extends Schema.Struct<typeof CustomerApiKeyFields> {}

/**
 * A customer API key (ours): the key giving the customer's tools access to their digital content, with its
 * `apiKeyId`, the secret `key`, an optional `name` and whether it is `active`.
 */
export const CustomerApiKey: CustomerApiKeyStruct = Schema.Struct(CustomerApiKeyFields)

/** Decoded type of {@link CustomerApiKey}. */
export type CustomerApiKey = typeof CustomerApiKey.Type

const CustomerApiKeyResponseFields = {
  apiKey: CustomerApiKey
}

/** The schema type of {@link CustomerApiKeyResponse}, named so that declarations refer to it instead of spelling it out. */
export interface CustomerApiKeyResponseStruct extends Schema.Struct<typeof CustomerApiKeyResponseFields> {}

/** The answer of create and update: the key as it now is. */
export const CustomerApiKeyResponse: CustomerApiKeyResponseStruct = Schema.Struct(CustomerApiKeyResponseFields)

/** Decoded type of {@link CustomerApiKeyResponse}. */
export type CustomerApiKeyResponse = typeof CustomerApiKeyResponse.Type

const CreateCustomerApiKeyFields = {
  name: Schema.optionalKey(NonBlankString)
}

/** The schema type of {@link CreateCustomerApiKey}, named so that declarations refer to it instead of spelling it out. */
export interface CreateCustomerApiKeyStruct extends Schema.Struct<typeof CreateCustomerApiKeyFields> {}

/** The body of createCustomerApiKey: an optional `name` for the new key. */
export const CreateCustomerApiKey: CreateCustomerApiKeyStruct = Schema.Struct(CreateCustomerApiKeyFields)

/** Decoded type of {@link CreateCustomerApiKey}. */
export type CreateCustomerApiKey = typeof CreateCustomerApiKey.Type

const UpdateCustomerApiKeyFields = {
  apiKeyId: PositiveId,
  name: Schema.optionalKey(NonBlankString),
  active: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link UpdateCustomerApiKey}, named so that declarations refer to it instead of spelling it out. */
export interface UpdateCustomerApiKeyStruct extends Schema.Struct<typeof UpdateCustomerApiKeyFields> {}

/** The body of updateCustomerApiKey: the `apiKeyId`, and a new `name` and/or `active` state. */
export const UpdateCustomerApiKey: UpdateCustomerApiKeyStruct = Schema.Struct(UpdateCustomerApiKeyFields)

/** Decoded type of {@link UpdateCustomerApiKey}. */
export type UpdateCustomerApiKey = typeof UpdateCustomerApiKey.Type

const ProductLicenseKeysQueryFields = {
  purchaseId: PositiveIdFromString,
  productId: PositiveIdFromString
}

/** The schema type of {@link ProductLicenseKeysQuery}, named so that declarations refer to it instead of spelling it out. */
export interface ProductLicenseKeysQueryStruct extends Schema.Struct<typeof ProductLicenseKeysQueryFields> {}

/** The query of getProductLicenseKeys: the `purchaseId` (order) and the `productId` bought in it. */
export const ProductLicenseKeysQuery: ProductLicenseKeysQueryStruct = Schema.Struct(ProductLicenseKeysQueryFields)

/** Decoded type of {@link ProductLicenseKeysQuery}. */
export type ProductLicenseKeysQuery = typeof ProductLicenseKeysQuery.Type

const LicenseKeyFields = {
  key: WireString,
  title: Schema.optionalKey(SafeString),
  validTo: Schema.optionalKey(Schema.NullOr(SafeString))
}

/** The schema type of {@link LicenseKey}, named so that declarations refer to it instead of spelling it out. */
export interface LicenseKeyStruct extends Schema.Struct<typeof LicenseKeyFields> {}

/** A license key of a bought digital product: the `key`, and optionally its `title` and `validTo` date. */
export const LicenseKey: LicenseKeyStruct = Schema.Struct(LicenseKeyFields)

/** Decoded type of {@link LicenseKey}. */
export type LicenseKey = typeof LicenseKey.Type

const ProductLicenseKeysFields = {
  productId: WireInt,
  licenseKeys: Schema.Array(LicenseKey)
}

/** The schema type of {@link ProductLicenseKeys}, named so that declarations refer to it instead of spelling it out. */
export interface ProductLicenseKeysStruct extends Schema.Struct<typeof ProductLicenseKeysFields> {}

/** The license keys of one bought product. */
export const ProductLicenseKeys: ProductLicenseKeysStruct = Schema.Struct(ProductLicenseKeysFields)

/** Decoded type of {@link ProductLicenseKeys}. */
export type ProductLicenseKeys = typeof ProductLicenseKeys.Type

const DigitalContentItemFields = {
  purchaseId: WireInt,
  orderId: WireString,
  orderedAt: SafeString,
  productId: WireInt,
  title: SafeString,
  count: WireInt,
  platform: Schema.optionalKey(SafeString),
  licenseType: Schema.optionalKey(SafeString)
}

/** The schema type of {@link DigitalContentItem}, named so that declarations refer to it instead of spelling it out. */
export interface DigitalContentItemStruct extends Schema.Struct<typeof DigitalContentItemFields> {}

/**
 * A digital product the customer bought (ours): the order (`purchaseId`, its number `orderId`, when it was placed
 * `orderedAt`), the order line's `productId` (what getProductLicenseKeys asks with), its `title`, the `count` of
 * pieces, and the digital content's `platform` and `licenseType` ('key', 'account' or 'download').
 */
export const DigitalContentItem: DigitalContentItemStruct = Schema.Struct(DigitalContentItemFields)

/** Decoded type of {@link DigitalContentItem}. */
export type DigitalContentItem = typeof DigitalContentItem.Type

const DigitalContentListFields = {
  items: Schema.Array(DigitalContentItem),
  apiKey: Schema.NullOr(CustomerApiKey)
}

/** The schema type of {@link DigitalContentList}, named so that declarations refer to it instead of spelling it out. */
export interface DigitalContentListStruct extends Schema.Struct<typeof DigitalContentListFields> {}

/** The customer's digital content: the bought items, newest order first, and their API key (masked; null: none). */
export const DigitalContentList: DigitalContentListStruct = Schema.Struct(DigitalContentListFields)

/** Decoded type of {@link DigitalContentList}. */
export type DigitalContentList = typeof DigitalContentList.Type

/**
 * The digital content calls, all for a logged-in customer (401 otherwise): `createCustomerApiKey` and
 * `updateCustomerApiKey` (POST, CSRF-protected), `getProductLicenseKeys` (GET, read-only; 404 when the product is
 * not in the customer's purchase), and `getDigitalContent` (ours, GET: what the customer bought with a licence, and
 * the API key masked; the spec lists no call for the page itself).
 */
export class DigitalContentGroup extends HttpApiGroup.make("digitalContent").add(
  HttpApiEndpoint.post("createCustomerApiKey", `${digitalContentBase}/createCustomerApiKey`, {
    payload: CreateCustomerApiKey,
    success: CustomerApiKeyResponse,
    error: LoginRequired
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Creates an API key for the customer's digital content (§7)."),
  HttpApiEndpoint.get("getProductLicenseKeys", `${digitalContentBase}/getProductLicenseKeys`, {
    query: ProductLicenseKeysQuery,
    success: ProductLicenseKeys,
    error: [LoginRequired, NotFound]
  }).annotate(OpenApi.Description, "The license keys of a digital product the customer bought (§7)."),
  HttpApiEndpoint.post("updateCustomerApiKey", `${digitalContentBase}/updateCustomerApiKey`, {
    payload: UpdateCustomerApiKey,
    success: CustomerApiKeyResponse,
    error: [LoginRequired, NotFound]
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Renames, enables or disables one of the customer's API keys (§7)."),
  HttpApiEndpoint.get("getDigitalContent", `${digitalContentBase}/getDigitalContent`, {
    success: DigitalContentList,
    error: LoginRequired
  }).annotate(OpenApi.Description, "The digital products the customer bought and their API key, masked (§2 clientDigitalContent, ours).")
) {}
