/**
 * Idempotency of retried mutations (ARCHITECTURE.md "Known traps": retried mutations must not double-apply).
 * Endpoints annotated `Retry` "idempotencyKey" (add-to-cart, next-step) send an `idempotency-key` header; the first
 * response is stored with the key in `idempotency_keys`, and a retry with the same key answers the stored response
 * and applies nothing.
 *
 * The key row is written in the same transaction as the mutation: a failed attempt rolls back and leaves no key, so
 * its retry runs again; on PostgreSQL a concurrent retry waits on the key's unique index until the first attempt
 * commits, then replays its response.
 *
 * @module
 */
import { hash as cryptoHash } from "node:crypto"
import { Data, Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { idempotencyKeyHeader } from "../../../core/api/headers.ts"

/** How long a stored response is replayed, in hours; an older key is forgotten and applies again (ours). */
export const idempotencyKeyTtlHours = 24

/** The longest idempotency key honoured (ours); a longer or blank header is treated as absent. */
export const maxIdempotencyKeyLength = 200

/** The HTTP status stored with a replayed response (handlers store only their successes). */
export const storedResponseStatus = 200

/**
 * The same idempotency key came with a different request (another payload fingerprint): the key was reused for a
 * new call. Nothing was applied; handlers answer it as a refused call (422 or a flash).
 */
export class IdempotencyKeyReused extends Data.TaggedError("IdempotencyKeyReused")<{
  /** The scope the key was used in. */
  readonly scope: string
  /** The reused key. */
  readonly key: string
}> {}

/** The idempotency key of a request header value: trimmed; `undefined` when absent, blank or too long. */
export const normalizeIdempotencyKey = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined
  const key = value.trim()
  return key === "" || key.length > maxIdempotencyKeyLength ? undefined : key
}

/** The `idempotency-key` header of the current request (`undefined` when absent or unusable). */
export const requestIdempotencyKey: Effect.Effect<string | undefined, never, HttpServerRequest.HttpServerRequest> =
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    return normalizeIdempotencyKey(request.headers[idempotencyKeyHeader])
  })

/** A stable hash of a request payload, to tell a retry (same payload) from a reused key (another payload). */
export const fingerprintOf = (payload: unknown): string => cryptoHash("sha256", JSON.stringify(payload ?? null), "hex")

/** How {@link withIdempotencyKey} stores and replays a response, and what identifies the request. */
export interface IdempotencyOptions<A> {
  /**
   * The request payload (or any JSON value identifying the request). When given, a stored key whose fingerprint
   * differs fails with {@link IdempotencyKeyReused} instead of replaying.
   */
  readonly fingerprint?: unknown
  /** Turns the response into JSON to store; default: the response itself (plain JSON data). */
  readonly encode?: (response: A) => unknown
  /** Turns the stored JSON back into the response; default: the stored JSON as it is. */
  readonly decode?: (stored: unknown) => A
  /**
   * Where `effect`'s changes go: `"transaction"` when every change it makes is in the database transaction it runs in
   * (its notifications and cache updates happen at commit: the cart's writes); `"outside"` (default) when it may also
   * act outside it (mail, a payment provider, a live-data push). {@link claimOf} picks how the key is claimed from it.
   */
  readonly changes?: IdempotentChanges | undefined
}

/** Where an idempotent effect's changes go (see {@link IdempotencyOptions.changes}). */
export type IdempotentChanges = "transaction" | "outside"

/**
 * When the key of an idempotent call is claimed: `"first"`, before the effect runs, so a concurrent retry waits for
 * the first attempt and the effect never runs twice; `"last"`, stored with the answer after the effect, in the same
 * statement (one round trip less), a retry that then finds the key taken rolling its whole transaction back and
 * answering the stored answer.
 */
export type IdempotencyClaim = "first" | "last"

/**
 * The rule of the claim: an effect whose every change is in its transaction may run twice at once, since the loser's
 * transaction rolls back and leaves nothing, so its key is claimed last; any other effect's key is claimed first.
 */
export const claimOf = (changes: IdempotentChanges): IdempotencyClaim => changes === "transaction" ? "last" : "first"

/**
 * The claim of `key` in `scope` that a change made in one statement stores with its `answer` (plain JSON data) in
 * that statement, as {@link withIdempotencyKey} would store it (same fingerprint of `fingerprint`, same status, same
 * expiry): a later call with the key then replays the answer. `answerText` is the answer's JSON text when the caller
 * has written it already (any text of the same JSON value: a replay reads the value, not the text).
 */
