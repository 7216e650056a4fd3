/**
 * The record of the tracking calls a page makes, for the `?debug` panel: installed as the page starts (before the
 * services, whose first events would otherwise go out before the lazily loaded panel could watch), it wraps `fetch`
 * and `sendBeacon` once and keeps every call to the tracking API's `/track` (§7), with its method and event.
 *
 * @module
 */
import { trackEventParameter, trackPath } from "../../../../core/domain/tracking.ts"

/** One tracking call seen. */
export interface SentEvent {
  /** GET, POST or BEACON. */
  readonly method: string
  /** The event as sent (JSON text). */
  readonly event: string
}

const sent: Array<SentEvent> = []
const listeners = new Set<() => void>()
let installed = false

const isTrackingUrl = (url: string): boolean => {
  try {
    return new URL(url, window.location.href).pathname.endsWith(trackPath)
  } catch {
    return false
  }
}

const eventOf = (url: string, body: unknown): string => {
  if (typeof body === "string") return body
  // The tracking client posts its JSON as bytes (debug mode, §4).
  if (ArrayBuffer.isView(body)) return new TextDecoder().decode(body)
  if (body instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(body))
  return new URL(url, window.location.href).searchParams.get(trackEventParameter) ?? ""
}

const record = (event: SentEvent) => {
  sent.push(event)
  for (const listener of listeners) listener()
}

/** Starts recording (once per page; nothing on the server). */
export const installTrackingRecorder = (): void => {
  if (installed || typeof window === "undefined") return
  installed = true
  const fetchBefore = window.fetch.bind(window)
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
    if (isTrackingUrl(url)) {
      const method = init?.method ?? (typeof input === "object" && "method" in input ? input.method : "GET")
      record({ method: method.toUpperCase(), event: eventOf(url, init?.body) })
    }
    return fetchBefore(input, init)
  }
  const beaconBefore = navigator.sendBeacon?.bind(navigator)
  if (beaconBefore !== undefined) {
    navigator.sendBeacon = (url, data) => {
      if (isTrackingUrl(String(url))) record({ method: "BEACON", event: eventOf(String(url), data) })
      return beaconBefore(url, data)
    }
  }
}

/** The tracking calls recorded so far, oldest first. */
export const sentTrackingEvents = (): ReadonlyArray<SentEvent> => [...sent]

/** Calls `listener` after each recorded call; returns the unsubscribe. */
export const onTrackingSent = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
