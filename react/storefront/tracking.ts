/**
 * Tracking from the pages (spec §2 virtual pageviews, §4 tag data per step, §6 tracking only with
 * gdpr_personalization, §7 tracking API and cross-sell, §9 promo views debounced): hooks over the core's Tracking,
 * TagManager and CrossSell services. Tracking is fire-and-forget: nothing here rejects, and a send already started
 * outlives the component (a page change does not cancel the pageview it caused).
 *
 * @module
 */
import { useStoreValue } from "./storeValue.ts"
import { useEffect, useMemo, useRef } from "react"
import type { CrossSellClick } from "../../core/services/CrossSell.ts"
import type { PromoImpression } from "../../core/services/TagManager.ts"
import type { TagCheckoutStep } from "../../core/domain/tagManager.ts"
import type { TagStep } from "../../core/api/tagData.ts"
import type { PurchasedLine, ViewedProduct } from "../../core/domain/tracking.ts"
import { consentStateAtom } from "./atoms.ts"
import { useStorefront, type ServicesModule } from "./StorefrontProvider.tsx"
import type { Effect } from "effect"
import type { StorefrontServices } from "../../core/storefront.ts"

/** The tracking actions of the page; each settles once the event is handed to its service (never rejects). */
export interface TrackingActions {
  /** A product page was shown: a `view_item` event (the recently-viewed list records it). Needs consent (§6). */
  readonly productView: (product: ViewedProduct) => Promise<void>
  /** A search was shown with its number of results. Needs consent (§6). */
  readonly search: (query: string, total: number) => Promise<void>
  /**
   * A checkout step was shown (§2): its virtual pageview is pushed (to `window.dataLayer` without waiting for the
   * services when the provider's data layer is the browser's), the tag manager pushes its tag data (on confirmation
   * with the purchase id, §4) and the tracking client sends the checkout event with the step's title and flow number
   * (§5) once the services run. The rules load on demand, so a page that tracks does not carry them in its first load.
   */
  readonly checkoutStep: (step: TagCheckoutStep, title: string, purchaseId?: string) => Promise<void>
  /** An order was placed: one purchase item event per line, and the cross-sell clicks of its variants reported (§7). */
  readonly purchase: (orderId: string, lines: ReadonlyArray<PurchasedLine>) => Promise<void>
  /** A recommended product was followed: the click is kept for a later purchase (§9: 30 days). Needs consent. */
  readonly crossSellClick: (click: CrossSellClick) => Promise<void>
  /** A promotion (banner) was seen: batched, pushed 1500 ms after the last one (§9), and its impression counted (§7). */
  readonly promoView: (promotion: PromoImpression, bannerId?: number) => Promise<void>
  /** A promotion (banner) was followed: a promo click push and its hit counted (§7). */
  readonly promoClick: (promotion: PromoImpression, bannerId?: number) => Promise<void>
}

/** The event name of a followed promotion (not shown; ours, the enhanced-ecommerce name). */
export const promoClickEventName = "promoClick"

