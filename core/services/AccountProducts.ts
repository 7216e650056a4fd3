/**
 * The account's product pages (spec §2 clientDigitalContent, clientWatchdog, clientRankingList; §7 digital content
 * and review calls; the watchdog calls are ours): what the customer bought as digital content and its licence keys,
 * their API key, their product watchdogs, and their ranking list (their reviews and the bought products still to
 * rate). The pages render the first answer on the server; this service makes the calls a page makes afterwards.
 *
 * Stateless: each method is one call (state-changing ones after making sure the session carries its csrf token) and
 * fails with {@link CallFailed}, leaving it to the page what to show (a 422's message is the server's text).
 *
 * @module
 */
import { Context, Effect, Layer } from "effect"
import { ShopApiClient, ShopCallState } from "../api/client.ts"
import type { CustomerApiKey, DigitalContentList, LicenseKey } from "../api/digitalContent.ts"
import type { CustomerReviews, Review, UpdateReview } from "../api/reviews.ts"
import type { AddWatchdog, Watchdog } from "../api/watchdog.ts"
import { callFailed, type CallFailed } from "./failures.ts"
import { ensureSession } from "./session.ts"

/** The account product pages' calls. */
export interface AccountProductsShape {
  /** The digital products the customer bought and their API key (masked). */
  readonly digitalContent: Effect.Effect<DigitalContentList, CallFailed>
  /** The licence keys of a product of an order (issued on first request, one per piece). */
  readonly licenseKeys: (purchaseId: number, productId: number) => Effect.Effect<ReadonlyArray<LicenseKey>, CallFailed>
  /** Creates (or replaces) the customer's API key; the answer carries the secret, shown this once. */
  readonly createApiKey: (name?: string) => Effect.Effect<CustomerApiKey, CallFailed>
  /** Enables or disables the customer's API key; the answer carries it masked. */
  readonly setApiKeyActive: (apiKeyId: number, active: boolean) => Effect.Effect<CustomerApiKey, CallFailed>
  /** The customer's watchdogs with the price and stock now. */
  readonly watchdogs: Effect.Effect<ReadonlyArray<Watchdog>, CallFailed>
  /** Watches a variant (again: replaces what is watched). */
  readonly watch: (request: AddWatchdog) => Effect.Effect<Watchdog, CallFailed>
  /** Stops a watchdog. */
  readonly unwatch: (watchdogId: number) => Effect.Effect<void, CallFailed>
  /** The customer's ranking list: their reviews and the bought products still to rate. */
  readonly rankings: Effect.Effect<CustomerReviews, CallFailed>
  /** Changes one of the customer's reviews. */
  readonly updateReview: (change: UpdateReview) => Effect.Effect<Review, CallFailed>
}

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const callState = yield* ShopCallState
  const read = <A, E>(operation: string, call: Effect.Effect<A, E>) =>
    call.pipe(Effect.mapError((error) => callFailed(operation, error)), Effect.withSpan(`AccountProducts.${operation}`))
  const change = <A, E>(operation: string, call: Effect.Effect<A, E>) =>
    read(operation, Effect.andThen(ensureSession(api, callState), call))

  return AccountProducts.of({
    digitalContent: read("digitalContent", api.digitalContent.getDigitalContent()),
    licenseKeys: (purchaseId, productId) =>
      read("licenseKeys", api.digitalContent.getProductLicenseKeys({ query: { purchaseId, productId } })).pipe(
        Effect.map((answer) => answer.licenseKeys)
      ),
    createApiKey: (name) =>
      change("createApiKey", api.digitalContent.createCustomerApiKey({ payload: name === undefined || name.trim() === "" ? {} : { name } }))
        .pipe(Effect.map((answer) => answer.apiKey)),
    setApiKeyActive: (apiKeyId, active) =>
      change("setApiKeyActive", api.digitalContent.updateCustomerApiKey({ payload: { apiKeyId, active } })).pipe(
        Effect.map((answer) => answer.apiKey)
      ),
    watchdogs: read("watchdogs", api.watchdog.list()).pipe(Effect.map((answer) => answer.watchdogs)),
    watch: (request) => change("watch", api.watchdog.add({ payload: request })).pipe(Effect.map((answer) => answer.watchdog)),
    unwatch: (watchdogId) => change("unwatch", api.watchdog.remove({ payload: { watchdogId } })).pipe(Effect.asVoid),
    rankings: read("rankings", api.reviews.getCustomerReviews()),
    updateReview: (update) => change("updateReview", api.reviews.updateReview({ payload: update })).pipe(Effect.map((answer) => answer.review))
  })
})

/** The account product pages' service: see {@link AccountProductsShape}. */
export class AccountProducts extends Context.Service<AccountProducts, AccountProductsShape>()("storefront/AccountProducts") {
  /** Over the shop API client and its call state. */
  static readonly layer = Layer.effect(AccountProducts, make)
}
