/**
 * What the crash and scale-out tests share: the reference server as a child process (`node demo/server/main.ts`,
 * exactly what `npm start` runs) on a database they choose, and shoppers talking plain HTTP to it, as a browser
 * does (session cookie, CSRF header, idempotency keys the test controls).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { cartApiPrefix } from "../../core/api/cart.ts"
import { cartStepPrefix } from "../../core/api/cartStep.ts"
import { csrfHeader, idempotencyKeyHeader, requestedWithHeader, requestedWithValue, sessionCookie, shopIdHeader } from "../../core/api/headers.ts"

const repoRoot = fileURLToPath(new URL("../..", import.meta.url))

/** Where a child server keeps its data: a PGlite data directory, or a PostgreSQL database of its own. */
export type TestDatabase =
  | { readonly backend: "pglite"; readonly env: Record<string, string>; readonly location: string; readonly drop: () => void }
  | { readonly backend: "pg"; readonly env: Record<string, string>; readonly location: string; readonly drop: () => void }

let databases = 0

/**
 * A fresh database for child servers: a new database on the PostgreSQL server of `DATABASE_URL` when it is set
 * (created with psql), else a new PGlite data directory under the system's temporary directory.
 */
export const freshTestDatabase = (label: string): TestDatabase => {
  const adminUrl = process.env["DATABASE_URL"]
  if (adminUrl !== undefined && adminUrl.trim() !== "") {
    const name = `sf_${label}_${process.pid}_${++databases}`
    execFileSync("psql", [adminUrl, "-q", "-c", `CREATE DATABASE ${name}`], { stdio: "ignore" })
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    return {
      backend: "pg",
      env: { DATABASE_URL: url.toString() },
      location: `${url.host}/${name}`,
      drop: () => execFileSync("psql", [adminUrl, "-q", "-c", `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], { stdio: "ignore" })
    }
  }
  const dir = mkdtempSync(join(tmpdir(), `sf-${label}-`))
  return {
    backend: "pglite",
    env: { PGLITE_DATA_DIR: join(dir, "pglite"), DATABASE_URL: "" },
    location: dir,
    drop: () => rmSync(dir, { recursive: true, force: true })
  }
}

/** A running child server. */
export interface ChildServer {
  /** Its origin, `http://127.0.0.1:<port>`. */
  readonly url: string
  /** Its process. */
  readonly process: ChildProcess
  /** Sends `signal` and waits until the process has exited. */
  readonly stop: (signal: NodeJS.Signals) => Promise<void>
}

/**
 * Starts `node demo/server/main.ts` on a free port with `env` added to this process's environment and waits for its
 * "Listening on" line (the database is migrated and seeded before the port opens).
 */
export const startServer = (env: Record<string, string>): Promise<ChildServer> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["demo/server/main.ts"], {
      cwd: repoRoot,
      env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    const exited = new Promise<void>((done) => child.once("exit", () => done()))
    const stop = async (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    }
    const onData = (data: Buffer) => {
      output += data.toString()
      const match = output.match(/Listening on (http:\/\/[0-9.]+:\d+)/)
      if (match?.[1] !== undefined) {
        child.stdout.off("data", onData)
        child.stdout.resume()
        resolve({ url: match[1], process: child, stop })
      }
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", (data: Buffer) => {
      output += data.toString()
    })
    child.once("exit", (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`)))
  })

/** One answer of the server. */
export interface Answer {
  readonly status: number
  readonly json: any
}

/**
 * A shopper of one shop over plain HTTP: its session cookie and CSRF token, and the server it talks to (which may
 * change between calls: a restarted server, another instance).
 */
export class Shopper {
  /** The session cookie's value ("" before the first answer). */
  cookie = ""
  /** The session's CSRF token. */
  csrf = ""
  /** The session's cart id. */
  cartId = 0

  /** The shop the shopper buys in. */
  readonly shopId: string

  constructor(shopId = "CZ10MA") {
    this.shopId = shopId
  }

  /** Sends one request to `baseUrl` with the session cookie, the CSRF token and, when given, an idempotency key. */
  async send(baseUrl: string, method: string, path: string, options: { readonly body?: unknown; readonly key?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { [shopIdHeader]: this.shopId, [requestedWithHeader]: requestedWithValue }
    if (this.cookie !== "") headers["cookie"] = `${sessionCookie}=${this.cookie}`
    if (this.csrf !== "") headers[csrfHeader] = this.csrf
    if (options.key !== undefined) headers[idempotencyKeyHeader] = options.key
    if (options.body !== undefined) headers["content-type"] = "application/json"
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
    })
    const cookie = response.headers.get("set-cookie")?.match(new RegExp(`${sessionCookie}=([^;]+)`))?.[1]
    if (cookie !== undefined) this.cookie = cookie
    const text = await response.text()
    let json: any
    try {
      json = text === "" ? undefined : JSON.parse(text)
    } catch {
      json = text
    }
    return { status: response.status, json }
  }

  /** Reads the session (GET /api/session): starts one on the first call, keeps the CSRF token and cart id. */
  async session(baseUrl: string): Promise<void> {
    const answer = ok(await this.send(baseUrl, "GET", "/api/session"), "session")
    this.csrf = answer.json.csrfToken
    this.cartId = answer.json.cartId
  }

  /** Adds `amount` pieces of a variant with an idempotency key; answers whether the server applied it. */
  async addToCart(baseUrl: string, variantId: number, key: string, amount = 1): Promise<Answer> {
    return ok(await this.send(baseUrl, "PUT", `${cartApiPrefix}/add-to-cart`, { body: { variantId, amount }, key }), "add-to-cart")
  }

  /** The pieces of each variant in the session's cart (GET load-cart). */
  async cartCounts(baseUrl: string): Promise<Map<number, number>> {
    const answer = ok(await this.send(baseUrl, "GET", `${cartApiPrefix}/load-cart`), "load-cart")
    const counts = new Map<number, number>()
    for (const article of answer.json.cart?.articles ?? []) {
      if (typeof article.variantId === "number") counts.set(article.variantId, (counts.get(article.variantId) ?? 0) + article.count)
    }
    return counts
  }

  /** Sets the amount of the cart line `line` (POST change-amount); answers whether the server applied it. */
  async changeAmount(baseUrl: string, line: number, amount: number): Promise<Answer> {
    return ok(await this.send(baseUrl, "POST", `${cartApiPrefix}/change-amount`, { body: { id: line, amount } }), "change-amount")
  }

  /** The cart line (cart item id) holding `variantId` in the session's cart. */
  async cartLineOf(baseUrl: string, variantId: number): Promise<number> {
    const answer = ok(await this.send(baseUrl, "GET", `${cartApiPrefix}/load-cart`), "load-cart")
    const article = (answer.json.cart?.articles ?? []).find((a: { variantId?: number }) => a.variantId === variantId)
    if (article === undefined) throw new ServerRefused(`variant ${variantId} is not in cart ${this.cartId}`)
    return article.articleId
  }

  /** Logs in with a demo account (POST /api/auth/login/) and re-reads the session. */
  async logIn(baseUrl: string, email: string, password: string): Promise<void> {
    const answer = ok(await this.send(baseUrl, "POST", "/api/auth/login/", { body: { username: email, password } }), "login")
    if (answer.json?.status?.status !== undefined && answer.json.status.status !== "ok") throw new Error(`login refused: ${JSON.stringify(answer.json)}`)
    await this.session(baseUrl)
  }

  /**
   * Prepares the cart for an order: shop pick-up at the own delivery's first shop branch and payment at the shop
   * (CZU). Both are plain settings, safe to repeat.
   */
  async prepareOrder(baseUrl: string): Promise<void> {
    const branches = ok(await this.send(baseUrl, "GET", `${cartApiPrefix}/branches-basic?deliveryId=own&pupTypeId=shop`), "branches-basic")
    const branch = branches.json.branches?.[0]
    if (branch === undefined) throw new Error(`no shop branch: ${JSON.stringify(branches.json)}`)
    ok(
      await this.send(baseUrl, "POST", `${cartApiPrefix}/select-delivery-method`, {
        body: { deliveryId: "own", type: "pup", transportId: "shop-pickup-cz", branchId: branch.id }
      }),
      "select-delivery-method"
    )
    ok(await this.send(baseUrl, "GET", `${cartApiPrefix}/select-billing-method?billingMethodId=CZU`), "select-billing-method")
  }

  /** Places the order (next-step from shipping) with an idempotency key; answers the order number, if placed. */
  async placeOrder(baseUrl: string, key: string): Promise<string | undefined> {
    const answer = ok(await this.send(baseUrl, "POST", `${cartStepPrefix}/next-step`, { body: { step: 3 }, key }), "next-step")
    return answer.json.step === 4 ? answer.json.cart?.purchase?.orderId : undefined
  }

  /** The order numbers of the logged-in customer's history, newest first (GET /api/account/orders). */
  async orderNumbers(baseUrl: string): Promise<Array<string>> {
    const numbers: Array<string> = []
    for (let offset = 0; ; offset += 50) {
      const answer = ok(await this.send(baseUrl, "GET", `/api/account/orders?limit=50&offset=${offset}`), "orders")
      const orders: ReadonlyArray<{ orderId: string }> = answer.json.orders
      numbers.push(...orders.map((order) => order.orderId))
      if (orders.length < 50) return numbers
    }
  }
}

/** Fails on any answer but 200: a server that answers at all must not answer 4xx or 5xx here. */
export const ok = (answer: Answer, what: string): Answer => {
  if (answer.status !== 200) throw new ServerRefused(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.json)}`)
  return answer
}

/** A server that answered, but not with 200: a test failure, unlike a connection cut by a killed server. */
export class ServerRefused extends Error {}

/** Own-stock variants of the shop with at least `minStock` pieces, from the listings of its top categories. */
export const ownStockVariants = async (baseUrl: string, minStock: number, count: number, shopId = "CZ10MA"): Promise<Array<number>> => {
  const headers = { [shopIdHeader]: shopId }
  const categories = await (await fetch(`${baseUrl}/api/catalogue/categories`, { headers })).json()
  const found: Array<number> = []
  for (const category of categories.categories as ReadonlyArray<{ urlKey: string; parentId: number | null }>) {
    if (category.parentId !== null) continue
    const listing = await (await fetch(`${baseUrl}/api/catalogue/listing?category=${category.urlKey}`, { headers })).json()
    for (const product of listing.products as ReadonlyArray<{ variantId: number; inStock: number; marketplacePartner: string | null }>) {
      if (product.marketplacePartner === null && product.inStock >= minStock && !found.includes(product.variantId)) found.push(product.variantId)
      if (found.length === count) return found
    }
  }
  throw new Error(`only ${found.length} own-stock variants with ${minStock} pieces`)
}
