/**
 * Tag-manager analytics (spec §2 checkout table and virtual pageviews, §4 tag data per step, §5 queued prices, §8
 * debug events, §9 load delay 300 ms and promo views debounced 1500 ms).
 *
 * The tag manager reads a data layer: {@link DataLayer} is that port (`push(event)`); the browser layer over
 * `window.dataLayer` lives in react/, {@link DataLayer.layerMemory} collects pushes in memory. {@link TagManager}
 * pushes a virtual pageview per checkout step, the step's tag data from `/api/gtm/checkout?step=`, prefetches the
 * later steps on steps 3 and 4, fills the purchase id into the cached queue on step 5, and batches promo views.
 * It never fails: every failure is pushed as a debug event (§8).
 *
 * @module
 */
import { Cause, Context, Duration, Effect, FiberHandle, Layer, Ref, Schema } from "effect"
import { ShopApiClient } from "../api/client.ts"
import { errorResponseStatus } from "../api/entities/envelope.ts"
import { TagStep, type TagData } from "../api/tagData.ts"
import {
  prefetchStepsFor,
  purchaseIdStep,
  replacePurchaseIdPlaceholder,
  tagManagerDebugEvent,
  tagManagerLoadDelayMs,
  tagManagerPageNumbers,
  virtualPageview,
  withUnitPriceForQueue,
  type TagCheckoutStep,
  type VirtualPageviewConfig
} from "../domain/tagManager.ts"
import { isPlainObject, promoViewDebounceMs, type JsonValue } from "../domain/tracking.ts"

/** One object pushed to the data layer. */
export type DataLayerEvent = { readonly [key: string]: unknown }

/** The data-layer port: what the tag manager reads (`window.dataLayer` in a browser). */
export interface DataLayerShape {
  /** Appends one event to the data layer. */
  readonly push: (event: DataLayerEvent) => Effect.Effect<void>
}

/** What an in-memory data layer lets a test (or a dev tool) read back. */
export interface DataLayerRecordingShape {
  /** Everything pushed so far, in order. */
  readonly pushed: Effect.Effect<ReadonlyArray<DataLayerEvent>>
  /** Forgets what was pushed. */
  readonly clear: Effect.Effect<void>
}

/** Reads back the pushes of {@link DataLayer.layerMemory}. */
export class DataLayerRecording extends Context.Service<DataLayerRecording, DataLayerRecordingShape>()(
  "storefront/DataLayerRecording"
) {}

/** The data-layer port. The browser implementation (window.dataLayer) lives in react/. */
export class DataLayer extends Context.Service<DataLayer, DataLayerShape>()("storefront/DataLayer") {
  /** A data layer in memory: pushes are collected and readable through {@link DataLayerRecording}. */
  static readonly layerMemory: Layer.Layer<DataLayer | DataLayerRecording> = Layer.effectContext(
    Effect.gen(function*() {
      const pushed = yield* Ref.make<ReadonlyArray<DataLayerEvent>>([])
      return Context.make(DataLayer, {
        push: (event) => Ref.update(pushed, (events) => [...events, event])
      }).pipe(Context.add(DataLayerRecording, { pushed: Ref.get(pushed), clear: Ref.set(pushed, []) }))
    })
  )
}

/** The event name of a batched promo view push (not shown; ours, the enhanced-ecommerce name). */
export const promoViewEventName = "promoView"

/** One promotion seen by the shopper: its `id` and any further enhanced-ecommerce fields (name, creative, position). */
export type PromoImpression = {
  /** The promotion's id; a batch holds each id once. */
  readonly id: string
  /** Further promotion fields, pushed as given. */
  readonly [key: string]: JsonValue | undefined
}

/** The push of a batch of promo views (§9: debounced 1500 ms). */
export type PromoViewEvent = {
  /** Always {@link promoViewEventName}. */
  readonly event: typeof promoViewEventName
  /** The promotions seen in the window, each id once, in first-seen order. */
  readonly ecommerce: { readonly promoView: { readonly promotions: ReadonlyArray<PromoImpression> } }
}

