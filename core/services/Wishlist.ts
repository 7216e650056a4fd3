/**
 * The wishlist service (spec §2 wishlist drawer, pages and counter, §3, §4, §5 "Widget wishlist
 * requires login", §6, §7 legacy and new wishlist APIs, §8 wishlist errors, §9 drawer size and the
 * 60 s cache): the main list's items and count, the drawer's five newest items, the counter, the
 * customer's lists, and adding, deleting, moving to the cart, saving and removing lists.
 *
 * Errors of creation and removal show the response's `describedBy` or the status text; with
 * `redirect` false the wishlist drawer opens and the message shows for 5 s, otherwise the page goes
 * to the given url (same-origin only).
 *
 * @module
 */
import { Clock, Context, Data, Effect, FiberHandle, Layer, Ref, SubscriptionRef } from "effect"
import { ShopApiClient, ShopCallState } from "../api/client.ts"
import { errorResponseStatus } from "../api/entities/envelope.ts"
import type { Wishlist as WishlistList, WishlistItem, WishlistSummary } from "../api/entities/wishlist.ts"
import { LoginRequired } from "../api/errors.ts"
import { WishlistRejected } from "../api/wishlist.ts"
import { safeRedirectTarget } from "../domain/redirect.ts"
import { shopById, wishlistDetailUrl } from "../domain/shop.ts"
import {
  addPayload,
  addsToMainList,
  counterLabel,
  countAfter,
  drawerItems,
  hasNextLink,
  isCacheFresh,
  normalizeCount,
  wishlistAccess,
  type CounterLabel,
  type QuantityLabel,
  type WishlistTarget
} from "../domain/wishlist.ts"
import { uiLanguageOf, type UiLanguage } from "../messages/languages.ts"
import { translate } from "../messages/translator.ts"
import { Account } from "./Account.ts"
import { failureMessageKey, readFailure, statusText, type CallFailure } from "./failures.ts"
import { ensureSession } from "./session.ts"
import { onSignal, openDrawerSignal, redirectSignal, Signals } from "./Signals.ts"

/** How long a wishlist error message shows in the drawer, in ms (§8: 5 seconds). */
export const wishlistMessageMs = 5000

/** Which wishlist API the service talks to (§7): the legacy widget API or the new one. */
export type WishlistApiKind = "legacy" | "new"

/** Options of the wishlist service. */
export interface WishlistOptions {
  /** The API the drawer loads from and deletes through (default `new`); adding by variant always uses the new API. */
  readonly api?: WishlistApiKind
  /**
   * The counter's quantity label for a count (default: the `wishlist_counter_items` message of the UI language, in
   * the CLDR plural category of the count: `položka` / `položky` / `položek`).
   */
  readonly quantityLabel?: QuantityLabel
  /** The UI language of the default quantity label (default: the shop's language). */
  readonly language?: UiLanguage
}

export { type CreatedWishlist, emptyWishlistState, type WishlistState } from "./wishlistState.ts"
import { type CreatedWishlist, emptyWishlistState, type WishlistState } from "./wishlistState.ts"

/** The customer may not use the wishlist (§5, §6); a redirect to the login page was signalled. */
export class WishlistLoginRequired extends Data.TaggedError("WishlistLoginRequired")<{
  /** Where the shopper was sent. */
  readonly redirectUrl: string
}> {}

/** A wishlist call failed (§8); the message was shown in the drawer or the page was redirected. */
export class WishlistFailed extends Data.TaggedError("WishlistFailed")<{
  /** The operation, e.g. `Wishlist.add`. */
  readonly operation: string
  /** The message shown (describedBy, the status text, or a message key). */
  readonly message: string
  /** Where the page was sent, when the error asked for a redirect. */
  readonly redirectUrl: string | undefined
  /** The call's failure. */
  readonly failure: CallFailure
}> {}

/** The errors of the wishlist actions. */
export type WishlistError = WishlistLoginRequired | WishlistFailed