/** The page's tracking actions. */
export const useTracking = (): TrackingActions => {
  const { runWith, shop, tracking, browserDataLayer } = useStorefront()
  return useMemo(() => {
    const fire = <A, E>(build: (m: ServicesModule) => Effect.Effect<A, E, StorefrontServices>): Promise<void> =>
      // Events wait for the services rather than starting them (a deferred start, on the shopper's first interaction).
      runWith(build, undefined, { start: false }).then(() => undefined, () => undefined)
    return {
      productView: (product) =>
        fire((m) => m.Tracking.use((t) => t.track({ type: m.trackingEventTypes.productView, properties: m.productViewProperties(product) }))),
      search: (query, total) =>
        fire((m) => m.Tracking.use((t) => t.track({ type: m.trackingEventTypes.search, properties: m.searchProperties(query, total) }))),
      checkoutStep: (step, title, purchaseId) => {
        // A step's virtual pageview (§2) goes to the browser's data layer without the services (a full load of the cart
        // does not start them for it), then its tag data (§4, an API call) once they run. Otherwise (another data layer,
        // the module not loaded, a push that threw) the tag manager service pushes both.
        const pushed: Promise<TagStep | undefined> = browserDataLayer === true
          ? import("./checkoutPageview.ts").then((pageview) =>
            pageview.pushCheckoutPageview(shop, tracking, step).then((done) => done ? pageview.tagStepOf(step) : undefined), () => undefined)
          : Promise.resolve(undefined)
        return Promise.all([
          pushed.then((tagStep) =>
            fire((m) => m.TagManager.use((tm) => tagStep === undefined ? tm.checkoutStep(step, purchaseId) : tm.tagStep(tagStep, purchaseId)))),
          fire((m) => m.Tracking.use((t) => t.trackCheckout(title, m.checkoutStepTable[step].flowNumber)))
        ]).then(() => undefined)
      },
      purchase: (orderId, lines) =>
        Promise.all([
          fire((m) => m.Tracking.use((t) => t.trackPurchase(orderId, m.purchaseItemSourcesOf(lines)))),
          fire((m) =>
            m.CrossSell.use((c) =>
              c.purchase({
                transactionId: orderId,
                productIds: lines.flatMap((line) => line.variantId === undefined ? [] : [line.variantId])
              })))
        ]).then(() => undefined),
      crossSellClick: (click) => fire((m) => m.CrossSell.use((c) => c.recordClick(click))),
      promoView: (promotion, bannerId) =>
        Promise.all([
          fire((m) => m.TagManager.use((tm) => tm.promoView(promotion))),
          bannerId === undefined ? Promise.resolve() : fire((m) => m.Banners.use((b) => b.impression(bannerId)))
        ]).then(() => undefined),
      promoClick: (promotion, bannerId) =>
        Promise.all([
          fire((m) => m.TagManager.use((tm) => tm.push({ event: promoClickEventName, ecommerce: { promoClick: { promotions: [promotion] } } }))),
          bannerId === undefined ? Promise.resolve() : fire((m) => m.Banners.use((b) => b.hit(bannerId)))
        ]).then(() => undefined)
    }
  }, [runWith, shop, tracking, browserDataLayer])
}

/** Whether tracking may run (§6: gdpr_personalization given); false until the consent service has run. */
export const useTrackingAllowed = (): boolean => useStoreValue(consentStateAtom)?.gates.tracking === true

/**
 * Runs `fire` once per `key` as soon as `ready` holds (a page waits for the consent gate, or for its data); a new key
 * fires again.
 */
export const useOncePerKey = (key: string | undefined, ready: boolean, fire: () => void): void => {
  const done = useRef<string | undefined>(undefined)
  const latest = useRef(fire)
  latest.current = fire
  useEffect(() => {
    if (key === undefined || !ready || done.current === key) return
    done.current = key
    latest.current()
  }, [key, ready])
}

/** Tracks the view of the product shown, once per variant, once consent allows it (§6). */
export const useProductViewTracking = (product: ViewedProduct | undefined): void => {
  const tracking = useTracking()
  const allowed = useTrackingAllowed()
  useOncePerKey(product === undefined ? undefined : String(product.variantId), allowed, () => {
    if (product !== undefined) void tracking.productView(product)
  })
}

/** Tracks a search shown, once per query and result count, once consent allows it (§6). */
export const useSearchTracking = (query: string, total: number): void => {
  const tracking = useTracking()
  const allowed = useTrackingAllowed()
  const trimmed = query.trim()
  useOncePerKey(trimmed === "" ? undefined : `${trimmed}|${total}`, allowed, () => void tracking.search(trimmed, total))
}

/**
 * Tracks the checkout step shown (§2: its virtual pageview, tag data and checkout event), once per step and purchase
 * id; `step` undefined while the page does not yet know which step it shows. On the confirmation, with the order
 * placed, also the purchase (once consent allows it, §6).
 */
export const useCheckoutStepTracking = (
  step: TagCheckoutStep | undefined,
  title: string,
  purchase?: { readonly orderId: string; readonly lines: ReadonlyArray<PurchasedLine> } | undefined
): void => {
  const tracking = useTracking()
  const allowed = useTrackingAllowed()
  const purchaseId = step === "confirmation" ? purchase?.orderId : undefined
  // The confirmation waits for its purchase id (the tag data of step 5 carries it, §4).
  const key = step === undefined || (step === "confirmation" && purchaseId === undefined) ? undefined : `${step}|${purchaseId ?? ""}`
  useOncePerKey(key, true, () => {
    if (step !== undefined) void tracking.checkoutStep(step, title, purchaseId)
  })
  useOncePerKey(purchaseId, allowed, () => {
    if (purchase !== undefined) void tracking.purchase(purchase.orderId, purchase.lines)
  })
}
