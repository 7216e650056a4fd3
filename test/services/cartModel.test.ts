/**
 * Model-based test of the Cart service (fast-check `fc.commands` + `fc.asyncModelRun`): any sequence of
 * add / + / − / typing / delete / service toggles, with faults injected at random (before the server:
 * 503, 429, connection reset, malformed answer, timeout; after the server: the answer lost), ends
 * with the server's cart equal to the model, and the cart the service shows equal to the server's:
 * no line lost, none duplicated, no count or service off.
 *
 * The model is the server's rules as the spec states them: an add merges into the variant's line
 * (count clamped to 1..30, refused beyond the stock), a change sets the count (refused when raising
 * beyond the stock), the quantity rules of §5 decide what + / − / typing ask for, the last edit of a
 * burst is what is sent (§9), the shopper's operations on a line reach the server in the order they
 * were made (an add of a variant whose line has a pending count sends that count first, so the add
 * is never overwritten by an older edit), and a fault before the server means "not applied" except for
 * add-to-cart, which the retry ladder sends again with the same idempotency key (applied once).
 *
 * ONE backend for the file; each run gets a fresh session (a fresh cart).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Context, Effect, Fiber, Layer, SubscriptionRef } from "effect"
import fc from "fast-check"
import { http } from "msw"
import { ShopApiClient } from "../../core/api/client.ts"
import { CartGroup } from "../../core/api/cart.ts"
import { CartApiGroup } from "../../core/api/cartApi.ts"
import type { BundleType } from "../../core/domain/cart.ts"
import { clampQuantity, decrement, increment, parseQuantity } from "../../core/domain/quantity.ts"
import { Cart, cartLines, isCartIdle } from "../../core/services/Cart.ts"
import { CartHandlers } from "../../demo/server/handlers/cart.ts"
import { CartApiHandlers } from "../../demo/server/handlers/cartApi.ts"
import { faults } from "../support/msw.ts"
import { cartApi, cartBackend, cartLayer, makeHarness, url } from "./support/cartHarness.ts"

const backend = cartBackend([CartGroup, CartApiGroup] as any, [CartHandlers, CartApiHandlers])
const h = makeHarness(backend)

beforeAll(async () => {
  h.server.listen({ onUnhandledFrame: "error" })
  await backend.handler(new Request(url("/api/session")))
})
afterAll(async () => {
  h.server.close()
  await backend.dispose()
})

// -------------------------------------------------------------------------------------------------
// the model
// -------------------------------------------------------------------------------------------------

/** Seeded stock of the variants used (CZ10MA); variant 1 (product 1) offers the bundles below. */
const stock: { readonly [variantId: number]: number } = { 1: 3, 2: 76, 3: 110 }
const variants = [1, 2, 3] as const
const bundleOffers: ReadonlyArray<readonly [BundleType, number]> = [["warranty", 1], ["insurance", 3], ["digital", 4], ["return_guarantee", 5]]

interface ModelLine {
  count: number
  bundles: Set<BundleType>
}

interface Model {
  /** The server's cart, by variant. */
  readonly lines: Map<number, ModelLine>
  /** The counts the shopper asked for and the service has not sent yet, by variant (§9). */
  readonly pending: Map<number, number>
}

/** §5 on the server: raising needs stock; lowering always allowed. */
const allowed = (count: number, current: number, inStock: number) => count <= current || count <= inStock

const applyAdd = (model: Model, variantId: number, amount: number) => {
  const line = model.lines.get(variantId)
  const current = line?.count ?? 0
  const count = clampQuantity(current + amount)
  if (!allowed(count, current, stock[variantId]!)) return
  if (line === undefined) model.lines.set(variantId, { count, bundles: new Set() })
  else line.count = count
}

const applyChange = (model: Model, variantId: number, amount: number) => {
  const line = model.lines.get(variantId)
  if (line !== undefined && allowed(amount, line.count, stock[variantId]!)) line.count = amount
}