/** The tag manager's configuration. */
export interface TagManagerOptionsShape {
  /** The localisation config of the checkout steps' virtual pageviews (§2). */
  readonly virtualPageviews: VirtualPageviewConfig
  /** Delay before pushing a step's data, in ms (default 300, §9). */
  readonly loadDelayMs?: number | undefined
  /** Debounce of promo views, in ms (default 1500, §9). */
  readonly promoDebounceMs?: number | undefined
}

/** The tag manager's configuration as a service. */
export class TagManagerOptions extends Context.Service<TagManagerOptions, TagManagerOptionsShape>()(
  "storefront/TagManagerOptions"
) {
  /** Options with the given virtual pageview texts and the §9 delays. */
  static readonly layer = (options: TagManagerOptionsShape) => Layer.succeed(TagManagerOptions, options)
}

/** The tag manager's actions. None of them fails: failures are pushed as debug events (§8). */
export interface TagManagerShape {
  /**
   * A checkout step was shown (§2, §4): after the load delay, pushes its virtual pageview, then the tag data of its
   * tag-manager page number (see {@link TagManagerShape.tagStep}). On confirmation pass the purchase id.
   */
  readonly checkoutStep: (step: TagCheckoutStep, purchaseId?: string | number) => Effect.Effect<void>
  /**
   * A tag-manager step's data (§4): after the load delay, pushes its `dataLayerDirectData` and its queue (prices per
   * unit, §5), from the prefetch cache when there; steps 3 and 4 then prefetch the later steps; on step 5 the
   * purchase id replaces the placeholder in the queue items first.
   */
  readonly tagStep: (step: TagStep, purchaseId?: string | number) => Effect.Effect<void>
  /** A promotion was seen: batched with the others seen until 1500 ms pass without a new one, then pushed once (§9). */
  readonly promoView: (promotion: PromoImpression) => Effect.Effect<void>
  /** Pushes any event to the data layer; a failure becomes a debug event. */
  readonly push: (event: DataLayerEvent) => Effect.Effect<void>
}

const isTagStep = Schema.is(TagStep)

/** Where the products of a queued tag event sit is not shown: every object with a numeric price and quantity. */
const unitPricesIn = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(unitPricesIn)
  if (!isPlainObject(value)) return value
  const entries = Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, unitPricesIn(entry)]))
  const { price, quantity } = entries
  return typeof price === "number" && typeof quantity === "number" && Number.isFinite(price) && Number.isFinite(quantity)
    ? withUnitPriceForQueue({ ...entries, price, quantity })
    : entries
}

/** The events a piece of opaque tag JSON holds: a plain object, or each plain object of an array. */
const eventsOf = (value: unknown): ReadonlyArray<DataLayerEvent> =>
  Array.isArray(value) ? value.filter(isPlainObject) : isPlainObject(value) ? [value] : []

/** Tag data answered with status "error" is a failure (reported as a debug event). */
export class TagDataRefused extends Schema.TaggedError<TagDataRefused>()("TagDataRefused", {
  step: Schema.Number,
  message: Schema.String
}) {}

