/**
 * The retry ladder of API calls (spec §9): at most 10 attempts, the delay before a retry is the
 * coefficient 5000 ms divided by the remaining attempts, and no retry on 2xx or on 4xx except 429.
 *
 * @module
 */

/** The most attempts of one call, the first one included (§9). */
export const maxAttempts = 10

/** The delay coefficient in ms, divided by the remaining attempts (§9). */
export const retryDelayCoefficientMs = 5000

/** The HTTP status of a response that asks the client to slow down: the one 4xx that is retried (§9). */
export const tooManyRequestsStatus = 429

/**
 * A failed attempt's count normalised to [1, maxAttempts - 1]: fractions are truncated, values below 1
 * count as 1, NaN and values above count as the last retry.
 */
const rung = (failedAttempts: number): number =>
  Number.isNaN(failedAttempts) ? maxAttempts - 1 : Math.min(maxAttempts - 1, Math.max(1, Math.trunc(failedAttempts)))

/**
 * The delay in ms before the next attempt after `failedAttempts` failures (§9):
 * 5000 / (10 - failedAttempts), rounded to the nearest ms (556, 625, 714, 833, 1000, 1250, 1667, 2500, 5000).
 * The count is first kept in [1, 9]: below 1 counts as 1, above 9 (and NaN) as 9.
 */
export const retryDelayMs = (failedAttempts: number): number =>
  Math.round(retryDelayCoefficientMs / (maxAttempts - rung(failedAttempts)))

/**
 * Whether a failed attempt may be retried, by its HTTP status (§9). `undefined` means no response
 * (transport error or timeout) and is retried; 2xx never (e.g. an undecodable success body); 4xx only
 * 429; everything else (5xx, and any other code) is retried.
 */
export const isRetryableStatus = (status: number | undefined): boolean => {
  if (status === undefined) return true
  if (status >= 200 && status < 300) return false
  if (status >= 400 && status < 500) return status === tooManyRequestsStatus
  return true
}

/** Why no further attempt is made. */
export const retryStopReasons = ["notRetryable", "attemptsExhausted"] as const

/** Why no further attempt is made: the outcome is never retried, or all 10 attempts are spent. */
export type RetryStopReason = (typeof retryStopReasons)[number]

/** Try again after `delayMs`. */
export interface RetryAfter {
  /** Discriminant. */
  readonly _tag: "RetryAfter"
  /** The wait before the next attempt, in ms. */
  readonly delayMs: number
}

/** Make no further attempt. */
export interface RetryStop {
  /** Discriminant. */
  readonly _tag: "Stop"
  /** Why no further attempt is made. */
  readonly reason: RetryStopReason
}

/** What to do after a failed attempt. */
export type RetryDecision = RetryAfter | RetryStop

/**
 * What to do after `failedAttempts` attempts have failed, the last one with `status` (`undefined` for
 * a transport error or timeout): stop when the status is not retryable, stop when 10 attempts are
 * spent (also for NaN), otherwise retry after {@link retryDelayMs}. Counts below 1 count as 1.
 */
export const nextRetry = (failedAttempts: number, status: number | undefined): RetryDecision => {
  if (!isRetryableStatus(status)) return { _tag: "Stop", reason: "notRetryable" }
  if (Number.isNaN(failedAttempts) || failedAttempts >= maxAttempts) return { _tag: "Stop", reason: "attemptsExhausted" }
  return { _tag: "RetryAfter", delayMs: retryDelayMs(failedAttempts) }
}

/** The delays in ms of a call that keeps failing with a retryable outcome: one per retry, 9 in all. */
export const retrySchedule = (): ReadonlyArray<number> =>
  Array.from({ length: maxAttempts - 1 }, (_, index) => retryDelayMs(index + 1))
