/**
 * Cached GET answers served before the Effect HTTP pipeline (issue 9). A read whose answer is a function of its URL,
 * its session and cached values (the session answer, a guest's widgets data and load-cart, the catalogue's pages)
 * says so ({@link replayable}); the hardening middleware then keeps the answer as it went out (status, headers, body)
 * with what it was built from ({@link ReadDependencies}). The next GET of the same URL, session cookie, shop header
 * and wallet header is answered from it by the Node request listener ({@link withFastReads}) while:
 *
 * - the cookie's session is the very session the answer was built for, cached and unchanged (the middleware's own
 *   test for a read that needs no statement);
 * - every cached value the answer read is still what its cache holds (an invalidation, a state-changing call of the
 *   session, the entry's expiry drop it), and the day it was built for (load-cart) is today;
 * - on PostgreSQL, every cart it showed is at the version a statement sent after this request arrived reads
 *   (`CartVersionChecks`, coalesced with every other read's): a write committed through any server before a read
 *   arrives is what the read answers, the rule the pipeline's reads follow.
 *
 * Anything else (another method, no replay kept, a check failing, an error) goes through the pipeline unchanged, which
 * answers and may keep a new replay. A replay carries the headers the pipeline sent, with a new request id; it never
 * sets a cookie (answers that set one are not kept), so a cookie-less read still stores nothing.
 *
 * @module
 */
import { randomUUID } from "node:crypto"
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { Context, Effect } from "effect"
import { Cookies, type HttpServerResponse } from "effect/http"
import { sessionCookie, shopIdHeader, walletSupportedHeader } from "../../../core/api/headers.ts"
import { Session, type SessionData } from "../../../core/api/security.ts"
import { CurrentReadDependencies, type ReadCacheShape, type ReadDependencies } from "../db/ReadCache.ts"
import type { FastWrites } from "./fastWrites.ts"
import { cachedSessionFor } from "./middleware.ts"

/** The response header carrying the request id (as the hardening middleware sends it). */
const requestIdHeader = "x-request-id"

/** How many replays a process keeps at most (the oldest goes first). */
export const fastReadsMaxEntries = 20_000

/** How many bytes of kept answers (bodies and headers) a process holds at most (the oldest goes first). */
export const fastReadsMaxBytes = 16 * 1024 * 1024

/** What a read gathers while it runs: its {@link ReadDependencies} and whether (and for which session) it is replayable. */
export interface ReplayRecord extends ReadDependencies {
  /** The session the answer was built for, once the handler declared it {@link replayable}. */
  session: SessionData | undefined
  /** Until when (ms) the answer holds whatever the caches say (e.g. the end of the day it was built for). */
  validUntil: number
}

/** One kept answer and what it holds on. */
interface Replay {
  readonly session: SessionData
  readonly cached: ReadonlyArray<(now: number) => boolean>
  readonly cartVersions: ReplayRecord["cartVersions"]
  readonly validUntil: number
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
}

/** The bytes a kept answer holds: its body, its headers and its key's share, roughly. */
const sizeOf = (replay: Replay): number => {
  let size = replay.body.length + 256
  for (const [name, value] of Object.entries(replay.headers)) size += name.length + value.length
  return size
}

/**
 * A copy of `bytes` in an ArrayBuffer of its own: `Buffer.from` copies a small body into a slice of Node's shared
 * 8 KiB pool, and a kept slice would hold the whole slab (the byte budget counts only the body).
 */
const ownBytes = (bytes: Uint8Array): Buffer => {
  const copy = new Uint8Array(bytes)
  return Buffer.from(copy.buffer, 0, copy.length)
}

/** Characters a session cookie value the fast path accepts may have (anything else goes through the pipeline). */
const plainCookieValue = /^[A-Za-z0-9_\-.~]+$/

