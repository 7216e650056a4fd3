/**
 * GET /media/{mediaId}.png and /media/{mediaId}.svg: the locally generated images of the catalogue and banners (the
 * seed's `media` rows; product `image` urls and banner slides point at the PNG, `mediaUrl`). The PNG (`?w=` asks for a
 * width, rounded up to a multiple of 16 px) is what pages show: browsers decode it off the main thread. The SVG is
 * the earlier form, still served for links and caches that hold it.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { gzipSync } from "node:zlib"
import { SqlClient } from "effect/sql"
import { type MediaRow, renderMediaSvg } from "../db/seed/images.ts"
import { rasterWidth, renderMediaPng } from "../db/seed/mediaRaster.ts"
import { makeByteCache } from "./mediaCache.ts"

/** The route pattern; the path parameter is the file name `{mediaId}.png` or `{mediaId}.svg`. */
export const mediaRoutePath = "/media/:file"

/** How long browsers may cache an image, in seconds (images of a media id never change). */
export const mediaMaxAgeSeconds = 86400

/** The formats the media route serves, by file extension. */
export type MediaFormat = "png" | "svg"

/** The media id and format a file name names (`v12.png` is `v12` as PNG), or undefined for another name. */
export const mediaFileOf = (file: string): { readonly mediaId: string; readonly format: MediaFormat } | undefined => {
  let name: string
  try {
    name = decodeURIComponent(file)
  } catch {
    return undefined
  }
  const match = /^(.+)\.(png|svg)$/.exec(name)
  return match === null ? undefined : { mediaId: match[1]!, format: match[2] as MediaFormat }
}

/** The media id an `.svg` file name names (`v12.svg` is `v12`), or undefined when it is not an `.svg` name. */
export const mediaIdOfFile = (file: string): string | undefined => {
  const named = mediaFileOf(file)
  return named?.format === "svg" ? named.mediaId : undefined
}

/** The width a `?w=` value asks for: a whole number of px, or undefined (the image's own width). */
export const requestedWidth = (value: string | null): number | undefined =>
  value !== null && /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : undefined

const cacheHeaders = {
  "cache-control": `public, max-age=${mediaMaxAgeSeconds}`,
  "x-content-type-options": "nosniff"
}

/** Rendered PNGs by media id and width: 2,000 images or 32 MB at most (a 600 px product image is 3 to 12 kB). */
const pngCache = makeByteCache(2000, 32 * 1024 * 1024)
const svgCache = makeByteCache(2000, 8 * 1024 * 1024)

const rowCacheMax = 20_000

/**
 * The media route: the PNG as `image/png`, or the SVG as `image/svg+xml` (gzip when accepted, a CSP that lets the
 * image run nothing); both cached a day and `nosniff`; 404 text for an unknown id or another file name. Needs the
 * app's router and SQL. A media id's row is read once while it stays among the 20,000 last served, and the PNGs and
 * SVGs are rendered once while they stay in their caches.
 */
export const MediaRoutes = HttpRouter.use(Effect.fnUntraced(function*(router) {
  const sql = yield* SqlClient.SqlClient
  // The media rows this server served lately, by media id: a media id's image never changes, so an image asked for
  // again (each page asks for dozens) is answered without a statement. Unknown ids are not kept.
  const rowCache = new Map<string, MediaRow>()
  const keepRow = (row: MediaRow) => {
    if (rowCache.size >= rowCacheMax) rowCache.delete(rowCache.keys().next().value!)
    rowCache.set(row.media_id, row)
  }
  yield* router.add(
    "GET",
    mediaRoutePath,
    Effect.gen(function*() {
      const { params } = yield* HttpRouter.RouteContext
      const named = mediaFileOf(params["file"] ?? "")
      const known = named === undefined ? undefined : rowCache.get(named.mediaId)
      const rows = named === undefined || known !== undefined
        ? []
        : yield* Effect.orDie(sql<MediaRow>`
            SELECT media_id, kind, shape, label, color1, color2, width, height FROM media WHERE media_id = ${named.mediaId}`)
      const row = known ?? rows[0]
      if (known === undefined && row !== undefined) keepRow(row)
      if (named === undefined || row === undefined) return HttpServerResponse.text("Not found", { status: 404 })
      const request = yield* HttpServerRequest.HttpServerRequest
      if (named.format === "png") {
        const width = rasterWidth(row, requestedWidth(new URL(request.url, "http://localhost").searchParams.get("w")))
        const png = pngCache.getOrRender(`${row.media_id}\u0000${width}`, () => renderMediaPng(row, width).png)
        return HttpServerResponse.uint8Array(png, { contentType: "image/png", headers: cacheHeaders })
      }
      const gzip = /\bgzip\b/i.test(request.headers["accept-encoding"] ?? "")
      const svg = svgCache.getOrRender(`${row.media_id}\u0000${gzip ? "gzip" : "plain"}`, () => {
        const text = renderMediaSvg(row)
        return gzip ? gzipSync(text) : new TextEncoder().encode(text)
      })
      return HttpServerResponse.uint8Array(svg, {
        contentType: "image/svg+xml",
        headers: {
          vary: "accept-encoding",
          ...(gzip ? { "content-encoding": "gzip" } : {}),
          ...cacheHeaders,
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'"
        }
      })
    })
  )
}))
