/**
 * Per-client throttling (issue 10/12): a fixed budget of calls per client and window for the operations listed in
 * {@link throttledOperations}; past it the call answers 429 with `Retry-After`. To throttle another operation, add
 * one line `"group.endpoint": { calls, perSeconds }` to the list (the call policy's server half applies it), or wrap
 * a plain route's effect in {@link throttled}.
 *
 * Counters live in the process: behind a load balancer each server counts its own share.
 *
 * @module
 */
import { Context, Effect } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { clientAddress, SecuritySettings } from "./securitySettings.ts"

/** A budget: at most `calls` within `perSeconds`. */
export interface RateLimit {
  readonly calls: number
  readonly perSeconds: number
}

/**
 * The throttled operations of the contracts, as `group.endpoint`: login, registration, the contact form, the captcha
 * (a new picture per try) and the tracking API.
 */
export const throttledOperations: Readonly<Record<string, RateLimit>> = {
  "account.login": { calls: 30, perSeconds: 10 * 60 },
  "account.fbLogin": { calls: 30, perSeconds: 10 * 60 },
  "account.register": { calls: 10, perSeconds: 10 * 60 },
  "contact.submit": { calls: 10, perSeconds: 10 * 60 },
  "passwordRecovery.request": { calls: 5, perSeconds: 10 * 60 },
  "passwordRecovery.reset": { calls: 10, perSeconds: 10 * 60 },
  "pets.add": { calls: 30, perSeconds: 10 * 60 },
  "captcha.get": { calls: 60, perSeconds: 10 * 60 },
  "tracking.trackGet": { calls: 300, perSeconds: 60 },
  "tracking.trackPost": { calls: 300, perSeconds: 60 },
  "tracking.log": { calls: 60, perSeconds: 60 }
}

/** Failed logins a client may make within the account lock's window before it is throttled (below the lock's 5). */
export const failedLoginsPerClient: RateLimit = { calls: 4, perSeconds: 15 * 60 }

/** Wrong captcha answers a client may give before it is throttled. */
export const wrongCaptchasPerClient: RateLimit = { calls: 5, perSeconds: 10 * 60 }

interface Window {
  start: number
  count: number
}

/** Counters of calls per key (operation and client) in fixed windows. */
export class Throttle {
  private readonly windows = new Map<string, Window>()
  private lastSweep = 0

  /** Seconds until `key` may call again under `limit`, or 0 when it may now; `count` records the call. */
  check(key: string, limit: RateLimit, now: number, count = true): number {
    this.sweep(now)
    const windowMs = limit.perSeconds * 1000
    let window = this.windows.get(key)
    if (window === undefined || now - window.start >= windowMs) {
      window = { start: now, count: 0 }
      this.windows.set(key, window)
    }
    if (window.count >= limit.calls) return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000))
    if (count) window.count++
    return 0
  }

  /** Records one call of `key` (e.g. a failure counted after the fact). */
  record(key: string, limit: RateLimit, now: number): void {
    this.check(key, limit, now, true)
  }

  /** Forgets every counter (the test run clears the process's counters before each test file). */
  clear(): void {
    this.windows.clear()
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return
    this.lastSweep = now
    for (const [key, window] of this.windows) if (now - window.start > 24 * 3600 * 1000) this.windows.delete(key)
  }
}

/** The process's throttle counters (one per server built; tests get their own with `Layer.succeed`). */
export const Throttles = Context.Reference<Throttle>("demo/server/Throttles", { defaultValue: () => new Throttle() })

/** The 429 answer of a throttled call: a problem body and `Retry-After` in seconds. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  HttpServerResponse.jsonUnsafe(
    { _tag: "TooManyRequests", message: `Too many requests; try again in ${retryAfterSeconds} seconds.` },
    { status: 429, headers: { "retry-after": String(retryAfterSeconds) } }
  )

/**
 * Seconds until the current client may make `operation` again under `limit` (0: it may, and the call is counted).
 * Always 0 when throttling is off.
 */
export const throttleWait = (operation: string, limit: RateLimit, options: { readonly count?: boolean } = {}) =>
  Effect.gen(function*() {
    const settings = yield* SecuritySettings
    if (!settings.throttling) return 0
    const request = yield* HttpServerRequest.HttpServerRequest
    const throttle = yield* Throttles
    return throttle.check(`${operation}|${clientAddress(settings, request)}`, limit, Date.now(), options.count ?? true)
  })

/** Counts one event (a failed login, a wrong answer) of the current client against `operation`'s `limit`. */
export const recordForClient = (operation: string, limit: RateLimit) =>
  Effect.gen(function*() {
    const settings = yield* SecuritySettings
    if (!settings.throttling) return
    const request = yield* HttpServerRequest.HttpServerRequest
    const throttle = yield* Throttles
    throttle.record(`${operation}|${clientAddress(settings, request)}`, limit, Date.now())
  })

/** Wraps a route's effect: past `limit` per client it answers 429 with `Retry-After` instead of running. */
export const throttled = <E, R>(operation: string, limit: RateLimit, effect: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  Effect.flatMap(throttleWait(operation, limit), (wait) => (wait > 0 ? Effect.succeed(tooManyRequests(wait)) : effect))
