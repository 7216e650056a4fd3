/**
 * The contact page service (spec §2 contact form page, §3 contact form and captcha, §4 topic picker,
 * info box and drawers, §5 validation, §7 findByTitle, captcha and the multipart submit, §9 at most
 * 5 attachments and the client-generated captcha id): the topic tree and upload limits from the
 * content, the three-level selection, the info box shown ~90 ms after a topic with a text is chosen
 * (on the Clock), the phone/form drawers, the captcha, validation before sending, and the submit.
 *
 * The captcha id comes from Effect's `Random` service through the domain's `captchaIdFrom`, so a test
 * seeds it and gets the same id every run.
 *
 * @module
 */
import { Context, Data, Effect, FiberHandle, Layer, Random, Ref, SubscriptionRef } from "effect"
import { ShopApiClient, ShopCallState } from "../api/client.ts"
import { attachmentsField } from "../api/contact.ts"
import type { ContentConfig } from "../api/content.ts"
import { PayloadTooLarge, TooManyRequests, Unprocessable } from "../api/errors.ts"
import { captchaIdFrom, captchaIdLength, captchaImageSrc } from "../domain/captcha.ts"
import {
  contactDrawerReducer,
  contactFormFields,
  customNumberField,
  emptySelection,
  infoBoxDelayMs,
  infoBoxText,
  isContactFormValid,
  orderTrackingHelpLink,
  selectTopic,
  validateContactForm,
  type ContactDrawer,
  type ContactFormErrors,
  type ContactFormValues,
  type ContactLimits,
  type ContactTopic,
  type CustomNumberField,
  type TopicLevel,
  type TopicSelection
} from "../domain/contact.ts"
import { flashMessage, genericErrorFlash, requestTimeoutKey, type FlashMessage } from "../domain/flash.ts"
import { shopById } from "../domain/shop.ts"
import { Content, type ContentError } from "./Content.ts"
import { readFailure, type CallFailure } from "./failures.ts"
import { ensureSession } from "./session.ts"

/** The captcha shown with the form. */
export interface ContactCaptcha {
  /** The captcha id (§9: 16 uppercase letters, generated client-side), sent as `bot2i`. */
  readonly id: string
  /** The image source (a data URL of the base64 PNG). */
  readonly src: string
}

/** Where the contact page is. */
export type ContactStatus = "idle" | "loading" | "ready" | "failed"

/** What the contact page reads. */
export interface ContactState {
  /** Whether the content has loaded. */
  readonly status: ContactStatus
  /** The three-level topic tree (§2). */
  readonly tree: ReadonlyArray<ContactTopic>
  /** The upload limits and their formatted forms (§5, §7). */
  readonly config: ContentConfig | undefined
  /** The chosen topics (§4). */
  readonly selection: TopicSelection
  /** The info box text, shown ~90 ms after a topic with a text is chosen (§4). */
  readonly infoBox: string | undefined
  /** The open drawer: phone or form (§4: they toggle each other). */
  readonly drawer: ContactDrawer | undefined
  /** The subject-specific number field of the chosen topic (§3). */
  readonly customNumber: CustomNumberField | undefined
  /** The order-tracking help link (§2: the Czech shop). */
  readonly orderTrackingLink: string | undefined
  /** The captcha; undefined until loaded. */
  readonly captcha: ContactCaptcha | undefined
  /** The validation errors of the last attempt (§5). */
  readonly errors: ContactFormErrors
  /** The field the server refused on the last submit (e.g. `bot2`, a wrong captcha answer), if it named one. */
  readonly refusedField: string | undefined
  /** A submit is in flight. */
  readonly submitting: boolean
  /** The form was sent and accepted. */
  readonly submitted: boolean
  /** The form flash: the server's message for a refused or accepted submission, or a generic error. */
  readonly flash: FlashMessage | undefined
}

/** The contact page before anything loaded. */
export const initialContactState: ContactState = {
  status: "idle",
  tree: [],
  config: undefined,
  selection: emptySelection,
  infoBox: undefined,
  drawer: undefined,
  customNumber: undefined,
  orderTrackingLink: undefined,
  captcha: undefined,
  errors: {},
  refusedField: undefined,
  submitting: false,
  submitted: false,
  flash: undefined
}

