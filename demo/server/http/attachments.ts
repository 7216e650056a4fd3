/**
 * GET /api/contact-attachments/{attachmentId}: a stored contact-form attachment, for the shop's operator only
 * (`Authorization: Bearer <OPERATOR_TOKEN>`, as the tracking listing; 404 when no token is configured, 401 for a
 * missing or wrong one). A stored file is only ever served as a download: `Content-Disposition: attachment` with its
 * (already sanitised) name, `application/octet-stream`, `nosniff` and a CSP that runs nothing, so a browser never
 * renders or runs what a shopper uploaded.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { SecuritySettings } from "./securitySettings.ts"
import { isOperator } from "./trackingEvents.ts"

/** The route pattern. */
export const attachmentRoutePath = "/api/contact-attachments/:attachmentId"

/** The `Content-Disposition` of a download named `name` (ASCII fallback plus the UTF-8 name, RFC 6266). */
export const attachmentDisposition = (name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_")
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** The download route (see the module comment). Needs the app's router and SQL. */
export const AttachmentRoutes = HttpRouter.use(Effect.fnUntraced(function*(router) {
  const sql = yield* SqlClient.SqlClient
  const settings = yield* SecuritySettings
  yield* router.add(
    "GET",
    attachmentRoutePath,
    Effect.gen(function*() {
      const notFound = HttpServerResponse.jsonUnsafe({ _tag: "NotFound", message: "Not found" }, { status: 404 })
      const token = settings.operatorToken
      if (token === undefined) return notFound
      const request = yield* HttpServerRequest.HttpServerRequest
      if (!isOperator(request.headers["authorization"], token)) {
        return HttpServerResponse.jsonUnsafe(
          { _tag: "Unauthorized", message: "The operator token is missing or wrong." },
          { status: 401, headers: { "www-authenticate": "Bearer" } }
        )
      }
      const { params } = yield* HttpRouter.RouteContext
      const id = params["attachmentId"] ?? ""
      if (!/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2147483647) return notFound
      const rows = yield* Effect.orDie(sql<{ file_name: string; content: Uint8Array }>`
        SELECT file_name, content FROM contact_attachments WHERE attachment_id = ${Number(id)}`)
      const row = rows[0]
      if (row === undefined) return notFound
      return HttpServerResponse.uint8Array(row.content, {
        contentType: "application/octet-stream",
        headers: {
          "content-disposition": attachmentDisposition(row.file_name),
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; sandbox",
          "cache-control": "no-store"
        }
      })
    })
  )
}))
