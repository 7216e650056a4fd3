/**
 * The two hot cart writes served before the Effect HTTP pipeline (issue 9 part 2): an add-to-cart of a line the cached
 * cart holds (without services) and a change-amount that raises nothing, from the read cache (what it does not hold is
 * loaded into it first). The
 * Node request listener ({@link FastWrites.serve}, installed by `withFastReads`) makes exactly the checks the pipeline
 * makes, then the same one statement the pipeline's handler makes:
 *
 * - the route (method and path, no query), a JSON body (`Content-Type: application/json`) with a `Content-Length`
 *   within the JSON body cap (the hardening middleware's 413 otherwise), no `Expect`;
 * - the cookie's session is live, in the shop the call asks for, its cart open (the read fast path's test) and the
 *   `X-CSRF-Token` header equals its token (constant time): the session middleware's and CSRF middleware's checks;
 *   cart writes are not throttled (`throttledOperations`). A session the read cache holds is checked before the body (a
 *   failed check leaves the request to the pipeline as it is); one it does not hold (expired after a shopper's
 *   browsing, never read by this process) is loaded once the body is read, by the session middleware's own load
 *   (`loadSessionRow`: the same statement, kept in the cache by the same rules), ONE load for all the writes of that
 *   cookie that come while it runs (the loads of many cookies that come while earlier ones run go in one statement,
 *   `db/loadBatches.ts`), and then checked the same way (a failed check hands the request over with its body);
 * - one shopper's writes in turn: a write of a cart waits until this path's earlier write of that cart is answered, so
 *   it decides from the cart that one settled (concurrent writes of one cart would otherwise fail on its version and
 *   take the pipeline's locked way);
 * - the body decoded with the contract's payload Schema (`AddToCartPayload`, `ChangeAmountPayload`), the idempotency
 *   key normalized as the handler does;
 * - the change decided from the cached cart (a cart not cached when the write's turn comes is loaded then, by the read
 *   path's own load, `readCart` through the read cache: never an expired cart reused) and made in ONE statement, which
 *   also proves the session still stored as it was (`StatementSession`): no statement reads the session for a session
 *   the cache holds. The decision, the answer and the
 *   statement's text are the handler's own (`addToCartAtOnce`, `changeAmountAtOnceAnswer`) as plain functions
 *   ({@link plainCartWrite}): no Effect runs but the statement's; when the shop's settings are not cached, the
 *   handler's Effect way runs instead and loads them. The plain way's statements are group-committed
 *   ({@link WriteBatches}): writes that become ready while earlier ones' statements run go together in one statement,
 *   each with its own outcome. It stores the idempotency key with the answer, sends the
 *   live-data and versioned cache notices to every server and settles the cart in this process's cache, as the
 *   pipeline's call does; the cached session row it proved is served for a whole time to live again
 *   (`KeyedCache.renew`), so a shopper who keeps writing is not sent to the pipeline each time the row's time to live
 *   ends (about 5 % of the bench's writes were, and each cost the pipeline's session read and often a turn's conflict);
 * - the answer's text byte for byte what HttpApi writes (`JSON.stringify` of the contract's `ApiResponse` encode),
 *   written without running the encoder and with its articles written once ({@link answerJson}), sent as its UTF-8 bytes
 *   with the hardening middleware's headers and a new request id.
 *
 * Anything else goes through the pipeline: before the body is read, the request itself; once it was read (a payload
 * the Schema refuses, a cart or stock or session or key that moved on, so the statement changed nothing), a copy of
 * the request carrying the body read ({@link replayedRequest}). A statement that fails answers 500 as the pipeline
 * would, logged the same way. STOREFRONT_FAST_WRITES=0 turns it off (main.ts).
 *
 * @module
 */
