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

/**
 * A watchdog: its `watchdogId`, the watched variant (`variantId`, `productId`, `title`, product `url` and image
 * `mediaId`), its `price` and `currency` and whether it is `inStock` now, what is watched (`priceLimit`, null when
 * the price is not; `watchAvailability`) and when it was set (`createdTs`, seconds).
 */
export const Watchdog = Schema.Struct({
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
})

/** Decoded type of {@link Watchdog}. */
export type Watchdog = typeof Watchdog.Type

/** The customer's watchdogs in the shop, newest first. */
export const WatchdogList = Schema.Struct({
  watchdogs: Schema.Array(Watchdog)
})

/** Decoded type of {@link WatchdogList}. */
export type WatchdogList = typeof WatchdogList.Type

/**
 * The body of `add`: the `variantId`, the `priceLimit` (a positive amount with at most two decimals, or null) and
 * `watchAvailability`. Watching a variant again replaces what was watched. The rule (`watchdogRequestProblem` in
 * core/domain/watchdog.ts) is checked by the server: 422 `field: "priceLimit"` when nothing is watched or the limit
 * is not an amount.
 */
export const AddWatchdog = Schema.Struct({
  variantId: PositiveId,
  priceLimit: Schema.NullOr(Schema.Finite),
  watchAvailability: Schema.Boolean
})

/** Decoded type of {@link AddWatchdog}. */
export type AddWatchdog = typeof AddWatchdog.Type

/** The answer of `add`: the watchdog as stored. */
export const WatchdogResult = Schema.Struct({
  watchdog: Watchdog
})

/** Decoded type of {@link WatchdogResult}. */
export type WatchdogResult = typeof WatchdogResult.Type

/** The body of `remove`: the `watchdogId` of one of the caller's watchdogs. */
export const RemoveWatchdog = Schema.Struct({
  watchdogId: PositiveId
})

/** Decoded type of {@link RemoveWatchdog}. */
export type RemoveWatchdog = typeof RemoveWatchdog.Type

/** The answer of `remove`: the removed `watchdogId`. */
export const WatchdogRemoved = Schema.Struct({
  watchdogId: WireInt
})

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
