/**
 * Shop content (spec §7 "Content, contact, outlets, adult"): a content page by title or by id. The contact page reads
 * its topic tree (`content.body`, a JSON string) and the upload limits (`config`) from it.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { NonBlankString, PositiveIdFromString } from "./requestFields.ts"
import { WireInt } from "./entities/wire.ts"
import { NotFound } from "./errors.ts"
import { SafeString } from "./entities/text.ts"

const ShopContentFields = {
  body: SafeString,
  id: Schema.optionalKey(WireInt),
  title: Schema.optionalKey(SafeString)
}

/** The schema type of {@link ShopContent}, named so that declarations refer to it instead of spelling it out. */
export interface ShopContentStruct extends Schema.Struct<typeof ShopContentFields> {}

/**
 * A content entry: its `body` (§7; for the contact page the JSON topic tree as a string, read by the domain's
 * `contactTopicTree`; HTML for other pages), and (ours) its `id` and `title`.
 */
export const ShopContent: ShopContentStruct = Schema.Struct(ShopContentFields)

/** Decoded type of {@link ShopContent}. */
export type ShopContent = typeof ShopContent.Type

const ContentConfigFields = {
  maxPostSize: WireInt,
  maxPostSizeFormatted: SafeString,
  maxFileSize: WireInt,
  maxFileSizeFormatted: SafeString
}

/** The schema type of {@link ContentConfig}, named so that declarations refer to it instead of spelling it out. */
export interface ContentConfigStruct extends Schema.Struct<typeof ContentConfigFields> {}

/**
 * The upload limits sent with a content (§7 `config`): the largest total post and single file, in bytes, and the
 * same formatted for display (§5 "shown formatted").
 */
export const ContentConfig: ContentConfigStruct = Schema.Struct(ContentConfigFields)

/** Decoded type of {@link ContentConfig}. */
export type ContentConfig = typeof ContentConfig.Type

const ShopContentResponseFields = {
  status: SafeString,
  content: ShopContent,
  config: Schema.optionalKey(ContentConfig)
}

/** The schema type of {@link ShopContentResponse}, named so that declarations refer to it instead of spelling it out. */
export interface ShopContentResponseStruct extends Schema.Struct<typeof ShopContentResponseFields> {}

/**
 * The answer of both content calls (§7 reads `status`, `content.body`, `config.*`): `status` is `ok` when found;
 * `config` comes with pages that take uploads (the contact page), absent otherwise (ours).
 */
export const ShopContentResponse: ShopContentResponseStruct = Schema.Struct(ShopContentResponseFields)

/** Decoded type of {@link ShopContentResponse}. */
export type ShopContentResponse = typeof ShopContentResponse.Type

const FindByTitleQueryFields = {
  title: NonBlankString,
  hash: Schema.optionalKey(SafeString)
}

/** The schema type of {@link FindByTitleQuery}, named so that declarations refer to it instead of spelling it out. */
export interface FindByTitleQueryStruct extends Schema.Struct<typeof FindByTitleQueryFields> {}

/**
 * The query of findByTitle (§7): the content `title` and `hash`, the shop config's `frontendHash` (optional here,
 * since the config may lack it; it versions the cached answer).
 */
export const FindByTitleQuery: FindByTitleQueryStruct = Schema.Struct(FindByTitleQueryFields)

/** Decoded type of {@link FindByTitleQuery}. */
export type FindByTitleQuery = typeof FindByTitleQuery.Type

const FindContentQueryFields = {
  contentId: PositiveIdFromString,
  hash: Schema.optionalKey(SafeString)
}

/** The schema type of {@link FindContentQuery}, named so that declarations refer to it instead of spelling it out. */
export interface FindContentQueryStruct extends Schema.Struct<typeof FindContentQueryFields> {}

/** The query of find (§7): the `contentId` and the `hash` (as for findByTitle). */
export const FindContentQuery: FindContentQueryStruct = Schema.Struct(FindContentQueryFields)

/** Decoded type of {@link FindContentQuery}. */
export type FindContentQuery = typeof FindContentQuery.Type

/** The content calls (§7), both read-only GETs answering {@link ShopContentResponse}, or 404 when unknown. */
export class ContentGroup extends HttpApiGroup.make("content").add(
  HttpApiEndpoint.get("findByTitle", "/api/shopContent/findByTitle", {
    query: FindByTitleQuery,
    success: ShopContentResponse,
    error: NotFound
  }).annotate(OpenApi.Description, "A content entry by title, with the upload limits for the contact page (§7)."),
  HttpApiEndpoint.get("find", "/api/shopContent/find", {
    query: FindContentQuery,
    success: ShopContentResponse,
    error: NotFound
  }).annotate(OpenApi.Description, "A content entry by id (§7).")
) {}