const make = Effect.gen(function*() {
  const options = yield* TagManagerOptions
  const dataLayer = yield* DataLayer
  const api = yield* ShopApiClient
  const loadDelay = Duration.millis(options.loadDelayMs ?? tagManagerLoadDelayMs)
  const promoDelay = Duration.millis(options.promoDebounceMs ?? promoViewDebounceMs)
  const prefetched = yield* Ref.make<ReadonlyMap<TagStep, TagData>>(new Map())
  const pendingPromos = yield* Ref.make<ReadonlyArray<PromoImpression>>([])
  const promoTimer = yield* FiberHandle.make<void, never>()

  /** Pushes the debug event of a failure; the debug push itself must not fail either. */
  const reportFailure = (cause: Cause.Cause<unknown>): Effect.Effect<void> =>
    Cause.hasInterruptsOnly(cause)
      ? Effect.void
      : dataLayer.push(tagManagerDebugEvent(Cause.squash(cause))).pipe(
        Effect.catchCause((pushCause) => Effect.logWarning("tag manager: debug event push failed", pushCause))
      )

  const guarded = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<void> =>
    effect.pipe(Effect.asVoid, Effect.catchCause(reportFailure))

  const push = (event: DataLayerEvent): Effect.Effect<void> => guarded(dataLayer.push(event))

  const fetchStep = (step: TagStep) =>
    Effect.gen(function*() {
      const data = yield* api.tagData.checkout({ query: { step } })
      if (data.status?.status === errorResponseStatus) {
        const message = data.status.flashMessages?.map((flash) => flash.message).join("; ") ?? ""
        return yield* new TagDataRefused({ step, message: message === "" ? `tag data of step ${step} refused` : message })
      }
      return data
    })

  const pushData = (data: TagData, purchaseId: string | number | undefined) =>
    Effect.gen(function*() {
      for (const event of eventsOf(data.dataLayerDirectData)) yield* dataLayer.push(event)
      const queue = purchaseId === undefined ? data.queue ?? [] : replacePurchaseIdPlaceholder(data.queue ?? [], purchaseId)
      for (const item of queue) for (const event of eventsOf(unitPricesIn(item))) yield* dataLayer.push(event)
    })

  const prefetch = (step: TagStep) =>
    Effect.forEach(
      prefetchStepsFor(step).filter(isTagStep),
      (later) =>
        guarded(
          fetchStep(later).pipe(Effect.tap((data) => Ref.update(prefetched, (cache) => new Map(cache).set(later, data))))
        ),
      { discard: true }
    )

  const loadStep = (step: TagStep, purchaseId: string | number | undefined) =>
    Effect.gen(function*() {
      const cached = yield* Ref.modify(prefetched, (cache): readonly [TagData | undefined, ReadonlyMap<TagStep, TagData>] => {
        const hit = cache.get(step)
        if (hit === undefined) return [undefined, cache]
        const rest = new Map(cache)
        rest.delete(step)
        return [hit, rest]
      })
      const data = cached ?? (yield* fetchStep(step))
      yield* pushData(data, step === purchaseIdStep ? purchaseId : undefined)
    })

  const tagStep = (step: TagStep, purchaseId?: string | number): Effect.Effect<void> =>
    Effect.gen(function*() {
      yield* Effect.sleep(loadDelay)
      yield* guarded(loadStep(step, purchaseId))
      yield* prefetch(step)
    })

  const checkoutStep = (step: TagCheckoutStep, purchaseId?: string | number): Effect.Effect<void> =>
    Effect.gen(function*() {
      const pageNumber = tagManagerPageNumbers[step]
      yield* Effect.sleep(loadDelay)
      yield* push(virtualPageview(options.virtualPageviews, step, pageNumber))
      if (!isTagStep(pageNumber)) return
      yield* guarded(loadStep(pageNumber, purchaseId))
      yield* prefetch(pageNumber)
    })

  const flushPromos = Effect.gen(function*() {
    const promotions = yield* Ref.getAndSet(pendingPromos, [])
    if (promotions.length === 0) return
    const event: PromoViewEvent = { event: promoViewEventName, ecommerce: { promoView: { promotions } } }
    yield* push(event)
  })

  const promoView = (promotion: PromoImpression): Effect.Effect<void> =>
    Effect.gen(function*() {
      yield* Ref.update(pendingPromos, (pending) =>
        pending.some((seen) => seen.id === promotion.id) ? pending : [...pending, promotion])
      yield* FiberHandle.run(promoTimer, Effect.sleep(promoDelay).pipe(Effect.andThen(Effect.uninterruptible(flushPromos))))
    })

  // Promotions seen just before the page goes away are still reported.
  yield* Effect.addFinalizer(() => flushPromos)

  return TagManager.of({ checkoutStep, tagStep, promoView, push })
})

/** The tag-manager service (needs {@link TagManagerOptions}, {@link DataLayer} and the shop API client). */
export class TagManager extends Context.Service<TagManager, TagManagerShape>()("storefront/TagManager") {
  /** The tag manager over the derived shop API client (tag data) and the data-layer port. */
  static readonly layer = Layer.effect(TagManager, make)
}
