/**
 * The cart service (spec §3 Cart, §4 add events / loading / fatal error / reload, §5 quantity, delete and
 * discount rules, §7 new cart calls, §8 cart errors, §9 change-amount debounce).
 *
 * It owns the cart entity and publishes it in {@link CartState} (a `SubscriptionRef`), with the loading
 * and fatal error flags, the flash messages, the pending adds and the optimistic counts of the lines
 * being edited. The add events of §4 are published on {@link CartShape.events}.
 *
 * Quantity changes (§9, ARCHITECTURE "Known traps"): + / − / typing on a line change the count shown at
 * once and coalesce into ONE absolute-amount request per burst, sent after 250 ms of quiet (5000 ms
 * while the typed count is empty); a line has at most one request in flight, a newer amount waits and
 * is sent after it; an add of a line's variant ends the burst (the count is sent before the add, so an
 * older absolute count never undoes the add). Every call that answers a cart snapshot (add, change, delete, services, discounts,
 * loads) is sent one at a time, so snapshots are applied in the order the server produced them; lines
 * being deleted are hidden until the server has deleted them, so a late answer never shows them again.
 * After a failed change the cart is read again from the server, so the shown cart is the server's.
 *
 * @module
 */
import { Context, Effect, FiberMap, Layer, PubSub, Ref, Result, Scope, Semaphore, Stream, SubscriptionRef } from "effect"
import { Data } from "effect"
import { ShopApiClient, ShopCallState } from "../api/client.ts"
import type { AddToCartService } from "../api/cart.ts"
import type { BundleType, Cart as CartEntity, CartArticle } from "../api/entities/cart.ts"
import { type ApiResponse, errorResponseStatus } from "../api/entities/envelope.ts"
import type { FlashMessage } from "../api/entities/flash.ts"
import { articlesToDelete, type ArticleGroup, type CartAddEvent, cartEventImplies, deleteIdsParam } from "../domain/cart.ts"
import { mustReload } from "../domain/checkout.ts"
import { genericErrorFlash, requestTimeoutFlash } from "../domain/flash.ts"
import {
  changeAmountDebounce,
  changeAmountDebounceMs,
  clampQuantity,
  decrement,
  defaultStock,
  increment,
  parseQuantity,
  type QuantityCorrection
} from "../domain/quantity.ts"
import { type CallFailed, callFailed } from "./failures.ts"
import { LiveData } from "./LiveData.ts"
import { onSignal, Signals } from "./Signals.ts"

// -------------------------------------------------------------------------------------------------
// state
// -------------------------------------------------------------------------------------------------

export {
  articlesOf,
  type CartLine,
  cartLines,
  type CartState,
  initialCartState,
  isCartIdle,
  type LineAmount,
  lineIdOf,
  type PendingAdd,
  type ReloadRequest,
  applyCartResponse,
  cartOfResponse,
  withFlashes
} from "./cartState.ts"
import { applyCartResponse, articlesOf, type CartState, initialCartState, lineIdOf, type PendingAdd, sameFlash, withFlashes } from "./cartState.ts"

const without = <V>(record: { readonly [key: string]: V }, keys: ReadonlyArray<string>): { readonly [key: string]: V } =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)))

// -------------------------------------------------------------------------------------------------
// events and errors
// -------------------------------------------------------------------------------------------------

/** A cart event (§4 "Cart add events"), with what it concerns. */
export interface CartEvent {
  /** The event, by its wire name. */
  readonly type: CartAddEvent
  /** The variant added (adding, added, addError). */
  readonly variantId?: number
  /** The lines concerned (removed, amountChanged, warrantyChanged). */
  readonly lineIds?: ReadonlyArray<string>
  /** The amount added or set. */
  readonly amount?: number
  /** The service changed (warrantyChanged: the spec's one service event, raised for every bundle type). */
  readonly bundleType?: BundleType
}

