/**
 * Group commit of the write fast path (demo/server/http/writeBatches.ts) on a real port as main.ts serves it: writes
 * that become ready while earlier statements run go as ONE statement, each write keeps the outcome and the answer it
 * has alone (applied, or handed to the pipeline when its cart, stock or key moved on), no update is lost, every cart
 * of a batch gets its versioned notice, and a batch statement that fails is made again write by write.
 */
import { Effect, Exit, Layer, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { randomUUID } from "node:crypto"
import { beforeAll, describe, expect, test } from "vitest"
import { cartChangedChannel, Database } from "../../demo/server/db/Database.ts"
import { cacheInvalidationChannel } from "../../demo/server/db/ReadCache.ts"
import { type LineCountChange, withLineCount } from "../../demo/server/domain/cart/mutation.ts"
import { readCart } from "../../demo/server/domain/cart/reading.ts"
import { statementKeyClaim } from "../../demo/server/domain/idempotency.ts"
import { FastReads } from "../../demo/server/http/fastReads.ts"
import { FastWrites, type FastWritesSetup, sqlStatementClient } from "../../demo/server/http/fastWrites.ts"
import { writeBatchOptions, WriteBatches } from "../../demo/server/http/writeBatches.ts"
import { addToCartScope } from "../../demo/server/handlers/cart.ts"
import { useRealPortBackend } from "../support/realPort.ts"
import { freshDatabase } from "../support/server.ts"
import { type Answer, answersAt, comparable } from "../support/httpAnswers.ts"

/** A write fast path whose statements wait while it is held: the writes that come meanwhile queue up. */
class HeldFastWrites extends FastWrites {
  statementsRun = 0
  private gate: Promise<void> | undefined = undefined
  private open: () => void = () => {}

  override attach(setup: FastWritesSetup): void {
    const run = setup.statements.run
    super.attach({
      ...setup,
      statements: {
        run: async (statement) => {
          this.statementsRun++
          if (this.gate !== undefined) await this.gate
          return run(statement)
        }
      }
    })
  }

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve
    })
  }

  release(): void {
    this.gate = undefined
    this.open()
  }
}

const notices: Array<string> = []
const liveData: Array<string> = []
const probe = Layer.effectDiscard(
  Effect.gen(function*() {
    const database = yield* Database
    const invalidations = yield* database.subscribe(cacheInvalidationChannel)
    const changes = yield* database.subscribe(cartChangedChannel)
    yield* Effect.forkScoped(Stream.runForEach(invalidations, (payload) => Effect.sync(() => notices.push(payload))))
    yield* Effect.forkScoped(Stream.runForEach(changes, (payload) => Effect.sync(() => liveData.push(payload))))
  })
) as unknown as Layer.Layer<any, any, any>

const fastReads = new FastReads()
const fastWrites = new HeldFastWrites()
const { baseUrl, runtime } = useRealPortBackend({
  fastReads,
  fastWrites,
  database: Layer.provideMerge(probe, freshDatabase()) as ReturnType<typeof freshDatabase>
})

const sql = <A>(run: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
  runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, run) as Effect.Effect<A, never, never>)

const call = answersAt(baseUrl)

const add = (headers: Record<string, string>, variantId: number, key: string = randomUUID()) =>
  call("PUT", "/api/v2/cart.cart-api/add-to-cart", { ...headers, "idempotency-key": key }, { variantId, amount: 1, extended: true })

const change = (headers: Record<string, string>, id: number, amount: number) =>
  call("POST", "/api/v2/cart.cart-api/change-amount", headers, { id, amount, extended: true })

const countOf = async (headers: Record<string, string>, variantId: number): Promise<number> => {
  const loaded = await call("GET", "/api/v2/cart.cart-api/load-cart", headers, undefined)
  return lineCountOf(loaded, variantId)
}

/** The count of `variantId`'s line in a cart answer. */
const lineCountOf = (answer: Answer, variantId: number): number =>
  (JSON.parse(answer.body) as { cartItems?: ReadonlyArray<{ variantId?: number; count?: number }> }).cartItems
    ?.find((item) => item.variantId === variantId)?.count ?? 0

interface Shopper {
  readonly headers: Record<string, string>
  readonly sessionId: string
  readonly cartId: number
  readonly variantId: number
  readonly itemId: number
}

