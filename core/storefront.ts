/**
 * The front door of the core: one layer with every storefront service wired together over the shop
 * API, for a browser, a Node script or a test. Pick the transport (`fetch` in browsers and Node, an
 * in-process handler in tests) and the storage; everything else follows the shop.
 *
 * ```ts
 * const runtime = ManagedRuntime.make(Storefront.layer({ shop: shopById("CZ10MA"), baseUrl: "http://127.0.0.1:3000" }))
 * const cart = await runtime.runPromise(Effect.flatMap(Cart, (cart) => cart.load))
 * ```
 *
 * @module
 */
import { Effect, Layer, Stream, SubscriptionRef } from "effect"
import { FetchHttpClient, HttpClient } from "effect/http"
import { callPolicyLayer, cookieJarLayer, ShopApiClient, type ShopCallContext } from "./api/client.ts"
import type { Shop } from "./domain/shop.ts"
import { Account } from "./services/Account.ts"
import { AccountClubs } from "./services/AccountClubs.ts"
import { Cart } from "./services/Cart.ts"
import { Catalog } from "./services/Catalog.ts"
import { Financing } from "./services/Financing.ts"
import { Catalogue } from "./services/Catalogue.ts"
import { Checkout, CheckoutConfig, CheckoutCustomerId } from "./services/Checkout.ts"
import { Consent } from "./services/Consent.ts"
import { Contact } from "./services/Contact.ts"
import { Content } from "./services/Content.ts"
import { Legal } from "./services/Legal.ts"
import { AccountProducts } from "./services/AccountProducts.ts"
import { LiveData } from "./services/LiveData.ts"
import { Menu } from "./services/Menu.ts"
import { Searching } from "./services/Searching.ts"
import { Outlets } from "./services/Outlets.ts"
import { Signals } from "./services/Signals.ts"
import { Storage } from "./services/Storage.ts"
import { Widgets } from "./services/Widgets.ts"
import { Wishlist } from "./services/Wishlist.ts"
import { analyticsLayer, type StorefrontTrackingOptions } from "./storefrontAnalytics.ts"
import type { CrossSell } from "./services/CrossSell.ts"
import type { Banners } from "./services/Banners.ts"
import type { DataLayer, TagManager } from "./services/TagManager.ts"
import type { Tracking } from "./services/Tracking.ts"

/** Where the side APIs live, relative to the shop's base URL. */
export const sideApiPaths = {
  /** The product API (§7). */
  productApi: "/product-api",
  /** The recently-viewed API (§7). */
  recentlyViewedApi: "/recently-viewed-api",
  /** The live-data stream of cart changes. */
  live: "/api/live",
  /** The tracking API (§7). */
  trackingApi: "/tracking-api"
} as const

/** How to build the storefront. */
export interface StorefrontOptions {
  /** The shop the calls are for. */
  readonly shop: Shop
  /** The shop's origin, e.g. `https://shop.example` (empty: same origin, in a browser). */
  readonly baseUrl: string
  /** The session's CSRF token and cart id when the page already knows them (server-rendered). */
  readonly session?: { readonly csrfToken?: string | undefined; readonly cartId?: number | undefined }
  /** Whether the browser can pay with a wallet (§5), when known. */
  readonly walletSupported?: boolean | undefined
  /**
   * The HTTP transport: `"fetch"` (browsers; cookies are the browser's), `"fetch-with-cookie-jar"`
   * (Node scripts: a cookie jar of their own), or a layer (tests: an in-process handler).
   */
  readonly transport?: "fetch" | "fetch-with-cookie-jar" | Layer.Layer<HttpClient.HttpClient>
  /** The storage port (cookies and localStorage); memory when absent. */
  readonly storage?: Layer.Layer<Storage>
  /** Whether to follow the server's live cart changes (server-sent events); default on. */
  readonly liveData?: boolean
  /** The tracking client, tag manager and cross-sell tracker (§4, §6, §7, §9); defaults in {@link StorefrontTrackingOptions}. */
  readonly tracking?: StorefrontTrackingOptions
  /** The tag manager's data layer (`window.dataLayer` in a browser, from react/); memory when absent. */
  readonly dataLayer?: Layer.Layer<DataLayer>
}

