/**
 * The consent service (spec §2 consent panel and data-protection modal, §3 consent codes, §4, §6
 * gates, §7 privacy-setting calls, §8 "consent failure saves status false"): the recorded consents,
 * the panel (shown while gdpr_panel is absent, posts at once, hides on login or success), the
 * logged-in modal (shown without gdpr_personal_collection; each link records its key; closing
 * records the consent true), and the gates the rest of the storefront reads.
 *
 * No action fails: a failed post records the consent as false and the storefront carries on.
 *
 * Privacy: the consents are always one shopper's. When the customer in session changes (a login, a
 * logout, another customer logging in), the consents become exactly the new customer's as the server
 * sent them (none after a logout), the panel and the modal start over for them, and an answer to a post
 * made for the previous shopper is dropped. So tracking and personalisation never run on another
 * customer's consent.
 *
 * @module
 */
import { Context, Effect, Layer, Ref, Stream, SubscriptionRef } from "effect"
import { ShopApiClient, ShopCallState } from "../api/client.ts"
import {
  consentAfterFailure,
  consentAfterModalClose,
  consentAfterModalLink,
  consentPanel,
  consentPanelReducer,
  freeDeliveryOfferAllowed,
  isConsentModalShown,
  personalisationAllowed,
  suppressSmartBox,
  trackingAllowed,
  withConsent,
  type ConsentModalLink,
  type ConsentPanelEvent,
  type Consents
} from "../domain/consent.ts"
import type { Customer } from "../api/entities/customer.ts"
import { customerRole, isLoggedIn } from "../domain/customer.ts"
import { Account } from "./Account.ts"
import { ensureSession } from "./session.ts"

/** The gates the consents put on the storefront (§6). */
export interface ConsentGates {
  /** Tracking may run (gdpr_personalization given). */
  readonly tracking: boolean
  /** Personalisation (recommendations) may run (gdpr_personalization given). */
  readonly personalisation: boolean
  /** The smart box must be suppressed (marketing_1p not given). */
  readonly suppressSmartBox: boolean
  /** The free-delivery offer may be made (version 2: personal_data_3p, else marketing_1p). */
  readonly freeDeliveryOffer: boolean
}

/** The consent panel's visible state. */
export interface ConsentPanelView {
  /** The panel shows. */
  readonly shown: boolean
  /** Its post is in flight. */
  readonly posting: boolean
}

/** The data-protection modal's visible state. */
export interface ConsentModalView {
  /** The modal shows (a logged-in customer without gdpr_personal_collection). */
  readonly shown: boolean
  /** A post of the modal is in flight. */
  readonly busy: boolean
}

/** What the consent widgets and the gated features read. */
export interface ConsentState {
  /** The consents as recorded (absent: never recorded; false: refused or failed, §8). */
  readonly consents: Consents
  /** The consent panel. */
  readonly panel: ConsentPanelView
  /** The data-protection modal. */
  readonly modal: ConsentModalView
  /** The gates (§6). */
  readonly gates: ConsentGates
}

/** Options of the consent service. */
export interface ConsentOptions {
  /** The free-delivery offer version (§6: 2 needs personal_data_3p); default none. */
  readonly freeDeliveryVersion?: number
  /** The consents known on page load (default none recorded: the panel shows). */
  readonly initial?: Consents
}

/** The consent service's state and actions. */
export interface ConsentShape {
  /** The published state. */
  readonly state: SubscriptionRef.SubscriptionRef<ConsentState>
  /** Takes the consents known from the page (or another response) as recorded. */
  readonly hydrate: (consents: Consents) => Effect.Effect<ConsentState>
  /** The panel's agree button: posts gdpr_panel true at once (§4); success or failure hides the panel. */
  readonly agreePanel: Effect.Effect<ConsentState>
  /** Records one consent (§7 setConsent); a failure records it false (§8). */
  readonly setConsent: (code: string, value: boolean) => Effect.Effect<ConsentState>
  /** Follows a modal link: records the link's own key true (§2); a failure records it false. */
  readonly followModalLink: (link: ConsentModalLink) => Effect.Effect<ConsentState>
  /** The modal's submit button: closes it and records gdpr_personal_collection true (§4); a failure records false. */
  readonly closeModal: Effect.Effect<ConsentState>
}