/** A file attached to the form: a Blob with its name (a browser `File`, or a Node `File`). */
export interface ContactAttachment extends Blob {
  /** The file name. */
  readonly name: string
}

/** The values the shopper typed and the files they chose. */
export interface ContactSubmitValues extends Omit<ContactFormValues, "attachments"> {
  /** The chosen files (at most 5, §9). */
  readonly attachments?: ReadonlyArray<ContactAttachment>
}

/** The form did not pass validation (§5); nothing was sent. */
export class ContactFormInvalid extends Data.TaggedError("ContactFormInvalid")<{
  /** The errors, by field. */
  readonly errors: ContactFormErrors
}> {}

/** The captcha is not loaded yet (or failed to load); nothing was sent. */
export class ContactCaptchaMissing extends Data.TaggedError("ContactCaptchaMissing")<{}> {}

/** The server refused or failed the submission; the state shows the flash. */
export class ContactSubmitFailed extends Data.TaggedError("ContactSubmitFailed")<{
  /** The flash shown. */
  readonly flash: FlashMessage
  /** The field the server refused, if it named one. */
  readonly field: string | undefined
  /** The call's failure. */
  readonly failure: CallFailure
}> {}

/** The errors of a submit. */
export type ContactSubmitError = ContactFormInvalid | ContactCaptchaMissing | ContactSubmitFailed

/** The contact service's state and actions. */
export interface ContactShape {
  /** The published state. */
  readonly state: SubscriptionRef.SubscriptionRef<ContactState>
  /** Loads the contact content by title (topic tree and limits) and a captcha. */
  readonly load: (title: string) => Effect.Effect<ContactState, ContentError>
  /** A new captcha with a fresh id and random reload parameter (§2, §9). A failure keeps the old one. */
  readonly reloadCaptcha: Effect.Effect<ContactState>
  /** Chooses a topic on a level (§4: lower levels reset); the info box follows after 90 ms. */
  readonly selectTopic: (level: TopicLevel, key: string | undefined) => Effect.Effect<ContactState>
  /** Toggles the phone or form drawer (§4). */
  readonly toggleDrawer: (drawer: ContactDrawer) => Effect.Effect<ContactState>
  /** Validates (§5) and sends the form as multipart with the captcha id and the attachments. */
  readonly submit: (values: ContactSubmitValues) => Effect.Effect<ContactState, ContactSubmitError>
}

const limitsOf = (config: ContentConfig | undefined): ContactLimits =>
  config === undefined ? {} : { maxFileSize: config.maxFileSize, maxPostSize: config.maxPostSize }

