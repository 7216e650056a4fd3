/**
 * The cart notices every listener receives (`cache_invalidate`, `cart_changed`) for each kind of write of the cart
 * tables, with the invalidation triggers as migration 22 left them and as migration 23 makes them: the same payloads
 * for every writer. Migration 23 lets the write fast path's statements send their own `cache_invalidate` notices and
 * skips the UPDATE trigger for their rows; every other writer still gets the trigger's notices. Migration 25 names the
 * version a new cart was created at in its notice, so a late one never drops a cached copy of the cart.
 */
import { Effect, Exit, Layer, ManagedRuntime, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { cartChangedChannel, Database } from "../../demo/server/db/Database.ts"
import { statements as migration22 } from "../../demo/server/db/migrations/0022_cart_version_lists.ts"
import { statements as migration23 } from "../../demo/server/db/migrations/0023_fast_cart_notices.ts"
import { statements as migration25 } from "../../demo/server/db/migrations/0025_versioned_cart_creation_notice.ts"
import { rowCacheInvalidationTrigger } from "../../demo/server/db/migrations/statements.ts"
import { cacheInvalidationChannel } from "../../demo/server/db/ReadCache.ts"
import type { CartState } from "../../demo/server/domain/cart/reading.ts"
import {
  batchKeyTtlHours,
  batchVersions,
  changeMarks,
  type LineCountChange,
  lineCountBatchStatement,
  lineCountStatement,
  type StatementText
} from "../../demo/server/domain/cart/mutation.ts"
import { sqlStatementClient } from "../../demo/server/http/fastWrites.ts"
import { freshDatabase } from "../support/server.ts"

const heard = { invalidations: [] as Array<string>, changes: [] as Array<string> }
const probe = Layer.effectDiscard(
  Effect.gen(function*() {
    const database = yield* Database
    const invalidations = yield* database.subscribe(cacheInvalidationChannel)
    const changes = yield* database.subscribe(cartChangedChannel)
    yield* Effect.forkScoped(Stream.runForEach(invalidations, (payload) => Effect.sync(() => heard.invalidations.push(payload))))
    yield* Effect.forkScoped(Stream.runForEach(changes, (payload) => Effect.sync(() => heard.changes.push(payload))))
  })
) as unknown as Layer.Layer<never>

const runtime = ManagedRuntime.make(Layer.provideMerge(probe, freshDatabase()) as Layer.Layer<SqlClient.SqlClient>)
afterAll(() => runtime.dispose())

const withSql = <A>(run: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown, SqlClient.SqlClient>): Promise<A> =>
  runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, run) as Effect.Effect<A>)

/** Runs one statement outside any transaction, as the write fast path does. */
const statement = async (text: StatementText): Promise<ReadonlyArray<Record<string, unknown>>> => {
  const exit = await withSql((sql) => Effect.promise(() => sqlStatementClient(sql).run(text)))
  if (Exit.isFailure(exit)) throw new Error(String(exit.cause))
  return exit.value
}

let sentinels = 0

interface Notices {
  readonly invalidations: ReadonlyArray<string>
  readonly changes: ReadonlyArray<string>
}

let measured: Notices | undefined

