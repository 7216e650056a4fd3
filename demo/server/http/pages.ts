/**
 * The storefront pages (demo/web, React Router in framework mode) served by the same process and
 * origin as the API: every path no API route claims goes to React Router's request handler, with a
 * context through which route loaders call the shop API in process (no network hop, the shopper's
 * cookie forwarded); each shop's pages are served from a build variant holding only its routes (shopBuilds.ts),
 * whose route manifest module is generated at start. Built client assets are served from `demo/web/build/client` with long caching
 * for hashed files. API paths that match nothing stay JSON 404s. A page's inline scripts carry the request's CSP
 * nonce (see hardening.ts).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpEffect, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { existsSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { extname, join, normalize, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { promisify } from "node:util"
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib"
import type { ServerBuild } from "react-router"
import { preferencesOf } from "../../web/app/lib/preferences.ts"
import { gzipBursts } from "./gzipBursts.ts"
import { CspNonce } from "./hardening.ts"
import { shopBuildsOf } from "./shopBuilds.ts"

/** Where `npm run build:web` writes the storefront. */
export const webBuildDirectory = resolve(fileURLToPath(new URL("../../web/build", import.meta.url)))

/** Path prefixes that belong to the APIs: unknown paths under them answer JSON, never a page. */
export const apiPrefixes = ["/api/", "/product-api/", "/recently-viewed-api/", "/tracking-api/"] as const

const contentTypes: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json"
}

/** The web handler of the shop's API routes, for loaders running in this process. */
export interface InProcessApi {
  readonly handler: (request: Request) => Promise<Response>
}

type PageHandler = (request: Request, api: InProcessApi, nonce: string | undefined) => Promise<Response>

/** The page handler and the route manifest modules generated at start (by URL path). */
interface Pages {
  readonly handle: PageHandler
  readonly generated: ReadonlyMap<string, string>
}

/**
 * Loads the storefront's server bundle and wraps React Router's request handler around it: one handler per shop
 * (shopBuilds.ts), chosen by the request's shop cookie, so a shop's pages carry only its routes.
 */
const loadPages = async (): Promise<Pages | undefined> => {
  const entry = join(webBuildDirectory, "server", "index.js")
  if (!existsSync(entry)) return undefined
  const build = await import(pathToFileURL(entry).href) as ServerBuild
  const { createRequestHandler, RouterContextProvider } = await import("react-router")
  const mode = process.env["NODE_ENV"] === "development" ? "development" : "production"
  const variants = shopBuildsOf(build)
  const handlers = new Map([...variants].map(([shopId, variant]) => [shopId, createRequestHandler(variant.build, mode)]))
  const { apiContext, nonceContext } = build.entry.module as {
    apiContext?: import("react-router").RouterContext<InProcessApi | undefined>
    nonceContext?: import("react-router").RouterContext<string | undefined>
  }
  const handle: PageHandler = (request, api, nonce) => {
    const context = new RouterContextProvider()
    if (apiContext !== undefined) context.set(apiContext, api)
    if (nonceContext !== undefined) context.set(nonceContext, nonce)
    return handlers.get(preferencesOf(request).shop.shopId)!(request, context)
  }
  return { handle, generated: new Map([...variants.values()].map((variant) => [variant.manifestPath, variant.manifestSource])) }
}

/** Compressed bodies of the built files, by path and encoding: the files never change while the server runs. */
const compressedFiles = new Map<string, Promise<Uint8Array>>()

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const compressible = (type: string): boolean => /javascript|css|svg|json|text|manifest/.test(type)

/** The encoding to answer with: brotli, else gzip, else none (from the request's Accept-Encoding). */
export const encodingFor = (acceptEncoding: string | undefined): "br" | "gzip" | undefined => {
  const accepted = (acceptEncoding ?? "").toLowerCase()
  return /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined
}

