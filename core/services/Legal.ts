/**
 * The legal-conditions service (spec §2 non-closable legal modal, §3 Legal, §4, §7 legal calls with
 * their 5 s timeout, §8 "legal approve/deactivate failures are silently ignored"): the uncleared
 * legal texts, the modal showing the first one, approving it (the modal closes on success) and
 * deactivating the account instead (the page reloads on success), with a busy flag per button.
 *
 * No action fails: a failure leaves the modal as it was and clears the busy flag.
 *
 * @module
 */
import { Context, Effect, Layer, SubscriptionRef } from "effect"
import { okStatus } from "../api/entities/envelope.ts"
import { ShopApiClient, ShopCallState } from "../api/client.ts"
import type { Legal as LegalText } from "../api/entities/legal.ts"
import { ensureSession } from "./session.ts"
import { onSignal, reloadSignal, Signals } from "./Signals.ts"

/** What the legal modal reads. */
export interface LegalState {
  /** The uncleared legal texts, oldest first. */
  readonly legals: ReadonlyArray<LegalText>
  /** The text the modal shows: the first uncleared one. */
  readonly current: LegalText | undefined
  /** The modal shows (§4: an uncleared legal exists). It has no close button (§2). */
  readonly open: boolean
  /** The approve button's busy label shows (§4). */
  readonly approving: boolean
  /** The deactivate button's busy label shows (§4). */
  readonly deactivating: boolean
}

/** No legal to approve. */
export const emptyLegalState: LegalState = {
  legals: [],
  current: undefined,
  open: false,
  approving: false,
  deactivating: false
}

/** The legal service's state and actions. */
export interface LegalShape {
  /** The published state. */
  readonly state: SubscriptionRef.SubscriptionRef<LegalState>
  /** Loads the uncleared legals; the modal opens when there is one. A failure keeps the state. */
  readonly load: Effect.Effect<LegalState>
  /** Approves the shown text; on success it is cleared and the modal closes (or shows the next one). */
  readonly approve: Effect.Effect<LegalState>
  /** Declines the shown text by deactivating the account; on success the page reloads (a `Reload` signal). */
  readonly deactivate: Effect.Effect<LegalState>
}

const withLegals = (s: LegalState, legals: ReadonlyArray<LegalText>): LegalState => ({
  ...s,
  legals,
  current: legals[0],
  open: legals.length > 0
})

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const signals = yield* Signals
  const callState = yield* ShopCallState
  const inSession = <A, E>(call: Effect.Effect<A, E>) => Effect.andThen(ensureSession(api, callState), call)
  const state = yield* SubscriptionRef.make(emptyLegalState)
  const update = (f: (s: LegalState) => LegalState) => SubscriptionRef.updateAndGet(state, f)

  const ignored = (operation: string, reset: (s: LegalState) => LegalState) => (error: unknown) =>
    Effect.andThen(Effect.logDebug(`${operation} failed (ignored, §8)`, error), update(reset))

  const load = api.legal.unclearedLegals().pipe(
    Effect.matchEffect({
      onFailure: ignored("Legal.load", (s) => s),
      onSuccess: (answer) => update((s) => withLegals(s, answer.legals))
    }),
    Effect.withSpan("Legal.load")
  )

  const approve = Effect.gen(function*() {
    const before = yield* SubscriptionRef.get(state)
    if (before.current === undefined || before.approving || before.deactivating) return before
    const legalId = before.current.legal_id
    yield* update((s) => ({ ...s, approving: true }))
    return yield* inSession(api.legal.approve({ payload: { legalId } })).pipe(
      Effect.matchEffect({
        onFailure: ignored("Legal.approve", (s) => ({ ...s, approving: false })),
        onSuccess: (answer) =>
          update((s) =>
            answer.status === okStatus
              ? { ...withLegals(s, s.legals.filter((legal) => legal.legal_id !== legalId)), approving: false }
              : { ...s, approving: false }
          )
      })
    )
  }).pipe(Effect.withSpan("Legal.approve"))

  const deactivate = Effect.gen(function*() {
    const before = yield* SubscriptionRef.get(state)
    if (before.current === undefined || before.approving || before.deactivating) return before
    const legalId = before.current.legal_id
    yield* update((s) => ({ ...s, deactivating: true }))
    return yield* inSession(api.legal.deactivateAccount({ payload: { legalId } })).pipe(
      Effect.matchEffect({
        onFailure: ignored("Legal.deactivate", (s) => ({ ...s, deactivating: false })),
        onSuccess: (answer) =>
          answer.status === okStatus
            ? Effect.andThen(signals.publish(reloadSignal), SubscriptionRef.get(state))
            : update((s) => ({ ...s, deactivating: false }))
      })
    )
  }).pipe(Effect.withSpan("Legal.deactivate"))

  // A new customer has other legals to clear.
  yield* onSignal(signals, (signal) =>
    signal._tag === "SessionChanged"
      ? Effect.andThen(SubscriptionRef.set(state, emptyLegalState), Effect.asVoid(load))
      : Effect.void)

  return Legal.of({ state, load, approve, deactivate })
})

/** The legal-conditions service: see {@link LegalShape}. */
export class Legal extends Context.Service<Legal, LegalShape>()("storefront/Legal") {
  /** Over the shop API client and the signals hub. */
  static readonly layer = Layer.effect(Legal, make)
}
