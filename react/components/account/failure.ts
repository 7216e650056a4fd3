/**
 * How the account product components read a failed service call: a 422's message is the server's text (translated
 * when it is a message key); anything else is the generic error (§8 unknown_error).
 *
 * @module
 */
import type { CallFailed } from "../../../core/services/failures.ts"

/** The text to show for a failed call of the AccountProducts service (an aborted call shows nothing). */
export const failureText = (error: unknown, text: (keyOrText: string) => string, unknown: string): string | undefined => {
  const failure = error as (Partial<CallFailed> & { readonly name?: string }) | null
  if (failure?.name === "AbortError") return undefined
  if (failure?.failure?.kind === "rejected" && failure.failure.status === 422) return text(failure.failure.message)
  return unknown
}