/** The value of the session cookie in a `Cookie` header when it occurs exactly once and needs no decoding. */
export const sessionCookieOf = (header: string | undefined): string | undefined => {
  if (header === undefined) return undefined
  let found: string | undefined
  for (const part of header.split(";")) {
    const pair = part.trim()
    const equals = pair.indexOf("=")
    if (equals <= 0 || pair.slice(0, equals).trim() !== sessionCookie) continue
    if (found !== undefined) return undefined
    found = pair.slice(equals + 1).trim()
  }
  return found !== undefined && plainCookieValue.test(found) ? found : undefined
}

const headerOf = (request: IncomingMessage, name: string): string => {
  const value = request.headers[name]
  return typeof value === "string" ? value : ""
}

/** The replays of one server process; see the module documentation. */
export class FastReads {
  private readonly replays = new Map<string, Replay>()
  private bytes = 0
  private cache: ReadCacheShape | undefined = undefined
  private served = 0

  /** Hands over the process's read cache (the hardening middleware does, once it is built). */
  attach(cache: ReadCacheShape): void {
    this.cache = cache
  }

  /** How many requests were answered from a replay so far (diagnostics, tests). */
  get hits(): number {
    return this.served
  }

  /** How many replays are kept. */
  get size(): number {
    return this.replays.size
  }

  /** A fresh record for a GET call that may be kept, when a read cache is attached. */
  recordFor(method: string, url: string): ReplayRecord | undefined {
    if (this.cache === undefined || method !== "GET" || !url.startsWith("/api/")) return undefined
    return { cached: [], cartVersions: [], untracked: false, session: undefined, validUntil: Infinity }
  }

  /** Keeps the answer `response` of a call whose `record` says it is replayable (a 200 that sets no cookie). */
  keep(
    request: { readonly url: string; readonly headers: Readonly<Record<string, string | undefined>> },
    record: ReplayRecord,
    response: HttpServerResponse.HttpServerResponse
  ): void {
    if (record.session === undefined || record.untracked || response.status !== 200 || !Cookies.isEmpty(response.cookies)) return
    if (response.headers["set-cookie"] !== undefined) return
    const body = response.body
    if (body._tag !== "Uint8Array") return
    const cookie = sessionCookieOf(request.headers["cookie"])
    if (cookie === undefined) return
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) if (name !== requestIdHeader) headers[name] = value
    if (headers["content-type"] === undefined) headers["content-type"] = body.contentType
    const key = this.keyOf(request.url, cookie, request.headers[shopIdHeader] ?? "", request.headers[walletSupportedHeader] ?? "")
    this.drop(key)
    const replay: Replay = {
      session: record.session,
      cached: record.cached,
      cartVersions: record.cartVersions,
      validUntil: record.validUntil,
      status: response.status,
      headers,
      body: ownBytes(body.body)
    }
    this.replays.set(key, replay)
    this.bytes += sizeOf(replay)
    while (this.replays.size > fastReadsMaxEntries || this.bytes > fastReadsMaxBytes) this.drop(this.replays.keys().next().value!)
  }

  /** Drops every replay. */
  clear(): void {
    this.replays.clear()
    this.bytes = 0
  }

  /** How many bytes the kept answers hold (bodies and headers). */
  get heldBytes(): number {
    return this.bytes
  }

  private drop(key: string): void {
    const replay = this.replays.get(key)
    if (replay === undefined) return
    this.replays.delete(key)
    this.bytes -= sizeOf(replay)
  }

  /**
   * Answers `request` from a replay when one holds (see the module documentation) and answers true; false when the
   * pipeline must answer (at once, or, where a cart's version is checked first, through `fallback`).
   */
  serve(request: IncomingMessage, response: ServerResponse, fallback: () => void): boolean {
    const cache = this.cache
    if (cache === undefined || request.method !== "GET") return false
    const url = request.url ?? ""
    if (!url.startsWith("/api/")) return false
    const cookie = sessionCookieOf(request.headers.cookie)
    if (cookie === undefined) return false
    const shop = headerOf(request, shopIdHeader)
    const key = this.keyOf(url, cookie, shop, headerOf(request, walletSupportedHeader))
    const replay = this.replays.get(key)
    if (replay === undefined) return false
    const holds = () => {
      const now = Date.now()
      if (now >= replay.validUntil) return false
      if (cachedSessionFor(cache, cookie, shop === "" ? undefined : shop, now) !== replay.session) return false
      for (const check of replay.cached) if (!check(now)) return false
      return true
    }
    if (!holds()) {
      this.drop(key)
      return false
    }
    if (replay.cartVersions.length === 0) {
      this.send(response, replay)
      return true
    }
    const versions = replay.cartVersions.length === 1
      ? Effect.map(replay.cartVersions[0]!.stored(), (stored) => [stored])
      : Effect.forEach(replay.cartVersions, (cart) => cart.stored(), { concurrency: "unbounded" })
    Effect.runPromise(versions).then(
      (stored) => {
        const current = replay.cartVersions.every((cart, i) => stored[i] !== undefined && cart.version >= stored[i]!)
        if (current && holds() && !response.headersSent) {
          try {
            return this.send(response, replay)
          } catch {
            if (response.headersSent) return response.destroy()
          }
        }
        if (this.replays.get(key) === replay) this.drop(key)
        fallback()
      },
      () => fallback()
    )
    return true
  }

  private send(response: ServerResponse, replay: Replay): void {
    this.served++
    const headers: Record<string, string | number> = { ...replay.headers, [requestIdHeader]: randomUUID(), "content-length": replay.body.length }
    response.writeHead(replay.status, headers)
    response.end(replay.body)
  }

  private keyOf(url: string, cookie: string, shop: string, wallet: string): string {
    return `${url}\n${cookie}\n${shop}\n${wallet}`
  }
}