import { randomUUID, timingSafeEqual } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import { Readable } from "node:stream"
import { Cause, Context, Effect, Exit, Schema } from "effect"
import type { SqlClient, Statement } from "effect/sql"
import { AddToCartPayload, cartApiPrefix, ChangeAmountPayload } from "../../../core/api/cart.ts"
import type { ApiResponse } from "../../../core/api/entities/envelope.ts"
import { csrfHeader, idempotencyKeyHeader, isWalletSupportedHeaderValue, shopIdHeader, walletSupportedHeader } from "../../../core/api/headers.ts"
import { cachedRead, ReadCache, type ReadCacheShape } from "../db/ReadCache.ts"
import { noteDeclinedWrite, noteHandedOver, noteServedWrite } from "../db/sessionCacheCounts.ts"
import type { PaymentContext } from "../domain/cart/billingMethods.ts"
import type { CartRequirements } from "../domain/cart/errors.ts"
import { StatementSession, type StatementText, versionMismatch } from "../domain/cart/mutation.ts"
import { readCart } from "../domain/cart/reading.ts"
import { normalizeIdempotencyKey } from "../domain/idempotency.ts"
import { addToCartAtOnce, changeAmountAtOnceAnswer } from "../handlers/cart.ts"
import { maskSecrets, nonPagePolicy, requestIdHeader, type ServerErrorRecord } from "./hardening.ts"
import { type AnswerBody, answerJson } from "./answerJson.ts"
import { type CartWrite, plainCartWrite, type PlainWrite } from "./plainWrite.ts"
import { type CachedSessionEntry, loadSessionRow, sessionEntryOf } from "./middleware.ts"
import { type WriteBatchOptions, WriteBatches } from "./writeBatches.ts"
import { sessionCookieOf } from "./fastReads.ts"
import { mark, type WriteMoments, writeMoments } from "./writeTimings.ts"

/** The add-to-cart path the fast path serves (PUT). */
export const addToCartPath = `${cartApiPrefix}/add-to-cart`

/** The change-amount path the fast path serves (POST). */
export const changeAmountPath = `${cartApiPrefix}/change-amount`

/** What the fast path needs of the server, handed over once the app's layers are built (`attach`). */
export interface FastWritesSetup {
  /** The process's read cache. */
  readonly cache: ReadCacheShape
  /** The services the writes run with (the database client, the read cache). */
  readonly context: Context.Context<CartRequirements>
  /** The JSON body cap (`SecuritySettings.maxJsonBodyBytes`). */
  readonly maxJsonBodyBytes: number
  /** Where a failed write is logged (the hardening middleware's `ServerErrorLog`). */
  readonly errorLog: (record: ServerErrorRecord) => void
  /** The plain client the writes' one statement runs on ({@link StatementClient}). */
  readonly statements: StatementClient
  /** How the plain writes' statements are batched: those of the database the server runs on (`writeBatchOptions`). */
  readonly batchOptions: WriteBatchOptions
}

/** Runs one statement (text with `$n` placeholders) outside any transaction and answers its rows, or its failure. */
export interface StatementClient {
  readonly run: (statement: StatementText) => Promise<Exit.Exit<ReadonlyArray<Record<string, unknown>>, unknown>>
}

/**
 * A {@link StatementClient} on the app's `SqlClient` (one fiber per statement, no Effect around it). Once a statement
 * has run, its compiled parameters are dropped ({@link releaseCompiledParameters}).
 */
export const sqlStatementClient = (sql: SqlClient.SqlClient): StatementClient => {
  const run = Effect.runPromiseExit
  return {
    run: (statement) => {
      const query = sql.unsafe<Record<string, unknown>>(statement.text, statement.params)
      return run(query).then((exit) => {
        releaseCompiledParameters(query)
        return exit
      })
    }
  }
}

/**
 * Empties the parameter list the SQL compiler keeps for `query` once it has run. Effect's compiler keeps each
 * statement's text and parameters in a WeakMap by statement (`compile` answers that kept pair), and V8's young
 * collection holds a WeakMap's values strongly until it has seen the key die: every fast write's parameters (an add's
 * stored answer, about 17 KB as text) survived the next scavenge after its statement and was often promoted.
 */
const releaseCompiledParameters = (query: Statement.Statement<unknown>): void => {
  const [, parameters] = query.compile()
  ;(parameters as Array<unknown>).length = 0
}

// the hardening middleware's headers of a session-bound API answer (hardening.ts `withSecurityHeaders`)
const hardeningHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "content-security-policy": nonPagePolicy,
  "cache-control": "no-store"
} as const

// the same, as name, value, name, value
const answerHeaders = Object.entries(hardeningHeaders).flat()