/**
 * The server refused an add (status 'error', e.g. out of stock or above the stock): nothing was added, and
 * the server's flash messages stay in the state for the UI to show.
 */
export class CartAddRefused extends Data.TaggedError("CartAddRefused")<{
  /** The variant that was not added. */
  readonly variantId: number
  /** The amount asked for. */
  readonly amount: number
  /** The server's flash messages (shown in the state too). */
  readonly flashes: ReadonlyArray<FlashMessage>
}> {}

/** The line is not in the cart (or is being deleted). */
export class CartLineNotFound extends Data.TaggedError("CartLineNotFound")<{
  /** The line id asked for. */
  readonly lineId: string
}> {}

// -------------------------------------------------------------------------------------------------
// service
// -------------------------------------------------------------------------------------------------

/** What adding to the cart takes (§7 add to cart: variantId, amount, services, context). */
export interface AddToCartInput {
  /** The variant to add. */
  readonly variantId: number
  /** How many pieces (clamped to 1..30, §5); 1 when absent. */
  readonly amount?: number
  /** Services chosen with the variant. */
  readonly services?: ReadonlyArray<AddToCartService>
  /** Where the add comes from (e.g. "detail"). */
  readonly context?: string
}

/** The cart service. */
export interface CartShape {
  /** The published state. */
  readonly state: SubscriptionRef.SubscriptionRef<CartState>
  /** The cart events of §4, from subscription on. */
  readonly events: Stream.Stream<CartEvent>
  /** Loads the cart (load-cart). Failure sets the fatal error flag and the generic flash (§4, §8). */
  readonly load: Effect.Effect<CartState, CallFailed>
  /**
   * Adds a variant (PUT add-to-cart, extended, with an idempotency key), after sending the pending count
   * of the variant's line (the shopper's edits reach the server in their order). Events adding, then added or
   * addError; a failed call resets the pending add and asks for a reload with the generic flash (§8);
   * a refused add (status 'error') keeps the server's flashes in the state and fails with
   * {@link CartAddRefused}, so the caller knows nothing was added.
   */
  readonly add: (input: AddToCartInput) => Effect.Effect<CartState, CallFailed | CartAddRefused>
  /** Plus on a line (§5: only while the stock exceeds the count, at most 30); debounced (§9). */
  readonly increment: (lineId: string) => Effect.Effect<CartState, CartLineNotFound>
  /** Minus on a line (§5: never below 1); debounced (§9). */
  readonly decrement: (lineId: string) => Effect.Effect<CartState, CartLineNotFound>
  /**
   * The quantity field of a line typed `text` (§5): a whole number in 1..30 is taken, others are
   * corrected (zero -> 1, out of range -> clamped, garbage keeps the count) with a correction notice;
   * sent after 250 ms of quiet, 5000 ms while the field is empty (§9).
   */
  readonly typeAmount: (lineId: string, text: string) => Effect.Effect<CartState, CartLineNotFound>
  /** Sets a line's count (clamped to 1..30); debounced as a keystroke (§9). */
  readonly setAmount: (lineId: string, count: number) => Effect.Effect<CartState, CartLineNotFound>
  /** Sends every pending count now and waits until the cart is the server's again. */
  readonly flush: Effect.Effect<CartState>
  /** Deletes lines (ids joined by commas, §7); pending changes of them are dropped. Event removed. */
  readonly remove: (lineIds: ReadonlyArray<string>) => Effect.Effect<CartState, CallFailed>
  /** Deletes several article groups, except their favored items (§5). */
  readonly removeGroups: (groups: ReadonlyArray<ArticleGroup>) => Effect.Effect<CartState, CallFailed>
  /** Adds a service (warranty, insurance, digital, return guarantee) to a line. Event warrantyChanged. */
  readonly addBundle: (lineId: string, type: BundleType, bundleId: number) => Effect.Effect<CartState, CallFailed>
  /** Removes a service from a line. Event warrantyChanged. */
  readonly removeBundle: (lineId: string, type: BundleType, bundleId: number) => Effect.Effect<CartState, CallFailed>
  /** Applies a discount certificate in the preview (extended, §5); failure: err_request_timeout flash (§8). */
  readonly addDiscount: (code: string) => Effect.Effect<CartState, CallFailed>
  /** Removes a discount certificate (extended, §5); failure: err_request_timeout flash (§8). */
  readonly removeDiscount: (code: string) => Effect.Effect<CartState, CallFailed>
  /** Stores the invoice note (§7); failure: generic flash. */
  readonly setInvoiceNote: (note: string) => Effect.Effect<CartState, CallFailed>
  /** Takes the cart parts of a response another service received (e.g. a checkout call). */
  readonly sync: (response: ApiResponse) => Effect.Effect<CartState>
  /** Removes one flash message, or all of them. */
  readonly dismissFlash: (flash?: FlashMessage) => Effect.Effect<CartState>
}

