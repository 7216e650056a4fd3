/**
 * Test helpers of the account-area server tests: a probe that hands the tests the in-process backend's own
 * `SqlClient` (to arrange rows and to check what was stored), a raw HTTP session for requests the derived client
 * cannot send (missing or wrong csrf tokens, `return` query parameters, malformed bodies), and logging in through
 * the derived client.
 */
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { Effect, Layer } from "effect"
import type { HttpApiGroup } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { bootstrapSession, type ShopClient } from "../../core/api/client.ts"
import { csrfHeader, sessionCookie, shopIdHeader } from "../../core/api/headers.ts"
import type { ShopId } from "../../core/domain/shop.ts"
import { shopById } from "../../core/domain/shop.ts"
import { demoEmail, demoPassword } from "../../demo/server/db/seed/seed.ts"
import { AccountGroup } from "../../core/api/account.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { type Backend, backendFor, testBaseUrl } from "../support/server.ts"

/**
 * The groups to serve, typed for `backendFor` (whose `HttpApiGroup.Top` parameter rejects groups with path
 * parameters or without a query, a variance quirk of the type).
 */
export const groupsOf = (...groups: ReadonlyArray<unknown>): ReadonlyArray<HttpApiGroup.Top> =>
  groups as ReadonlyArray<HttpApiGroup.Top>

/** Captures the backend's `SqlClient` when the backend builds (pass `layer` as `backendFor`'s extra layers). */
export const sqlProbe = () => {
  let captured: SqlClient.SqlClient | undefined
  const layer = Layer.effectDiscard(
    Effect.gen(function*() {
      captured = yield* SqlClient.SqlClient
    })
  ) as unknown as Layer.Layer<any, any, any>
  /** Runs SQL against the backend's database (after its first request). */
  const use = <A, E>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>) =>
    Effect.suspend(() => (captured === undefined ? Effect.die("the backend has not started yet") : f(captured)))
  return { layer, use }
}

/** The demo account e-mail of `key` in a shop (`gold@example.cz`). */
export const demoAccount = (key: string, shopId: ShopId = "CZ10MA") => demoEmail(key, shopById(shopId).country)

/** Logs in with a demo account through the derived client and refreshes the call state (csrf token, cart id). */
export const logInAs = (client: ShopClient, key: string, shopId: ShopId = "CZ10MA") =>
  Effect.gen(function*() {
    yield* bootstrapSession(client)
    const result = yield* client.account.login({ payload: { username: demoAccount(key, shopId), password: demoPassword } })
    const session = yield* bootstrapSession(client)
    return { result, session }
  })

/** A raw HTTP session against the backend: keeps its cookie and csrf token, for requests the client cannot make. */
export interface RawSession {
  /** The session cookie value. */
  readonly cookie: () => string
  /** The session's csrf token (after the last {@link RawSession.refresh}). */
  readonly csrf: () => string
  /** Re-reads the session (csrf token and cart id) after a login or logout. */
  readonly refresh: () => Promise<{ csrfToken: string; cartId: number; customerId: number | null }>
  /** Sends a request with the session cookie (and the csrf header unless `csrf` is null or a given value). */
  readonly send: (
    method: string,
    path: string,
    options?: { readonly body?: unknown; readonly csrf?: string | null }
  ) => Promise<{ status: number; json: any; setCookie: string | null }>
}

/** Starts a raw session in a shop. */
export const rawSession = async (backend: Backend, shopId: ShopId = "CZ10MA"): Promise<RawSession> => {
  let cookie = ""
  let csrf = ""
  const send: RawSession["send"] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { [shopIdHeader]: shopId, "x-requested-with": "XMLHttpRequest" }
    if (cookie !== "") headers["cookie"] = `${sessionCookie}=${cookie}`
    const token = options.csrf === undefined ? csrf : options.csrf
    if (token !== null && token !== "") headers[csrfHeader] = token
    if (options.body !== undefined) headers["content-type"] = "application/json"
    const response = await backend.handler(
      new Request(`${testBaseUrl}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
      })
    )
    const setCookie = response.headers.get("set-cookie")
    const match = setCookie?.match(new RegExp(`${sessionCookie}=([^;]+)`))
    if (match?.[1] !== undefined) cookie = match[1]
    const text = await response.text()
    let json: any = undefined
    try {
      json = text === "" ? undefined : JSON.parse(text)
    } catch {
      json = text
    }
    return { status: response.status, json, setCookie }
  }
  const refresh = async () => {
    const info = await send("GET", "/api/session")
    csrf = info.json.csrfToken
    return info.json
  }
  await refresh()
  return { cookie: () => cookie, csrf: () => csrf, refresh, send }
}

/** Logs a raw session in with a demo account. */
export const rawLogIn = async (raw: RawSession, key: string, shopId: ShopId = "CZ10MA", query = "") => {
  const answer = await raw.send("POST", `/api/auth/login/${query}`, {
    body: { username: demoAccount(key, shopId), password: demoPassword }
  })
  await raw.refresh()
  return answer
}

/** The open-redirect payloads no redirect target may echo. */
export const openRedirectPayloads = [
  "//evil.example",
  "https://evil.example",
  "/\\evil",
  "javascript:alert(1)",
  "/%2F%2Fevil.example",
  "http://evil.example/path"
] as const

/**
 * A backend serving the account group (to log in) plus `groups` with their `handlers`, with a {@link sqlProbe} on
 * its database.
 */
export const accountBackend = (groups: ReadonlyArray<unknown>, handlers: ReadonlyArray<Layer.Layer<any, any, any>>) => {
  const probe = sqlProbe()
  const backend = backendFor(
    groupsOf(AccountGroup, ...groups),
    Layer.mergeAll(AccountHandlers as Layer.Layer<any, any, any>, ...handlers),
    // One in-process client makes every call: the per-client throttle is tested in test/security.
    Layer.mergeAll(probe.layer, Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), throttling: false }))
  )
  return { backend, probe }
}
