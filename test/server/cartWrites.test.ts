/**
 * The cart write path at speed (issue 9): how many database round trips an add-to-cart and a change-amount cost on
 * the embedded database (PGlite is one connection, so every round trip of a write is serialized for all requests),
 * with the process's read cache as the server runs it; and that the cached cart a write answers from stays the truth
 * (the next read, a second write, concurrent writes).
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { CartGroup } from "../../core/api/cart.ts"
import { idempotencyKeyHeader } from "../../core/api/headers.ts"
import { PgliteClient } from "../../demo/server/db/PgliteClient.ts"
import { ReadCache } from "../../demo/server/db/ReadCache.ts"
import { CartHandlers } from "../../demo/server/handlers/cart.ts"
import { backendFor } from "../support/server.ts"
import { groupsOf } from "./accountSupport.ts"
import { cartProbe, findVariant, rawCartSession } from "./cartSupport.ts"

/** Counts the round trips sent to PGlite (protocol messages and simple queries), with the SQL of each. */
const roundTrips = () => {
  const log: Array<string> = []
  let counting = false
  const layer = Layer.effectDiscard(
    Effect.gen(function*() {
      const client = yield* Effect.serviceOption(PgliteClient)
      if (client._tag === "None") return
      const db = client.value.pglite
      const names = new Map<string, string>()
      const execProtocol = db.execProtocol.bind(db)
      const exec = db.exec.bind(db)
      const query = db.query.bind(db)
      db.execProtocol = (message, options) => {
        const text = Buffer.from(message).toString("latin1")
        // a Parse message names the statement and carries its SQL; a Bind message names the statement it runs
        const parse = /P[\s\S]{4}(s\d+)\0([\s\S]*?)\0/.exec(text)
        if (parse !== null) names.set(parse[1]!, parse[2]!.replace(/\s+/g, " ").trim())
        else if (counting) {
          const bind = /B[\s\S]{4}\0(s\d+)\0/.exec(text)
          log.push(bind === null ? "(protocol)" : names.get(bind[1]!) ?? bind[1]!)
        }
        return execProtocol(message, options)
      }
      db.exec = (sql, options) => {
        if (counting) log.push(sql)
        return exec(sql, options)
      }
      db.query = ((sql: string, params?: Array<unknown>, options?: object) => {
        if (counting) log.push(sql.replace(/\s+/g, " ").trim())
        return query(sql, params, options)
      }) as typeof db.query
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

const probe = cartProbe()
const trips = roundTrips()
const backend = backendFor(groupsOf(CartGroup), CartHandlers, Layer.mergeAll(probe.layer, trips.layer, ReadCache.layer))
afterAll(() => backend.dispose())
const onPglite = (process.env["DATABASE_URL"] ?? "").trim() === ""

describe("cart writes (server, with the read cache)", () => {
  it.effect.runIf(onPglite)("an add-to-cart with an idempotency key and a change-amount of a cart of 3 cost few round trips", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const variants = [
        yield* probe.use((sql) => findVariant(sql, { min: 40, skip: 1 })),
        yield* probe.use((sql) => findVariant(sql, { min: 40, skip: 2 })),
        yield* probe.use((sql) => findVariant(sql, { min: 40, skip: 3 }))
      ]
      let key = 0
      const add = (variantId: number) =>
        raw.send("PUT", "/api/v2/cart.cart-api/add-to-cart", {
          body: { variantId, amount: 1, extended: true },
          headers: { [idempotencyKeyHeader]: `k-${++key}` }
        })
      const ids: Array<number> = []
      for (const variant of variants) {
        const answer = yield* Effect.promise(() => add(variant.variant_id))
        ids.push(answer.json.cartItems.find((item: { variantId: number }) => item.variantId === variant.variant_id).articleId)
      }
      // warm: the statements are prepared and the cart is cached as the last write left it
      yield* Effect.promise(() => add(variants[0]!.variant_id))
      const added = yield* trips.during(() => add(variants[1]!.variant_id))
      const changed = yield* trips.during(() =>
        raw.send("POST", "/api/v2/cart.cart-api/change-amount", { body: { id: ids[1], amount: 1, extended: true } }))
      console.info(`add-to-cart: ${added.length} round trips\n  ${added.map((sql) => sql.slice(0, 90)).join("\n  ")}`)
      console.info(`change-amount: ${changed.length} round trips\n  ${changed.map((sql) => sql.slice(0, 90)).join("\n  ")}`)
      expect(added.length).toBeLessThanOrEqual(7)
      expect(changed.length).toBeLessThanOrEqual(5)
    }))
})
