/**
 * Crash safety (issue 10): the server (`node demo/server/main.ts`) takes cart adds, amount changes and orders from
 * concurrent shoppers, is killed with SIGKILL at a random moment, and is restarted on the same database, 20 times.
 * After each restart every change a shopper saw acknowledged is there; the change that was in flight when the server
 * died is sent again (with its idempotency key, as the client's retry does) and is then there exactly once, and the
 * last acknowledged add and order are sent again with their keys (a retry whose answer was lost) and change nothing.
 * At the end every cart holds exactly the pieces its shopper added, every changed line its last amount and every
 * customer exactly the orders placed: nothing lost, nothing twice.
 *
 * On the embedded database (PGlite, a data directory) by default; on PostgreSQL when `DATABASE_URL` is set (a new
 * database is created on that server). Run with `npm run test:crash`.
 */
import { afterAll, expect, test } from "vitest"
import { demoEmail, demoPassword } from "../../demo/server/db/seed/seed.ts"
import { type ChildServer, freshTestDatabase, ownStockVariants, ServerRefused, Shopper, startServer } from "./harness.ts"

const rounds = Number(process.env["CRASH_ROUNDS"] ?? 20)
const cartWorkers = 4
const amountWorkers = 2
const orderAccounts = ["gold", "silver", "vip"] as const
/** Each cart shopper adds this many pieces of each variant, then a new shopper (session) takes over. */
const piecesPerVariant = 2

const database = freshTestDatabase("crash")
afterAll(() => database.drop())

let server: ChildServer | undefined
let runId = 0
afterAll(() => server?.stop("SIGKILL"))

const baseUrl = () => server!.url

/** A shopper adding variants one at a time; `added` counts what was acknowledged, `pending` the add in flight. */
interface CartShopper {
  readonly shopper: Shopper
  readonly added: Map<number, number>
  pending: { readonly variantId: number; readonly key: string } | undefined
  lastAcknowledged: { readonly variantId: number; readonly key: string } | undefined
  ops: number
}

/** A shopper changing the amount of one cart line again and again; `amount` is the last acknowledged one. */
interface AmountChanger {
  readonly shopper: Shopper
  readonly variantId: number
  line: number | undefined
  amount: number
  pending: number | undefined
}

/** A customer placing orders of one piece each; `pending` is the order whose placement got no answer. */
interface OrderCustomer {
  readonly account: (typeof orderAccounts)[number]
  readonly shopper: Shopper
  loggedIn: boolean
  readonly placed: Array<string>
  pending: { readonly addKey: string; placeKey: string; sent: boolean } | undefined
  lastPlaced: { readonly orderId: string; readonly placeKey: string } | undefined
}

/** fetch's failure when the server is gone (connection refused or cut): the only failure a kill may cause. */
const isConnectionFailure = (error: unknown) => error instanceof TypeError && error.message === "fetch failed"

const check = (condition: boolean, message: string) => {
  if (!condition) throw new ServerRefused(message)
}