const gatesOf = (consents: Consents, freeDeliveryVersion: number | undefined): ConsentGates => ({
  tracking: trackingAllowed(consents),
  personalisation: personalisationAllowed(consents),
  suppressSmartBox: suppressSmartBox(consents),
  freeDeliveryOffer: freeDeliveryOfferAllowed(consents, freeDeliveryVersion)
})

/** Who the consents belong to: the customer's id, or `null` for a guest. */
export type ConsentHolder = number | null

interface HolderState {
  readonly id: ConsentHolder
  readonly generation: number
}

/** The shopper whose consents a customer record carries: the customer's id when not a guest, else a guest. */
export const consentHolderOf = (customer: Customer | undefined): ConsentHolder =>
  customer !== undefined && customerRole(customer) !== "guest" && typeof customer.id === "number" ? customer.id : null

const makeWith = (options: ConsentOptions) =>
  Effect.gen(function*() {
    const api = yield* ShopApiClient
    const account = yield* Account
    const callState = yield* ShopCallState
    /** `call` after making sure the session's csrf token is known (a failed bootstrap fails the call). */
    const inSession = <A, E>(call: Effect.Effect<A, E>) => Effect.andThen(ensureSession(api, callState), call)
    const version = options.freeDeliveryVersion
    const initialConsents = options.initial ?? {}
    const initialPanel = consentPanel(initialConsents)
    const state = yield* SubscriptionRef.make<ConsentState>({
      consents: initialConsents,
      panel: { shown: initialPanel.shown, posting: false },
      modal: { shown: false, busy: false },
      gates: gatesOf(initialConsents, version)
    })
    /** The customer in session as last seen (the modal's rule reads its login state). */
    let customerNow: Customer | undefined = undefined
    /** The shopper in session closed the modal on this page: it does not come back, even when its post failed. */
    let modalClosed = false
    /** The modal shows for a logged-in customer without gdpr_personal_collection (§4) who has not closed it. */
    const withModal = (s: ConsentState): ConsentState => {
      const shown = !modalClosed && isConsentModalShown(customerNow === undefined ? undefined : { ...customerNow, consents: s.consents })
      return shown === s.modal.shown ? s : { ...s, modal: { ...s.modal, shown } }
    }
    const update = (f: (s: ConsentState) => ConsentState) => SubscriptionRef.updateAndGet(state, (s) => withModal(f(s)))
    /** Whose consents the state holds, and a count of the changes of holder (a post answered for another is dropped). */
    const holder = yield* Ref.make<HolderState>({ id: null, generation: 0 })
    /** Runs `f` on the state only while the holder is still the one of `generation`. */
    const updateFor = (generation: number, f: (s: ConsentState) => ConsentState) =>
      Effect.flatMap(Ref.get(holder), (current) =>
        current.generation === generation ? update(f) : SubscriptionRef.get(state))

    const withConsents = (s: ConsentState, consents: Consents): ConsentState => ({
      ...s,
      consents,
      gates: gatesOf(consents, version)
    })

    const panelEvent = (s: ConsentState, event: ConsentPanelEvent): ConsentState => {
      const next = consentPanelReducer({ ...s.panel, consents: s.consents }, event)
      return withConsents({ ...s, panel: { shown: next.shown, posting: next.posting } }, next.consents)
    }

    const merge = (s: ConsentState, recorded: Consents): ConsentState => withConsents(s, { ...s.consents, ...recorded })

    /** Posts `call`; success merges the server's record, failure records each key false (§8). */
    const post = (
      keys: ReadonlyArray<string>,
      call: Effect.Effect<{ readonly consents: Consents }, unknown>,
      after: (s: ConsentState) => ConsentState = (s) => s
    ) =>
      Effect.gen(function*() {
        const { generation } = yield* Ref.get(holder)
        return yield* inSession(call).pipe(
          Effect.matchEffect({
            onFailure: (error) =>
              Effect.andThen(
                Effect.logWarning("consent post failed; recorded as false", error),
                updateFor(generation, (s) => after(withConsents(s, keys.reduce<Consents>(consentAfterFailure, s.consents))))
              ),
            onSuccess: (saved) => updateFor(generation, (s) => after(merge(s, saved.consents)))
          })
        )
      })

    const agreePanel = Effect.gen(function*() {
      const before = yield* SubscriptionRef.get(state)
      const posting = panelEvent(before, "agree")
      if (!posting.panel.posting || before.panel.posting) return before
      yield* SubscriptionRef.set(state, posting)
      const { generation } = yield* Ref.get(holder)
      return yield* inSession(api.consents.setPanelConsent({ payload: { consentValue: true } })).pipe(
        Effect.matchEffect({
          onFailure: (error) =>
            Effect.andThen(
              Effect.logWarning("panel consent failed; recorded as false", error),
              updateFor(generation, (s) => panelEvent(s, "failure"))
            ),
          onSuccess: (saved) => updateFor(generation, (s) => merge(panelEvent(s, "success"), saved.consents))
        })
      )
    }).pipe(Effect.withSpan("Consent.agreePanel"))

    const setConsent = (code: string, value: boolean) =>
      Effect.gen(function*() {
        yield* update((s) => withConsents(s, withConsent(s.consents, code, value)))
        return yield* post([code], api.consents.setConsent({ payload: { consentCode: code, consentValue: value } }))
      }).pipe(Effect.withSpan("Consent.setConsent"))

    const modalBusy = (busy: boolean) => (s: ConsentState): ConsentState => ({ ...s, modal: { ...s.modal, busy } })

    const followModalLink = (link: ConsentModalLink) =>
      Effect.gen(function*() {
        yield* update((s) => modalBusy(true)(withConsents(s, consentAfterModalLink(s.consents, link))))
        return yield* post([link], api.consents.updateConsents({ payload: { consents: { [link]: true } } }), modalBusy(false))
      }).pipe(Effect.withSpan("Consent.followModalLink"))

    const closeModal = Effect.gen(function*() {
      modalClosed = true
      yield* update((s) => withConsents({ ...s, modal: { shown: false, busy: true } }, consentAfterModalClose(s.consents)))
      return yield* post(
        ["gdpr_personal_collection"],
        api.consents.updateConsents({ payload: { consents: { gdpr_personal_collection: true } } }),
        modalBusy(false)
      )
    }).pipe(Effect.withSpan("Consent.closeModal"))

    /**
     * The customer drives the panel (hidden on login) and the modal (§4). Another shopper than before (a login, a
     * logout, another customer): the consents become exactly theirs (none for a guest after a logout), and the
     * panel and the modal start over. The same shopper: the server's record is merged over what is shown.
     */
    const onCustomer = (customer: Customer | undefined) =>
      Effect.gen(function*() {
        const id = consentHolderOf(customer)
        const changed = yield* Ref.modify(holder, (current): readonly [boolean, HolderState] =>
          current.id === id ? [false, current] : [true, { id, generation: current.generation + 1 }])
        if (changed) modalClosed = false
        customerNow = customer
        yield* update((s) => {
          const recorded = customer?.consents
          const base: ConsentState = changed
            ? withConsents({ ...s, panel: { shown: consentPanel(recorded ?? {}).shown, posting: false }, modal: { shown: false, busy: false } }, recorded ?? {})
            : recorded === undefined ? s : merge(s, recorded)
          return isLoggedIn(customer) ? panelEvent(base, "login") : base
        })
      })

    yield* Effect.forkScoped(Stream.runForEach(SubscriptionRef.changes(account.state), ({ customer }) => onCustomer(customer)))

    return Consent.of({
      state,
      hydrate: (consents) =>
        update((s) => {
          const merged = merge(s, consents)
          return s.panel.posting ? merged : { ...merged, panel: { ...merged.panel, shown: merged.panel.shown && consentPanel(merged.consents).shown } }
        }),
      agreePanel,
      setConsent,
      followModalLink,
      closeModal
    })
  })

/** The consent service: see {@link ConsentShape}. */
export class Consent extends Context.Service<Consent, ConsentShape>()("storefront/Consent") {
  /** No consents known at start (the panel shows until answered or the customer logs in). */
  static readonly layer = Layer.effect(Consent, makeWith({}))
  /** With options (initial consents, free-delivery offer version). */
  static readonly layerWith = (options: ConsentOptions) => Layer.effect(Consent, makeWith(options))
}