/** A static answer: the file's body compressed once per encoding, long-cached under `/assets/`. */
const assetResponse = (pathname: string, key: string, raw: () => Promise<Uint8Array>, acceptEncoding: string | undefined) =>
  Effect.promise(async () => {
    try {
      const contentType = contentTypes[extname(pathname)] ?? "application/octet-stream"
      const encoding = compressible(contentType) ? encodingFor(acceptEncoding) : undefined
      const cacheKey = `${encoding ?? "identity"} ${key}`
      let pending = compressedFiles.get(cacheKey)
      if (pending === undefined) {
        // Compressed once per file and encoding, off the event loop (zlib's thread pool); concurrent first requests share it.
        pending = raw().then((body): Promise<Uint8Array> =>
          encoding === "br"
            ? brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
            : encoding === "gzip"
            ? gzipAsync(body, { level: 9 })
            : Promise.resolve(body)
        )
        compressedFiles.set(cacheKey, pending)
        pending.catch(() => compressedFiles.delete(cacheKey))
      }
      const body = await pending
      const immutable = pathname.startsWith("/assets/")
      return HttpServerResponse.uint8Array(body, {
        contentType,
        headers: {
          "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
          "x-content-type-options": "nosniff",
          vary: "accept-encoding",
          ...(encoding === undefined ? {} : { "content-encoding": encoding })
        }
      })
    } catch {
      return undefined
    }
  })

const staticFile = (pathname: string, acceptEncoding: string | undefined) => {
  const root = join(webBuildDirectory, "client")
  let name: string
  try {
    name = decodeURIComponent(pathname)
  } catch {
    return Effect.succeed(undefined)
  }
  const file = normalize(join(root, name))
  if (!file.startsWith(root + "/") || !existsSync(file)) return Effect.succeed(undefined)
  return assetResponse(pathname, file, () => readFile(file), acceptEncoding)
}

/** A page's streamed HTML, gzipped on the fly when the browser takes gzip (the stream stays a stream, each burst sent at once). */
const gzipDocument = (response: Response, acceptEncoding: string | undefined): Response => {
  const type = response.headers.get("content-type") ?? ""
  if (response.body === null || !type.startsWith("text/html") || response.headers.has("content-encoding")) return response
  if (!/\bgzip\b/i.test(acceptEncoding ?? "")) return response
  const headers = new Headers(response.headers)
  headers.set("content-encoding", "gzip")
  headers.append("vary", "accept-encoding")
  headers.delete("content-length")
  return new Response(response.body.pipeThrough(gzipBursts()), { status: response.status, statusText: response.statusText, headers })
}

const notBuilt = HttpServerResponse.text(
  "The storefront is not built yet: run `npm run build:web` (npm start does it for you).",
  { status: 503 }
)

/** The catch-all route of the storefront pages and their assets. */
export const PageRoutes = HttpRouter.use(Effect.fnUntraced(function*(router) {
  const context = yield* Effect.context<never>()
  let pages: Promise<Pages | undefined> | undefined
  let api: InProcessApi | undefined
  const inProcessApi = (): InProcessApi => {
    api ??= { handler: HttpEffect.toWebHandlerWith(context)(router.asHttpEffect() as never) }
    return api
  }
  yield* router.add(
    "*",
    "/*",
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const url = new URL(request.url, "http://localhost")
      if (apiPrefixes.some((prefix) => url.pathname.startsWith(prefix))) {
        return HttpServerResponse.jsonUnsafe({ _tag: "NotFound", message: `No API route ${url.pathname}` }, { status: 404 })
      }
      pages ??= loadPages()
      if (request.method === "GET" && url.pathname.includes(".") && !url.pathname.endsWith(".data")) {
        const file = yield* staticFile(url.pathname, request.headers["accept-encoding"])
        if (file !== undefined) return file
        const source = (yield* Effect.promise(() => pages!))?.generated.get(url.pathname)
        if (source !== undefined) {
          const generated = yield* assetResponse(url.pathname, `generated ${url.pathname}`, async () => new TextEncoder().encode(source), request.headers["accept-encoding"])
          if (generated !== undefined) return generated
        }
      }
      const handler = (yield* Effect.promise(() => pages!))?.handle
      if (handler === undefined) return notBuilt
      const web = yield* HttpServerRequest.toWeb(request).pipe(Effect.orDie)
      const nonce = yield* Effect.serviceOption(CspNonce)
      const response = yield* Effect.promise(() => handler(web, inProcessApi(), nonce._tag === "Some" ? nonce.value : undefined))
      return HttpServerResponse.fromWeb(gzipDocument(response, request.headers["accept-encoding"]))
    })
  )
}))