/** The count the service shows for a line: the pending one, else the server's. */
const shown = (model: Model, variantId: number) => model.pending.get(variantId) ?? model.lines.get(variantId)!.count

/** The pending counts reach the server (except where a fault before the server hit the line's request). */
const flushPending = (model: Model, faultedVariant?: number, faultApplies = true) => {
  for (const [variantId, target] of model.pending) {
    if (variantId === faultedVariant && !faultApplies) continue
    applyChange(model, variantId, target)
  }
  model.pending.clear()
}

/** The variant's pending count reaches the server now (an add of the variant waits for it). */
const sendPendingOf = (model: Model, variantId: number) => {
  const target = model.pending.get(variantId)
  if (target !== undefined) applyChange(model, variantId, target)
  model.pending.delete(variantId)
}

const lineVariants = (model: Model) => [...model.lines.keys()].sort((a, b) => a - b)

// -------------------------------------------------------------------------------------------------
// faults
// -------------------------------------------------------------------------------------------------

/** A fault on a request: `before` the server (not applied), or `after` it (applied, answer lost). */
type Fault = "none" | "unavailable" | "tooMany" | "reset" | "malformed" | "hang" | "lost"

const faultArb: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Fault>("none") },
  { weight: 2, arbitrary: fc.constantFrom<Fault>("unavailable", "tooMany", "reset", "malformed", "hang", "lost") }
)

/** Whether the server applies a request hit by `fault` (once) for a call of the given kind. */
const applies = (fault: Fault, retried: boolean) =>
  fault === "none" || fault === "lost" || (retried && fault !== "malformed")

const resolverOf = (fault: Exclude<Fault, "none">) =>
  fault === "lost" ? h.lostAnswer : h.recordedFault(faults[fault])

/** Arms `fault` for the next request to `path` (`method`), optionally only when its JSON body has `id`. */
const arm = (method: "put" | "post" | "delete", path: string, fault: Fault, id?: number) => {
  if (fault === "none") return
  let used = false
  const resolver = resolverOf(fault)
  h.server.use(
    http[method](url(path), async (info) => {
      if (used) return undefined
      if (id !== undefined) {
        const body = (await info.request.clone().json()) as { readonly id?: number }
        if (body.id !== id) return undefined
      }
      used = true
      return resolver(info as never)
    })
  )
}

// -------------------------------------------------------------------------------------------------
// the real system
// -------------------------------------------------------------------------------------------------

interface Real {
  readonly run: <A, E>(effect: Effect.Effect<A, E, Cart | ShopApiClient>) => Promise<A>
}

const cartService = Effect.gen(function*() {
  return yield* Cart
})
const apiClient = Effect.gen(function*() {
  return yield* ShopApiClient
})

const lineIdOfVariant = (variantId: number) =>
  Effect.gen(function*() {
    const cart = yield* Cart
    const line = cartLines(yield* SubscriptionRef.get(cart.state)).find((l) => l.article.variantId === variantId)
    if (line === undefined) return yield* Effect.die(new Error(`no line of variant ${variantId} in the service's cart`))
    return line.lineId
  })

/** Everything to rest: pending counts sent, retries done, answers applied. */
const settled = Effect.gen(function*() {
  const cart = yield* Cart
  yield* h.settle(Effect.map(SubscriptionRef.get(cart.state), isCartIdle))
})

/** Runs a call that may wait on the clock (retries, timeouts) until it ends, then settles; its failure is ignored. */
const driven = <A, E>(call: Effect.Effect<A, E, Cart>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(Effect.ignore(call))
    yield* h.settle(Effect.sync(() => fiber.pollUnsafe() !== undefined))
    yield* Fiber.join(fiber)
    yield* settled
    h.server.resetHandlers()
  })

const pick = <A>(items: ReadonlyArray<A>, index: number): A => items[index % items.length]!

type Snapshot = ReadonlyArray<readonly [variantId: number, count: number, bundles: string]>

