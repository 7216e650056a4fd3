import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  isRetryableStatus,
  maxAttempts,
  nextRetry,
  retryDelayCoefficientMs,
  retryDelayMs,
  retrySchedule,
  tooManyRequestsStatus
} from "../../../core/domain/retry.ts"

/** An attempt's outcome: an HTTP status, or undefined for a transport error or timeout. */
const outcome = fc.oneof(
  fc.integer({ min: 100, max: 599 }),
  fc.constantFrom(200, 204, 400, 404, 409, 429, 500, 502, 503, 504),
  fc.constant(undefined)
)
const retryableOutcome = fc.oneof(fc.integer({ min: 500, max: 599 }), fc.constantFrom(429, undefined))
const notRetryableOutcome = fc.oneof(
  fc.integer({ min: 200, max: 299 }),
  fc.integer({ min: 400, max: 499 }).filter((status) => status !== 429)
)

/** Runs a call whose attempts end with the given outcomes (the last one repeating); returns the attempts made and the waits. */
const run = (outcomes: ReadonlyArray<number | undefined>) => {
  const delays: Array<number> = []
  for (let attempts = 1; attempts <= 1000; attempts++) {
    const status = outcomes[Math.min(attempts, outcomes.length) - 1]
    const decision = nextRetry(attempts, status)
    if (decision._tag === "Stop") return { attempts, delays, last: status, reason: decision.reason }
    delays.push(decision.delayMs)
  }
  throw new Error("the call never stopped")
}

/** 5000 · H(9), the unrounded sum of the ladder. */
const harmonicTotal = retryDelayCoefficientMs * Array.from({ length: maxAttempts - 1 }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b)

describe("constants (§9)", () => {
  test("at most 10 attempts, coefficient 5000 ms, 429 is the retried 4xx", () => {
    expect(maxAttempts).toBe(10)
    expect(retryDelayCoefficientMs).toBe(5000)
    expect(tooManyRequestsStatus).toBe(429)
  })

  test("the ladder: 5000 divided by the remaining attempts, rounded to the ms", () => {
    expect(retrySchedule()).toEqual([556, 625, 714, 833, 1000, 1250, 1667, 2500, 5000])
    expect(retrySchedule().reduce((a, b) => a + b)).toBe(14_145)
  })
})

describe("retryDelayMs", () => {
  test.prop([fc.integer({ min: 1, max: 9 })])("is 5000 / (10 - failures), rounded", (failures) => {
    const exact = 5000 / (10 - failures)
    expect(Math.abs(retryDelayMs(failures) - exact)).toBeLessThanOrEqual(0.5)
    expect(Number.isInteger(retryDelayMs(failures))).toBe(true)
  })

  test.prop([fc.double()])("is total: any count gives one of the ladder's delays", (failures) => {
    expect(retrySchedule()).toContain(retryDelayMs(failures))
  })
})

describe("isRetryableStatus (§9)", () => {
  test.prop([fc.integer({ min: 200, max: 299 })])("never after a 2xx", (status) => {
    expect(isRetryableStatus(status)).toBe(false)
  })

  test.prop([fc.integer({ min: 400, max: 499 })])("after a 4xx only when it is 429", (status) => {
    expect(isRetryableStatus(status)).toBe(status === 429)
  })

  test.prop([fc.integer({ min: 500, max: 599 })])("always after a 5xx", (status) => {
    expect(isRetryableStatus(status)).toBe(true)
  })

  test("a transport error or timeout (no status) is retried", () => {
    expect(isRetryableStatus(undefined)).toBe(true)
    expect(isRetryableStatus(404)).toBe(false)
    expect(isRetryableStatus(429)).toBe(true)
    expect(isRetryableStatus(503)).toBe(true)
  })
})

describe("nextRetry", () => {
  test.prop([fc.integer({ min: -5, max: 20 }), notRetryableOutcome])(
    "no retry ever follows a 2xx or a 4xx other than 429",
    (failures, status) => {
      expect(nextRetry(failures, status)).toEqual({ _tag: "Stop", reason: "notRetryable" })
    }
  )

  test.prop([fc.integer({ min: 1, max: 9 }), retryableOutcome])("a retryable failure before the 10th is retried after the ladder's delay", (failures, status) => {
    expect(nextRetry(failures, status)).toEqual({ _tag: "RetryAfter", delayMs: retryDelayMs(failures) })
  })

  test.prop([fc.integer({ min: 10, max: 1000 }), outcome])("after 10 failed attempts nothing more is tried", (failures, status) => {
    expect(nextRetry(failures, status)._tag).toBe("Stop")
  })

  test.prop([fc.array(outcome, { minLength: 1, maxLength: 15 })])(
    "a call never makes more than 10 attempts, and stops at the first non-retryable outcome",
    (outcomes) => {
      const { attempts, delays, last, reason } = run(outcomes)
      expect(attempts).toBeLessThanOrEqual(10)
      expect(delays).toHaveLength(attempts - 1)
      expect(delays).toEqual(retrySchedule().slice(0, attempts - 1))
      const firstNotRetryable = outcomes.findIndex((status) => !isRetryableStatus(status))
      if (firstNotRetryable >= 0 && firstNotRetryable < 10) {
        expect(attempts).toBe(firstNotRetryable + 1)
        expect(reason).toBe("notRetryable")
        expect(isRetryableStatus(last)).toBe(false)
      } else {
        expect(attempts).toBe(10)
        expect(reason).toBe("attemptsExhausted")
      }
    }
  )

  test.prop([retryableOutcome])("constant failures: 10 attempts, strictly increasing delays, the closed-form total", (status) => {
    const { attempts, delays } = run([status])
    expect(attempts).toBe(10)
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1] ?? Infinity)
    const total = delays.reduce((a, b) => a + b, 0)
    expect(total).toBe(retrySchedule().reduce((a, b) => a + b))
    expect(Math.abs(total - harmonicTotal)).toBeLessThanOrEqual((maxAttempts - 1) / 2)
    expect(total).toBe(Math.round(harmonicTotal))
  })

  test("examples", () => {
    expect(nextRetry(1, 503)).toEqual({ _tag: "RetryAfter", delayMs: 556 })
    expect(nextRetry(1, undefined)).toEqual({ _tag: "RetryAfter", delayMs: 556 })
    expect(nextRetry(9, 429)).toEqual({ _tag: "RetryAfter", delayMs: 5000 })
    expect(nextRetry(10, 503)).toEqual({ _tag: "Stop", reason: "attemptsExhausted" })
    expect(nextRetry(NaN, 503)).toEqual({ _tag: "Stop", reason: "attemptsExhausted" })
    expect(nextRetry(0, 503)).toEqual({ _tag: "RetryAfter", delayMs: 556 })
    expect(nextRetry(3, 404)).toEqual({ _tag: "Stop", reason: "notRetryable" })
    expect(nextRetry(3, 200)).toEqual({ _tag: "Stop", reason: "notRetryable" })
  })
})