test(`${rounds} rounds of kill -9 under concurrent cart changes and orders lose no acknowledged change and apply none twice`, async () => {
  server = await startServer(database.env)
  const cartVariants = await ownStockVariants(baseUrl(), 40, 12)
  // Each order takes one piece from stock: the orders go round the variants so none runs out.
  const orderVariant = (customer: OrderCustomer) =>
    cartVariants[(customer.placed.length + orderAccounts.indexOf(customer.account)) % cartVariants.length]!
  const cartShoppers: Array<Array<CartShopper>> = Array.from({ length: cartWorkers }, () => [])
  const customers: Array<OrderCustomer> = orderAccounts.map((account) => ({
    account,
    shopper: new Shopper(),
    loggedIn: false,
    placed: [],
    pending: undefined,
    lastPlaced: undefined
  }))
  const changers: Array<AmountChanger> = Array.from({ length: amountWorkers }, (_, i) => ({
    shopper: new Shopper(),
    variantId: cartVariants[i]!,
    line: undefined,
    amount: 0,
    pending: undefined
  }))
  let acknowledgedAdds = 0
  let acknowledgedAmounts = 0
  let acknowledgedOrders = 0
  let resentAfterRestart = 0
  let repeatedAfterRestart = 0
  let stopping = false
  // The server is killed once this round has seen `killAt` more acknowledgements: a random moment under load.
  let killAt = Infinity
  let killNow: () => void = () => {}
  const acknowledged = () => {
    if (acknowledgedAdds + acknowledgedAmounts + acknowledgedOrders >= killAt) killNow()
  }

  /** Sends a shopper's add and counts it once the server acknowledged it. */
  const add = async (cart: CartShopper, variantId: number, key: string) => {
    cart.pending = { variantId, key }
    const answer = await cart.shopper.addToCart(baseUrl(), variantId, key)
    check(answer.json?.status?.status === "ok", `add-to-cart refused: ${JSON.stringify(answer.json)}`)
    cart.pending = undefined
    cart.lastAcknowledged = { variantId, key }
    cart.added.set(variantId, (cart.added.get(variantId) ?? 0) + 1)
    acknowledgedAdds++
    acknowledged()
  }

  const cartWorker = async (worker: number) => {
    const mine = cartShoppers[worker]!
    const last = mine.at(-1)?.lastAcknowledged
    if (last !== undefined) {
      // A retry of an add whose answer the client lost, after the restart: the key is kept, nothing is added.
      const answer = await mine.at(-1)!.shopper.addToCart(baseUrl(), last.variantId, last.key)
      check(answer.json?.status?.status === "ok", `the repeated add-to-cart was refused: ${JSON.stringify(answer.json)}`)
      repeatedAfterRestart++
    }
    for (;;) {
      let current = mine.at(-1)
      if (current?.pending !== undefined) {
        // The add in flight when the server died: the client's retry, same key.
        resentAfterRestart++
        await add(current, current.pending.variantId, current.pending.key)
      }
      if (stopping) return
      if (current === undefined || current.ops >= cartVariants.length * piecesPerVariant) {
        const shopper = new Shopper()
        await shopper.session(baseUrl())
        current = { shopper, added: new Map(), pending: undefined, lastAcknowledged: undefined, ops: 0 }
        mine.push(current)
      }
      const variantId = cartVariants[current.ops % cartVariants.length]!
      const key = `crash-${runId}-cart-${worker}-${mine.length}-${current.ops}`
      current.ops++
      await add(current, variantId, key)
    }
  }

  const amountWorker = async (changer: AmountChanger, index: number) => {
    const { shopper } = changer
    if (changer.line === undefined) {
      await shopper.session(baseUrl())
      const answer = await shopper.addToCart(baseUrl(), changer.variantId, `crash-amount-${index}-add`)
      check(answer.json?.status?.status === "ok", `add-to-cart refused: ${JSON.stringify(answer.json)}`)
      changer.line = await shopper.cartLineOf(baseUrl(), changer.variantId)
      changer.amount = 1
    }
    for (;;) {
      // The change in flight when the server died is sent again (setting an amount is idempotent by itself).
      if (changer.pending !== undefined) resentAfterRestart++
      else if (stopping) return
      const amount = changer.pending ?? 1 + Math.floor(Math.random() * 30)
      changer.pending = amount
      const answer = await shopper.changeAmount(baseUrl(), changer.line, amount)
      check(answer.json?.status?.status === "ok", `change-amount refused: ${JSON.stringify(answer.json)}`)
      changer.pending = undefined
      changer.amount = amount
      acknowledgedAmounts++
      acknowledged()
      if (stopping) return
    }
  }

  const orderWorker = async (customer: OrderCustomer) => {
    const { shopper } = customer
    if (customer.lastPlaced !== undefined) {
      // A retry of a placement whose answer the client lost, after the restart: the same order, not a new one.
      const again = await shopper.placeOrder(baseUrl(), customer.lastPlaced.placeKey)
      check(again === customer.lastPlaced.orderId, `the repeated placement answered ${again}, not ${customer.lastPlaced.orderId}`)
      repeatedAfterRestart++
    }
    for (;;) {
      if (!customer.loggedIn) {
        await shopper.session(baseUrl())
        await shopper.logIn(baseUrl(), demoEmail(customer.account, "CZ"), demoPassword)
        customer.loggedIn = true
      }
      if (customer.pending === undefined) {
        if (stopping) return
        const n = customer.placed.length
        customer.pending = { addKey: `crash-${runId}-order-${customer.account}-${n}-add`, placeKey: `crash-${runId}-order-${customer.account}-${n}-place`, sent: false }
      }
      const pending = customer.pending
      if (pending.sent) {
        // The placement in flight when the server died: the client's retry, same key. Placed once at most.
        resentAfterRestart++
        const orderId = await shopper.placeOrder(baseUrl(), pending.placeKey)
        if (orderId !== undefined) {
          customer.placed.push(orderId)
          customer.lastPlaced = { orderId, placeKey: pending.placeKey }
          customer.pending = undefined
          acknowledgedOrders++
          acknowledged()
          continue
        }
        // It was never placed (the answer kept the step): a new placement, with a new key.
        pending.placeKey = `${pending.placeKey}-again`
        pending.sent = false
      }
      await shopper.session(baseUrl())
      const counts = await shopper.cartCounts(baseUrl())
      if (counts.size === 0) {
        const answer = await shopper.addToCart(baseUrl(), orderVariant(customer), pending.addKey)
        check(answer.json?.status?.status === "ok", `add-to-cart refused: ${JSON.stringify(answer.json)}`)
      }
      await shopper.prepareOrder(baseUrl())
      pending.sent = true
      const orderId = await shopper.placeOrder(baseUrl(), pending.placeKey)
      check(orderId !== undefined, `the order was not placed`)
      customer.placed.push(orderId!)
      customer.lastPlaced = { orderId: orderId!, placeKey: pending.placeKey }
      customer.pending = undefined
      acknowledgedOrders++
      acknowledged()
    }
  }

  /** Every acknowledged change is there; the one in flight is there at most once. */
  const verify = async (exact: boolean) => {
    for (const carts of cartShoppers) {
      for (const cart of exact ? carts : carts.slice(-2)) {
        const counts = await cart.shopper.cartCounts(baseUrl())
        for (const variantId of cartVariants) {
          const acknowledged = cart.added.get(variantId) ?? 0
          const inFlight = cart.pending?.variantId === variantId ? 1 : 0
          const found = counts.get(variantId) ?? 0
          expect(found, `variant ${variantId} in cart ${cart.shopper.cartId}`).toBeGreaterThanOrEqual(acknowledged)
          expect(found, `variant ${variantId} in cart ${cart.shopper.cartId}`).toBeLessThanOrEqual(acknowledged + inFlight)
        }
      }
    }
    for (const changer of changers) {
      if (changer.line === undefined) continue
      const found = (await changer.shopper.cartCounts(baseUrl())).get(changer.variantId)
      expect([changer.amount, ...(changer.pending === undefined ? [] : [changer.pending])], `line ${changer.line}`).toContain(found)
    }
    for (const customer of customers) {
      if (!customer.loggedIn) continue
      const numbers = await customer.shopper.orderNumbers(baseUrl())
      const ours = numbers.filter((n) => !initialOrders.get(customer.account)!.includes(n))
      expect(new Set(ours).size, `orders of ${customer.account} listed twice`).toBe(ours.length)
      for (const orderId of customer.placed) expect(ours, `order ${orderId} of ${customer.account}`).toContain(orderId)
      expect(ours.length).toBeLessThanOrEqual(customer.placed.length + (customer.pending?.sent === true ? 1 : 0))
    }
  }

  // The orders the demo accounts had before the test.
  const initialOrders = new Map<string, Array<string>>()
  for (const customer of customers) {
    await customer.shopper.session(baseUrl())
    await customer.shopper.logIn(baseUrl(), demoEmail(customer.account, "CZ"), demoPassword)
    customer.loggedIn = true
    initialOrders.set(customer.account, await customer.shopper.orderNumbers(baseUrl()))
  }

  const kills: Array<number> = []
  for (let round = 1; round <= rounds; round++) {
    runId = round
    stopping = false
    const failures: Array<unknown> = []
    const workers = [
      ...Array.from({ length: cartWorkers }, (_, worker) => cartWorker(worker)),
      ...changers.map(amountWorker),
      ...customers.map(orderWorker)
    ].map((work) =>
      work.catch((error: unknown) => {
        if (!isConnectionFailure(error)) failures.push(error)
      })
    )
    const killAfter = 5 + Math.floor(Math.random() * 60)
    kills.push(killAfter)
    const killed = new Promise<void>((resolve) => {
      killNow = resolve
    })
    killAt = acknowledgedAdds + acknowledgedAmounts + acknowledgedOrders + killAfter
    await Promise.race([killed, Promise.all(workers)])
    killAt = Infinity
    await server.stop("SIGKILL")
    await Promise.all(workers)
    expect(failures).toEqual([])
    server = await startServer(database.env)
    await verify(false)
  }

  // The last retries, then everything exactly once.
  stopping = true
  runId = rounds + 1
  await Promise.all([
    ...Array.from({ length: cartWorkers }, (_, worker) => cartWorker(worker)),
    ...changers.map(amountWorker),
    ...customers.map(orderWorker)
  ])
  await verify(true)
  for (const carts of cartShoppers) {
    for (const cart of carts) {
      const counts = await cart.shopper.cartCounts(baseUrl())
      expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(cart.added))
    }
  }
  for (const changer of changers) {
    expect((await changer.shopper.cartCounts(baseUrl())).get(changer.variantId)).toBe(changer.amount)
  }
  for (const customer of customers) {
    const numbers = (await customer.shopper.orderNumbers(baseUrl())).filter((n) => !initialOrders.get(customer.account)!.includes(n))
    expect(numbers.toSorted()).toEqual(customer.placed.toSorted())
  }
  await server.stop("SIGTERM")
  console.log(
    `kill -9 on ${database.backend}: ${rounds} rounds survived (killed after ${kills.join(", ")} acknowledgements); ` +
      `${acknowledgedAdds} cart adds, ${acknowledgedAmounts} amount changes and ${acknowledgedOrders} orders acknowledged by ` +
      `${cartShoppers.flat().length + changers.length} shoppers and ` +
      `${customers.length} customers, ${resentAfterRestart} in-flight calls resent and ${repeatedAfterRestart} acknowledged ones repeated after a restart ` +
      `(same idempotency keys); lost 0, applied twice 0`
  )
})
