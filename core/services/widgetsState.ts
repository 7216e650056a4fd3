/**
 * The widgets service's published state, without Effect: the React layer reads it on the first paint.
 *
 * @module
 */
import type { WidgetCartItem } from "../api/entities/cart.ts"

/** What the cart drawer reads from the widgets data. */
export interface WidgetsState {
  /** The cart drawer's articles (§3 widget cart items). */
  readonly cartArticles: ReadonlyArray<WidgetCartItem>
  /** When the data last loaded (Clock ms); undefined until then. */
  readonly loadedAt: number | undefined
  /** A load is in flight. */
  readonly loading: boolean
}

/** Nothing loaded yet. */
export const initialWidgetsState: WidgetsState = { cartArticles: [], loadedAt: undefined, loading: false }

