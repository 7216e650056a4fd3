/**
 * GET /media/{mediaId}.svg: the locally generated images of the catalogue and banners (the seed's
 * `media` rows rendered by `renderMediaSvg`; product `image` urls and banner slides point here).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { gzipSync } from "node:zlib"
import { SqlClient } from "effect/sql"
import { type MediaRow, renderMediaSvg } from "../db/seed/images.ts"

/** The route pattern; the path parameter is the file name `{mediaId}.svg`. */
export const mediaRoutePath = "/media/:file"

/** How long browsers may cache an image, in seconds (images of a media id never change). */
export const mediaMaxAgeSeconds = 86400

/** The media id a file name names (`v12.svg` is `v12`), or undefined when it is not an `.svg` name. */
export const mediaIdOfFile = (file: string): string | undefined => {
  let name: string
  try {
    name = decodeURIComponent(file)
  } catch {
    return undefined
  }
  return name.endsWith(".svg") && name.length > 4 ? name.slice(0, -4) : undefined
}

/**
 * The media route: the SVG as `image/svg+xml` (cached a day, `nosniff`, a CSP that lets the image
 * run nothing), 404 text for an unknown id. Needs the app's router and SQL.
 */
export const MediaRoutes = HttpRouter.use(Effect.fnUntraced(function*(router) {
  const sql = yield* SqlClient.SqlClient
  yield* router.add(
    "GET",
    mediaRoutePath,
    Effect.gen(function*() {
      const { params } = yield* HttpRouter.RouteContext
      const mediaId = mediaIdOfFile(params["file"] ?? "")
      const rows = mediaId === undefined
        ? []
        : yield* Effect.orDie(sql<MediaRow>`
            SELECT media_id, kind, shape, label, color1, color2, width, height FROM media WHERE media_id = ${mediaId}`)
      const row = rows[0]
      if (row === undefined) return HttpServerResponse.text("Not found", { status: 404 })
      const svg = renderMediaSvg(row)
      const request = yield* HttpServerRequest.HttpServerRequest
      const gzip = /\bgzip\b/i.test(request.headers["accept-encoding"] ?? "")
      return HttpServerResponse.uint8Array(gzip ? gzipSync(svg) : new TextEncoder().encode(svg), {
        contentType: "image/svg+xml",
        headers: {
          vary: "accept-encoding",
          ...(gzip ? { "content-encoding": "gzip" } : {}),
          "cache-control": `public, max-age=${mediaMaxAgeSeconds}`,
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'"
        }
      })
    })
  )
}))
