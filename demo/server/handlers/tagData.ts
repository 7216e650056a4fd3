/**
 * Tag-manager data (group `tagData`, spec §2 page numbers, §4 prefetch and purchase-id placeholder, §5 unit
 * prices, §7): plausible data-layer JSON per step built from the cart, the last order and the customer. Read-only.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { checkoutFlashKeys, errorStatus, flash, okResponseStatus } from "../domain/checkout/common.ts"
import { currentTagStep, dimension17, removedProductTagData, tagDataFor, transformDimensionData } from "../domain/checkout/tagData.ts"

/** The handlers of the tagData group. */
export const TagDataHandlers = HttpApiBuilder.group(ShopApi, "tagData", (handlers) =>
  handlers
    .handle("loadGtm", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(tagDataFor(session, query.step))
      }))
    .handle("checkGtm", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const data = yield* orDieOnSql(tagDataFor(session, query.step))
        return { status: data.status, step: data.step, queue: data.queue }
      }))
    .handle("transformDimensionData", ({ query }) =>
      Effect.sync(() => {
        const transformed = transformDimensionData(query.data)
        return transformed === undefined
          ? { status: errorStatus(flash(checkoutFlashKeys.dimensionDataInvalid, "warning")) }
          : { status: okResponseStatus, dataLayerDirectData: transformed }
      }))
    .handle("removedProduct", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(removedProductTagData(session, query.productId))
      }))
    .handle("checkout", ({ query }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const step = query.step ?? (yield* orDieOnSql(currentTagStep(session)))
        return yield* orDieOnSql(tagDataFor(session, step))
      }))
    .handle("dimension17", () =>
      Effect.gen(function*() {
        const session = yield* Session
        return { status: okResponseStatus, dimension17: yield* orDieOnSql(dimension17(session)) }
      })))
