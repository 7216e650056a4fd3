/**
 * The analytics part of the storefront layer (spec §4 tracking transport, §6 consent gate, §7 tracking API and
 * cross-sell, §9 cookie, delays): the tracking client, the tag manager and the cross-sell tracker over the shop's
 * consent, account and storage, and the data layer the tag manager pushes to.
 *
 * @module
 */
import { Effect, Layer, SubscriptionRef } from "effect"
import type { HttpClient } from "effect/http"
import type { ShopApiClient, ShopCallState } from "./api/client.ts"
import { Banners } from "./services/Banners.ts"
import type { Shop } from "./domain/shop.ts"
import { localisedVirtualPageviews, type TagCheckoutStep, type VirtualPageviewConfig } from "./domain/tagManager.ts"
import { trackingPageOf } from "./domain/tracking.ts"
import { Account } from "./services/Account.ts"
import { Consent } from "./services/Consent.ts"
import { CrossSell, CrossSellOptions } from "./services/CrossSell.ts"
import { Storage } from "./services/Storage.ts"
import { DataLayer, TagManager, TagManagerOptions } from "./services/TagManager.ts"
import { Tracking, TrackingOptions, type TrackingCustomer, type TrackingEnvironment } from "./services/Tracking.ts"

/** The version the tracking client reports with its errors (§8). */
export const trackingClientVersion = "storefront-0.1.0"

/** The analytics cookie of the tag manager, whose client id the cross-sell report carries (`GA1.1.<id>`). */
export const analyticsClientCookie = "_ga"

/** How the storefront tracks (all optional). */
export interface StorefrontTrackingOptions {
  /** Debug mode: events are POSTed (§4) and the page shows what it sends. */
  readonly debug?: boolean | undefined
  /** The tracking API's base URL; default the shop's own `/tracking-api`; `null` turns tracking off (§5). */
  readonly apiUrl?: string | null | undefined
  /** The tracking cookie's name (§9); default the fixed analytics name. */
  readonly cookieName?: string | undefined
  /** The client version reported with errors (§8); default {@link trackingClientVersion}. */
  readonly version?: string | undefined
  /** The checkout steps' virtual pageview texts (§2); default the step locations with `stepTitles` (else the step names) as titles. */
  readonly virtualPageviews?: VirtualPageviewConfig | undefined
  /** The checkout steps' titles in the shopper's language, for the default virtual pageview texts. */
  readonly stepTitles?: { readonly [K in TagCheckoutStep]?: string } | undefined
  /** The page and user agent of an event; default read from `globalThis.location`, `document` and `navigator`. */
  readonly environment?: Effect.Effect<TrackingEnvironment> | undefined
}

/** The page and browser the code runs in, read at each event (empty in a script without a page). */
export const globalTrackingEnvironment: Effect.Effect<TrackingEnvironment> = Effect.sync(() => {
  const host = globalThis as { location?: { href?: string }; document?: { referrer?: string }; navigator?: { userAgent?: string } }
  const userAgent = host.navigator?.userAgent ?? ""
  return {
    page: trackingPageOf({ href: host.location?.href ?? "", referrer: host.document?.referrer ?? "", userAgent }),
    userAgent
  }
})

/** The client id of a `_ga` cookie value (`GA1.1.123.456` → `123.456`), or undefined. */
export const analyticsClientIdOf = (cookie: string | undefined): string | undefined => {
  const match = /^GA\d+\.\d+\.(\d+\.\d+)$/.exec(cookie?.trim() ?? "")
  return match?.[1]
}

/** What {@link analyticsLayer} needs besides the services. */
export interface AnalyticsLayerOptions {
  /** The shop (its cart url key gives the virtual pageview urls). */
  readonly shop: Shop
  /** The shop's tracking API (used unless `tracking.apiUrl` says otherwise). */
  readonly trackingApiUrl: string
  /** The storefront's tracking options. */
  readonly tracking?: StorefrontTrackingOptions
  /** The data layer; memory when absent. */
  readonly dataLayer?: Layer.Layer<DataLayer>
}

/**
 * Tracking, TagManager, CrossSell, the banner counters and the DataLayer, over the Consent service's consents (tracking and cross-sell run
 * only with gdpr_personalization, §6), the Account service's customer and the storage port.
 */
export const analyticsLayer = (
  options: AnalyticsLayerOptions
): Layer.Layer<
  Tracking | TagManager | CrossSell | Banners | DataLayer,
  never,
  Account | Consent | Storage | ShopApiClient | ShopCallState | HttpClient.HttpClient
> => {
  const tracking = options.tracking ?? {}
  /** The consents and the customer, read from the services at each event. */
  const shopper = Effect.gen(function*() {
    const consent = yield* Consent
    const account = yield* Account
    const customer: Effect.Effect<TrackingCustomer> = Effect.map(SubscriptionRef.get(account.state), ({ customer }) =>
      customer?.isLogged === true && typeof customer.id === "number" ? { customerId: customer.id } : {})
    return { consents: Effect.map(SubscriptionRef.get(consent.state), (state) => state.consents), customer }
  })
  const trackingOptions = Layer.effect(
    TrackingOptions,
    Effect.map(shopper, ({ consents, customer }) =>
      TrackingOptions.of({
        apiUrl: tracking.apiUrl === undefined ? options.trackingApiUrl : tracking.apiUrl,
        debug: tracking.debug === true,
        cookieName: tracking.cookieName,
        version: tracking.version ?? trackingClientVersion,
        consents,
        customer,
        environment: tracking.environment ?? globalTrackingEnvironment
      }))
  )
  const trackingLayer = Tracking.layer.pipe(Layer.provide(trackingOptions))
  const crossSellOptions = Layer.effect(
    CrossSellOptions,
    Effect.gen(function*() {
      const { consents, customer } = yield* shopper
      const tracker = yield* Tracking
      const storage = yield* Storage
      const visitor = Effect.gen(function*() {
        const who = yield* customer
        const cookieId = (yield* tracker.cookieId) ?? ""
        const ga = analyticsClientIdOf(yield* storage.get("cookies", analyticsClientCookie))
        const user = who.customerId === undefined || who.customerId === null ? cookieId : String(who.customerId)
        return { user, gaClientId: ga ?? cookieId }
      })
      return CrossSellOptions.of({ consents, visitor })
    })
  )
  const crossSellLayer = CrossSell.layer.pipe(Layer.provide(crossSellOptions), Layer.provide(trackingLayer))
  const dataLayer = options.dataLayer ?? DataLayer.layerMemory
  const tagManagerLayer = TagManager.layer.pipe(
    Layer.provide(
      TagManagerOptions.layer({
        virtualPageviews: tracking.virtualPageviews ?? localisedVirtualPageviews(options.shop, (step) => tracking.stepTitles?.[step] ?? step)
      })
    )
  )
  return Layer.mergeAll(trackingLayer, crossSellLayer, tagManagerLayer, Banners.layer).pipe(Layer.provideMerge(dataLayer))
}
