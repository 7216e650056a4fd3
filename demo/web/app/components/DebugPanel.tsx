/**
 * The debug panel behind the `?debug` query flag (issue 8): what the page pushed to the tag manager's
 * `window.dataLayer` and the tracking events it sent to the tracking API (§7 GET/POST `/track`; in debug mode the
 * tracking client posts, §4). Loaded only when the flag is set, so no other page carries its code.
 */
import { useEffect, useState } from "react"
import { trackEventParameter, trackPath } from "../../../../core/domain/tracking.ts"
import { useShopText } from "../lib/i18n.ts"

/** One tracking call seen by the panel. */
interface SentEvent {
  readonly method: string
  readonly event: string
}

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

const pretty = (value: unknown): string => {
  try {
    return JSON.stringify(typeof value === "string" ? JSON.parse(value) : value, null, 2)
  } catch {
    return String(value)
  }
}

/** The panel: the dataLayer entries and the tracking events, newest last, updated as they happen. */
export default function DebugPanel() {
  const { t } = useShopText()
  const [layer, setLayer] = useState<ReadonlyArray<unknown>>([])
  const [events, setEvents] = useState<ReadonlyArray<SentEvent>>([])
  useEffect(() => {
    const host = window as unknown as { dataLayer?: Array<unknown> }
    const dataLayer = (host.dataLayer ??= [])
    setLayer([...dataLayer])
    const push = dataLayer.push
    dataLayer.push = (...items: Array<unknown>) => {
      const length = push.apply(dataLayer, items)
      setLayer([...dataLayer])
      return length
    }
    const fetchBefore = window.fetch
    window.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url
      if (isTrackingUrl(url)) {
        const method = init?.method ?? (typeof input === "object" && "method" in input ? input.method : "GET")
        setEvents((seen) => [...seen, { method: method.toUpperCase(), event: eventOf(url, init?.body) }])
      }
      return fetchBefore(input, init)
    }
    const beaconBefore = navigator.sendBeacon?.bind(navigator)
    if (beaconBefore !== undefined) {
      navigator.sendBeacon = (url, data) => {
        if (isTrackingUrl(String(url))) setEvents((seen) => [...seen, { method: "BEACON", event: eventOf(String(url), data) }])
        return beaconBefore(url, data)
      }
    }
    return () => {
      dataLayer.push = push
      window.fetch = fetchBefore
      if (beaconBefore !== undefined) navigator.sendBeacon = beaconBefore
    }
  }, [])
  return (
    <aside className="debug-panel" aria-label={t("pg_debug_title")}>
      <details open>
        <summary>{t("pg_debug_data_layer", { count: layer.length })}</summary>
        {layer.length === 0 ? <p>{t("pg_debug_none")}</p> : <pre>{layer.map(pretty).join("\n")}</pre>}
      </details>
      <details open>
        <summary>{t("pg_debug_tracking", { count: events.length })}</summary>
        {events.length === 0 ? <p>{t("pg_debug_none")}</p> : (
          <ol>{events.map((sent, index) => <li key={index}><pre>{sent.method} {pretty(sent.event)}</pre></li>)}</ol>
        )}
      </details>
    </aside>
  )
}
