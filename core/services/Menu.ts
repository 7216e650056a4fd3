/**
 * The mega-menu's layers (spec §2 "Menu and content layers load on hover", §7 GET /api/menu/getSheet,
 * §9 "Menu cache 3600 s in local storage"): the sheet of a menu item, read from local storage while it
 * is fresh, otherwise fetched and stored. A sheet that cannot be loaded is absent: the menu item stays a
 * plain link.
 *
 * @module
 */
import { Clock, Context, Effect, Layer } from "effect"
import { ShopApiClient } from "../api/client.ts"
import { menuCacheFresh, menuCacheSeconds } from "../domain/layout/menu.ts"
import type { ShopId } from "../domain/shop.ts"
import { Storage } from "./Storage.ts"

/** The local-storage key of a menu item's cached sheet (ours). */
export const menuSheetKey = (shopId: ShopId, menuItemId: number): string => `sf_menu_sheet:${shopId}:${menuItemId}`

/** A cached sheet: its HTML and when it was stored (Clock ms). */
interface CachedSheet {
  readonly html: string
  readonly storedAt: number
}

const readCached = (raw: string | undefined): CachedSheet | undefined => {
  if (raw === undefined) return undefined
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== "object" || parsed === null) return undefined
    const { html, storedAt } = parsed as Record<string, unknown>
    return typeof html === "string" && typeof storedAt === "number" ? { html, storedAt } : undefined
  } catch {
    return undefined
  }
}

/** The menu service's actions. */
export interface MenuShape {
  /**
   * The sheet HTML of a menu item: from local storage when stored less than 3600 s ago (§9), else from getSheet
   * (then stored); undefined when the item has no sheet or the call fails.
   */
  readonly sheet: (menuItemId: number) => Effect.Effect<string | undefined>
}

const make = (shopId: ShopId) =>
  Effect.gen(function*() {
    const api = yield* ShopApiClient
    const storage = yield* Storage

    const sheet = (menuItemId: number) =>
      Effect.gen(function*() {
        const key = menuSheetKey(shopId, menuItemId)
        const now = yield* Clock.currentTimeMillis
        const cached = readCached(yield* storage.get("localStorage", key))
        if (cached !== undefined && menuCacheFresh(cached.storedAt, now)) return cached.html
        const answer = yield* api.menu.getSheet({ query: { menuItemId } }).pipe(
          Effect.map((loaded) => loaded.html),
          Effect.catch((error) => Effect.as(Effect.logDebug("menu sheet not loaded", error), undefined))
        )
        if (answer === undefined) return undefined
        const storedAt = yield* Clock.currentTimeMillis
        yield* storage.set("localStorage", key, JSON.stringify({ html: answer, storedAt }), {
          expiresAt: storedAt + menuCacheSeconds * 1000
        })
        return answer
      }).pipe(Effect.withSpan("Menu.sheet"))

    return Menu.of({ sheet })
  })

/** The mega-menu's layers: see {@link MenuShape}. */
export class Menu extends Context.Service<Menu, MenuShape>()("storefront/Menu") {
  /** Over the shop API client and the storage port, caching under the shop's keys. */
  static readonly layer = (shopId: ShopId) => Layer.effect(Menu, make(shopId))
}
