/**
 * The tag manager's data layer in a browser: `window.dataLayer`, created when the page has none. Each push looks the
 * array (and its `push`) up again, so a tag manager or a debug tool that replaces either later still sees every event.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { DataLayer, type DataLayerEvent } from "../../core/services/TagManager.ts"
import { windowDataLayer } from "./windowDataLayer.ts"

export { windowDataLayer }

/** The data-layer port over `window.dataLayer`; a push that throws fails (the tag manager reports it, §8). */
export const browserDataLayerLayer: Layer.Layer<DataLayer> = Layer.succeed(DataLayer, DataLayer.of({
  push: (event: DataLayerEvent) => Effect.sync(() => void windowDataLayer().push(event))
}))
