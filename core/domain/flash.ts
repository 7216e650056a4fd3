/**
 * Flash messages (spec §3 Flash message, §8 error catalogue): the short notices the storefront
 * shows above the cart or a form.
 *
 * @module
 */

/** Flash message types (§3). */
export const flashTypes = ["default", "danger", "notice", "success", "warning"] as const

/** The type of a flash message, which decides its styling. */
export type FlashType = (typeof flashTypes)[number]

/** Flash message categories (§3): where the message shows. */
export const flashCategories = ["cart", "form"] as const

/** The category of a flash message. */
export type FlashCategory = (typeof flashCategories)[number]

/** A flash message (§3). */
export interface FlashMessage {
  /** The text, or a translation key such as `err_request_timeout`. */
  readonly message: string
  /** How the message is styled. */
  readonly type: FlashType
  /** Where the message shows. */
  readonly cat: FlashCategory
}

/** The type a flash message gets when none is given. */
export const defaultFlashType: FlashType = "default"

/** The category a flash message gets when none is given (our choice: most flashes of the spec are cart flashes). */
export const defaultFlashCategory: FlashCategory = "cart"

/** Error key of the request timeout flash (§8). */
export const requestTimeoutKey = "err_request_timeout"

/** Error key of an unknown error (§8); also the message of the generic error flash. */
export const unknownErrorKey = "unknown_error"

/** The substring that marks a flash as a payment-provider-check error (§8). */
export const paymentProviderCheckErrorMarker = "err"

/** Thrown by {@link parseFlashType} for a message type outside {@link flashTypes} (§8: "Unknown message type throws an error"). */
export class UnknownMessageTypeError extends Error {
  /** Discriminator for pattern matching. */
  readonly _tag = "UnknownMessageTypeError"
  /** The type that was not recognised. */
  readonly messageType: string

  /** An error for the unrecognised `messageType`. */
  constructor(messageType: string) {
    super(`Unknown message type: ${JSON.stringify(messageType)}`)
    this.name = "UnknownMessageTypeError"
    this.messageType = messageType
  }
}

/** Whether a string is one of the {@link flashTypes}. */
export const isFlashType = (value: string): value is FlashType => (flashTypes as ReadonlyArray<string>).includes(value)

/** Whether a string is one of the {@link flashCategories}. */
export const isFlashCategory = (value: string): value is FlashCategory =>
  (flashCategories as ReadonlyArray<string>).includes(value)

/** The flash type named by a string; throws {@link UnknownMessageTypeError} for any other string (§8). */
export const parseFlashType = (value: string): FlashType => {
  if (isFlashType(value)) return value
  throw new UnknownMessageTypeError(value)
}

/** A flash message, of type `default` and category `cart` unless given. */
export const flashMessage = (
  message: string,
  type: FlashType = defaultFlashType,
  cat: FlashCategory = defaultFlashCategory
): FlashMessage => ({ message, type, cat })

/** The request timeout flash (§8): key `err_request_timeout`, type danger, category cart. */
export const requestTimeoutFlash: FlashMessage = { message: requestTimeoutKey, type: "danger", cat: "cart" }

/** The generic error flash (§8): the `unknown_error` key as a danger message in the given category. */
export const genericErrorFlash = (cat: FlashCategory = defaultFlashCategory): FlashMessage => ({
  message: unknownErrorKey,
  type: "danger",
  cat
})

/** The part of a flash message the payment-provider-check rule reads. */
export interface FlashText {
  /** The text or translation key. */
  readonly message: string
}

/** Whether a flash marks a payment-provider-check error (§8): its message contains `err` (case-sensitive). */
export const isPaymentProviderCheckError = (flash: FlashText): boolean =>
  flash.message.includes(paymentProviderCheckErrorMarker)

/** Whether any of the flashes marks a payment-provider-check error (§4: such errors set an error flag). */
export const hasPaymentProviderCheckError = (flashes: ReadonlyArray<FlashText>): boolean =>
  flashes.some(isPaymentProviderCheckError)

/** The flashes shown in a place (§3 `cat`): those of category `cat`, in their order; every flash when `cat` is absent. */
export const flashesIn = <F extends { readonly cat: FlashCategory }>(flashes: ReadonlyArray<F>, cat?: FlashCategory): ReadonlyArray<F> =>
  cat === undefined ? flashes : flashes.filter((flash) => flash.cat === cat)

/** Whether a flash interrupts (§3 type danger: announced at once, as an alert) rather than waiting its turn (a status). */
export const isUrgentFlash = (flash: { readonly type: FlashType }): boolean => flash.type === "danger"