const snapshotOf = (articles: ReadonlyArray<{ readonly variantId?: number; readonly count: number; readonly type?: string; readonly bundles?: ReadonlyArray<{ readonly type: string; readonly active?: boolean }> }>): Snapshot =>
  articles
    .filter((a) => a.type !== "gift")
    .map((a) => [a.variantId ?? -1, a.count, (a.bundles ?? []).filter((b) => b.active === true).map((b) => b.type).sort().join(",")] as const)
    .sort((a, b) => a[0] - b[0])

const modelSnapshot = (model: Model): Snapshot =>
  lineVariants(model).map((v) => [v, model.lines.get(v)!.count, [...model.lines.get(v)!.bundles].sort().join(",")] as const)

/**
 * After a command that let time pass: the server's cart is the model, and the service shows the
 * server's cart (read with the raw client, not through the service).
 */
const checkAgainst = async (model: Model, real: Real) => {
  const server = await real.run(Effect.flatMap(apiClient, (api) => api.cartApi.loadCart()))
  const serverSnapshot = snapshotOf(server.cart?.articles ?? [])
  assert.strictEqual(new Set(serverSnapshot.map(([v]) => v)).size, serverSnapshot.length, "no line duplicated")
  assert.deepStrictEqual(serverSnapshot, modelSnapshot(model), "the server's cart is the model")
  const state = await real.run(Effect.flatMap(cartService, (cart) => SubscriptionRef.get(cart.state)))
  assert.deepStrictEqual(
    snapshotOf(cartLines(state).map((l) => ({ ...l.article, count: l.count }))),
    serverSnapshot,
    "the service shows the server's cart"
  )
}

// -------------------------------------------------------------------------------------------------
// commands
// -------------------------------------------------------------------------------------------------

class Add implements fc.AsyncCommand<Model, Real> {
  readonly variantId: number
  readonly amount: number
  readonly fault: Fault
  constructor(variantId: number, amount: number, fault: Fault) {
    this.variantId = variantId
    this.amount = amount
    this.fault = fault
  }
  check = () => true
  async run(model: Model, real: Real) {
    arm("put", cartApi("add-to-cart"), this.fault)
    await real.run(driven(Effect.flatMap(cartService, (cart) => cart.add({ variantId: this.variantId, amount: this.amount }))))
    sendPendingOf(model, this.variantId) // the line's pending count was asked for before the add: sent first
    if (applies(this.fault, true)) applyAdd(model, this.variantId, this.amount)
    flushPending(model) // the other lines' pending counts are sent when their debounce ends
    await checkAgainst(model, real)
  }
  toString = () => `Add(v${this.variantId} × ${this.amount}, ${this.fault})`
}

type Edit = { readonly _tag: "plus" } | { readonly _tag: "minus" } | { readonly _tag: "type"; readonly text: string }

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.constant<Edit>({ _tag: "plus" }),
  fc.constant<Edit>({ _tag: "minus" }),
  fc.constantFrom("", "abc", "0", "2", "5", "12", "99", " 3 ").map((text): Edit => ({ _tag: "type", text }))
)

/** + / − / typing on a line: shown at once, not sent (the debounce runs only when time passes). */
class EditLine implements fc.AsyncCommand<Model, Real> {
  readonly index: number
  readonly edits: ReadonlyArray<Edit>
  constructor(index: number, edits: ReadonlyArray<Edit>) {
    this.index = index
    this.edits = edits
  }
  check = (model: Readonly<Model>) => model.lines.size > 0
  async run(model: Model, real: Real) {
    const variantId = pick(lineVariants(model), this.index)
    const lineId = await real.run(lineIdOfVariant(variantId))
    for (const edit of this.edits) {
      const current = shown(model, variantId)
      const next =
        edit._tag === "plus"
          ? increment(current, stock[variantId]!)
          : edit._tag === "minus"
            ? decrement(current)
            : parseQuantity(edit.text, current).count
      await real.run(
        Effect.flatMap(cartService, (cart) =>
          edit._tag === "plus" ? cart.increment(lineId) : edit._tag === "minus" ? cart.decrement(lineId) : cart.typeAmount(lineId, edit.text)
        )
      )
      if (next !== current) model.pending.set(variantId, next)
      const state = await real.run(Effect.flatMap(cartService, (cart) => SubscriptionRef.get(cart.state)))
      const line = cartLines(state).find((l) => l.lineId === lineId)
      assert.strictEqual(line?.count, shown(model, variantId), "the optimistic count is shown at once")
    }
  }
  toString = () => `Edit(#${this.index}: ${this.edits.map((e) => (e._tag === "type" ? JSON.stringify(e.text) : e._tag)).join(" ")})`
}

