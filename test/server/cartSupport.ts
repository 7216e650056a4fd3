/**
 * Test helpers of the cart-area server tests: a probe on the in-process backend (its `SqlClient`, to find seeded
 * articles and codes and to check stored rows, and the live-data notifications it sends), a raw HTTP session for
 * requests the derived client cannot make (idempotency keys, malformed bodies), and seeded fixtures.
 */
import { Effect, Layer, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { csrfHeader, sessionCookie, shopIdHeader } from "../../core/api/headers.ts"
import type { ShopId } from "../../core/domain/shop.ts"
import { cartChangedChannel, Database } from "../../demo/server/db/Database.ts"
import { PgliteClient } from "../../demo/server/db/PgliteClient.ts"
import { type Backend, testBaseUrl } from "../support/server.ts"

/**
 * Captures the backend's `SqlClient` when it builds and listens on the live-data channel for its whole life (pass
 * `layer` as `backendFor`'s extra layers): `notifications` collects every `cart_changed` payload.
 */
export const cartProbe = () => {
  let captured: SqlClient.SqlClient | undefined
  const notifications: Array<string> = []
  const layer = Layer.effectDiscard(
    Effect.gen(function*() {
      captured = yield* SqlClient.SqlClient
      const database = yield* Database
      const changes = yield* database.subscribe(cartChangedChannel)
      yield* Effect.forkScoped(Stream.runForEach(changes, (payload) => Effect.sync(() => notifications.push(payload))))
    })
  ) as unknown as Layer.Layer<any, any, any>
  /** Runs SQL against the backend's database (after its first request). */
  const use = <A, E>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>) =>
    Effect.suspend(() => (captured === undefined ? Effect.die("the backend has not started yet") : f(captured)))
  return { layer, use, notifications }
}

/** The probe of {@link cartProbe}. */
export type CartProbe = ReturnType<typeof cartProbe>

/** The notifications of `cartId` among the collected payloads. */
export const notificationsOf = (probe: CartProbe, cartId: number): number =>
  probe.notifications.filter((payload) => (JSON.parse(payload) as { cartId: number }).cartId === cartId).length

/** Waits (real time, briefly) until `condition` holds: notifications arrive asynchronously after commit. */
export const eventually = (condition: () => boolean, timeoutMs = 2000) =>
  Effect.promise(async () => {
    const started = Date.now()
    while (!condition() && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 10))
    return condition()
  })

/** A raw HTTP session: keeps its cookie and csrf token; sends any method, path, body and headers. */
export interface RawCartSession {
  readonly cartId: () => number
  readonly send: (
    method: string,
    path: string,
    options?: { readonly body?: unknown; readonly rawBody?: string; readonly headers?: Record<string, string> }
  ) => Promise<{ status: number; json: any }>
}

/** Starts a raw session in a shop. */
export const rawCartSession = async (backend: Backend, shopId: ShopId = "CZ10MA"): Promise<RawCartSession> => {
  let cookie = ""
  let csrf = ""
  let cartId = 0
  const send: RawCartSession["send"] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { [shopIdHeader]: shopId, "x-requested-with": "XMLHttpRequest" }
    if (cookie !== "") headers["cookie"] = `${sessionCookie}=${cookie}`
    if (csrf !== "") headers[csrfHeader] = csrf
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
    if (body !== undefined) headers["content-type"] = "application/json"
    const response = await backend.handler(
      new Request(`${testBaseUrl}${path}`, { method, headers: { ...headers, ...options.headers }, ...(body === undefined ? {} : { body }) })
    )
    const match = response.headers.get("set-cookie")?.match(new RegExp(`${sessionCookie}=([^;]+)`))
    if (match?.[1] !== undefined) cookie = match[1]
    const text = await response.text()
    let json: any = undefined
    try {
      json = text === "" ? undefined : JSON.parse(text)
    } catch {
      json = text
    }
    return { status: response.status, json }
  }
  const info = await send("GET", "/api/session")
  csrf = info.json.csrfToken
  cartId = info.json.cartId
  return { cartId: () => cartId, send }
}

