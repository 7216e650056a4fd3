/**
 * The debug panel behind the `?debug` query flag (issue 8): what the page pushed to the tag manager's
 * `window.dataLayer` and the tracking events it sent to the tracking API (§7 GET/POST `/track`; in debug mode the
 * tracking client posts, §4). Loaded only when the flag is set, so no other page carries its code.
 */
import { useEffect, useState } from "react"
import { useShopText } from "../lib/i18n.ts"
import { installTrackingRecorder, onTrackingSent, sentTrackingEvents, type SentEvent } from "../lib/trackingRecorder.ts"

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
    // The recorder runs from the page's start (root.tsx); installing here too covers a panel rendered on its own.
    installTrackingRecorder()
    setEvents(sentTrackingEvents())
    const stop = onTrackingSent(() => setEvents(sentTrackingEvents()))
    return () => {
      dataLayer.push = push
      stop()
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
