/**
 * The cart service's published state and the pure views of it (the lines the UI shows, idleness), without
 * Effect: the React layer reads these on the first paint, before the services load.
 *
 * @module
 */
import type { Cart as CartEntity, CartArticle } from "../api/entities/cart.ts"
import type { FlashMessage } from "../api/entities/flash.ts"
import type { ApiResponse } from "../api/entities/envelope.ts"
import { mustReload } from "../domain/responseStatus.ts"
import { defaultStock, type QuantityCorrection } from "../domain/quantity.ts"

/** The count a line shows while its change is not yet confirmed by the server (§9 optimistic count). */
export interface LineAmount {
  /** The count shown (and to be sent). */
  readonly count: number
  /** The text of the quantity field: what was typed, or the count. */
  readonly input: string
  /** Which edit produced it (unique across lines); internal bookkeeping of the service. */
  readonly edit: number
}

/** An add-to-cart call in progress (§4 "adding"; §8 "pending state reset" when it fails). */
export interface PendingAdd {
  /** The variant being added. */
  readonly variantId: number
  /** How many pieces. */
  readonly amount: number
}

/** Why the page should reload (§4 "status 'error' with a link forces a page reload"; §8 add failure). */
export interface ReloadRequest {
  /** `addError`: an add failed; `statusError`: a response had status 'error' with a link. */
  readonly reason: "addError" | "statusError"
  /** The link of the response status, when one came. */
  readonly link?: string
}

/** What the cart service publishes. */
export interface CartState {
  /** The cart as the server last answered it (undefined before the first load). */
  readonly cart: CartEntity | undefined
  /** On while any cart call is in progress (§4). */
  readonly loading: boolean
  /** Set when the cart could not be resolved (§4, §8); cleared by the next successful load. */
  readonly fatalError: boolean
  /** The flash messages to show (§3, §8): the server's and the service's own. */
  readonly flashMessages: ReadonlyArray<FlashMessage>
  /** Add-to-cart calls in progress (§4 pending state). */
  readonly pendingAdds: ReadonlyArray<PendingAdd>
  /** Optimistic counts of the lines whose change is not confirmed yet, by line id (§9). */
  readonly amounts: { readonly [lineId: string]: LineAmount }
  /** The last correction of a typed quantity, by line id (§5: e.g. garbage keeps the count). */
  readonly corrections: { readonly [lineId: string]: QuantityCorrection }
  /** Line ids being deleted: hidden from {@link cartLines} until the server confirms. */
  readonly removing: ReadonlyArray<string>
  /** Set when the page must reload (§4, §8); the UI performs it. */
  readonly reload: ReloadRequest | undefined
}

/** The state before the first load. */
export const initialCartState: CartState = {
  cart: undefined,
  loading: false,
  fatalError: false,
  flashMessages: [],
  pendingAdds: [],
  amounts: {},
  corrections: {},
  removing: [],
  reload: undefined
}

/**
 * The state of a page whose server-side read of the cart failed: the loading flag on (§4), as the browser reads the
 * cart again at once; the fatal error flag (§4, §8) comes only if that read fails too.
 */
export const cartRereadState: CartState = { ...initialCartState, loading: true }

/**
 * Whether the cart is not known yet because its first read is in progress or failed (§4 loading and fatal error
 * flags): a page must not call such a cart empty.
 */
export const isCartUnresolved = (state: CartState): boolean => state.cart === undefined && (state.loading || state.fatalError)

/**
 * The id of a cart line: its `cartItemId`, else its `articleId` (our reading: the change-amount `id`
 * is "the cart item id"), as a string.
 */
export const lineIdOf = (article: CartArticle): string => String(article.cartItemId ?? article.articleId)

/** One line of the cart as the UI shows it. */
export interface CartLine {
  /** The line id ({@link lineIdOf}). */
  readonly lineId: string
  /** The article as the server sent it. */
  readonly article: CartArticle
  /** The count shown: the optimistic one while a change is pending, else the server's. */
  readonly count: number
  /** The text of the quantity field. */
  readonly input: string
  /** Whether a change of the count is not confirmed yet. */
  readonly pending: boolean
  /** The stock the plus button checks (§5: default 1). */
  readonly stock: number
  /** The last correction of a typed quantity, if any. */
  readonly correction: QuantityCorrection | undefined
}

/** The articles of a cart (none before the first load). */
export const articlesOf = (cart: CartEntity | undefined): ReadonlyArray<CartArticle> => cart?.articles ?? []

/** The lines the UI shows: the server's articles minus those being deleted, with optimistic counts. */
export const cartLines = (state: CartState): ReadonlyArray<CartLine> =>
  articlesOf(state.cart)
    .filter((article) => !state.removing.includes(lineIdOf(article)))
    .map((article) => {
      const lineId = lineIdOf(article)
      const amount = state.amounts[lineId]
      return {
        lineId,
        article,
        count: amount?.count ?? article.count,
        input: amount?.input ?? String(article.count),
        pending: amount !== undefined,
        stock: article.availability?.inStock ?? defaultStock,
        correction: state.corrections[lineId]
      }
    })

/** Whether nothing is in progress: no call, no pending count, add or delete (the cart shown is the server's). */
export const isCartIdle = (state: CartState): boolean =>
  !state.loading && Object.keys(state.amounts).length === 0 && state.pendingAdds.length === 0 && state.removing.length === 0

/** Whether two flash messages say the same thing (same text, type and category). */
export const sameFlash = (a: FlashMessage, b: FlashMessage): boolean => a.message === b.message && a.type === b.type && a.cat === b.cat

/** The flashes with `added` appended, each message once. */
export const withFlashes = (
  flashes: ReadonlyArray<FlashMessage>,
  added: ReadonlyArray<FlashMessage>
): ReadonlyArray<FlashMessage> =>
  added.reduce<ReadonlyArray<FlashMessage>>((all, flash) => (all.some((f) => sameFlash(f, flash)) ? all : [...all, flash]), flashes)

/**
 * The cart of a response (§7 "Responses carry cart, cartItems, ..."): its `cart`, whose articles are
 * `cart.articles`, else the response's `cartItems`, else (a summary cart of a non-extended call) the
 * previous articles; a response with only `cartItems` keeps the rest of the previous cart; a response
 * without either keeps the previous cart.
 */
export const cartOfResponse = (previous: CartEntity | undefined, response: ApiResponse): CartEntity | undefined => {
  if (response.cart !== undefined) {
    const articles = response.cart.articles ?? response.cartItems ?? previous?.articles
    return articles === undefined ? response.cart : { ...response.cart, articles }
  }
  if (response.cartItems !== undefined) return { ...previous, articles: response.cartItems }
  return previous
}

/** The state after a response: its cart, its flash messages, and the reload rule of §4. */
export const applyCartResponse = (state: CartState, response: ApiResponse): CartState => {
  const status = response.status
  return {
    ...state,
    cart: cartOfResponse(state.cart, response),
    flashMessages: withFlashes(state.flashMessages, status?.flashMessages ?? []),
    reload:
      status !== undefined && mustReload(status)
        ? { reason: "statusError", ...(typeof status.link === "string" ? { link: status.link } : {}) }
        : state.reload
  }
}