/** Waits until both channels received a sentinel sent now (so everything committed before has arrived); answers it. */
const settled = async (): Promise<string> => {
  const sentinel = `sentinel:${++sentinels}`
  await withSql((sql) => sql`SELECT pg_notify(${cacheInvalidationChannel}, ${sentinel}), pg_notify(${cartChangedChannel}, ${sentinel})`)
  for (let i = 0; i < 1000 && !(heard.invalidations.includes(sentinel) && heard.changes.includes(sentinel)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return sentinel
}

/** Records the payloads each channel receives for what `write` commits (sorted: no listener relies on their order). */
const noticesOf = async (write: () => Promise<unknown>): Promise<void> => {
  const start = await settled()
  await write()
  const end = await settled()
  const between = (list: Array<string>) => list.slice(list.indexOf(start) + 1, list.indexOf(end)).sort()
  measured = { invalidations: between(heard.invalidations), changes: between(heard.changes) }
}

// the cart tables' invalidation triggers as migrations 11, 18 and 22 left them
const asMigration22 = [
  ...migration22,
  ...["carts", "cart_items"].flatMap((table) => [
    `DROP TRIGGER IF EXISTS ${table}_cache_invalidate_update ON ${table}`,
    `DROP TRIGGER IF EXISTS ${table}_cache_invalidate ON ${table}`,
    rowCacheInvalidationTrigger(table, "cache_invalidate_cart")
  ])
]

const install = (statements: ReadonlyArray<string>) =>
  withSql((sql) => Effect.forEach(statements, (text) => sql.unsafe(text), { discard: true }))

interface Cart {
  readonly cartId: number
  readonly itemIds: ReadonlyArray<number>
}

/** A new open cart with `lines` lines of one piece each. */
const newCart = (lines = 2): Promise<Cart> =>
  withSql((sql) =>
    Effect.gen(function*() {
      const cartId = (yield* sql<{ cart_id: number }>`
        INSERT INTO carts (shop_id) SELECT shop_id FROM shops ORDER BY shop_id LIMIT 1 RETURNING cart_id`)[0]!.cart_id
      const items = yield* sql<{ cart_item_id: number }>`
        INSERT INTO cart_items (cart_id, article_type, variant_id, count, position)
        SELECT ${cartId}, 'variant', v.variant_id, 1, row_number() OVER ()
        FROM (SELECT v.variant_id FROM variants v JOIN carts c ON c.cart_id = ${cartId} AND v.shop_id = c.shop_id
              ORDER BY v.variant_id LIMIT ${lines}) v
        RETURNING cart_item_id`
      return { cartId, itemIds: items.map((item) => item.cart_item_id) }
    })
  )

const versionOf = (cartId: number): Promise<number> =>
  withSql((sql) => Effect.map(sql<{ version: number }>`SELECT version FROM carts WHERE cart_id = ${cartId}`, (rows) => rows[0]!.version))

/** The cart `cartId` as a change in one statement decided it: only its id and the version it leaves count here. */
const decided = (cartId: number, version: number) => ({ cartId, version }) as unknown as CartState

const change = (cartId: number, version: number, itemId: number, count: number): LineCountChange => ({
  after: decided(cartId, version),
  itemId,
  count,
  check: undefined,
  claim: undefined,
  proof: undefined
})

const live = (cartId: number) => JSON.stringify({ cartId })

/** The notice of a new cart (created at version 0): plain until migration 25, which names its version. */
type CreationNotice = (cartId: number) => string
const plainCreation: CreationNotice = (cartId) => `cart:${cartId}`
const versionedCreation: CreationNotice = (cartId) => `cart:${cartId}@0`
let creationNotice = plainCreation

/** The locked general way's first statement (demo/server/domain/cart/mutation.ts `lockAndTouch`). */
const lockAndTouch = (sql: SqlClient.SqlClient, cartId: number) =>
  sql`
    WITH touched AS (UPDATE carts SET version = version + 1, updated_at = now() WHERE cart_id = ${cartId} RETURNING cart_id, version)
    SELECT version, ${changeMarks(sql, cartId)} FROM touched`

/** Each kind of write: what it does, and the notices it must send (given the carts it made and their versions). */
/**
 * Each kind of write: it makes its carts, runs the write itself inside {@link noticesOf} and answers the notices the
 * write must send.
 */
const writes: ReadonlyArray<readonly [name: string, run: () => Promise<Notices>]> = [
  ["the write fast path's one-write statement", async () => {
    const cart = await newCart()
    const version = await versionOf(cart.cartId)
    await noticesOf(async () => {
      const rows = await statement(lineCountStatement(decided(cart.cartId, version + 1), cart.itemIds[0]!, 2, undefined, undefined, undefined))
      expect(rows.map((row) => row["version"])).toEqual([version + 1])
    })
    return { invalidations: [`cart:${cart.cartId}@${version + 1}`], changes: [live(cart.cartId)] }
  }],
  ["the one-write statement when the cart moved on (nothing changed)", async () => {
    const cart = await newCart()
    const version = await versionOf(cart.cartId)
    await noticesOf(async () => {
      const rows = await statement(lineCountStatement(decided(cart.cartId, version), cart.itemIds[0]!, 2, undefined, undefined, undefined))
      expect(rows).toEqual([])
    })
    return { invalidations: [], changes: [] }
  }],
  ["a batch statement of three carts, one of them stale", async () => {
    const carts = [await newCart(), await newCart(), await newCart()]
    const versions = await Promise.all(carts.map((cart) => versionOf(cart.cartId)))
    await noticesOf(() =>
      statement(lineCountBatchStatement(carts.map((cart, i) => change(cart.cartId, versions[i]! + (i === 2 ? 0 : 1), cart.itemIds[1]!, 3))))
    )
    const applied = carts.slice(0, 2)
    return {
      invalidations: applied.map((cart, i) => `cart:${cart.cartId}@${versions[i]! + 1}`).sort(),
      changes: applied.map((cart) => live(cart.cartId)).sort()
    }
  }],
  ["the locked general way: lock and touch, then add, change and remove lines", async () => {
    const cart = await newCart(3)
    const version = await versionOf(cart.cartId)
    await noticesOf(() =>
      withSql((sql) =>
        sql.withTransaction(Effect.gen(function*() {
          yield* lockAndTouch(sql, cart.cartId)
          yield* sql`INSERT INTO cart_items (cart_id, article_type, variant_id, count, position)
            SELECT cart_id, article_type, variant_id, 1, 9 FROM cart_items WHERE cart_item_id = ${cart.itemIds[0]!}`
          yield* sql`UPDATE cart_items SET count = 4 WHERE cart_item_id = ${cart.itemIds[1]!}`
          yield* sql`DELETE FROM cart_items WHERE cart_item_id = ${cart.itemIds[2]!}`
        }))
      )
    )
    return { invalidations: [`cart:${cart.cartId}@${version + 1}`], changes: [live(cart.cartId)] }
  }],
  ["a transaction marked for one cart that also changes another cart's lines", async () => {
    const marked = await newCart()
    const other = await newCart()
    const version = await versionOf(marked.cartId)
    await noticesOf(() =>
      withSql((sql) =>
        sql.withTransaction(Effect.gen(function*() {
          yield* lockAndTouch(sql, marked.cartId)
          yield* sql`UPDATE cart_items SET count = 5 WHERE cart_item_id = ${other.itemIds[0]!}`
        }))
      )
    )
    return { invalidations: [`cart:${marked.cartId}@${version + 1}`, `cart:${other.cartId}`].sort(), changes: [live(marked.cartId)] }
  }],
  ["an UPDATE that moves a line to another cart, unmarked", async () => {
    const from = await newCart()
    const to = await newCart()
    await noticesOf(() => withSql((sql) => sql`UPDATE cart_items SET cart_id = ${to.cartId} WHERE cart_item_id = ${from.itemIds[0]!}`))
    return { invalidations: [`cart:${from.cartId}`, `cart:${to.cartId}`].sort(), changes: [] }
  }],
  ["a merge under the lock of the cart receiving a line, then under the lock of the cart giving one", async () => {
    const from = await newCart()
    const to = await newCart()
    const toVersion = await versionOf(to.cartId)
    const fromVersion = await versionOf(from.cartId)
    const move = (locked: number, itemId: number) =>
      withSql((sql) =>
        sql.withTransaction(Effect.gen(function*() {
          yield* lockAndTouch(sql, locked)
          yield* sql`UPDATE cart_items SET cart_id = ${to.cartId} WHERE cart_item_id = ${itemId}`
        }))
      )
    await noticesOf(async () => {
      await move(to.cartId, from.itemIds[0]!)
      await move(from.cartId, from.itemIds[1]!)
    })
    return {
      invalidations: [
        // the first transaction: the receiving cart it marked, the giving cart plain
        `cart:${to.cartId}@${toVersion + 1}`,
        `cart:${from.cartId}`,
        // the second: the giving cart it marked, and plain as the moved line's old cart; the receiving cart plain
        `cart:${from.cartId}@${fromVersion + 1}`,
        `cart:${from.cartId}`,
        `cart:${to.cartId}`
      ].sort(),
      changes: [live(to.cartId), live(from.cartId)].sort()
    }
  }],
  ["hand-written UPDATEs of a cart and of its lines", async () => {
    const cart = await newCart()
    await noticesOf(async () => {
      await withSql((sql) => sql`UPDATE carts SET invoice_note = 'by hand' WHERE cart_id = ${cart.cartId}`)
      await withSql((sql) => sql`UPDATE cart_items SET count = 7 WHERE cart_id = ${cart.cartId}`)
    })
    // one notice per transaction
    return { invalidations: [`cart:${cart.cartId}`, `cart:${cart.cartId}`], changes: [] }
  }],
  ["placing the order (the cart's status changes)", async () => {
    const cart = await newCart()
    await noticesOf(() => withSql((sql) => sql`UPDATE carts SET status = 'ordered' WHERE cart_id = ${cart.cartId}`))
    return { invalidations: [`cart:${cart.cartId}`, `cart_owner:${cart.cartId}`].sort(), changes: [] }
  }],
  ["a new cart and its lines", async () => {
    let cart: Cart | undefined
    await noticesOf(async () => {
      cart = await newCart()
    })
    // the cart, then its lines, in two transactions
    return { invalidations: [creationNotice(cart!.cartId), `cart:${cart!.cartId}`].sort(), changes: [] }
  }],
  ["DELETEs of a line and of a cart (its lines go with it)", async () => {
    const cart = await newCart()
    const gone = await newCart()
    await noticesOf(async () => {
      await withSql((sql) => sql`DELETE FROM cart_items WHERE cart_item_id = ${cart.itemIds[0]!}`)
      await withSql((sql) => sql`DELETE FROM carts WHERE cart_id = ${gone.cartId}`)
    })
    return { invalidations: [`cart:${cart.cartId}`, `cart:${gone.cartId}`, `cart_owner:${gone.cartId}`].sort(), changes: [] }
  }],
  ["the one-write statement finding its key taken inside a transaction, then a change of the cart in it", async () => {
    const cart = await newCart()
    const version = await versionOf(cart.cartId)
    const claim = { scope: `notices:${cart.cartId}`, key: "taken", hash: null, response: "{}", ttlHours: 24, status: 200 }
    await withSql((sql) =>
      sql`INSERT INTO idempotency_keys (scope, key, status_code, response) VALUES (${claim.scope}, ${claim.key}, 200, '{}')`)
    await noticesOf(() =>
      withSql((sql) =>
        sql.withTransaction(Effect.gen(function*() {
          const taken = lineCountStatement(decided(cart.cartId, version + 1), cart.itemIds[0]!, 2, undefined, claim, undefined)
          expect(yield* sql.unsafe(taken.text, taken.params)).toEqual([])
          // no caller does this today (the statement runs alone); the statement's notice setting must not outlive it
          yield* sql`UPDATE cart_items SET count = 3 WHERE cart_item_id = ${cart.itemIds[1]!}`
        }))
      )
    )
    return { invalidations: [`cart:${cart.cartId}`], changes: [] }
  }],
  ["a batch statement finding its keys taken inside a transaction, then a change of its carts in it", async () => {
    const carts = [await newCart(), await newCart()]
    const versions = await Promise.all(carts.map((cart) => versionOf(cart.cartId)))
    const claimOf = (cartId: number) =>
      ({ scope: `notices:${cartId}`, key: "taken", hash: "h", response: "{}", ttlHours: batchKeyTtlHours, status: 200 })
    for (const cart of carts) {
      await withSql((sql) =>
        sql`INSERT INTO idempotency_keys (scope, key, status_code, response) VALUES (${claimOf(cart.cartId).scope}, 'taken', 200, '{}')`)
    }
    await noticesOf(() =>
      withSql((sql) =>
        sql.withTransaction(Effect.gen(function*() {
          const batch = lineCountBatchStatement(carts.map((cart, i) => ({
            ...change(cart.cartId, versions[i]! + 1, cart.itemIds[0]!, 2),
            claim: claimOf(cart.cartId)
          })))
          expect(batchVersions(yield* sql.unsafe<Record<string, unknown>>(batch.text, batch.params)).size).toBe(0)
          yield* sql`UPDATE cart_items SET count = 3 WHERE cart_item_id = ${carts[0]!.itemIds[1]!}`
        }))
      )
    )
    return { invalidations: [`cart:${carts[0]!.cartId}`], changes: [] }
  }],
  ["the write fast path's one-write statement, then a hand-written change of the same cart", async () => {
    const cart = await newCart()
    const version = await versionOf(cart.cartId)
    await noticesOf(async () => {
      await statement(lineCountStatement(decided(cart.cartId, version + 1), cart.itemIds[0]!, 2, undefined, undefined, undefined))
      await withSql((sql) => sql`UPDATE cart_items SET count = 3 WHERE cart_item_id = ${cart.itemIds[1]!}`)
    })
    return { invalidations: [`cart:${cart.cartId}@${version + 1}`, `cart:${cart.cartId}`].sort(), changes: [live(cart.cartId)] }
  }]
]

describe.each([
  ["as migration 22 left them", asMigration22, plainCreation],
  ["as migration 23 makes them", migration23, plainCreation],
  ["as migration 25 makes them", [...asMigration22, ...migration23, ...migration25], versionedCreation]
] as const)("the notices of every write of the cart tables, with the invalidation triggers %s", (_, triggers, creation) => {
  beforeAll(async () => {
    await install(triggers)
    creationNotice = creation
  })

  test.each(writes)("%s", async (_, write) => {
    measured = undefined
    const expected = await write()
    expect(measured).toEqual(expected)
  })
})

describe("migration 23: who pays for the notices", () => {
  // the trigger function as migration 23 makes it, counting its calls
  const counting = migration23[0]!.replace("BEGIN", "BEGIN\n     UPDATE trigger_calls SET calls = calls + 1;")
  beforeAll(() =>
    install([
      ...asMigration22,
      ...migration23,
      "CREATE TABLE trigger_calls (calls integer NOT NULL)",
      "INSERT INTO trigger_calls VALUES (0)",
      counting
    ])
  )
  afterAll(() => install([migration23[0]!, "DROP TABLE trigger_calls"]))

  const callsDuring = async (write: () => Promise<unknown>): Promise<number> => {
    const calls = () => withSql((sql) => Effect.map(sql<{ calls: number }>`SELECT calls FROM trigger_calls`, (rows) => rows[0]!.calls))
    const before = await calls()
    await write()
    return (await calls()) - before
  }

  test("a fast write's statement and a batch fire no invalidation trigger; any other UPDATE of the cart tables does", async () => {
    const cart = await newCart()
    const carts = [await newCart(), await newCart()]
    const version = await versionOf(cart.cartId)
    expect(await callsDuring(() =>
      statement(lineCountStatement(decided(cart.cartId, version + 1), cart.itemIds[0]!, 2, undefined, undefined, undefined))
    )).toBe(0)
    const versions = await Promise.all(carts.map((one) => versionOf(one.cartId)))
    expect(await callsDuring(() =>
      statement(lineCountBatchStatement(carts.map((one, i) => change(one.cartId, versions[i]! + 1, one.itemIds[0]!, 2))))
    )).toBe(0)
    expect(await callsDuring(() => withSql((sql) => sql`UPDATE cart_items SET count = 4 WHERE cart_id = ${cart.cartId}`))).toBe(2)
    expect(await callsDuring(() =>
      withSql((sql) => sql.withTransaction(Effect.andThen(lockAndTouch(sql, cart.cartId), sql`UPDATE cart_items SET count = 5 WHERE cart_item_id = ${cart.itemIds[0]!}`)))
    )).toBe(2)
  })
})