/** Time passes: the pending counts are sent; a fault may hit one line's request. */
class Settle implements fc.AsyncCommand<Model, Real> {
  readonly index: number
  readonly fault: Fault
  constructor(index: number, fault: Fault) {
    this.index = index
    this.fault = fault
  }
  check = () => true
  async run(model: Model, real: Real) {
    const changing = [...model.pending].filter(([v, target]) => target !== model.lines.get(v)?.count).map(([v]) => v)
    const faulted = changing.length === 0 || this.fault === "none" ? undefined : pick(changing, this.index)
    if (faulted !== undefined) {
      const lineId = await real.run(lineIdOfVariant(faulted))
      arm("post", cartApi("change-amount"), this.fault, Number(lineId))
    }
    await real.run(Effect.andThen(settled, Effect.sync(() => h.server.resetHandlers())))
    flushPending(model, faulted, faulted === undefined || applies(this.fault, false))
    await checkAgainst(model, real)
  }
  toString = () => `Settle(#${this.index}, ${this.fault})`
}

class Delete implements fc.AsyncCommand<Model, Real> {
  readonly index: number
  readonly fault: Fault
  constructor(index: number, fault: Fault) {
    this.index = index
    this.fault = fault
  }
  check = (model: Readonly<Model>) => model.lines.size > 0
  async run(model: Model, real: Real) {
    const variantId = pick(lineVariants(model), this.index)
    const lineId = await real.run(lineIdOfVariant(variantId))
    arm("delete", cartApi("delete-items"), this.fault)
    await real.run(driven(Effect.flatMap(cartService, (cart) => cart.remove([lineId]))))
    model.pending.delete(variantId) // a deleted line's pending count is dropped, whatever the delete's fate
    if (applies(this.fault, false)) model.lines.delete(variantId)
    flushPending(model)
    await checkAgainst(model, real)
  }
  toString = () => `Delete(#${this.index}, ${this.fault})`
}

class ToggleBundle implements fc.AsyncCommand<Model, Real> {
  readonly offer: number
  readonly fault: Fault
  constructor(offer: number, fault: Fault) {
    this.offer = offer
    this.fault = fault
  }
  check = (model: Readonly<Model>) => model.lines.has(1)
  async run(model: Model, real: Real) {
    const [type, bundleId] = pick(bundleOffers, this.offer)
    const line = model.lines.get(1)!
    const active = line.bundles.has(type)
    const lineId = await real.run(lineIdOfVariant(1))
    arm("post", cartApi(`${active ? "remove" : "add"}-${type === "return_guarantee" ? "return-guarantee" : type}`), this.fault)
    await real.run(
      driven(Effect.flatMap(cartService, (cart) => (active ? cart.removeBundle(lineId, type, bundleId) : cart.addBundle(lineId, type, bundleId))))
    )
    if (applies(this.fault, false)) {
      if (active) line.bundles.delete(type)
      else line.bundles.add(type)
    }
    flushPending(model)
    await checkAgainst(model, real)
  }
  toString = () => `ToggleBundle(${pick(bundleOffers, this.offer)[0]}, ${this.fault})`
}

const editLine = fc.tuple(fc.nat(), fc.array(editArb, { minLength: 1, maxLength: 4 })).map(([i, edits]) => new EditLine(i, edits))
const settle = fc.tuple(fc.nat(), faultArb).map(([i, f]) => new Settle(i, f))