let inStock: ReadonlyArray<number> | undefined

/** Variants in stock (the first ones of the seeded catalogue). */
const variantsInStock = async (headers: Record<string, string>): Promise<ReadonlyArray<number>> => {
  if (inStock !== undefined) return inStock
  const ids = Array.from({ length: 100 }, (_, i) => i + 1).join(",")
  const variants = (await (await fetch(`${baseUrl()}/product-api/find-variants-by-id?ids=${ids}`, { headers })).json()) as ReadonlyArray<{
    variantId: number
    availability?: string
  }>
  inStock = variants.filter((variant) => variant.availability === "in_stock").map((variant) => variant.variantId)
  return inStock
}

/** A new shopper whose cart holds one piece of the `which`-th variant in stock. */
const shopper = async (which = 0): Promise<Shopper> => {
  const response = await fetch(`${baseUrl()}/api/session`)
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  const headers = { cookie, "x-csrf-token": csrfToken, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" }
  const variantId = (await variantsInStock(headers))[which]!
  const first = await add(headers, variantId)
  expect(first.status).toBe(200)
  const line = (JSON.parse(first.body) as { cartItems: ReadonlyArray<{ variantId?: number; articleId: number }> }).cartItems
    .find((item) => item.variantId === variantId)!
  const sessionId = cookie.split("=")[1]!
  const cartId = await sql((q) => Effect.map(q<{ cart_id: number }>`SELECT cart_id FROM sessions WHERE session_id = ${sessionId}`, (rows) => rows[0]!.cart_id))
  // the cart is read into the cache (the fast path's writes decide from it)
  await countOf(headers, variantId)
  return { headers, sessionId, cartId, variantId, itemId: line.articleId }
}

const shoppers = (count: number, which = 0) => Promise.all(Array.from({ length: count }, () => shopper(which)))

/**
 * Makes sure the fast path still holds each shopper's session and cart for the next 3 s, when the writes sent next
 * are decided: under load the set-up of 51 shoppers took longer than the caches' 10 s time to live, and an expired
 * entry sends the write to the pipeline before its body (the cold start of a real shopper, not what these tests
 * check). An entry served for less than 3 s more is dropped and read again, as its expiry and the shopper's next read
 * would.
 */
const cachedForWrites = async (who: ReadonlyArray<Shopper>): Promise<void> => {
  const cache = fastWrites.cache!
  const held = (one: Shopper) => {
    const until = Date.now() + 3_000
    return cache.sessions.peek(one.sessionId, until) !== undefined && cache.carts.peek(one.cartId, until) !== undefined
  }
  for (let attempt = 0; attempt < 5 && who.some((one) => !held(one)); attempt++) {
    await Promise.all(who.filter((one) => !held(one)).map((one) => {
      cache.sessions.invalidate(one.sessionId)
      cache.carts.invalidate(one.cartId)
      return countOf(one.headers, one.variantId)
    }))
  }
  expect(who.filter((one) => !held(one)).map((one) => one.cartId)).toEqual([])
}

/** Sends the writes of `send` while the fast path's statements are held, releasing them once all are queued. */
const batched = async <A>(queued: number, send: () => Promise<A>, whileHeld: () => Promise<void> = async () => {}): Promise<A> => {
  fastWrites.hold()
  const answers = send()
  try {
    await expect.poll(() => fastWrites.queuedWrites, { timeout: 30_000 }).toBe(queued)
    await whileHeld()
  } finally {
    fastWrites.release()
  }
  return answers
}

const sizesNow = () => new Map(fastWrites.batchSizes)

/** The statements of each size run since `before` (size -> statements). */
const sizesSince = (before: ReadonlyMap<number, number>) => {
  const since: Record<number, number> = {}
  for (const [size, count] of fastWrites.batchSizes) {
    const more = count - (before.get(size) ?? 0)
    if (more > 0) since[size] = more
  }
  return since
}

// the statements the server runs at once: its database's (`writeBatchOptions`), known once the server is attached
let inFlight = 0
beforeAll(() => {
  inFlight = fastWrites.batchOptions?.inFlight ?? 0
  expect(inFlight).toBeGreaterThan(0)
})

describe("group commit of the write fast path", () => {
  test("batches as the database the server runs on allows: that backend's batch options", async () => {
    const backend = await runtime.runPromise(Effect.map(Database, (database) => database.backend) as Effect.Effect<"pg" | "pglite", never, never>)
    expect(backend).toBe(process.env["DATABASE_URL"]?.trim() ? "pg" : "pglite")
    expect(fastWrites.batchOptions).toBe(writeBatchOptions[backend])
  })

  test("concurrent adds to many carts go as one statement, and each answer is the answer of the same write alone", async () => {
    const who = await shoppers(10)
    await cachedForWrites(who)
    const before = sizesNow()
    const statements = fastWrites.statementsRun
    const served = fastWrites.hits
    const together = await batched(10 - inFlight, () => Promise.all(who.map((one) => add(one.headers, one.variantId))))
    expect(together.map((answer) => answer.status)).toEqual(who.map(() => 200))
    // the first writes found statements to spare and went alone; the ones that came meanwhile went together
    expect(sizesSince(before)).toEqual({ 1: inFlight, [10 - inFlight]: 1 })
    expect(fastWrites.statementsRun - statements).toBe(inFlight + 1)
    expect(fastWrites.hits - served).toBe(10)
    for (const [i, one] of who.entries()) {
      expect(await countOf(one.headers, one.variantId)).toBe(2)
      // the same write alone, from the same cart: the same answer byte for byte
      expect((await change(one.headers, one.itemId, 1)).status).toBe(200)
      const alone = await add(one.headers, one.variantId)
      expect(comparable(together[i]!)).toEqual(comparable(alone))
    }
  })

  test("no lost update: 50 concurrent adds across 50 carts all apply once, 50 adds to one cart apply in turn", async () => {
    const many = await shoppers(50)
    const [busy] = await shoppers(1, 1)
    await cachedForWrites([...many, busy!])
    const handed = fastWrites.handOvers.afterBody
    const before = sizesNow()
    // the 50 carts' writes and the busy cart's first one are ready at once; its 49 others wait for their turns
    const answers = await batched(51 - inFlight, () =>
      Promise.all([
        ...many.map((one) => add(one.headers, one.variantId)),
        ...Array.from({ length: 50 }, () => add(busy!.headers, busy!.variantId))
      ]))
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    expect(fastWrites.handOvers.afterBody - handed).toBe(0)
    expect(Math.max(...Object.keys(sizesSince(before)).map(Number))).toBeGreaterThan(1)
    // never more at once, nor in one statement, than the database's batch options allow
    expect(Math.max(...Object.keys(sizesSince(before)).map(Number))).toBeLessThanOrEqual(fastWrites.batchOptions!.maxBatch)
    expect(fastWrites.mostInFlight).toBeLessThanOrEqual(inFlight)
    for (const one of many) expect(await countOf(one.headers, one.variantId)).toBe(2)
    // one cart's writes take turns across batches: each piece the rules allow is added once
    // one cart's writes take turns across batches: each piece the rules allow is added once (a line holds at most
    // what the amount rules clamp it to: the writes past that answer the clamped line and add nothing)
    const reported = answers.slice(50).map((answer) => ({ clamped: answer.body.includes("cart_amount_clamped"), count: lineCountOf(answer, busy!.variantId) }))
    const final = await countOf(busy!.headers, busy!.variantId)
    const added = reported.filter((one) => !one.clamped).map((one) => one.count).sort((a, b) => a - b)
    expect(added).toEqual(Array.from({ length: final - 1 }, (_, i) => i + 2))
    expect(reported.filter((one) => one.clamped).map((one) => one.count)).toEqual(Array.from({ length: 50 - added.length }, () => final))
    await expect.poll(() => fastWrites.pendingTurns).toBe(0)
  })

  test("a batch with a stale cart, a taken key and a moved stock: each write gets its own outcome", async () => {
    const good = await shoppers(3)
    const [stale, taken] = await shoppers(2)
    const [stocked] = await shoppers(1, 2)
    const usedKey = randomUUID()
    const stored = await add(taken!.headers, taken!.variantId, usedKey)
    expect((await change(taken!.headers, taken!.itemId, 1)).status).toBe(200)
    await cachedForWrites([...good, stale!, taken!, stocked!])
    const served = fastWrites.hits
    const handed = fastWrites.handOvers.afterBody
    const before = sizesNow()
    const writes = [
      ...good.map((one) => () => add(one.headers, one.variantId)),
      () => add(stale!.headers, stale!.variantId),
      () => add(taken!.headers, taken!.variantId, usedKey),
      () => add(stocked!.headers, stocked!.variantId)
    ]
    const answers = await batched(writes.length - inFlight, () => Promise.all(writes.map((send) => send())), async () => {
      // behind the cached carts' backs: another server changed the stale cart, the stock of the stocked one's article
      await sql((q) => q`UPDATE carts SET version = version + 1 WHERE cart_id = ${stale!.cartId}`)
      await sql((q) => q`UPDATE stock SET in_stock = in_stock + 1 WHERE variant_id = ${stocked!.variantId}`)
    })
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    expect(Object.values(sizesSince(before)).reduce((all, n) => all + n, 0)).toBeLessThan(writes.length)
    // the three good writes applied in the fast path; the three others changed nothing there and the pipeline decided
    expect(fastWrites.hits - served).toBe(3)
    expect(fastWrites.handOvers.afterBody - handed).toBe(3)
    for (const one of [...good, stale!, stocked!]) expect(await countOf(one.headers, one.variantId)).toBe(2)
    // the taken key replays the answer stored with it and applies nothing
    expect(JSON.parse(answers[4]!.body)).toEqual(JSON.parse(stored.body))
    expect(await countOf(taken!.headers, taken!.variantId)).toBe(1)
  })

  test("every cart of a batch gets its live-data notice and its versioned cache notice", async () => {
    const who = await shoppers(6)
    await cachedForWrites(who)
    await batched(6 - inFlight, () => Promise.all(who.map((one) => add(one.headers, one.variantId))))
    for (const one of who) {
      const version = await sql((q) => Effect.map(q<{ version: number }>`SELECT version FROM carts WHERE cart_id = ${one.cartId}`, (rows) => rows[0]!.version))
      await expect.poll(() => notices.includes(`cart:${one.cartId}@${version}`)).toBe(true)
      await expect.poll(() => liveData.includes(JSON.stringify({ cartId: one.cartId }))).toBe(true)
      // the settled cart survived its own notice: the next write is fast again
      const served = fastWrites.hits
      expect((await change(one.headers, one.itemId, 1)).status).toBe(200)
      expect(fastWrites.hits - served).toBe(1)
    }
  })
})

describe("a batch statement that fails", () => {
  /** The change adding a piece to `one`'s line as decided from the stored cart, storing `key` (scope of its cart). */
  const addChange = (one: Shopper, key: string, scope = addToCartScope(one.cartId)) =>
    runtime.runPromise(Effect.gen(function*() {
      const state = yield* readCart(one.cartId)
      if (state === undefined) throw new Error("no cart")
      const line = state.lines.find((candidate) => candidate.itemId === one.itemId)!
      const change: LineCountChange = {
        after: withLineCount(state, state.version + 1, line.itemId, line.count + 1),
        itemId: line.itemId,
        count: line.count + 1,
        check: undefined,
        claim: statementKeyClaim(scope, key, { variantId: one.variantId }, { ok: true }),
        proof: { sessionId: one.sessionId, csrfToken: one.headers["x-csrf-token"]! }
      }
      return change
    }))

  /** Batches on the test's database whose first statement waits for `release`, and whose batch statements `fail`. */
  const heldBatches = async (fail: boolean) => {
    const client = await sql((q) => Effect.succeed(sqlStatementClient(q)))
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let runs = 0
    const batches = new WriteBatches({
      run: async (statement) => {
        if (runs++ === 0) await held
        return fail && statement.text.includes("unnest(") ? Exit.die("the batch statement failed") : client.run(statement)
      }
    }, { inFlight: 1, maxBatch: 64 })
    return { batches, release }
  }

  const countsOf = async (who: ReadonlyArray<Shopper>) => {
    const rows = await sql((q) => q<{ cart_id: number; count: number }>`SELECT cart_id, count FROM cart_items WHERE cart_id IN ${q.in(who.map((one) => one.cartId))}`)
    return who.map((one) => rows.find((row) => row.cart_id === one.cartId)!.count)
  }

  test("is made again write by write: the same key twice in one batch applies once, the other writes apply", async () => {
    const who = await shoppers(4)
    const { batches, release } = await heldBatches(false)
    const key = randomUUID()
    // the same scope and key for two carts: the statement refuses to store one key twice
    const sameScope = `test.duplicate:${key}`
    const changes = [
      await addChange(who[0]!, randomUUID()),
      await addChange(who[1]!, key, sameScope),
      await addChange(who[2]!, key, sameScope),
      await addChange(who[3]!, randomUUID())
    ]
    const outcomes = changes.map((one) => batches.make(one))
    expect(batches.waiting).toBe(3)
    release()
    const exits = await Promise.all(outcomes)
    expect(batches.batchesRetried).toBe(1)
    expect(Object.fromEntries(batches.batchSizes)).toEqual({ 1: 1, 3: 1 })
    // one by one: the first of the two applied and took the key, the second found it taken and changed nothing
    expect(exits).toEqual([
      Exit.succeed(changes[0]!.after.version),
      Exit.succeed(changes[1]!.after.version),
      Exit.succeed(undefined),
      Exit.succeed(changes[3]!.after.version)
    ])
    expect(await countsOf(who)).toEqual([2, 2, 1, 2])
  })

  test("for any error, applied nothing: each of its writes is made alone and applies", async () => {
    const who = await shoppers(3)
    const { batches, release } = await heldBatches(true)
    const changes = await Promise.all(who.map((one) => addChange(one, randomUUID())))
    const outcomes = changes.map((one) => batches.make(one))
    release()
    expect(await Promise.all(outcomes)).toEqual(changes.map((one) => Exit.succeed(one.after.version)))
    expect(batches.batchesRetried).toBe(1)
    expect(await countsOf(who)).toEqual([2, 2, 2])
  })

  test("interrupted (the server stopping), it is not made again: each of its writes is interrupted", async () => {
    const who = await shoppers(3)
    const changes = await Promise.all(who.map((one) => addChange(one, randomUUID())))
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const texts: Array<string> = []
    const batches = new WriteBatches({
      run: async (statement) => {
        texts.push(statement.text)
        await held
        return Exit.interrupt()
      }
    }, { inFlight: 1, maxBatch: 64 })
    const outcomes = changes.map((one) => batches.make(one))
    release()
    const exits = await Promise.all(outcomes)
    expect(exits.map((exit) => Exit.isFailure(exit) && exit.cause.reasons.every((reason) => reason._tag === "Interrupt"))).toEqual([true, true, true])
    // the first write alone, the two others in one batch: no statement after
    expect(texts.length).toBe(2)
    expect(batches.batchesRetried).toBe(0)
  })

  test("two changes of one cart never share a statement: the second waits for a later one", async () => {
    const who = await shoppers(2)
    const { batches, release } = await heldBatches(false)
    // two changes of the first shopper's cart decided from the same version: one is held alone, one goes in a batch
    const held = await addChange(who[0]!, randomUUID())
    const stale = await addChange(who[0]!, randomUUID())
    const changes = [await addChange(who[1]!, randomUUID()), await addChange(who[1]!, randomUUID()), stale]
    const alone = batches.make(held)
    const outcomes = changes.map((one) => batches.make(one))
    release()
    const exits = await Promise.all([alone, ...outcomes])
    // the held statement (first shopper's change), then one batch of the second shopper's first change and the first
    // shopper's stale one, then the second shopper's other change alone: decided from the same version, it finds
    // the cart moved on
    expect(Object.fromEntries(batches.batchSizes)).toEqual({ 1: 2, 2: 1 })
    expect(exits).toEqual([Exit.succeed(held.after.version), Exit.succeed(changes[0]!.after.version), Exit.succeed(undefined), Exit.succeed(undefined)])
    expect(await countsOf(who)).toEqual([2, 2])
  })

  test("made alone, a change whose cart moved on changes nothing, as in a batch", async () => {
    const who = await shoppers(3)
    const { batches, release } = await heldBatches(false)
    const changes = await Promise.all(who.map((one) => addChange(one, randomUUID())))
    await sql((q) => q`UPDATE carts SET version = version + 1 WHERE cart_id = ${who[2]!.cartId}`)
    const outcomes = changes.map((one) => batches.make(one))
    release()
    expect(await Promise.all(outcomes)).toEqual([Exit.succeed(changes[0]!.after.version), Exit.succeed(changes[1]!.after.version), Exit.succeed(undefined)])
    expect(await countsOf(who)).toEqual([2, 2, 1])
  })
})