interface LineSync {
  /** The count to reach on the server. */
  readonly target: number
  /** The edit that set the target. */
  readonly edit: number
  /** Whether the debounce of that edit has elapsed. */
  readonly ready: boolean
  /** Whether the line's sender is running (one request in flight per line). */
  readonly sending: boolean
}

interface Edit {
  readonly count: number
  readonly input: string
  readonly correction: QuantityCorrection | undefined
  readonly delayMs: number
}

type BundleCall = (request: { readonly payload: { readonly id: number; readonly bundleId: number; readonly extended?: boolean } }) => Effect.Effect<ApiResponse, unknown>

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const callState = yield* ShopCallState
  const live = yield* LiveData
  const signals = yield* Signals
  const scope = yield* Scope.Scope

  const state = yield* SubscriptionRef.make(initialCartState)
  const events = yield* PubSub.unbounded<CartEvent>()
  const permit = yield* Semaphore.make(1)
  const calls = yield* Ref.make(0)
  const syncs = yield* Ref.make<ReadonlyMap<string, LineSync>>(new Map())
  const editSeq = yield* Ref.make(0)
  const timers = yield* FiberMap.make<string>()
  const refreshQueued = yield* Ref.make(false)

  const update = (f: (s: CartState) => CartState) => SubscriptionRef.updateAndGet(state, f)
  const current = SubscriptionRef.get(state)
  const emit = (event: CartEvent) => Effect.asVoid(PubSub.publish(events, event))
  const addFlash = (flash: FlashMessage) => update((s) => ({ ...s, flashMessages: withFlashes(s.flashMessages, [flash]) }))

  /** Runs a call with the loading flag on (§4). */
  const tracked = <A, E>(call: Effect.Effect<A, E>): Effect.Effect<A, E> =>
    Effect.acquireUseRelease(
      Effect.andThen(Ref.updateAndGet(calls, (n) => n + 1), (n) => (n === 1 ? update((s) => ({ ...s, loading: true })) : Effect.void)),
      () => call,
      () => Effect.andThen(Ref.updateAndGet(calls, (n) => n - 1), (n) => (n === 0 ? update((s) => ({ ...s, loading: false })) : Effect.void))
    )

  /** One cart call at a time: snapshots are applied in the order the server produced them. */
  const serialized = permit.withPermit

  const apply = (response: ApiResponse) => update((s) => applyCartResponse(s, response))

  /** load-cart, inside a permit already held. */
  const loadHeld = Effect.gen(function*() {
    const response = yield* tracked(api.cartApi.loadCart())
    return yield* update((s) => ({ ...applyCartResponse(s, response), fatalError: false }))
  })

  /** Reads the cart again after a failed change, inside the permit; a failure is only logged. */
  const resyncHeld = loadHeld.pipe(
    Effect.asVoid,
    Effect.catchCause((cause) => Effect.logWarning("cart: reading the cart again failed", cause))
  )

  const load: CartShape["load"] = serialized(loadHeld).pipe(
    Effect.catch((error) =>
      Effect.gen(function*() {
        yield* update((s) => ({ ...s, fatalError: true, flashMessages: withFlashes(s.flashMessages, [genericErrorFlash()]) }))
        return yield* Effect.fail(callFailed("Cart.load", error))
      })
    )
  )

  /**
   * A cart mutation: sent alone, its answer applied; on failure the cart is read again (the call may
   * have reached the server), `flash` is shown and the failure returned.
   */
  const mutation = <E>(operation: string, call: Effect.Effect<ApiResponse, E>, flash: FlashMessage | undefined) =>
    serialized(
      Effect.gen(function*() {
        const result = yield* Effect.result(tracked(call))
        if (Result.isFailure(result)) {
          yield* Effect.logWarning(`cart: ${operation} failed`, result.failure)
          yield* resyncHeld
          if (flash !== undefined) yield* addFlash(flash)
          return Result.fail(callFailed(operation, result.failure))
        }
        yield* apply(result.success)
        return Result.succeed(result.success)
      })
    )

  // -- add ----------------------------------------------------------------------------------------

  const add: CartShape["add"] = (input) =>
    Effect.gen(function*() {
      const amount = clampQuantity(input.amount ?? 1)
      const pending: PendingAdd = { variantId: input.variantId, amount }
      yield* update((s) => ({ ...s, pendingAdds: [...s.pendingAdds, pending] }))
      yield* emit({ type: "adding", variantId: input.variantId, amount })
      const dropPending = update((s) => ({ ...s, pendingAdds: s.pendingAdds.filter((p) => p !== pending) }))
      const result = yield* Effect.andThen(sendPendingOfVariant(input.variantId), mutation(
        "Cart.add",
        api.cart.addToCart({
          payload: {
            variantId: input.variantId,
            amount,
            extended: true,
            ...(input.services === undefined ? {} : { services: input.services }),
            ...(input.context === undefined ? {} : { context: input.context })
          }
        }),
        genericErrorFlash()
      )).pipe(Effect.onInterrupt(() => dropPending))
      yield* dropPending
      if (Result.isFailure(result)) {
        // §8: the pending state is reset and the page reloads (the generic flash is shown meanwhile)
        if (cartEventImplies("addError").reloadPage) yield* update((s) => ({ ...s, reload: { reason: "addError" } }))
        yield* emit({ type: "addError", variantId: input.variantId, amount })
        return yield* Effect.fail(result.failure)
      }
      const status = result.success.status
      if (status?.status === errorResponseStatus) {
        yield* emit({ type: "addError", variantId: input.variantId, amount })
        return yield* new CartAddRefused({ variantId: input.variantId, amount, flashes: status.flashMessages ?? [] })
      }
      yield* emit({ type: "added", variantId: input.variantId, amount })
      return yield* current
    })

  // -- change amount (§9) -------------------------------------------------------------------------

  const lineOf = (s: CartState, lineId: string): CartArticle | undefined =>
    s.removing.includes(lineId) ? undefined : articlesOf(s.cart).find((article) => lineIdOf(article) === lineId)

  const setSync = (map: ReadonlyMap<string, LineSync>, lineId: string, sync: LineSync | undefined) => {
    const next = new Map(map)
    if (sync === undefined) next.delete(lineId)
    else next.set(lineId, sync)
    return next
  }

  const dropOverlay = (lineId: string, edit: number) =>
    update((s) => (s.amounts[lineId]?.edit === edit ? { ...s, amounts: without(s.amounts, [lineId]) } : s))

  /** Sends the line's target, one request at a time, until the line's count is the server's. */
  const sendLoop = (lineId: string): Effect.Effect<void> =>
    Effect.gen(function*() {
      while (true) {
        const sent = yield* serialized(
          Effect.gen(function*() {
            const sync = (yield* Ref.get(syncs)).get(lineId)
            if (sync === undefined || !sync.ready) return undefined
            const line = lineOf(yield* current, lineId)
            if (line !== undefined && line.count !== sync.target) {
              const result = yield* Effect.result(
                tracked(api.cart.changeAmount({ payload: { id: Number(lineId), amount: sync.target, extended: true } }))
              )
              if (Result.isFailure(result)) {
                // §8: a change-amount failure is only logged; the cart is read again so the count shown is the server's
                yield* Effect.logWarning(`cart: change amount of line ${lineId} to ${sync.target} failed`, result.failure)
                yield* resyncHeld
              } else {
                yield* apply(result.success)
                yield* emit({ type: "amountChanged", lineIds: [lineId], amount: sync.target })
              }
            }
            return sync.edit
          })
        )
        const next = yield* Ref.modify(syncs, (map): readonly ["stop" | "settled" | "again", ReadonlyMap<string, LineSync>] => {
          const sync = map.get(lineId)
          if (sync === undefined) return ["stop", map]
          if (sync.edit === sent) return ["settled", setSync(map, lineId, undefined)]
          if (sync.ready) return ["again", map]
          return ["stop", setSync(map, lineId, { ...sync, sending: false })]
        })
        if (next === "settled" && sent !== undefined) yield* dropOverlay(lineId, sent)
        if (next !== "again") return
      }
    })

  /** The debounce of `edit` elapsed: the line's sender starts, or picks the target up when it runs. */
  const markReady = (lineId: string, edit: number) =>
    Effect.uninterruptible(
      Effect.gen(function*() {
        const start = yield* Ref.modify(syncs, (map): readonly [boolean, ReadonlyMap<string, LineSync>] => {
          const sync = map.get(lineId)
          if (sync === undefined || sync.edit !== edit) return [false, map]
          if (sync.sending) return [false, setSync(map, lineId, { ...sync, ready: true })]
          return [true, setSync(map, lineId, { ...sync, ready: true, sending: true })]
        })
        if (start) yield* Effect.forkIn(sendLoop(lineId), scope)
      })
    )

  /**
   * Sends the pending counts of the variant's lines now and waits for their answers. An add comes after
   * the edits the shopper made before it: a debounced absolute count sent after the add would overwrite it.
   */
  const sendPendingOfVariant = (variantId: number) =>
    Effect.gen(function*() {
      const map = yield* Ref.get(syncs)
      const waiting = articlesOf((yield* current).cart)
        .filter((article) => article.variantId === variantId)
        .flatMap((article): ReadonlyArray<readonly [string, number]> => {
          const sync = map.get(lineIdOf(article))
          return sync === undefined ? [] : [[lineIdOf(article), sync.edit]]
        })
      if (waiting.length === 0) return
      for (const [lineId, edit] of waiting) {
        yield* FiberMap.remove(timers, lineId)
        yield* markReady(lineId, edit)
      }
      // a line's overlay is dropped once its edit is settled (sent, failed and read again, or deleted)
      yield* SubscriptionRef.changes(state).pipe(
        Stream.filter((s) => waiting.every(([lineId, edit]) => s.amounts[lineId]?.edit !== edit)),
        Stream.runHead
      )
    })

  const editLine = (lineId: string, decide: (shown: number, line: CartArticle) => Edit | undefined) =>
    Effect.gen(function*() {
      const s = yield* current
      const line = lineOf(s, lineId)
      if (line === undefined) return yield* new CartLineNotFound({ lineId })
      const decided = decide(s.amounts[lineId]?.count ?? line.count, line)
      if (decided === undefined) return s
      const edit = yield* Ref.updateAndGet(editSeq, (n) => n + 1)
      yield* Ref.update(syncs, (map) =>
        setSync(map, lineId, { target: decided.count, edit, ready: false, sending: map.get(lineId)?.sending ?? false })
      )
      yield* update((st) => ({
        ...st,
        amounts: { ...st.amounts, [lineId]: { count: decided.count, input: decided.input, edit } },
        corrections:
          decided.correction === undefined
            ? without(st.corrections, [lineId])
            : { ...st.corrections, [lineId]: decided.correction }
      }))
      // a newer edit restarts the debounce: FiberMap.run interrupts the line's previous timer
      yield* FiberMap.run(timers, lineId, Effect.andThen(Effect.sleep(decided.delayMs), markReady(lineId, edit)))
      return yield* current
    })

  const stepped = (count: number): Edit => ({ count, input: String(count), correction: undefined, delayMs: changeAmountDebounceMs })

  const increment_: CartShape["increment"] = (lineId) =>
    editLine(lineId, (shown, line) => {
      const next = increment(shown, line.availability?.inStock ?? defaultStock)
      return next === shown ? undefined : stepped(next)
    })

  const decrement_: CartShape["decrement"] = (lineId) =>
    editLine(lineId, (shown) => {
      const next = decrement(shown)
      return next === shown ? undefined : stepped(next)
    })

  const typed = (input: string | number) => (shown: number): Edit => {
    const parsed = parseQuantity(input, shown)
    const text = typeof input === "string" ? input : String(input)
    if (parsed._tag === "Valid") return { count: parsed.count, input: text, correction: undefined, delayMs: changeAmountDebounce(input) }
    if (parsed.reason === "empty") return { count: parsed.count, input: text, correction: undefined, delayMs: changeAmountDebounce(input) }
    return { count: parsed.count, input: String(parsed.count), correction: parsed.reason, delayMs: changeAmountDebounce(input) }
  }

  const flush: CartShape["flush"] = Effect.gen(function*() {
    const waiting = [...(yield* Ref.get(syncs)).entries()].filter(([, sync]) => !sync.ready)
    for (const [lineId, sync] of waiting) {
      yield* FiberMap.remove(timers, lineId)
      yield* markReady(lineId, sync.edit)
    }
    return yield* SubscriptionRef.changes(state).pipe(
      Stream.filter((s) => Object.keys(s.amounts).length === 0),
      Stream.runHead,
      Effect.flatMap((found) => (found._tag === "Some" ? Effect.succeed(found.value) : current))
    )
  })

  // -- delete -------------------------------------------------------------------------------------

  const remove: CartShape["remove"] = (lineIds) =>
    Effect.gen(function*() {
      const ids = deleteIdsParam(lineIds)
      if (ids === "") return yield* current
      const removed = ids.split(",")
      for (const lineId of removed) yield* FiberMap.remove(timers, lineId)
      yield* Ref.update(syncs, (map) => removed.reduce((m, lineId) => setSync(m, lineId, undefined), map))
      yield* update((s) => ({
        ...s,
        removing: [...s.removing, ...removed.filter((id) => !s.removing.includes(id))],
        amounts: without(s.amounts, removed),
        corrections: without(s.corrections, removed)
      }))
      const result = yield* mutation("Cart.remove", api.cart.deleteItems({ query: { ids } }), genericErrorFlash()).pipe(
        Effect.ensuring(update((s) => ({ ...s, removing: s.removing.filter((id) => !removed.includes(id)) })))
      )
      if (Result.isFailure(result)) return yield* Effect.fail(result.failure)
      yield* emit({ type: "removed", lineIds: removed })
      return yield* current
    })

  const removeGroups: CartShape["removeGroups"] = (groups) => remove(articlesToDelete(groups))

  // -- services, discounts, invoice note ----------------------------------------------------------

  const bundleCalls: { readonly [T in BundleType]: readonly [BundleCall, BundleCall] } = {
    warranty: [api.cart.addWarranty, api.cart.removeWarranty],
    insurance: [api.cart.addInsurance, api.cart.removeInsurance],
    digital: [api.cart.addDigital, api.cart.removeDigital],
    return_guarantee: [api.cart.addReturnGuarantee, api.cart.removeReturnGuarantee]
  }

  const changeBundle = (adding: boolean) => (lineId: string, type: BundleType, bundleId: number) =>
    Effect.gen(function*() {
      const call = bundleCalls[type][adding ? 0 : 1]
      const result = yield* mutation(
        adding ? "Cart.addBundle" : "Cart.removeBundle",
        call({ payload: { id: Number(lineId), bundleId, extended: true } }),
        genericErrorFlash()
      )
      if (Result.isFailure(result)) return yield* Effect.fail(result.failure)
      yield* emit({ type: "warrantyChanged", lineIds: [lineId], bundleType: type })
      return yield* current
    })

  const discount = (adding: boolean) => (code: string) =>
    Effect.gen(function*() {
      const payload = { code: code.trim(), extended: true }
      const result = yield* mutation(
        adding ? "Cart.addDiscount" : "Cart.removeDiscount",
        adding ? api.cart.addDiscountCertificate({ payload }) : api.cart.removeDiscountCertificate({ payload }),
        requestTimeoutFlash
      )
      if (Result.isFailure(result)) return yield* Effect.fail(result.failure)
      return yield* current
    })

  const setInvoiceNote: CartShape["setInvoiceNote"] = (note) =>
    Effect.gen(function*() {
      const result = yield* mutation("Cart.setInvoiceNote", api.cartApi.setInvoiceNote({ payload: { invoiceNote: note } }), genericErrorFlash())
      if (Result.isFailure(result)) return yield* Effect.fail(result.failure)
      return yield* current
    })

  // -- refresh on live data and signals -----------------------------------------------------------

  /** Reads the cart again soon; requests made while one is queued are coalesced. */
  const requestRefresh = Effect.gen(function*() {
    if (yield* Ref.getAndSet(refreshQueued, true)) return
    yield* Effect.forkIn(
      serialized(Effect.andThen(Ref.set(refreshQueued, false), resyncHeld)),
      scope
    )
  })

  const isThisCart = (cartId: number) =>
    Effect.gen(function*() {
      const known = (yield* Ref.get(callState)).cartId ?? (yield* current).cart?.cartId
      return known !== undefined && String(known) === String(cartId)
    })

  yield* Effect.forkScoped(
    Stream.runForEach(live.cartChanged, (change) =>
      Effect.flatMap(isThisCart(change.cartId), (ours) => (ours ? requestRefresh : Effect.void))
    )
  )
  yield* onSignal(signals, (signal) =>
    signal._tag === "SessionChanged" || signal._tag === "CartChanged" ? requestRefresh : Effect.void
  )

  return Cart.of({
    state,
    events: Stream.fromPubSub(events),
    load,
    add,
    increment: increment_,
    decrement: decrement_,
    typeAmount: (lineId, text) => editLine(lineId, typed(text)),
    setAmount: (lineId, count) => editLine(lineId, typed(Number.isFinite(count) ? Math.trunc(count) : count)),
    flush,
    remove,
    removeGroups,
    addBundle: changeBundle(true),
    removeBundle: changeBundle(false),
    addDiscount: discount(true),
    removeDiscount: discount(false),
    setInvoiceNote,
    sync: apply,
    dismissFlash: (flash) =>
      update((s) => ({
        ...s,
        flashMessages: flash === undefined ? [] : s.flashMessages.filter((f) => !sameFlash(f, flash))
      }))
  })
})

/**
 * The cart service. {@link Cart.layer} needs the derived client ({@link ShopApiClient}) with its call
 * state, the live-data port and the signals hub.
 */
export class Cart extends Context.Service<Cart, CartShape>()("storefront/Cart") {
  /** The cart over the shop API. */
  static readonly layer = Layer.effect(Cart, make)
}