/** The wishlist service's state and actions. */
export interface WishlistShape {
  /** The published state. */
  readonly state: SubscriptionRef.SubscriptionRef<WishlistState>
  /** Loads the main list's items, unless fetched less than 60 s ago (or `force`). Login required (§5). */
  readonly load: (options?: { readonly force?: boolean }) => Effect.Effect<WishlistState, WishlistError>
  /** Takes wishlist data fetched elsewhere (the widgets data, §7) as fresh. */
  readonly hydrate: (summary: WishlistSummary) => Effect.Effect<WishlistState>
  /** Loads the customer's lists (new API find-all). */
  readonly loadLists: Effect.Effect<WishlistState, WishlistError>
  /** Adds a variant to the main list, an existing list or a new list (new API PUT add, §3). */
  readonly add: (variantId: number, target?: WishlistTarget, amount?: number) => Effect.Effect<WishlistState, WishlistError>
  /** Adds an article through the legacy API (PUT /api/wishlist/addItem/). */
  readonly addArticle: (articleId: number, amount?: number, wishListId?: number) => Effect.Effect<WishlistState, WishlistError>
  /** Deletes an item from its list (the main list when the item names none). */
  readonly deleteItem: (item: WishlistItem) => Effect.Effect<WishlistState, WishlistError>
  /** Puts the item's variant into the cart, then deletes it from the list (§4: the count drops by one). */
  readonly moveToCart: (item: WishlistItem) => Effect.Effect<WishlistState, WishlistError>
  /** Creates a list by name, or renames the list `wishListId`. */
  readonly saveWishlist: (name: string, wishListId?: number) => Effect.Effect<WishlistState, WishlistError>
  /** Removes a list (§7 remove-wishlist). */
  readonly removeWishlist: (wishListId: number) => Effect.Effect<WishlistState, WishlistError>
  /** Hides the drawer message at once. */
  readonly dismissMessage: Effect.Effect<WishlistState>
}

const itemListId = (item: WishlistItem, mainWishListId: number | undefined): number | undefined =>
  item.wishListId ?? mainWishListId

