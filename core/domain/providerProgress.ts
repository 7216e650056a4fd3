/**
 * The start of a payment provider's screens, apart from the payment rules (`payment.ts`) so that a page holding the
 * checkout state loads only this.
 *
 * @module
 */
import type { ProviderProgress } from "./payment.ts"

/** Nothing done yet (a new payment choice starts here). */
export const noProviderProgress: ProviderProgress = { termsAccepted: false, dataSent: false, otpConfirmed: false }