export const statementKeyClaim = (scope: string, key: string, fingerprint: unknown, answer: unknown, answerText?: string) => ({
  scope,
  key,
  hash: fingerprint === undefined ? null : fingerprintOf(fingerprint),
  response: answerText ?? JSON.stringify(answer ?? null),
  ttlHours: idempotencyKeyTtlHours,
  status: storedResponseStatus
})

/** A retry found its key taken when it stored its answer: its transaction rolls back and the stored answer is replayed. */
class KeyTaken extends Data.TaggedError("KeyTaken")<{}> {}

interface KeyRow {
  readonly request_hash: string | null
  readonly response: unknown
}

/**
 * Runs `effect` at most once per (`scope`, `key`): the first successful response is stored with the key, in the
 * same transaction as `effect`'s own changes, and a later call with the same key answers it without running
 * `effect`. Without a key (`undefined`) `effect` simply runs. A failure of `effect` stores nothing (its transaction
 * rolls back), so a retry runs again. Keys older than {@link idempotencyKeyTtlHours} are forgotten.
 *
 * `scope` names the endpoint and the owner of the key (e.g. `cart.addToCart:cart-42`), so keys of different carts
 * or endpoints never collide. The response must be plain JSON data unless `options.encode`/`decode` are given.
 */
export const withIdempotencyKey = <A, E, R>(
  scope: string,
  key: string | undefined,
  effect: Effect.Effect<A, E, R>,
  options: IdempotencyOptions<A> = {}
): Effect.Effect<A, E | SqlError | IdempotencyKeyReused, R | SqlClient.SqlClient> => {
  if (key === undefined) return effect
  return Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const hash = options.fingerprint === undefined ? null : fingerprintOf(options.fingerprint)
    const encode = options.encode ?? ((response: A): unknown => response)
    const decode = options.decode ?? ((stored: unknown): A => stored as A)
    const replay = Effect.gen(function*() {
      const stored = yield* sql<KeyRow>`
        SELECT request_hash, response::json AS response FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`
      const row = stored[0]
      if (row === undefined || row.response === null || row.response === undefined) return undefined
      if (hash !== null && row.request_hash !== null && row.request_hash !== hash) {
        return yield* new IdempotencyKeyReused({ scope, key })
      }
      return { response: decode(row.response) }
    })
    if (claimOf(options.changes ?? "outside") === "last") {
      const attempt = sql.withTransaction(
        Effect.gen(function*() {
          const response = yield* effect
          // Stores the key with the answer, or takes over an expired key, in one statement; a live key is a retry's.
          const stored = yield* sql<{ readonly key: string }>`
            INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response)
            VALUES (${scope}, ${key}, ${hash}, ${storedResponseStatus}, ${JSON.stringify(encode(response) ?? null)})
            ON CONFLICT (scope, key) DO UPDATE
              SET request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code, response = EXCLUDED.response,
                  created_at = now()
              WHERE idempotency_keys.created_at < now() - make_interval(hours => ${idempotencyKeyTtlHours})
            RETURNING key`
          if (stored.length === 0) return yield* new KeyTaken()
          return response
        })
      )
      return yield* attempt.pipe(
        Effect.catchTag("KeyTaken", () =>
          Effect.flatMap(replay, (stored) => stored === undefined ? attempt.pipe(Effect.catchTag("KeyTaken", () => Effect.die("idempotency key taken twice without an answer"))) : Effect.succeed(stored.response)))
      )
    }
    return yield* sql.withTransaction(
      Effect.gen(function*() {
        // Claims the key, or takes it over when it has expired, in one statement.
        const claimed = yield* sql<{ readonly key: string }>`
          INSERT INTO idempotency_keys (scope, key, request_hash) VALUES (${scope}, ${key}, ${hash})
          ON CONFLICT (scope, key) DO UPDATE
            SET request_hash = EXCLUDED.request_hash, status_code = NULL, response = NULL, created_at = now()
            WHERE idempotency_keys.created_at < now() - make_interval(hours => ${idempotencyKeyTtlHours})
          RETURNING key`
        if (claimed.length === 0) {
          const stored = yield* sql<KeyRow>`
            SELECT request_hash, response::json AS response FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`
          const row = stored[0]
          if (row !== undefined && row.response !== null && row.response !== undefined) {
            if (hash !== null && row.request_hash !== null && row.request_hash !== hash) {
              return yield* new IdempotencyKeyReused({ scope, key })
            }
            return decode(row.response)
          }
          // A key without a stored response cannot be seen outside its own transaction; if it ever is, run once more.
          return yield* effect
        }
        const response = yield* effect
        yield* sql`UPDATE idempotency_keys
          SET status_code = ${storedResponseStatus}, response = ${JSON.stringify(encode(response) ?? null)}
          WHERE scope = ${scope} AND key = ${key}`
        return response
      })
    )
  })
}