const makeWith = (options: WishlistOptions) =>
  Effect.gen(function*() {
    const api = yield* ShopApiClient
    const callState = yield* ShopCallState
    const signals = yield* Signals
    const account = yield* Account
    const apiKind = options.api ?? "new"
    const language = options.language ?? uiLanguageOf(shopById((yield* Ref.get(callState)).shopId))
    const quantityLabel: QuantityLabel = options.quantityLabel ?? ((count) => translate(language, "wishlist_counter_items", { count }))
    const state = yield* SubscriptionRef.make(emptyWishlistState)
    const messageTimer = yield* FiberHandle.make<void, never>()

    const shop = Effect.map(Ref.get(callState), (call) => shopById(call.shopId))
    const update = (f: (s: WishlistState) => WishlistState) => SubscriptionRef.updateAndGet(state, f)
    /** `call` after making sure the session's csrf token is known (mutations are CSRF-protected). */
    const inSession = <A, E>(call: Effect.Effect<A, E>) => Effect.andThen(ensureSession(api, callState), call)

    /**
     * The main list's count after an add or a move to the cart: the server's count when it answered for the main
     * list, otherwise the §4 rule (adding to the main list raises it, a move to the cart lowers it).
     */
    const countAfterChange = (
      s: WishlistState,
      answered: WishlistSummary,
      forMainList: boolean,
      event: Parameters<typeof countAfter>[1]
    ): number => (forMainList && answered.itemsCount !== undefined ? answered.itemsCount : countAfter(s.itemsCount, event))

    /** The derived parts (drawer, next link, counter) recomputed from items and count. */
    const derive = (s: WishlistState): WishlistState => ({
      ...s,
      drawerItems: drawerItems(s.items),
      hasNext: hasNextLink(s.itemsCount),
      counter: counterLabel(s.itemsCount, quantityLabel)
    })

    const withItems = (s: WishlistState, items: ReadonlyArray<WishlistItem>, count: number): WishlistState =>
      derive({ ...s, items, itemsCount: normalizeCount(count) })

    /** The state after a summary of the main list from the server. */
    const applySummary = (s: WishlistState, summary: WishlistSummary): WishlistState => {
      const items = summary.items ?? s.items
      return withItems(
        {
          ...s,
          mainWishListId: summary.mainWishListId ?? s.mainWishListId,
          wishlists: summary.wishlists ?? s.wishlists
        },
        items,
        summary.itemsCount ?? items.length
      )
    }

    const showMessage = (message: string) =>
      Effect.gen(function*() {
        yield* update((s) => ({ ...s, message }))
        yield* signals.publish(openDrawerSignal("wishlist"))
        yield* FiberHandle.run(
          messageTimer,
          Effect.sleep(wishlistMessageMs).pipe(
            Effect.andThen(update((s) => (s.message === message ? { ...s, message: undefined } : s))),
            Effect.asVoid
          )
        )
      })

    const loginRedirect = (redirectUrl: string | undefined) =>
      Effect.gen(function*() {
        const target = safeRedirectTarget(redirectUrl, (yield* shop).urlKeys.login)
        yield* update((s) => ({ ...s, loading: false }))
        yield* signals.publish(redirectSignal(target))
        return yield* new WishlistLoginRequired({ redirectUrl: target })
      })

    /** The §8 handling of a failed call: login, describedBy or status text, drawer for 5 s or redirect. */
    const failed = (operation: string) => (error: unknown) =>
      Effect.gen(function*() {
        if (error instanceof LoginRequired) return yield* loginRedirect(error.redirectUrl)
        const failure = readFailure(error)
        yield* update((s) => ({ ...s, loading: false }))
        if (error instanceof WishlistRejected) {
          const message = error.describedBy ?? statusText(failure.status)
          if (error.redirect) {
            const target = safeRedirectTarget(error.url, (yield* shop).urlKeys.wishlist)
            yield* signals.publish(redirectSignal(target))
            return yield* new WishlistFailed({ operation, message, redirectUrl: target, failure })
          }
          yield* showMessage(message)
          return yield* new WishlistFailed({ operation, message, redirectUrl: undefined, failure })
        }
        const message = failure.status === undefined ? failureMessageKey(failure) : statusText(failure.status)
        yield* showMessage(message)
        return yield* new WishlistFailed({ operation, message, redirectUrl: undefined, failure })
      })

    /** A load failure keeps the state as it was and shows nothing (only creation and removal show, §8). */
    const loadFailed = (operation: string) => (error: unknown): Effect.Effect<never, WishlistError> =>
      Effect.gen(function*() {
        if (error instanceof LoginRequired) return yield* loginRedirect(error.redirectUrl)
        const failure = readFailure(error)
        yield* update((s) => ({ ...s, loading: false }))
        return yield* new WishlistFailed({ operation, message: failureMessageKey(failure), redirectUrl: undefined, failure })
      })

    /** §5: a guest is sent to log in; an unknown customer (not loaded yet) is left to the server to decide. */
    const ensureAccess = Effect.gen(function*() {
      const { customer } = yield* SubscriptionRef.get(account.state)
      if (customer !== undefined && wishlistAccess(customer) === "redirect") return yield* loginRedirect(undefined)
    })

    const fetchItems = apiKind === "legacy" ? api.legacyWishlist.getItems() : api.wishlist.getItems({ query: {} })

    const load = Effect.fn("Wishlist.load")(function*(loadOptions?: { readonly force?: boolean }) {
      yield* ensureAccess
      const current = yield* SubscriptionRef.get(state)
      const now = yield* Clock.currentTimeMillis
      if (loadOptions?.force !== true && current.fetchedAt !== undefined && isCacheFresh(current.fetchedAt, now)) {
        return current
      }
      yield* update((s) => ({ ...s, loading: true }))
      const summary = yield* fetchItems.pipe(Effect.catch(loadFailed("Wishlist.load")))
      const fetchedAt = yield* Clock.currentTimeMillis
      return yield* update((s) => ({ ...applySummary(s, summary), fetchedAt, loading: false }))
    })

    const hydrate = (summary: WishlistSummary) =>
      Effect.flatMap(Clock.currentTimeMillis, (fetchedAt) => update((s) => ({ ...applySummary(s, summary), fetchedAt })))

    const loadLists = Effect.gen(function*() {
      yield* ensureAccess
      yield* update((s) => ({ ...s, loading: true }))
      const summary = yield* api.wishlist.findAll().pipe(Effect.catch(loadFailed("Wishlist.loadLists")))
      return yield* update((s) => ({
        ...s,
        loading: false,
        wishlists: summary.wishlists ?? s.wishlists,
        mainWishListId: summary.mainWishListId ?? s.mainWishListId
      }))
    }).pipe(Effect.withSpan("Wishlist.loadLists"))

    const add = Effect.fn("Wishlist.add")(function*(variantId: number, target: WishlistTarget = { kind: "main" }, amount = 1) {
      yield* ensureAccess
      const payload = addPayload(variantId, target, amount)
      yield* update((s) => ({ ...s, loading: true }))
      const added = yield* inSession(api.wishlist.add({ payload })).pipe(Effect.catch(failed("Wishlist.add")))
      const currentShop = yield* shop
      return yield* update((s) => {
        const mainId = added.mainWishListId ?? s.mainWishListId
        const toMainList = addsToMainList(payload, mainId)
        const count = countAfterChange(s, added, toMainList, { type: "added", toMainList })
        const created = payload.newWishlistName === undefined
          ? s.created
          : { wishListId: added.wishListId, detailUrl: wishlistDetailUrl(currentShop, added.wishListId) }
        const base = { ...s, loading: false, mainWishListId: mainId, wishlists: added.wishlists ?? s.wishlists, created }
        return withItems(base, toMainList && added.items !== undefined ? added.items : s.items, count)
      })
    })

    const addArticle = Effect.fn("Wishlist.addArticle")(function*(articleId: number, amount = 1, wishListId?: number) {
      yield* ensureAccess
      yield* update((s) => ({ ...s, loading: true }))
      const summary = yield* inSession(
        api.legacyWishlist.addItem({ payload: { articleId, amount, ...(wishListId === undefined ? {} : { wishListId }) } })
      ).pipe(Effect.catch(failed("Wishlist.addArticle")))
      return yield* update((s) => {
        const toMainList = wishListId === undefined || wishListId === (summary.mainWishListId ?? s.mainWishListId)
        const count = countAfterChange(s, summary, toMainList, { type: "added", toMainList })
        const base = { ...s, loading: false, mainWishListId: summary.mainWishListId ?? s.mainWishListId }
        return withItems(base, toMainList && summary.items !== undefined ? summary.items : s.items, count)
      })
    })

    /** Deletes through the configured API; answers the list's summary after the removal. */
    const sendDelete = (operation: string, item: WishlistItem) =>
      Effect.gen(function*() {
        const { mainWishListId } = yield* SubscriptionRef.get(state)
        const wishListId = itemListId(item, mainWishListId)
        if (wishListId === undefined) {
          const summary = yield* fetchItems.pipe(Effect.catch(loadFailed(operation)))
          yield* update((s) => applySummary(s, summary))
        }
        const listId = itemListId(item, (yield* SubscriptionRef.get(state)).mainWishListId)
        if (listId === undefined) {
          const failure: CallFailure = { kind: "decode", status: undefined, message: "the main wishlist id is unknown" }
          yield* update((s) => ({ ...s, loading: false }))
          return yield* new WishlistFailed({ operation, message: failureMessageKey(failure), redirectUrl: undefined, failure })
        }
        const payload = { wishListId: listId, itemId: item.wishListItemId }
        return yield* inSession(apiKind === "legacy" ? api.legacyWishlist.deleteItem({ payload }) : api.wishlist.delete({ payload })).pipe(
          Effect.catch(failed(operation))
        )
      })

    const isMainListItem = (s: WishlistState, item: WishlistItem): boolean =>
      item.wishListId === undefined || item.wishListId === s.mainWishListId

    const deleteItem = Effect.fn("Wishlist.deleteItem")(function*(item: WishlistItem) {
      yield* ensureAccess
      yield* update((s) => ({ ...s, loading: true }))
      const summary = yield* sendDelete("Wishlist.deleteItem", item)
      return yield* update((s) => {
        const base = { ...s, loading: false }
        if (!isMainListItem(s, item)) return base
        return applySummary(base, {
          ...summary,
          items: summary.items ?? s.items.filter((i) => i.wishListItemId !== item.wishListItemId)
        })
      })
    })

    const moveToCart = Effect.fn("Wishlist.moveToCart")(function*(item: WishlistItem) {
      yield* ensureAccess
      const variantId = item.product?.variant.variantId
      if (variantId === undefined) {
        const failure: CallFailure = { kind: "decode", status: undefined, message: "the item has no product variant" }
        return yield* new WishlistFailed({ operation: "Wishlist.moveToCart", message: failureMessageKey(failure), redirectUrl: undefined, failure })
      }
      yield* update((s) => ({ ...s, loading: true }))
      const response = yield* inSession(
        api.cart.addToCart({ payload: { variantId, amount: Math.max(1, item.amount ?? 1), context: "wishlist" } })
      ).pipe(Effect.catch(failed("Wishlist.moveToCart")))
      if (response.status?.status === errorResponseStatus) {
        const message = response.status.flashMessages?.[0]?.message ?? statusText(undefined)
        yield* update((s) => ({ ...s, loading: false }))
        yield* showMessage(message)
        const failure: CallFailure = { kind: "rejected", status: 200, message }
        return yield* new WishlistFailed({ operation: "Wishlist.moveToCart", message, redirectUrl: undefined, failure })
      }
      yield* signals.publish({ _tag: "CartChanged", source: "wishlist" })
      const summary = yield* sendDelete("Wishlist.moveToCart", item)
      return yield* update((s) => {
        const base = { ...s, loading: false }
        if (!isMainListItem(s, item)) return base
        const items = summary.items ?? s.items.filter((i) => i.wishListItemId !== item.wishListItemId)
        const count = countAfterChange(s, summary, true, { type: "removedAfterMoveToCart" })
        return withItems({ ...base, mainWishListId: summary.mainWishListId ?? s.mainWishListId }, items, count)
      })
    })

    const saveWishlist = Effect.fn("Wishlist.saveWishlist")(function*(name: string, wishListId?: number) {
      yield* ensureAccess
      yield* update((s) => ({ ...s, loading: true }))
      const saved = yield* inSession(
        api.wishlist.saveWishlist({ payload: { name: name.trim(), ...(wishListId === undefined ? {} : { wishListId }) } })
      ).pipe(Effect.catch(failed("Wishlist.saveWishlist")))
      const currentShop = yield* shop
      return yield* update((s) => {
        const others = s.wishlists.filter((list) => list.wishListId !== saved.wishListId)
        const created = wishListId === undefined
          ? { wishListId: saved.wishListId, detailUrl: wishlistDetailUrl(currentShop, saved.wishListId) }
          : s.created
        return { ...s, loading: false, wishlists: [...others, saved], created }
      })
    })

    const removeWishlist = Effect.fn("Wishlist.removeWishlist")(function*(wishListId: number) {
      yield* ensureAccess
      yield* update((s) => ({ ...s, loading: true }))
      const summary = yield* inSession(api.wishlist.removeWishlist({ payload: { wishListId } })).pipe(
        Effect.catch(failed("Wishlist.removeWishlist"))
      )
      return yield* update((s) => ({
        ...s,
        loading: false,
        wishlists: summary.wishlists ?? s.wishlists.filter((list) => list.wishListId !== wishListId)
      }))
    })

    const dismissMessage = Effect.andThen(FiberHandle.clear(messageTimer), update((s) => ({ ...s, message: undefined })))

    // §4 / known trap: a new session (login, logout) invalidates the cache and reloads for a customer.
    yield* onSignal(signals, (signal) =>
      signal._tag !== "SessionChanged"
        ? Effect.void
        : Effect.gen(function*() {
          yield* FiberHandle.clear(messageTimer)
          yield* SubscriptionRef.set(state, emptyWishlistState)
          if (typeof signal.customerId === "number") yield* Effect.ignore(load({ force: true }))
        }))

    return Wishlist.of({
      state,
      load,
      hydrate,
      loadLists,
      add,
      addArticle,
      deleteItem,
      moveToCart,
      saveWishlist,
      removeWishlist,
      dismissMessage
    })
  })

/** The wishlist service: see {@link WishlistShape}. */
export class Wishlist extends Context.Service<Wishlist, WishlistShape>()("storefront/Wishlist") {
  /** The new wishlist API, the shop language's counter label. */
  static readonly layer = Layer.effect(Wishlist, makeWith({}))
  /** With options (legacy API, the counter's quantity label or its language). */
  static readonly layerWith = (options: WishlistOptions) => Layer.effect(Wishlist, makeWith(options))
}