const make = Effect.gen(function*() {
  const api = yield* ShopApiClient
  const callState = yield* ShopCallState
  const content = yield* Content
  const state = yield* SubscriptionRef.make(initialContactState)
  const infoTimer = yield* FiberHandle.make<void, never>()
  const update = (f: (s: ContactState) => ContactState) => SubscriptionRef.updateAndGet(state, f)

  /** A captcha id (§9) from 16 numbers of Effect's Random. */
  const newCaptchaId = Effect.map(
    Effect.all(Array.from({ length: captchaIdLength }, () => Random.next)),
    captchaIdFrom
  )

  const reloadCaptcha = Effect.gen(function*() {
    const id = yield* newCaptchaId
    const rnd = String(yield* Random.nextIntBetween(0, 1_000_000_000))
    return yield* api.captcha.get({ query: { id, rnd } }).pipe(
      Effect.matchEffect({
        onFailure: (error) => Effect.andThen(Effect.logWarning("captcha load failed", error), SubscriptionRef.get(state)),
        onSuccess: (captcha) => update((s) => ({ ...s, captcha: { id: captcha.id, src: captchaImageSrc(captcha.image) } }))
      })
    )
  }).pipe(Effect.withSpan("Contact.reloadCaptcha"))

  const load = Effect.fn("Contact.load")(function*(title: string) {
    const shop = shopById((yield* Ref.get(callState)).shopId)
    yield* update((s) => ({ ...s, status: "loading" }))
    const page = yield* content.contactPage(title).pipe(Effect.tapError(() => update((s) => ({ ...s, status: "failed" }))))
    yield* update((s) => ({
      ...s,
      status: "ready",
      tree: page.tree,
      config: page.config,
      selection: emptySelection,
      infoBox: undefined,
      customNumber: undefined,
      orderTrackingLink: orderTrackingHelpLink(shop)
    }))
    return yield* reloadCaptcha
  })

  const selectTopicAction = (level: TopicLevel, key: string | undefined) =>
    Effect.gen(function*() {
      const next = yield* update((s) => {
        const selection = selectTopic(s.selection, level, key, s.tree)
        return { ...s, selection, infoBox: undefined, drawer: undefined, customNumber: customNumberField(s.tree, selection) }
      })
      const text = infoBoxText(next.tree, next.selection)
      if (text === undefined) {
        yield* FiberHandle.clear(infoTimer)
        return next
      }
      const selection = next.selection
      yield* FiberHandle.run(
        infoTimer,
        Effect.sleep(infoBoxDelayMs).pipe(
          Effect.andThen(update((s) => (s.selection === selection ? { ...s, infoBox: text } : s))),
          Effect.asVoid
        )
      )
      return next
    }).pipe(Effect.withSpan("Contact.selectTopic"))

  const toggleDrawer = (drawer: ContactDrawer) =>
    update((s) => ({ ...s, drawer: contactDrawerReducer(s.drawer, { type: "toggle", drawer }) }))

  const submitFailed = (error: unknown) =>
    Effect.gen(function*() {
      const failure = readFailure(error)
      let field: string | undefined
      let flash: FlashMessage
      if (error instanceof Unprocessable) {
        field = error.field
        flash = flashMessage(error.message, "danger", "form")
      } else if (error instanceof PayloadTooLarge || error instanceof TooManyRequests) {
        flash = flashMessage(error.message, "danger", "form")
      } else {
        flash = failure.kind === "timeout" ? flashMessage(requestTimeoutKey, "danger", "form") : genericErrorFlash("form")
      }
      yield* update((s) => ({
        ...s,
        submitting: false,
        flash,
        refusedField: field
      }))
      // A refused answer used the challenge up (and any failure may have): show a new one.
      if (field === "bot2" || failure.kind !== "rejected") yield* reloadCaptcha
      return yield* new ContactSubmitFailed({ flash, field, failure })
    })

  const submit = Effect.fn("Contact.submit")(function*(values: ContactSubmitValues) {
    const current = yield* SubscriptionRef.get(state)
    const limits = limitsOf(current.config)
    const files = values.attachments ?? []
    const errors = validateContactForm({ ...values, attachments: files.map((f) => ({ name: f.name, size: f.size })) }, limits)
    yield* update((s) => ({ ...s, errors, flash: undefined, refusedField: undefined }))
    if (!isContactFormValid(errors)) return yield* new ContactFormInvalid({ errors })
    if (current.captcha === undefined) return yield* new ContactCaptchaMissing()
    const form = new FormData()
    for (const [name, value] of contactFormFields(values, current.selection, current.captcha.id, limits)) form.append(name, value)
    for (const file of files) form.append(attachmentsField, file, file.name)
    yield* update((s) => ({ ...s, submitting: true }))
    const answer = yield* Effect.andThen(ensureSession(api, callState), api.contact.submit({ payload: form })).pipe(
      Effect.catch(submitFailed)
    )
    return yield* update((s) => ({
      ...s,
      submitting: false,
      submitted: true,
      errors: {},
      flash: flashMessage(answer.message ?? answer.status, "success", "form")
    }))
  })

  return Contact.of({ state, load, reloadCaptcha, selectTopic: selectTopicAction, toggleDrawer, submit })
})

/** The contact page service: see {@link ContactShape}. */
export class Contact extends Context.Service<Contact, ContactShape>()("storefront/Contact") {
  /** Over the shop API client, its call state and the content service. */
  static readonly layer = Layer.effect(Contact, make)
}
