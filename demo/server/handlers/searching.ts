/**
 * The searching group (spec §7 PUT /api/searching/put/ with event, token, type, itemId): search
 * behaviour events, kept in `search_events` for search analytics.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"

/** The longest event name, token and type kept; longer values are cut. */
export const searchFieldMaxLength = 200

/**
 * The handlers of the searching group: `put` records the event with the session's shop and
 * session (texts cut to {@link searchFieldMaxLength}) and answers 204. Events are not checked
 * against a list of known names: search analytics keeps whatever the storefront reports.
 */
export const SearchingHandlers = HttpApiBuilder.group(
  ShopApi,
  "searching",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const cut = (text: string) => text.trim().slice(0, searchFieldMaxLength)
    return handlers.handle("put", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        yield* Effect.orDie(sql`
          INSERT INTO search_events (shop_id, session_id, event, token, type, item_id)
          VALUES (${session.shopId}, ${session.sessionId}, ${cut(payload.event)}, ${cut(payload.token)},
                  ${cut(payload.type)}, ${String(payload.itemId)})`)
      }))
  })
)
