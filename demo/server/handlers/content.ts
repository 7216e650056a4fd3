/**
 * The content group (spec §7 GET /api/shopContent/findByTitle and /find): a content page of the
 * session's shop, by title or id. The contact page also carries the upload limits (`config`) from
 * the server's one contact upload config, so the form shows what the submit call enforces.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import type { ShopContentResponse } from "../../../core/api/content.ts"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { shopById, type ShopId } from "../../../core/domain/shop.ts"
import { ContactUploadLimits, contentConfigOf, type ContactUploadConfig } from "../domain/contact.ts"

interface ContentRow {
  readonly content_id: number
  readonly kind: string
  readonly title: string
  readonly body: string
}

/** The content kinds that take uploads, and so come with the upload `config`: the contact page. */
export const uploadContentKinds: ReadonlyArray<string> = ["contact"]

/** The answer for a content row: `status: "ok"`, the content, and the upload config for the contact page. */
export const contentResponse = (row: ContentRow, shopId: ShopId, limits: ContactUploadConfig): ShopContentResponse => ({
  status: okStatus,
  content: { body: row.body, id: row.content_id, title: row.title },
  ...(uploadContentKinds.includes(row.kind) ? { config: contentConfigOf(limits, shopById(shopId).locale) } : {})
})

/**
 * The handlers of the content group: `findByTitle` and `find` answer the session shop's page
 * (404 when the shop has none by that title or id); `findByTitle` also finds a legal page (terms, privacy) by its
 * slug, the path its footer menu entry links (ours). The `hash` (the shop's frontend hash) only
 * versions the client's cache; the server answers the current content whatever it is.
 */
export const ContentHandlers = HttpApiBuilder.group(
  ShopApi,
  "content",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const limits = yield* ContactUploadLimits
    const notFound = () => new NotFound({ message: "No such content." })
    return handlers
      .handle("findByTitle", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const rows = yield* Effect.orDie(sql<ContentRow>`
            SELECT content_id, kind, title, body FROM content_pages
            WHERE shop_id = ${session.shopId}
              AND (title = ${query.title.trim()} OR (kind = 'legal' AND slug = ${query.title.trim()}))`)
          const row = rows[0]
          if (row === undefined) return yield* notFound()
          return contentResponse(row, session.shopId, limits)
        }))
      .handle("find", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const rows = yield* Effect.orDie(sql<ContentRow>`
            SELECT content_id, kind, title, body FROM content_pages
            WHERE shop_id = ${session.shopId} AND content_id = ${query.contentId}`)
          const row = rows[0]
          if (row === undefined) return yield* notFound()
          return contentResponse(row, session.shopId, limits)
        }))
  })
)