const decodeAdd = Schema.decodeUnknownSync(AddToCartPayload)
const decodeChange = Schema.decodeUnknownSync(ChangeAmountPayload)

const sameToken = (given: unknown, expected: string): boolean => {
  if (typeof given !== "string" || expected === "") return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * A copy of `request` whose body is `body` (read already): what the pipeline reads when the fast path hands a request
 * over after reading it. It carries the request's method, URL, headers and socket; the body stream yields `body`.
 */
export const replayedRequest = (request: IncomingMessage, body: Buffer): IncomingMessage => {
  const copy = Readable.from(body.length === 0 ? [] : [body], { objectMode: false }) as unknown as Record<string, unknown>
  copy["method"] = request.method
  copy["url"] = request.url
  copy["headers"] = request.headers
  copy["rawHeaders"] = request.rawHeaders
  copy["httpVersion"] = request.httpVersion
  copy["httpVersionMajor"] = request.httpVersionMajor
  copy["httpVersionMinor"] = request.httpVersionMinor
  copy["socket"] = request.socket
  copy["connection"] = request.socket
  copy["complete"] = true
  return copy as unknown as IncomingMessage
}

/** A write whose body was read and decoded, on its way to its decision (its session known, its cart's turn). */
interface Decided {
  readonly setup: FastWritesSetup
  readonly batches: WriteBatches
  readonly write: CartWrite
  readonly payment: PaymentContext
  readonly request: IncomingMessage
  readonly response: ServerResponse
  /** Hands the request, with its body, to the pipeline. */
  readonly handOver: () => void
  readonly moments: WriteMoments | undefined
}

/** The write fast path of one server process; see the module documentation. */
export class FastWrites {
  /** Whether requests are served (tests compare the two paths on one server by turning it off). */
  enabled = true
  // what attach handed over, and the batcher of the writes' statements made from it
  private attached: { readonly setup: FastWritesSetup; readonly batches: WriteBatches } | undefined = undefined
  private served = 0
  private declined = 0
  private handed = 0
  private plainly = 0
  private readonly turns = new Map<number, Promise<void>>()
  // the session loads in flight by cookie, and how many session and cart loads were made
  private readonly sessionLoads = new Map<string, Promise<unknown>>()
  private sessionLoadCount = 0
  private sessionWaitCount = 0
  private cartLoadCount = 0

  /** Hands over what the writes need (the session middleware's layer does, once it is built). */
  attach(setup: FastWritesSetup): void {
    this.attached = { setup, batches: new WriteBatches(setup.statements, setup.batchOptions) }
  }

  /** How the plain writes' statements are batched, once attached (tests). */
  get batchOptions(): WriteBatchOptions | undefined {
    return this.attached?.setup.batchOptions
  }

  /** The read cache the writes were attached to (tests). */
  get cache(): ReadCacheShape | undefined {
    return this.attached?.setup.cache
  }

  /** How many plain writes wait for a statement, the statements in flight being as many as they may (tests). */
  get queuedWrites(): number {
    return this.attached?.batches.waiting ?? 0
  }

  /** The most statements of plain writes that ran at once since {@link FastWrites.attach} (diagnostics, tests). */
  get mostInFlight(): number {
    return this.attached?.batches.mostInFlight ?? 0
  }

  /** How many statements carried how many writes (size -> statements) since {@link FastWrites.attach}; diagnostics. */
  get batchSizes(): ReadonlyMap<number, number> {
    return this.attached?.batches.batchSizes ?? new Map()
  }

  /** How many writes were answered by the fast path so far (diagnostics, tests). */
  get hits(): number {
    return this.served
  }

  /** How many of the {@link FastWrites.hits} were decided and answered by plain functions ({@link plainCartWrite}). */
  get plainHits(): number {
    return this.plainly
  }

  /**
   * How many cart writes went to the pipeline: left to it before their body was read (the session or cart not cached)
   * or handed over after it (the statement changed nothing, a payload the Schema refused). Diagnostics, tests.
   */
  get handOvers(): { readonly beforeBody: number; readonly afterBody: number } {
    return { beforeBody: this.declined, afterBody: this.handed }
  }

  /** How many carts have a fast write waiting or running (their turns are dropped once answered; tests). */
  get pendingTurns(): number {
    return this.turns.size
  }

  /**
   * How many session and cart loads the fast path made for writes whose shopper's were not cached, and how many writes
   * waited for a session load (the one that started it included). Tests, diagnostics.
   */
  get loads(): { readonly sessions: number; readonly carts: number; readonly sessionWaits: number } {
    return { sessions: this.sessionLoadCount, carts: this.cartLoadCount, sessionWaits: this.sessionWaitCount }
  }

  /**
   * Takes `request` when it is one of the two writes and every check before its body holds, and answers true; false
   * when the pipeline must answer it as it is. A request taken may still be handed to the pipeline through `fallback`,
   * with its body ({@link replayedRequest}).
   */
  serve(request: IncomingMessage, response: ServerResponse, fallback: (request: IncomingMessage) => void): boolean {
    const attached = this.attached
    if (attached === undefined) return false
    const kind = request.method === "PUT" && request.url === addToCartPath
      ? "add"
      : request.method === "POST" && request.url === changeAmountPath
      ? "change"
      : undefined
    if (kind === undefined) return false
    const headers = request.headers
    const cookieId = sessionCookieOf(headers.cookie)
    if (!this.enabled) return this.decline("fast writes off", cookieId)
    if (headers["content-type"] !== "application/json" || headers["expect"] !== undefined || headers["transfer-encoding"] !== undefined) return false
    const length = Number(headers["content-length"])
    const { setup: options, batches } = attached
    if (!Number.isSafeInteger(length) || length <= 0 || length > options.maxJsonBodyBytes) return false
    const shop = headers[shopIdHeader]
    const requestedShop = typeof shop === "string" ? shop : undefined
    const now = Date.now()
    if (cookieId === undefined || cookieId === "") return this.decline("no session cookie", cookieId)
    // the session and the cached row it was taken from (the statement proves that row still stored as it is); a session
    // not cached, or being loaded for an earlier write of this cookie, is loaded once the body is read
    let known: CachedSessionEntry | undefined
    const held = this.sessionLoads.has(cookieId) ? undefined : options.cache.sessions.peek(cookieId, now)
    if (held !== undefined) {
      known = sessionEntryOf(held, requestedShop, now)
      if (known === undefined) return this.decline("session cached, not served", cookieId)
      if (!sameToken(headers[csrfHeader], known.session.csrfToken)) return this.decline("CSRF token", cookieId)
      const cart = options.cache.carts.peek(known.session.cartId, now) as { readonly status?: unknown } | undefined
      if (cart !== undefined && cart.status !== "open") return this.decline("cart not open", cookieId)
    }
    const key = normalizeIdempotencyKey(typeof headers[idempotencyKeyHeader] === "string" ? headers[idempotencyKeyHeader] : undefined)
    const wallet = headers[walletSupportedHeader]
    const payment = { walletSupported: isWalletSupportedHeaderValue(typeof wallet === "string" ? wallet : undefined) }

    const moments = writeMoments()
    const chunks: Array<Buffer> = []
    let size = 0
    request.on("data", (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
    })
    request.on("error", () => response.destroy())
    request.on("end", () => {
      mark(moments, "body")
      const body = Buffer.concat(chunks, size)
      const handOver = () => {
        noteHandedOver()
        this.handed++
        fallback(replayedRequest(request, body))
      }
      let write: CartWrite
      try {
        const json: unknown = JSON.parse(body.toString("utf8"))
        write = kind === "add" ? { kind, payload: decodeAdd(json), key } : { kind, payload: decodeChange(json) }
      } catch {
        return handOver()
      }
      const decided: Decided = { setup: options, batches, write, payment, request, response, handOver, moments }
      if (known !== undefined) return this.inTurn(known.session.cartId, response, () => this.decide(decided, known))
      // the session was not cached: loaded now (once for every write of this cookie waiting), then checked as a cached one
      this.sessionOf(options, cookieId).then((row) => {
        if (response.destroyed) return
        const entry = sessionEntryOf(row, requestedShop, Date.now())
        if (entry === undefined || !sameToken(headers[csrfHeader], entry.session.csrfToken)) return handOver()
        this.inTurn(entry.session.cartId, response, () => this.decide(decided, entry))
      }, handOver)
    })
    return true
  }

  /**
   * The row of the session `cookieId`: the cached one, else the one being loaded for an earlier write of that cookie,
   * else loaded by the session middleware's own load ({@link loadSessionRow}). The writes waiting for one load go on in
   * the order they came (a promise's reactions run in the order they were added), the first of them once the load is
   * no longer pending.
   */
  private sessionOf(setup: FastWritesSetup, cookieId: string): Promise<unknown> {
    const pending = this.sessionLoads.get(cookieId)
    if (pending !== undefined) {
      this.sessionWaitCount++
      return pending
    }
    const held = setup.cache.sessions.peek(cookieId, Date.now())
    if (held !== undefined) return Promise.resolve(held)
    this.sessionLoadCount++
    this.sessionWaitCount++
    const load = this.load(setup, loadSessionRow(cookieId)).finally(() => this.sessionLoads.delete(cookieId))
    this.sessionLoads.set(cookieId, load)
    return load
  }

  /** Runs a read cache load with the writes' services; rejects when it fails. */
  private load<A>(setup: FastWritesSetup, load: Effect.Effect<A, unknown, SqlClient.SqlClient>): Promise<A> {
    return Effect.runPromiseExitWith(setup.context)(Effect.provideService(load, ReadCache, setup.cache)).then((exit) => {
      if (Exit.isSuccess(exit)) return exit.value
      throw Cause.squash(exit.cause)
    })
  }

  /**
   * Decides a write in its cart's turn from the cart as cached, loading it first when it is not (expired while the
   * write waited, or never read): the read path's own load ({@link readCart} through the read cache), never an expired
   * cart reused.
   */
  private decide(decided: Decided, entry: CachedSessionEntry): void {
    const { setup, response, handOver, moments } = decided
    mark(moments, "turn")
    if (response.destroyed) return
    const cartId = entry.session.cartId
    if (setup.cache.carts.peek(cartId, Date.now()) !== undefined) return this.decideCached(decided, entry)
    this.cartLoadCount++
    this.load(setup, cachedRead((cache) => cache.carts, cartId, readCart(cartId))).then(
      () => this.decideCached(decided, entry),
      handOver
    )
  }

  /** Decides a write from the cached cart and makes it: the plain way, or the handler's Effect way when settings are not cached. */
  private decideCached(decided: Decided, entry: CachedSessionEntry): void {
    const { setup, batches, write, payment, request, response, handOver, moments } = decided
    if (response.destroyed) return
    const { row: sessionRow, session } = entry
    const proof = { sessionId: session.sessionId, csrfToken: session.csrfToken }
    const applied = () => setup.cache.sessions.renew(session.sessionId, sessionRow, Date.now())
    let plain: PlainWrite | "handOver" | undefined
    try {
      plain = plainCartWrite(setup.cache, session.cartId, write, proof, payment, Date.now())
    } catch (error) {
      return this.fail(setup, request, response, Cause.die(error))
    }
    if (plain === "handOver") return handOver()
    if (plain !== undefined) return this.runPlain(setup, batches, plain, request, response, handOver, applied, moments)
    // something the plain way needs is not cached (the shop's settings): the same statement the Effect way, loading it
    const effect: Effect.Effect<ApiResponse | undefined, unknown, CartRequirements> = write.kind === "add"
      ? addToCartAtOnce(session.cartId, write.payload, write.key, payment)
      : changeAmountAtOnceAnswer(session.cartId, write.payload, payment)
    const proven = Effect.provideService(effect, StatementSession, proof)
    Effect.runPromiseExitWith(setup.context)(proven).then((exit) => {
      if (Exit.isSuccess(exit)) {
        if (exit.value === undefined) return handOver()
        // the statement found the session stored as the cache holds it: served for a whole time to live again
        applied()
        let text: string
        try {
          text = answerJson(exit.value)
        } catch (error) {
          return this.fail(setup, request, response, Cause.die(error))
        }
        noteServedWrite()
        return this.send(response, text)
      }
      this.fail(setup, request, response, exit.cause)
    }, (error: unknown) => this.fail(setup, request, response, Cause.die(error)))
  }

  /**
   * Runs a write decided by plain functions ({@link plainCartWrite}): its one statement on the plain client, then, when
   * it applied, the cart settled in the cache and the answer sent; when it changed nothing, the pipeline's.
   */
  private runPlain(
    setup: FastWritesSetup,
    batches: WriteBatches,
    plain: PlainWrite,
    request: IncomingMessage,
    response: ServerResponse,
    handOver: () => void,
    applied: () => void,
    moments?: WriteMoments
  ): void {
    mark(moments, "queued")
    batches.make(plain.change, moments).then((exit) => {
      if (Exit.isFailure(exit)) return this.fail(setup, request, response, exit.cause)
      const version = exit.value
      if (version === undefined) return handOver()
      if (version !== plain.after.version) return this.fail(setup, request, response, Cause.die(versionMismatch(plain.after, version)))
      setup.cache.settleCart(plain.after.cartId, plain.after.version, plain.after, Date.now())
      // the statement found the session stored as the cache holds it: served for a whole time to live again
      applied()
      this.plainly++
      noteServedWrite()
      this.send(response, plain.body)
      if (moments !== undefined) {
        mark(moments, "sent")
        response.once("finish", () => mark(moments, "finished"))
      }
    }, (error: unknown) => this.fail(setup, request, response, Cause.die(error)))
  }

  /** Leaves a cart write to the pipeline before its body is read (see {@link FastWrites.handOvers}). */
  private decline(check: string, cookieId: string | undefined): false {
    noteDeclinedWrite(check, cookieId)
    this.declined++
    return false
  }

  /**
   * Runs `write` once every earlier write of `cartId` this path took has been answered (its response finished or
   * closed, whichever path answered it): one shopper's concurrent writes then each decide from the cart the previous
   * one settled instead of failing on its version and taking the pipeline's locked way.
   */
  private inTurn(cartId: number, response: ServerResponse, write: () => void): void {
    const previous = this.turns.get(cartId)
    const answered = new Promise<void>((resolve) => {
      response.once("finish", resolve)
      response.once("close", resolve)
    })
    const turn = previous === undefined ? answered : previous.then(() => answered)
    this.turns.set(cartId, turn)
    void turn.then(() => {
      if (this.turns.get(cartId) === turn) this.turns.delete(cartId)
    })
    if (previous === undefined) write()
    else void previous.then(write)
  }

  /**
   * Answers 200 with `answer`: a text (Node encodes it on the socket, its length counted first) or its UTF-8 bytes as
   * an {@link AnswerBody}, whose length is its byte length and which the socket copies as it is.
   */
  private send(response: ServerResponse, answer: string | AnswerBody): void {
    this.served++
    if (response.destroyed) return
    const text = typeof answer === "string"
    response.writeHead(200, [
      "content-type",
      "application/json",
      "content-length",
      String(text ? Buffer.byteLength(answer) : answer.bytes.length),
      requestIdHeader,
      randomUUID(),
      ...answerHeaders
    ])
    if (text) response.end(answer)
    else response.end(answer.bytes, "latin1")
  }

  /**
   * A write that failed (a statement's error): 500 without a body, logged as the hardening middleware logs one; an
   * interrupted one (the server stopping) is closed without an answer.
   */
  private fail(setup: FastWritesSetup, request: IncomingMessage, response: ServerResponse, cause: Cause.Cause<unknown>): void {
    // interrupted only (the server stopping): nothing is answered, as the pipeline's interrupted calls
    if (cause.reasons.length > 0 && cause.reasons.every((reason) => reason._tag === "Interrupt")) return void response.destroy()
    const requestId = randomUUID()
    setup.errorLog({
      level: "error",
      time: new Date().toISOString(),
      requestId,
      method: request.method ?? "",
      path: request.url ?? "",
      status: 500,
      cause: maskSecrets(Cause.pretty(cause))
    })
    if (response.headersSent || response.destroyed) return
    // no Content-Length, as the pipeline's empty 500: Node sends the headers as written, then an empty chunked body
    response.writeHead(500, {
      [requestIdHeader]: requestId,
      ...hardeningHeaders
    })
    response.end()
  }
}

/** The process's {@link FastWrites}, when the server runs with them (main.ts); undefined in-process (tests). */
export const CurrentFastWrites = Context.Reference<FastWrites | undefined>("demo/server/http/fastWrites/CurrentFastWrites", {
  defaultValue: () => undefined
})
