/**
 * Why the write fast path left cart writes to the pipeline (a diagnostic, off unless STOREFRONT_WRITE_TIMINGS=1,
 * `writeDiagnosticsOn`): each write it declines before its body, by the check that failed, and by the last thing that
 * happened to that shopper's cached session before it (loaded, a forget by the session middleware, a load dropped
 * because an invalidation overlapped it, an expiry seen by a read, a notice); beside them how many writes it served and
 * how many of each event there were. Printed to stderr once a second while writes come (when something changed),
 * with the seconds since the first write.
 *
 * @module
 */
import { writeDiagnosticsOn } from "../diagnostics.ts"

/** Something that happened to one cached session. */
export type SessionCacheEvent =
  | "loaded"
  | "load dropped"
  | "forget after a call: session changed"
  | "forget by a state-changing call"
  | "notice"
  | "expired"

const lastEvent = new Map<string, SessionCacheEvent>()
const events = new Map<string, number>()
const declines = new Map<string, number>()
let served = 0
let handedOver = 0
let firstWrite: number | undefined
let timer: ReturnType<typeof setInterval> | undefined
let printed = ""

const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1)

const started = () => {
  if (firstWrite !== undefined) return
  firstWrite = Date.now()
  timer = setInterval(print, 1000)
  timer.unref()
}

const print = () => {
  const line = `session cache t=${((Date.now() - firstWrite!) / 1000).toFixed(0)}s: served ${served}; handed over after the body ${handedOver}; declined ${
    JSON.stringify(Object.fromEntries(declines))
  }; events ${JSON.stringify(Object.fromEntries(events))}`
  const body = line.slice(line.indexOf(":"))
  if (body === printed) return
  printed = body
  process.stderr.write(`${line}\n`)
}

/** Notes an event of the cached session `key` (a session id). */
export const noteSessionEvent = (key: string, event: SessionCacheEvent): void => {
  if (!writeDiagnosticsOn) return
  lastEvent.set(key, event)
  count(events, event)
}

/** Notes a write the fast path served. */
export const noteServedWrite = (): void => {
  if (!writeDiagnosticsOn) return
  started()
  served++
}

/** Notes a write the fast path handed to the pipeline after its body (its statement changed nothing, a refused payload). */
export const noteHandedOver = (): void => {
  if (!writeDiagnosticsOn) return
  handedOver++
}

/** Notes a write the fast path declined before its body, by `check`, for the session `key`. */
export const noteDeclinedWrite = (check: string, key: string | undefined): void => {
  if (!writeDiagnosticsOn) return
  started()
  count(declines, `${check} after ${key === undefined ? "no cookie" : lastEvent.get(key) ?? "nothing"}`)
}
