/**
 * The cart write path at speed (issue 9): how many database round trips an add-to-cart and a change-amount cost on
 * the embedded database (PGlite is one connection, so every round trip of a write is serialized for all requests),
 * with the process's read cache as the server runs it; and that the cached cart a write answers from stays the truth
 * (the next read, a second write, concurrent writes).
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { CartGroup } from "../../core/api/cart.ts"
import { CartApiGroup } from "../../core/api/cartApi.ts"
import { idempotencyKeyHeader } from "../../core/api/headers.ts"
import { makeReadCache, ReadCache, type ReadCacheShape } from "../../demo/server/db/ReadCache.ts"
import { maxQuantity } from "../../core/domain/quantity.ts"
import { cartFlashKeys } from "../../demo/server/domain/cart/errors.ts"
import { CartHandlers } from "../../demo/server/handlers/cart.ts"
import { CartApiHandlers } from "../../demo/server/handlers/cartApi.ts"
import { backendFor } from "../support/server.ts"
import { groupsOf } from "./accountSupport.ts"
import { cartProbe, findVariant, rawCartSession, roundTrips } from "./cartSupport.ts"

const probe = cartProbe()
const trips = roundTrips()
/** The backend's read cache, to make it hold a cart that is no longer the stored one. */
let readCache: ReadCacheShape | undefined
const backend = backendFor(
  groupsOf(CartGroup, CartApiGroup),
  Layer.mergeAll(CartHandlers, CartApiHandlers),
  Layer.mergeAll(
    probe.layer,
    trips.layer,
    Layer.effectDiscard(Effect.gen(function*() {
      readCache = yield* ReadCache
    })).pipe(Layer.provideMerge(ReadCache.layer))
  )
)
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
      // the session, then the change in one statement (lock at the cached version, key, line, version, notices)
      expect(added).toHaveLength(2)
      expect(added[1]).toMatch(/^WITH locked AS/)
      expect(changed).toHaveLength(2)
      expect(changed[1]).toMatch(/^WITH locked AS/)
    }))

  it.effect("50 concurrent adds of each of two articles to one cart, with the cache: no lost update, every answer and the next read are the truth", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const scarce = yield* probe.use((sql) => findVariant(sql, { min: 5, max: 20, skip: 8 }))
      const plenty = yield* probe.use((sql) => findVariant(sql, { min: 60, skip: 9 }))
      let key = 0
      const add = (variantId: number) =>
        raw.send("PUT", "/api/v2/cart.cart-api/add-to-cart", {
          body: { variantId, amount: 1, extended: true },
          headers: { [idempotencyKeyHeader]: `c-${++key}` }
        })
      // the cart is cached first, so the adds start from the cached cart
      yield* Effect.promise(() => add(plenty.variant_id))
      const answers = yield* Effect.promise(() =>
        Promise.all([...Array.from({ length: 50 }, () => add(scarce.variant_id)), ...Array.from({ length: 49 }, () => add(plenty.variant_id))]))
      const outcome = (answer: { json: any }) => answer.json.status.flashMessages?.[0]?.message ?? answer.json.status.status
      const countOf = (answer: { json: any }, variantId: number) =>
        answer.json.cartItems.find((item: { variantId: number }) => item.variantId === variantId)?.count ?? 0
      const scarceAnswers = answers.slice(0, 50)
      const plentyAnswers = answers.slice(50)
      expect(scarceAnswers.filter((answer) => outcome(answer) === "ok")).toHaveLength(scarce.in_stock)
      expect(scarceAnswers.filter((answer) => outcome(answer) === cartFlashKeys.stockExceeded)).toHaveLength(50 - scarce.in_stock)
      expect(plentyAnswers.filter((answer) => outcome(answer) === "ok")).toHaveLength(maxQuantity - 1)
      expect(plentyAnswers.filter((answer) => outcome(answer) === cartFlashKeys.amountClamped)).toHaveLength(50 - maxQuantity)
      // each applied add answered the cart it left: the counts 1..stock of the scarce article, each once
      const scarceCounts = scarceAnswers.filter((answer) => outcome(answer) === "ok").map((answer) => countOf(answer, scarce.variant_id))
      expect([...scarceCounts].sort((a, b) => a - b)).toEqual(Array.from({ length: scarce.in_stock }, (_, i) => i + 1))
      const rows = yield* probe.use((sql) =>
        sql<{ readonly variant_id: number; readonly count: number }>`
          SELECT variant_id, count FROM cart_items WHERE cart_id = ${raw.cartId()} ORDER BY variant_id`)
      expect(rows).toEqual(
        [{ variant_id: scarce.variant_id, count: scarce.in_stock }, { variant_id: plenty.variant_id, count: maxQuantity }]
          .sort((a, b) => a.variant_id - b.variant_id)
      )
      // the next read (from the cache the writes left) and the next write answer the stored cart
      const loaded = yield* Effect.promise(() => raw.send("GET", "/api/v2/cart.cart-api/load-cart"))
      const loadedCounts = (loaded.json.cart?.articles ?? loaded.json.articles ?? []).map((article: { variantId: number; count: number }) => ({
        variant_id: article.variantId,
        count: article.count
      })).sort((a: { variant_id: number }, b: { variant_id: number }) => a.variant_id - b.variant_id)
      expect(loadedCounts).toEqual(rows)
      const again = yield* Effect.promise(() => add(plenty.variant_id))
      expect(outcome(again)).toBe(cartFlashKeys.amountClamped)
      expect([countOf(again, scarce.variant_id), countOf(again, plenty.variant_id)]).toEqual([scarce.in_stock, maxQuantity])
    }))

  it.effect("one idempotency key sent 10 times at once and once more later applies once; every answer is the first", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 40, skip: 10 }))
      // Sends one add of `amount` pieces with `key` 10 times at once and once more later: every answer is the first,
      // the line then holds `count` pieces.
      const sendTimes = (key: string, amount: number, count: number) =>
        Effect.gen(function*() {
          const send = () =>
            raw.send("PUT", "/api/v2/cart.cart-api/add-to-cart", {
              body: { variantId: variant.variant_id, amount, extended: true },
              headers: { [idempotencyKeyHeader]: key }
            })
          const answers = yield* Effect.promise(() => Promise.all(Array.from({ length: 10 }, send)))
          const later = yield* Effect.promise(send)
          for (const answer of [...answers, later]) {
            expect(answer.status).toBe(200)
            expect(answer.json).toEqual(answers[0]!.json)
          }
          expect(answers[0]!.json.cartItems[0].count).toBe(count)
          const rows = yield* probe.use((sql) => sql<{ readonly count: number }>`SELECT count FROM cart_items WHERE cart_id = ${raw.cartId()}`)
          expect(rows).toEqual([{ count }])
        })
      yield* sendTimes("same-key", 2, 2)
      // a line of the cached cart (the change in one statement, the key stored in it): 10 retries at once apply once
      yield* sendTimes("same-key-on-a-line", 3, 5)
    }))

  it.effect("a cached cart older than the stored one, or showing another stock, is not written from: the truth decides", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawCartSession(backend))
      const variant = yield* probe.use((sql) => findVariant(sql, { min: 3, max: 10, skip: 12 }))
      const add = (amount: number) =>
        raw.send("PUT", "/api/v2/cart.cart-api/add-to-cart", { body: { variantId: variant.variant_id, amount, extended: true } })
      const outcome = (answer: { json: any }) => answer.json.status.flashMessages?.[0]?.message ?? answer.json.status.status
      const countOf = (answer: { json: any }) => answer.json.cartItems.find((item: { variantId: number }) => item.variantId === variant.variant_id)?.count
      yield* Effect.promise(() => add(1))
      const cached = () => readCache!.carts.peek(raw.cartId(), Date.now()) as any
      const stored = cached()
      expect(stored?.lines[0]?.count).toBe(1)
      // the cache holds the cart one version back, with another count: the one-statement write finds another version
      readCache!.carts.set(raw.cartId(), { ...stored, version: stored.version - 1, lines: [{ ...stored.lines[0], count: 2 }] }, Date.now())
      const second = yield* Effect.promise(() => add(1))
      expect(outcome(second)).toBe("ok")
      expect(countOf(second)).toBe(2)
      // the cache shows more stock than there is: raising to the whole stock plus one is refused by the stored stock
      const now = cached()
      readCache!.carts.set(raw.cartId(), { ...now, lines: [{ ...now.lines[0], stock: variant.in_stock + 5 }] }, Date.now())
      const third = yield* Effect.promise(() => add(variant.in_stock - 1))
      expect(outcome(third)).toBe(cartFlashKeys.stockExceeded)
      const rows = yield* probe.use((sql) => sql<{ readonly count: number }>`SELECT count FROM cart_items WHERE cart_id = ${raw.cartId()}`)
      expect(rows).toEqual([{ count: 2 }])
      // a change-amount from a cached cart one version back changes nothing there and is made from the truth (a refused
      // call leaves no cart cached: the read caches it again)
      yield* Effect.promise(() => raw.send("GET", "/api/v2/cart.cart-api/load-cart"))
      const current = cached()
      readCache!.carts.set(raw.cartId(), { ...current, version: current.version - 1 }, Date.now())
      const lowered = yield* Effect.promise(() =>
        raw.send("POST", "/api/v2/cart.cart-api/change-amount", { body: { id: current.lines[0].itemId, amount: 1, extended: true } }))
      expect(countOf(lowered)).toBe(1)
      const version = yield* probe.use((sql) => sql<{ readonly version: number }>`SELECT version FROM carts WHERE cart_id = ${raw.cartId()}`)
      expect(version[0]!.version).toBe(current.version + 1)
    }))

  it("a versioned cart notice keeps a cached cart of that version or newer; a plain one drops it; an older settle is refused", () => {
    const cache = makeReadCache()
    const cart = (version: number) => ({ cartId: 5, version })
    expect(cache.settleCart(5, 7, cart(7), 0)).toBe(true)
    cache.apply("cart:5@7")
    expect(cache.carts.peek(5, 1)).toEqual(cart(7))
    cache.apply("cart:5@8")
    expect(cache.carts.peek(5, 1)).toBeUndefined()
    // a write of version 8 was noted: a late settle of 7 is not kept, one of 9 is
    expect(cache.settleCart(5, 7, cart(7), 2)).toBe(false)
    expect(cache.carts.peek(5, 3)).toBeUndefined()
    expect(cache.settleCart(5, 9, cart(9), 2)).toBe(true)
    cache.apply("cart:5")
    expect(cache.carts.peek(5, 3)).toBeUndefined()
    cache.noteCartVersion(6, 3)
    expect(cache.settleCart(6, 2, { cartId: 6, version: 2 }, 0)).toBe(false)
  })
})
