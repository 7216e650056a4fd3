/**
 * The product watchdog (spec §2 clientWatchdog; its calls are not shown: paths, methods and shapes are ours, under
 * {@link watchdogBase}). A logged-in customer watches a variant's price (a limit) and/or its availability; the
 * account lists the watchdogs with the variant's price and stock now, and removes them.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { PositiveId } from "./requestFields.ts"
import { WireInt, WireNumber } from "./entities/wire.ts"
import { LoginRequired, NotFound, Unprocessable } from "./errors.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

/** The base path of the watchdog calls (ours). */
export const watchdogBase = "/api/watchdog"

const WatchdogFields = {
  watchdogId: WireInt,
  variantId: WireInt,
  productId: WireInt,
  title: SafeString,
  url: Schema.optionalKey(SafeString),
  mediaId: Schema.optionalKey(SafeString),
  price: WireNumber,
  currency: SafeString,
  inStock: Schema.Boolean,
  priceLimit: Schema.NullOr(WireNumber),
  watchAvailability: Schema.Boolean,
  createdTs: WireInt
}

/** The schema type of {@link Watchdog}, named so that declarations refer to it instead of spelling it out. */
export interface WatchdogStruct extends Schema.Struct<typeof WatchdogFields> {}

/**
 * A watchdog: its `watchdogId`, the watched variant (`variantId`, `productId`, `title`, product `url` and image
 * `mediaId`), its `price` and `currency` and whether it is `inStock` now, what is watched (`priceLimit`, null when
 * the price is not; `watchAvailability`) and when it was set (`createdTs`, seconds).
 */
export const Watchdog: WatchdogStruct = Schema.Struct(WatchdogFields)

/** Decoded type of {@link Watchdog}. */
export type Watchdog = typeof Watchdog.Type

const WatchdogListFields = {
  watchdogs: Schema.Array(Watchdog)
}

/** The schema type of {@link WatchdogList}, named so that declarations refer to it instead of spelling it out. */
export interface WatchdogListStruct extends Schema.Struct<typeof WatchdogListFields> {}

/** The customer's watchdogs in the shop, newest first. */
export const WatchdogList: WatchdogListStruct = Schema.Struct(WatchdogListFields)

/** Decoded type of {@link WatchdogList}. */
export type WatchdogList = typeof WatchdogList.Type

const AddWatchdogFields = {
  variantId: PositiveId,
  priceLimit: Schema.NullOr(Schema.Finite),
  watchAvailability: Schema.Boolean
}

/** The schema type of {@link AddWatchdog}, named so that declarations refer to it instead of spelling it out. */
export interface AddWatchdogStruct extends Schema.Struct<typeof AddWatchdogFields> {}

/**
 * The body of `add`: the `variantId`, the `priceLimit` (a positive amount with at most two decimals, or null) and
 * `watchAvailability`. Watching a variant again replaces what was watched. The rule (`watchdogRequestProblem` in
 * core/domain/watchdog.ts) is checked by the server: 422 `field: "priceLimit"` when nothing is watched or the limit
 * is not an amount.
 */
export const AddWatchdog: AddWatchdogStruct = Schema.Struct(AddWatchdogFields)

/** Decoded type of {@link AddWatchdog}. */
export type AddWatchdog = typeof AddWatchdog.Type

const WatchdogResultFields = {
  watchdog: Watchdog
}

/** The schema type of {@link WatchdogResult}, named so that declarations refer to it instead of spelling it out. */
export interface WatchdogResultStruct extends Schema.Struct<typeof WatchdogResultFields> {}

/** The answer of `add`: the watchdog as stored. */
export const WatchdogResult: WatchdogResultStruct = Schema.Struct(WatchdogResultFields)

/** Decoded type of {@link WatchdogResult}. */
export type WatchdogResult = typeof WatchdogResult.Type

const RemoveWatchdogFields = {
  watchdogId: PositiveId
}

/** The schema type of {@link RemoveWatchdog}, named so that declarations refer to it instead of spelling it out. */
export interface RemoveWatchdogStruct extends Schema.Struct<typeof RemoveWatchdogFields> {}

/** The body of `remove`: the `watchdogId` of one of the caller's watchdogs. */
export const RemoveWatchdog: RemoveWatchdogStruct = Schema.Struct(RemoveWatchdogFields)

/** Decoded type of {@link RemoveWatchdog}. */
export type RemoveWatchdog = typeof RemoveWatchdog.Type

const WatchdogRemovedFields = {
  watchdogId: WireInt
}

/** The schema type of {@link WatchdogRemoved}, named so that declarations refer to it instead of spelling it out. */
export interface WatchdogRemovedStruct extends Schema.Struct<typeof WatchdogRemovedFields> {}

/** The answer of `remove`: the removed `watchdogId`. */
export const WatchdogRemoved: WatchdogRemovedStruct = Schema.Struct(WatchdogRemovedFields)

/**
 * The watchdog calls, all for a logged-in customer (401 otherwise): `list` (GET), `add` and `remove` (POST,
 * CSRF-protected). 404 for a variant not sold in the shop or a watchdog not the caller's; 422 for a request that
 * watches nothing, a bad limit, or more than the most watchdogs a customer keeps (`field: "watchdogs"`).
 */
export class WatchdogGroup extends HttpApiGroup.make("watchdog").add(
  HttpApiEndpoint.get("list", `${watchdogBase}/list`, {
    success: WatchdogList,
    error: LoginRequired
  }).annotate(OpenApi.Description, "The logged-in customer's watchdogs with the price and stock now (§2 clientWatchdog, ours)."),
  HttpApiEndpoint.post("add", `${watchdogBase}/add`, {
    payload: AddWatchdog,
    success: WatchdogResult,
    error: [LoginRequired, NotFound, Unprocessable]
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Watches a variant's price and/or availability (§2 clientWatchdog, ours)."),
  HttpApiEndpoint.post("remove", `${watchdogBase}/remove`, {
    payload: RemoveWatchdog,
    success: WatchdogRemoved,
    error: [LoginRequired, NotFound]
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Stops one of the customer's watchdogs (§2 clientWatchdog, ours).")
) {}