/** A seeded variant of a shop with its price, stock and product. */
export interface VariantFixture {
  readonly variant_id: number
  readonly product_id: number
  readonly price: number
  readonly in_stock: number
}

/**
 * A sold variant of the shop (own stock, no marketplace partner) with `in_stock` in [min, max] whose product offers
 * every bundle type (when `withBundles`).
 */
export const findVariant = (
  sql: SqlClient.SqlClient,
  options: { readonly shopId?: ShopId; readonly min: number; readonly max?: number; readonly withBundles?: boolean; readonly skip?: number }
) =>
  Effect.gen(function*() {
    const rows = yield* sql<VariantFixture>`
      SELECT v.variant_id, v.product_id, pr.price::float8 AS price, st.in_stock
      FROM variants v
      JOIN products p ON p.product_id = v.product_id
      JOIN prices pr ON pr.variant_id = v.variant_id
      JOIN stock st ON st.variant_id = v.variant_id
      WHERE v.shop_id = ${options.shopId ?? "CZ10MA"} AND p.active AND p.marketplace_partner_id IS NULL
        AND p.material_type IS NULL
        AND st.in_stock BETWEEN ${options.min} AND ${options.max ?? 100000}
        AND (${options.withBundles !== true} OR (
          SELECT count(DISTINCT type) FROM bundle_offers b WHERE b.product_id = p.product_id) = 4)
      ORDER BY v.variant_id
      OFFSET ${options.skip ?? 0} LIMIT 1`
    return rows[0]!
  })

/** The bundle offers of a product by type, cheapest-first position order. */
export const offersOf = (sql: SqlClient.SqlClient, productId: number) =>
  sql<{ readonly bundle_id: number; readonly type: string; readonly price: number; readonly code: string }>`
    SELECT bundle_id, type, price::float8 AS price, code FROM bundle_offers WHERE product_id = ${productId}
    ORDER BY position`

/** The discount codes of a shop by type (`valid` false for the expired one). */
export const codesOf = (sql: SqlClient.SqlClient, shopId: ShopId = "CZ10MA") =>
  sql<{ readonly code: string; readonly type: "G" | "D" | "A"; readonly amount: number | null; readonly percent: number | null; readonly min_order: number | null; readonly valid: boolean }>`
    SELECT code, type, amount::float8 AS amount, percent::float8 AS percent, min_order::float8 AS min_order,
           valid_to > now() AS valid
    FROM discount_codes WHERE shop_id = ${shopId} ORDER BY discount_id`

/** The customer id of a demo account e-mail. */
export const customerIdOf = (sql: SqlClient.SqlClient, email: string) =>
  Effect.map(sql<{ readonly customer_id: number }>`SELECT customer_id FROM customers WHERE email = ${email}`, (rows) =>
    rows[0]!.customer_id)

/** Logs the session owning `cartId` in as `customerId` directly in the database (the next call opens their cart). */
export const logInByDatabase = (sql: SqlClient.SqlClient, cartId: number, customerId: number) =>
  sql`UPDATE sessions SET customer_id = ${customerId} WHERE cart_id = ${cartId}`

/**
 * Counts the round trips sent to PGlite, with the SQL of each: every statement the driver sends (`observeStatements`),
 * to PGlite in the test's thread or to its worker thread alike.
 */
export const roundTrips = () => {
  const log: Array<string> = []
  let counting = false
  const layer = Layer.effectDiscard(
    Effect.gen(function*() {
      const client = yield* Effect.serviceOption(PgliteClient)
      if (client._tag === "None") return
      const stop = client.value.observeStatements((sql) => {
        if (counting) log.push(sql.replace(/\s+/g, " ").trim())
      })
      yield* Effect.addFinalizer(() => Effect.sync(stop))
    })
  ) as unknown as Layer.Layer<any, any, any>
  const during = <A>(run: () => Promise<A>) =>
    Effect.promise(async () => {
      log.length = 0
      counting = true
      try {
        await run()
      } finally {
        counting = false
      }
      return [...log]
    })
  return { layer, during }
}