/** Every service {@link layer} provides. */
export type StorefrontServices =
  | Account
  | AccountClubs
  | Cart
  | Catalog
  | Catalogue
  | Checkout
  | CheckoutConfig
  | CheckoutCustomerId
  | Consent
  | Contact
  | Content
  | Legal
  | LiveData
  | Menu
  | Searching
  | Outlets
  | Signals
  | Storage
  | Widgets
  | Wishlist
  | Tracking
  | TagManager
  | CrossSell
  | Banners
  | DataLayer
  | ShopApiClient
  | HttpClient.HttpClient
  | AccountProducts
  | Financing

/** `fetch` looked up at each call, so a tool that wraps `window.fetch` later (the debug panel) sees the calls. */
const lateFetch = Layer.succeed(FetchHttpClient.Fetch, ((input, init) => globalThis.fetch(input, init)) as typeof globalThis.fetch)

const transportOf = (transport: StorefrontOptions["transport"]): Layer.Layer<HttpClient.HttpClient> => {
  if (transport === undefined || transport === "fetch") return Layer.provideMerge(FetchHttpClient.layer, lateFetch)
  if (transport === "fetch-with-cookie-jar") return cookieJarLayer().pipe(Layer.provide(FetchHttpClient.layer))
  return transport
}

/**
 * Every storefront service over the shop API of `options.baseUrl`: cart, checkout (its customer id
 * follows the account), account, wishlist, consent, legal, content, contact, outlets, catalog,
 * catalogue browsing, widgets, the mega-menu's layers, live data, signals and storage.
 */
export const layer = (options: StorefrontOptions): Layer.Layer<StorefrontServices> => {
  const initial: ShopCallContext = {
    shopId: options.shop.shopId,
    csrfToken: options.session?.csrfToken === "" ? undefined : options.session?.csrfToken,
    cartId: options.session?.cartId === 0 ? undefined : options.session?.cartId,
    walletSupported: options.walletSupported
  }
  const http = transportOf(options.transport)
  const client = Layer.mergeAll(ShopApiClient.layer(options.baseUrl), Signals.layer).pipe(
    Layer.provideMerge(callPolicyLayer(initial)),
    Layer.provideMerge(http)
  )
  const base = Layer.mergeAll(
    options.storage ?? Storage.layerMemory,
    options.liveData === false ? LiveData.layerMemory : LiveData.layerSse(`${options.baseUrl}${sideApiPaths.live}`),
    CheckoutConfig.layer({ shop: options.shop, walletSupported: options.walletSupported }),
    CheckoutCustomerId.layer
  ).pipe(Layer.provideMerge(client))
  const account = Account.layer.pipe(Layer.provideMerge(base))
  const people = Layer.mergeAll(Wishlist.layer, Consent.layer, Legal.layer, Content.layer, Outlets.layer, AccountClubs.layer).pipe(
    Layer.provideMerge(account)
  )
  const cart = Cart.layer.pipe(Layer.provideMerge(people))
  const analytics = analyticsLayer({
    shop: options.shop,
    trackingApiUrl: `${options.baseUrl}${sideApiPaths.trackingApi}`,
    ...(options.tracking === undefined ? {} : { tracking: options.tracking }),
    ...(options.dataLayer === undefined ? {} : { dataLayer: options.dataLayer })
  }).pipe(Layer.provideMerge(cart))
  return Layer.mergeAll(
    Checkout.layer,
    Widgets.layer,
    Contact.layer,
    Catalogue.layer,
    Menu.layer(options.shop.shopId),
    Searching.layer,
    Catalog.layer({
      productApiUrl: `${options.baseUrl}${sideApiPaths.productApi}`,
      recentlyViewedApiUrl: `${options.baseUrl}${sideApiPaths.recentlyViewedApi}`
    }),
    AccountProducts.layer,
    Financing.layer
  ).pipe(Layer.provideMerge(Layer.merge(analytics, customerIdFollowsAccount.pipe(Layer.provide(cart)))))
}

/**
 * The checkout's customer id (§2: the 3 s wait of a step change) follows the account: the customer's
 * id once logged in, null for a guest.
 */
export const customerIdFollowsAccount: Layer.Layer<never, never, Account | CheckoutCustomerId> = Layer.effectDiscard(
  Effect.gen(function*() {
    const account = yield* Account
    const customerId = yield* CheckoutCustomerId
    yield* Effect.forkScoped(
      Stream.runForEach(SubscriptionRef.changes(account.state), ({ customer }) =>
        SubscriptionRef.set(customerId, customer?.isLogged === true && typeof customer.id === "number" ? customer.id : null))
    )
  })
)
