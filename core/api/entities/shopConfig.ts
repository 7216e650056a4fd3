/**
 * The shop configuration the page hands to the client (spec §3 "Shop config").
 *
 * @module
 */
import { Schema } from "effect"
import { shopIds } from "../../domain/shop.ts"
import { WireInt, WireString } from "./wire.ts"

/** A shop id of the shop table (core/domain/shop.ts). */
export const ShopIdSchema = Schema.Literals(shopIds)

const ShopConfigFields = {
  shopId: ShopIdSchema,
  shopIds: Schema.optionalKey(Schema.Record(Schema.String, WireString)),
  languageId: Schema.optionalKey(WireInt),
  frontendHash: Schema.optionalKey(Schema.String),
  urlKeys: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  partnerSiSLink: Schema.optionalKey(Schema.String)
}

/** The schema type of {@link ShopConfig}, named so that declarations refer to it instead of spelling it out. */
export interface ShopConfigStruct extends Schema.Struct<typeof ShopConfigFields> {}

/**
 * The shop config (§3): `shopId` (required, one of the shop table), `shopIds` (named shop ids such as
 * `CZ_{product}`), `languageId`, `frontendHash` (sent as `hash` to the content API, §7), `urlKeys` (named URL to
 * path, §2) and `partnerSiSLink`.
 */
export const ShopConfig: ShopConfigStruct = Schema.Struct(ShopConfigFields)

/** Decoded type of {@link ShopConfig}. */
export type ShopConfig = typeof ShopConfig.Type