/** The process's {@link FastReads}, when the server runs with them (main.ts); undefined in-process (tests). */
export const CurrentFastReads = Context.Reference<FastReads | undefined>("demo/server/http/fastReads/CurrentFastReads", {
  defaultValue: () => undefined
})

/**
 * Declares the current read's answer replayable: a function of its URL, its session, the shop and wallet headers and
 * the cached values it read (gathered by `cachedRead` and the cart reads), valid until `validUntil` (ms) at most.
 * Does nothing outside a GET call the fast path follows.
 */
export const replayable = (validUntil: number = Infinity): Effect.Effect<void> =>
  Effect.gen(function*() {
    const record = (yield* CurrentReadDependencies) as ReplayRecord | undefined
    if (record === undefined || !("session" in record)) return
    const session = yield* Effect.serviceOption(Session)
    if (session._tag === "None") return
    record.session = session.value
    record.validUntil = Math.min(record.validUntil, validUntil)
  })

/**
 * `server` with `fastReads` (and `fastWrites`, demo/server/http/fastWrites.ts, first) in front of its request
 * listeners: a GET a replay answers, a cart write the fast path takes, never reaches them (see the module
 * documentation). Pass it to `NodeHttpServer.layer` in place of `createServer`.
 */
export const withFastReads = (server: Server, fastReads: FastReads, fastWrites?: FastWrites): Server => {
  const wrapped = new Map<(...args: Array<any>) => void, (...args: Array<any>) => void>()
  const on = server.on.bind(server)
  const off = server.off.bind(server)
  server.on = ((event: string, listener: (...args: Array<any>) => void) => {
    if (event !== "request") return on(event, listener)
    const fast = (request: IncomingMessage, response: ServerResponse) => {
      let answered = false
      try {
        answered = fastWrites?.serve(request, response, (replayed) => listener(replayed, response)) === true ||
          fastReads.serve(request, response, () => listener(request, response))
      } catch {
        answered = false
      }
      if (!answered) listener(request, response)
    }
    wrapped.set(listener, fast)
    return on(event, fast)
  }) as Server["on"]
  server.off = ((event: string, listener: (...args: Array<any>) => void) =>
    off(event, event === "request" ? wrapped.get(listener) ?? listener : listener)) as Server["off"]
  return server
}