// amount changes are the heart of the matter: edits and settles are drawn twice as often
const commands = [
  fc.tuple(fc.constantFrom(...variants), fc.integer({ min: 1, max: 3 }), faultArb).map(([v, n, f]) => new Add(v, n, f)),
  editLine,
  editLine,
  settle,
  settle,
  fc.tuple(fc.nat(), faultArb).map(([i, f]) => new Delete(i, f)),
  fc.tuple(fc.nat(), faultArb).map(([i, f]) => new ToggleBundle(i, f))
]

// -------------------------------------------------------------------------------------------------
// the property
// -------------------------------------------------------------------------------------------------


/** Replays a counterexample: FC_SEED (and FC_PATH) as fast-check printed them. */
const replay = process.env["FC_SEED"] === undefined
  ? {}
  : { seed: Number(process.env["FC_SEED"]), ...(process.env["FC_PATH"] === undefined ? {} : { path: process.env["FC_PATH"] }) }

/** One run of `cmds` on a fresh cart holding variant 1 × 1 and variant 2 × 2, checked against the model. */
const oneRunIn = (outer: Context.Context<never>) => (cmds: Iterable<fc.AsyncCommand<Model, Real>>) =>
  Effect.runPromiseWith(outer)(
    Effect.scoped(
      Effect.gen(function*() {
        const context = yield* Layer.build(cartLayer())
        const services = Context.merge(outer, context)
        const real: Real = { run: (effect) => Effect.runPromiseWith(services)(effect) }
        // every run starts with two lines: variant 1 (3 in stock, offers services) and variant 2
        yield* Effect.gen(function*() {
          const cart = yield* Cart
          yield* cart.load
          yield* cart.add({ variantId: 1, amount: 1 })
          yield* cart.add({ variantId: 2, amount: 2 })
        }).pipe(Effect.provideContext(services))
        const model: Model = {
          lines: new Map([[1, { count: 1, bundles: new Set() }], [2, { count: 2, bundles: new Set() }]]),
          pending: new Map()
        }
        yield* Effect.promise(() => fc.asyncModelRun(() => ({ model, real }), cmds))
        // the end: everything sent, then the server's cart read with the raw client and by the service
        yield* Effect.promise(() => real.run(Effect.andThen(settled, Effect.sync(() => h.server.resetHandlers()))))
        flushPending(model)
        yield* Effect.promise(() => checkAgainst(model, real))
        h.recorded.length = 0
      })
    )
  )

describe("Cart: model-based (fast-check commands under injected faults)", () => {
  it.effect("any sequence of cart operations under faults ends with the server's cart equal to the model", () =>
    Effect.gen(function*() {
      const oneRun = oneRunIn(yield* Effect.context<never>())
      yield* Effect.promise(() =>
        fc.assert(fc.asyncProperty(fc.commands(commands, { maxCommands: 8, size: "max" }), oneRun), { numRuns: 25, endOnFailure: true, ...replay })
      )
    }))

  // seed 1441367455, path 21: the "0" typed on variant 1's line (shown 1) was sent after the add of 2, undoing it
  it.effect("counterexample: a line's pending count is sent before a later add of its variant, not after it", () =>
    Effect.gen(function*() {
      const oneRun = oneRunIn(yield* Effect.context<never>())
      const type = (text: string): Edit => ({ _tag: "type", text })
      yield* Effect.promise(() =>
        oneRun([
          new EditLine(1578498020, [{ _tag: "plus" }, type("5"), type("12"), type("0")]),
          new Settle(441970049, "malformed"),
          new ToggleBundle(0, "tooMany"),
          new EditLine(1074334336, [type("0"), { _tag: "minus" }]),
          new EditLine(1804550601, [{ _tag: "plus" }, type("99"), { _tag: "minus" }]),
          new Add(1, 2, "none")
        ])
      )
    }))
})

