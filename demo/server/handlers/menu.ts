/**
 * The menu group (spec §2 "Menu and content layers load on hover", §7 GET /api/menu/getSheet and GET
 * /template/component/{name}): the mega-menu sheet of a menu item and the HTML of a template
 * component, both of the session's shop.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"

/** The content kind whose pages are template components (served by `templateComponent`). */
export const componentKind = "component"

/**
 * The handlers of the menu group. `getMenu` answers the visible entries of a menu of the session's shop. `getSheet` answers the sheet HTML of a visible menu item of the
 * session's shop that has one (404 otherwise). `templateComponent` answers the body of the shop's
 * component page titled `name` as `text/html` (404 otherwise).
 */
export const MenuHandlers = HttpApiBuilder.group(
  ShopApi,
  "menu",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    return handlers
      .handle("getMenu", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const rows = yield* Effect.orDie(sql<{
            menu_item_id: number
            parent_id: number | null
            title: string
            url: string
            css_class: string | null
            has_sheet: boolean
          }>`
            SELECT menu_item_id, parent_id, title, url, css_class, sheet_html IS NOT NULL AS has_sheet FROM menu_items
            WHERE shop_id = ${session.shopId} AND menu = ${query.menu} AND visible
            ORDER BY parent_id NULLS FIRST, position, menu_item_id`)
          return {
            items: rows.map((row) => ({
              menuItemId: row.menu_item_id,
              parentId: row.parent_id,
              title: row.title,
              url: row.url,
              cssClass: row.css_class,
              hasSheet: row.has_sheet
            }))
          }
        }))
      .handle("getSheet", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const rows = yield* Effect.orDie(sql<{ menu_item_id: number; sheet_html: string }>`
            SELECT menu_item_id, sheet_html FROM menu_items
            WHERE menu_item_id = ${query.menuItemId} AND shop_id = ${session.shopId}
              AND visible AND sheet_html IS NOT NULL`)
          const row = rows[0]
          if (row === undefined) return yield* new NotFound({ message: "This menu item has no sheet." })
          return { menuItemId: row.menu_item_id, html: row.sheet_html }
        }))
      .handle("templateComponent", ({ params }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const rows = yield* Effect.orDie(sql<{ body: string }>`
            SELECT body FROM content_pages
            WHERE shop_id = ${session.shopId} AND kind = ${componentKind} AND title = ${params.name}`)
          const row = rows[0]
          if (row === undefined) return yield* new NotFound({ message: "No such component." })
          return row.body
        }))
  })
)
