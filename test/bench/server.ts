/**
 * `npm run bench`: the reference server's throughput, measured side by side in ONE run against a
 * bare `node:http` hello-world on the same machine, so the figures are ratios to a baseline of the same conditions
 * (measured first, between the two databases and again last: each row's ratio is given to the first bare and to the
 * mean of the two bare runs around its target, since the machine's own speed moves during a run). Each scenario runs at 50
 * connections for BENCH_SECONDS (default 10) with autocannon; the server runs in its own process on the embedded
 * database (PGlite, seeded, in a new directory on disk as `npm start` keeps it; BENCH_PGLITE_DATA_DIR chooses another,
 * e.g. `memory://`) and, when DATABASE_URL names a PostgreSQL server, a second time on a new database there.
 *
 * Scenarios: session read; header widgets data for a cart of 3 lines; load-cart of that cart; a
 * product listing page (a category's first page); cart writes with a valid session and CSRF token:
 * add-to-cart then change-amount back to 1, in turn (50 shoppers with carts of 3 lines, which stay
 * that size). Then the server's RSS at idle, after the scenarios and after 100,000 more requests
 * spread over all those endpoints (BENCH_MEMORY_REQUESTS; 0 skips it); at idle and at the end also once the server has
 * been idle for 10 s, before and after the collection V8 runs under memory pressure (`test/bench/memoryProbe.ts`,
 * preloaded into the server): RSS right after a burst includes the free heap pages V8 keeps pooled for the next one,
 * which a memory-pressure collection gives back, so a leak shows in what is still needed after it. BENCH_ONLY (a regular expression) measures only
 * the scenarios whose names (or kind, `reads` or `writes`) match it, e.g. `BENCH_ONLY='session|listing'`, and skips the memory run.
 * Where DATABASE_URL's server loads `pg_stat_statements` (and the extension exists in its admin database), it
 * also prints the statements each scenario runs per request, counted by PostgreSQL. BENCH_SERVER_NODE_ARGS adds Node
 * options to the measured server's command line (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile, `--trace-gc`
 * with BENCH_SERVER_STDOUT=1, which lets the server's standard output through). STOREFRONT_WRITE_TIMINGS=1 makes the
 * server print where its fast writes' time went (demo/server/http/writeTimings.ts).
 * BENCH_WRITES_RATE (requests a second, all connections together) sends the cart writes at that rate instead of as
 * fast as the server answers: the CPU per write at a rate both builds sustain compares two builds with less noise from
 * a loaded machine than their throughputs do.
 *
 * The measured server runs with the Node flags of `npm start` (package.json's `start`, e.g. its young generation's
 * least size) and its first housekeeping sweep at once (STOREFRONT_FIRST_SWEEP_SECONDS=0, before the bench
 * sets up its shoppers) instead of a minute after start: a minute after start is when the whole bench's cart writes
 * run (after the 10 s idle and the 40 s of reads), so the sweep's statements and PGlite's `VACUUM ANALYZE` landed in
 * the writes' 10 s every time (0-2 s into them, taking 0.13-2.1 s of PGlite's one worker thread, whose writes wait
 * behind them), where a shop's server sweeps once every 15 minutes and its writes meet a sweep in about 1 % of any 10 s.
 *
 * @module
 */
import autocannon from "autocannon"
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"
import type { MemoryFigures } from "./memoryProbe.ts"
import { withScratchDatabase } from "./scratchDatabase.ts"

const root = fileURLToPath(new URL("../..", import.meta.url))
const seconds = Number(process.env["BENCH_SECONDS"] ?? 10)
const connections = 50
const memoryRequests = Number(process.env["BENCH_MEMORY_REQUESTS"] ?? 100_000)
// where the PGlite target keeps its database (BENCH_PGLITE_DATA_DIR, e.g. `memory://`); by default a new directory
// on disk, removed after the run, as `npm start` keeps it: in memory every row the writes store (96 MB after a whole
// run) stays in the server's RSS, and the memory run's growth measured the database's rows, not the server
const pgliteDataDir = process.env["BENCH_PGLITE_DATA_DIR"]?.trim()
const writesRate = Number(process.env["BENCH_WRITES_RATE"] ?? 0)
const writeTimings = process.env["STOREFRONT_WRITE_TIMINGS"] === "1"
const only = process.env["BENCH_ONLY"] ? new RegExp(process.env["BENCH_ONLY"], "i") : undefined
/** Whether a scenario runs: every one without BENCH_ONLY, else those whose name or kind (`reads`, `writes`) it matches. */
const selected = (...names: ReadonlyArray<string>) => only === undefined || names.some((name) => only.test(name))

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

const waitFor = async (url: string, child: ChildProcess) => {
  // A first start migrates and seeds the embedded database: minutes on a loaded machine.
  for (let i = 0; i < 3000; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`)
    try {
      // a first request the server never answers (seen right after a start on PostgreSQL) is given up and sent again
      await fetch(url, { signal: AbortSignal.timeout(10_000) })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  throw new Error(`${url} did not answer within 300 s`)
}

/** Node options of the measured server only (BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const serverNodeArgs = (process.env["BENCH_SERVER_NODE_ARGS"] ?? "").split(" ").filter((arg) => arg !== "")

const start = async (script: string, env: Record<string, string>, nodeArgs: ReadonlyArray<string> = []) => {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", process.env["BENCH_SERVER_STDOUT"] === "1" ? "inherit" : "ignore", "inherit"]
  })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitFor(`${base}/`, child)
  } catch (error) {
    child.kill("SIGTERM")
    throw error
  }
  return { base, child }
}

const rssMiB = (child: ChildProcess): number => {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8")
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kib / 1024)
}

/** The Node flags `npm start` runs the server with (package.json's `start`): the bench measures the server as deployed. */
const startFlags = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start
  .split(" ").filter((word) => word.startsWith("--"))

/** Node flags of a benchmarked server: `npm start`'s and the memory probe (`test/bench/memoryProbe.ts`) preloaded. */
const probedServerFlags = [...startFlags, "--expose-gc", "--import", "./test/bench/memoryProbe.ts"]

/**
 * The server's RSS in MiB once it has been idle for `quietMs` (V8's memory reducer starts 8 s after the allocation
 * rate drops) and after the probe's memory-pressure collection: what the process still needs, not the free heap
 * pages V8 keeps pooled for the next burst.
 */
const settledRssMiB = async (child: ChildProcess, file: string, quietMs = 10_000): Promise<{ readonly held: number; readonly needed: number; readonly workers: number }> => {
  await new Promise((resolve) => setTimeout(resolve, quietMs))
  const held = rssMiB(child)
  const last = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as MemoryFigures).sequence : 0
  child.kill("SIGUSR2")
  for (let i = 0; i < 600; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const figures = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as MemoryFigures) : undefined
    if (figures !== undefined && figures.sequence > last) return { held, needed: rssMiB(child), workers: figures.workers }
  }
  throw new Error("the server's memory probe did not answer within 60 s")
}

/** The CPU time (user and system) the process `child` has used so far (every thread), ms. */
const cpuMs = (child: ChildProcess): number => statCpuMs(`/proc/${child.pid}/stat`)

/** The CPU time of the process's main thread alone (its JavaScript; not a PGlite worker, GC or compiler threads), ms. */
const mainThreadCpuMs = (child: ChildProcess): number => statCpuMs(`/proc/${child.pid}/task/${child.pid}/stat`)

const statCpuMs = (file: string): number => {
  const fields = readFileSync(file, "utf8").split(") ")[1]!.split(" ")
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/**
 * The CPU time (ms) each PostgreSQL backend connected to `database` has used so far, by process id, when the server
 * at `adminUrl` runs on this machine (its backends' /proc entries readable); undefined otherwise.
 */
const backendCpu = (adminUrl: string, database: string): (() => ReadonlyMap<number, number>) | undefined => {
  const read = () => {
    const pids = execFileSync("psql", [adminUrl, "-tAq", "-c", `SELECT pid FROM pg_stat_activity WHERE datname = '${database}'`])
      .toString().split("\n").map(Number).filter((pid) => pid > 0)
    const cpu = new Map<number, number>()
    for (const pid of pids) if (existsSync(`/proc/${pid}/stat`)) cpu.set(pid, statCpuMs(`/proc/${pid}/stat`))
    return cpu
  }
  try {
    // the checkpointer runs as long as the server: its /proc entry here tells the server runs on this machine
    const checkpointer = execFileSync("psql", [adminUrl, "-tAq", "-c", "SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'"])
    return existsSync(`/proc/${Number(checkpointer.toString())}/stat`) ? read : undefined
  } catch {
    return undefined
  }
}

/** The CPU time the backends used between two {@link backendCpu} readings (a backend opened between them from 0), ms. */
const backendCpuBetween = (before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number => {
  let total = 0
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0)
  return total
}

/**
 * Counts the statements the bench database has run, from PostgreSQL's `pg_stat_statements` (when the
 * server at `adminUrl` loads it and the extension exists in the admin database); undefined otherwise.
 */
const statementCounter = (adminUrl: string, database: string): (() => number) | undefined => {
  const psql = (query: string) => execFileSync("psql", [adminUrl, "-tAq", "-c", query]).toString().trim()
  try {
    if (psql("SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'") !== "1") return undefined
    const count = () =>
      Number(psql(`SELECT COALESCE(sum(s.calls), 0) FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = '${database}'`))
    count()
    return count
  } catch {
    return undefined
  }
}

/** Statements per request of one scenario: the first request, then the mean of the next 20 (caches warm). */
interface StatementCount {
  readonly scenario: string
  readonly first: number
  readonly warm: number
}

const statementCounts: Array<StatementCount> = []

const countStatements = async (count: () => number, scenario: string, request: () => Promise<unknown>) => {
  const start = count()
  await request()
  const afterFirst = count()
  for (let i = 0; i < 20; i++) await request()
  const end = count()
  statementCounts.push({ scenario, first: afterFirst - start, warm: Math.round(((end - afterFirst) / 20) * 10) / 10 })
}

interface Result {
  readonly target: string
  readonly scenario: string
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly errors: number
}

const results: Array<Result> = []

const load = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ connections, duration: seconds, ...options }, (error, result) => (error ? reject(error) : resolve(result))))

const measure = async (target: string, scenario: string, options: autocannon.Options) => {
  const result = await load(options)
  const row = {
    target,
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx
  }
  results.push(row)
  console.error(`  ${target} ${scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}`)
}

/** A shopper: a session cookie, its CSRF token and the call headers. */
const shopper = async (base: string) => {
  const response = await fetch(`${base}/api/session`, { signal: AbortSignal.timeout(30_000) })
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return {
    cookie,
    csrfToken,
    headers: { cookie, "x-csrf-token": csrfToken, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" }
  }
}

/** Variants in stock in the shop, for the adds. */
const variantsInStock = async (base: string, headers: Record<string, string>): Promise<ReadonlyArray<number>> => {
  const ids = Array.from({ length: 100 }, (_, i) => i + 1).join(",")
  const response = await fetch(`${base}/product-api/find-variants-by-id?ids=${ids}`, { headers })
  const variants = (await response.json()) as ReadonlyArray<{ variantId: number; availability?: string }>
  const inStock = variants.filter((v) => v.availability === "in_stock").map((v) => v.variantId)
  if (inStock.length < 3) throw new Error("the seed has fewer than 3 variants in stock among the first 100")
  return inStock
}

const add = async (base: string, headers: Record<string, string>, variantId: number) => {
  const response = await fetch(`${base}/api/v2/cart.cart-api/add-to-cart`, {
    method: "PUT",
    headers: { ...headers, "idempotency-key": randomUUID() },
    body: JSON.stringify({ variantId, amount: 1, extended: true })
  })
  if (response.status !== 200) throw new Error(`add-to-cart answered ${response.status}: ${await response.text()}`)
  const body = (await response.json()) as { cartItems?: ReadonlyArray<{ articleId: number; variantId?: number }> }
  const line = body.cartItems?.find((article) => article.variantId === variantId)
  if (line === undefined) throw new Error(`add-to-cart of ${variantId} answered no line of it`)
  return line.articleId
}

/** A shopper whose cart holds one piece each of `variants` (3 lines), with the ids of those lines. */
const shopperWithCart = async (base: string, variants: ReadonlyArray<number>) => {
  const who = await shopper(base)
  const lines: Array<{ variantId: number; itemId: number }> = []
  for (const variantId of variants) lines.push({ variantId, itemId: await add(base, who.headers, variantId) })
  return { ...who, lines }
}

type CartShopper = Awaited<ReturnType<typeof shopperWithCart>>

/**
 * The cart writes, in turn on every connection: add one piece of a shopper's line (count 1 -> 2), then set that
 * line's amount back to 1. Shoppers and lines are taken round-robin, so the carts keep 3 lines of a few pieces however
 * long the run (a cart that grew without bound would measure the size of the cart, not the write). The bodies are
 * made once per line (autocannon sends a Buffer as it is); each add gets a fresh idempotency key.
 */
const cartWrites = (shoppers: ReadonlyArray<CartShopper>): Array<autocannon.Request> => {
  let next = 0
  type Line = { readonly headers: Record<string, string>; readonly add: Buffer; readonly change: Buffer }
  type Turn = { line?: Line }
  const lines: ReadonlyArray<ReadonlyArray<Line>> = shoppers.map((who) =>
    who.lines.map((line) => ({
      headers: who.headers,
      add: Buffer.from(JSON.stringify({ variantId: line.variantId, amount: 1, extended: true })),
      change: Buffer.from(JSON.stringify({ id: line.itemId, amount: 1, extended: true }))
    })))
  return [
    {
      method: "PUT",
      path: "/api/v2/cart.cart-api/add-to-cart",
      // `request` is autocannon's own copy for this request (its headers too): it is filled in, not copied again
      setupRequest: (request, context) => {
        const ofShopper = lines[next % lines.length]!
        const line = ofShopper[Math.floor(next / lines.length) % ofShopper.length]!
        next++
        const turn = context as Turn
        turn.line = line
        request.headers = { ...line.headers, "idempotency-key": randomUUID() }
        request.body = line.add
        return request
      }
    },
    {
      method: "POST",
      path: "/api/v2/cart.cart-api/change-amount",
      setupRequest: (request, context) => {
        const line = (context as Turn).line!
        request.headers = { ...line.headers }
        request.body = line.change
        return request
      }
    }
  ]
}

const listingPath = async (base: string, headers: Record<string, string>): Promise<string> => {
  // A category's first page of the catalogue listing (24 products, sorted by popularity), as a shopper sees it.
  const categories = await fetch(`${base}/api/catalogue/categories`, { headers })
  if (categories.status !== 200) throw new Error(`the categories answered ${categories.status}`)
  const { categories: all } = await categories.json() as { categories: ReadonlyArray<{ urlKey: string; parentId: number | null; productCount: number }> }
  const top = all.filter((c) => c.parentId === null).sort((a, b) => b.productCount - a.productCount)[0]
  if (top === undefined) throw new Error("no category")
  const path = `/api/catalogue/listing?category=${encodeURIComponent(top.urlKey)}`
  const response = await fetch(`${base}${path}`, { headers })
  if (response.status !== 200) throw new Error(`the listing answered ${response.status}`)
  return path
}

const benchServer = async (
  target: string,
  env: Record<string, string>,
  statements?: () => number,
  backends?: () => ReadonlyMap<number, number>
) => {
  console.error(`${target}: starting`)
  const memoryFile = join(tmpdir(), `sf-bench-memory-${randomUUID()}.json`)
  const { base, child } = await start("demo/server/main.ts", { ...env, BENCH_MEMORY_PROBE: memoryFile, STOREFRONT_FIRST_SWEEP_SECONDS: "0" }, [...probedServerFlags, ...serverNodeArgs])
  try {
    const one = await shopper(base)
    const variants = (await variantsInStock(base, one.headers)).slice(0, 3)
    for (const variantId of variants) await add(base, one.headers, variantId)
    const listing = await listingPath(base, one.headers)
    const shoppers: Array<CartShopper> = []
    for (let i = 0; i < connections; i++) shoppers.push(await shopperWithCart(base, variants))
    const reads = [
      { scenario: "session read", path: "/api/session" },
      { scenario: "widgets data, cart of 3", path: "/api/widgets/getWidgetsData" },
      { scenario: "load-cart, cart of 3", path: "/api/v2/cart.cart-api/load-cart" },
      { scenario: "product listing page", path: listing }
    ]

    if (statements !== undefined) {
      const get = (path: string) => () => fetch(`${base}${path}`, { headers: one.headers }).then((response) => response.text())
      for (const read of reads) if (selected(read.scenario, "reads")) await countStatements(statements, read.scenario, get(read.path))
      const other = await shopperWithCart(base, variants)
      let turn = 0
      const write = (path: string, method: string, body: () => unknown, headers: Record<string, string> = {}) => () =>
        fetch(`${base}${path}`, { method, headers: { ...other.headers, ...headers }, body: JSON.stringify(body()) }).then(async (response) => {
          if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
          return response.text()
        })
      await countStatements(statements, "add-to-cart, cart of 3", () =>
        write("/api/v2/cart.cart-api/add-to-cart", "PUT", () => ({ variantId: other.lines[turn % 3]!.variantId, amount: 1, extended: true }), {
          "idempotency-key": randomUUID()
        })())
      await countStatements(statements, "change-amount, cart of 3", write("/api/v2/cart.cart-api/change-amount", "POST", () => ({ id: other.lines[turn++ % 3]!.itemId, amount: 1, extended: true })))
    }

    await load({ url: `${base}/api/session`, headers: one.headers, duration: 2 })
    const idle = rssMiB(child)
    const memoryRun = memoryRequests > 0 && only === undefined
    const settledIdle = memoryRun ? await settledRssMiB(child, memoryFile) : undefined
    for (const read of reads) {
      if (selected(read.scenario, "reads")) await measure(target, read.scenario, { url: `${base}${read.path}`, headers: one.headers })
    }
    const writes = "add-to-cart / change-amount, cart of 3"
    if (selected(writes, "writes")) {
      const cpuBefore = cpuMs(child)
      const mainBefore = mainThreadCpuMs(child)
      const backendsBefore = backends?.()
      const clientBefore = process.cpuUsage()
      await measure(target, writes, { url: base, requests: cartWrites(shoppers), ...(writesRate > 0 ? { overallRate: writesRate } : {}) })
      const client = process.cpuUsage(clientBefore)
      const measured = results.at(-1)!
      const perRequest = (ms: number) => (ms / Math.max(1, measured.rps * seconds)).toFixed(2)
      const database = backends === undefined || backendsBefore === undefined
        ? ""
        : `; PostgreSQL backends ${perRequest(backendCpuBetween(backendsBefore, backends()))} ms`
      console.error(`  ${target} cart writes: ${perRequest(cpuMs(child) - cpuBefore)} ms of server CPU per request (main thread ${perRequest(mainThreadCpuMs(child) - mainBefore)})${database}`)
      // the bench's own process (autocannon: building the requests, parsing the answers): the same 2 cores
      console.error(`  ${target} cart writes: ${perRequest((client.user + client.system) / 1000)} ms of the bench client's CPU per request (user ${perRequest(client.user / 1000)}, system ${perRequest(client.system / 1000)})`)
      // the server's write timings close their window after a second without a write: its figures are the writes' alone
      if (writeTimings) await new Promise((resolve) => setTimeout(resolve, 1_500))
    }

    // RSS after the scenarios, then after `memoryRequests` more spread over every endpoint above (a shop's mix:
    // mostly reads, some cart writes); each also once the server is idle, after a memory-pressure collection.
    const before = rssMiB(child)
    if (!memoryRun) return { target, idle, before, after: before, errors: 0, settledIdle, settledAfter: undefined }
    const mixed = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({
        url: base,
        headers: one.headers,
        connections,
        amount: memoryRequests,
        // Every connection in turn: the four reads twelve times, then a cart write pair (4 % writes).
        requests: [
          ...Array.from({ length: 12 }, () => reads.map((read): autocannon.Request => ({ method: "GET", path: read.path }))).flat(),
          ...cartWrites(shoppers)
        ]
      }, (e, r) => e ? reject(e) : resolve(r)))
    const after = rssMiB(child)
    const settledAfter = await settledRssMiB(child, memoryFile)
    return { target, idle, before, after, errors: mixed.errors + mixed.timeouts + mixed.non2xx, settledIdle, settledAfter }
  } finally {
    // the server has stopped (and let go of its data directory) when this answers
    const exited = child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("exit", () => resolve()))
    child.kill("SIGTERM")
    await exited
    rmSync(memoryFile, { force: true })
  }
}

/**
 * The bare node:http hello-world, measured first, between the two targets and again last: how far they lie apart shows
 * how much the machine's own speed moved during the run, which a ratio to the first alone hides.
 */
const measureBare = async (scenario: string) => {
  const bare = await start("test/bench/bare.ts", {})
  try {
    await measure("node:http", scenario, { url: `${bare.base}/` })
  } finally {
    bare.child.kill("SIGTERM")
  }
}

/** The mean of the bare node:http runs just before and just after the target of `results[index]`. */
const bareAround = (index: number) => {
  const before = results.slice(0, index).findLast((row) => row.target === "node:http")!
  const after = results.slice(index + 1).find((row) => row.target === "node:http") ?? before
  return (before.rps + after.rps) / 2
}

const main = async () => {
  console.error(`bench: ${connections} connections, ${seconds} s per scenario`)
  await measureBare("hello world (baseline)")
  const scratchDir = pgliteDataDir === undefined || pgliteDataDir === "" ? mkdtempSync(join(tmpdir(), "sf-bench-pglite-")) : undefined
  const memory = [
    await benchServer("PGlite", { PGLITE_DATA_DIR: scratchDir ?? pgliteDataDir!, DATABASE_URL: "" }).finally(() => {
      if (scratchDir !== undefined) rmSync(scratchDir, { recursive: true, force: true })
    })
  ]
  const adminUrl = process.env["DATABASE_URL"]?.trim()
  if (adminUrl) {
    await measureBare("hello world (between the targets)")
    memory.push(await withScratchDatabase(adminUrl, "sf_bench", (url, name) =>
      benchServer("PostgreSQL", { DATABASE_URL: url.toString() }, statementCounter(adminUrl, name), backendCpu(adminUrl, name))))
  } else {
    console.error("DATABASE_URL is not set: PostgreSQL is not measured")
  }
  await measureBare("hello world (again, after the targets)")

  const baseline = results[0]!.rps
  const pad = (text: string | number, width: number) => String(text).padStart(width)
  const percent = (rps: number, of: number) => `${pad(((100 * rps) / of).toFixed(1), 5)} %`
  console.log(`\n| target | scenario | req/s | p50 ms | p99 ms | errors | of bare node:http (first) | of the bare runs around it |`)
  console.log(`|---|---|--:|--:|--:|--:|--:|--:|`)
  for (const [index, row] of results.entries()) {
    const around = row.target === "node:http" ? row.rps : bareAround(index)
    console.log(`| ${row.target} | ${row.scenario} | ${pad(row.rps, 6)} | ${pad(row.p50, 4)} | ${pad(row.p99, 4)} | ${pad(row.errors, 3)} | ${percent(row.rps, baseline)} | ${percent(row.rps, around)} |`)
  }
  const last = results[results.length - 1]!.rps
  console.log(`\nbare node:http moved ${(((last - baseline) / baseline) * 100).toFixed(1)} % from the first baseline to the last during this run.`)
  const growth = (from: number, to: number) => `${(((to - from) / from) * 100).toFixed(1)} %`
  // The memory run is skipped with BENCH_ONLY or BENCH_MEMORY_REQUESTS=0: no table then.
  const measuredMemory = memory.filter((row) => row.settledIdle !== undefined && row.settledAfter !== undefined)
  if (measuredMemory.length > 0) {
    console.log(`\n| target | RSS idle MiB | after the scenarios | after ${memoryRequests} more (all endpoints) | errors | growth over the ${memoryRequests} | growth from idle |`)
    console.log(`|---|--:|--:|--:|--:|--:|--:|`)
    for (const row of measuredMemory) {
      console.log(`| ${row.target} | ${row.idle} | ${row.before} | ${row.after} | ${row.errors} | ${growth(row.before, row.after)} | ${growth(row.idle, row.after)} |`)
    }
    console.log(`\nOnce idle (10 s) and after a memory-pressure collection in the main thread and every worker thread (the heap pages V8 keeps pooled go back to the system):`)
    console.log(`\n| target | RSS at idle: held MiB | needed | after the scenarios and ${memoryRequests} more, idle: held | needed | growth of what is needed | worker threads collected |`)
    console.log(`|---|--:|--:|--:|--:|--:|--:|`)
    for (const row of measuredMemory) {
      if (row.settledIdle === undefined || row.settledAfter === undefined) continue
      console.log(`| ${row.target} | ${row.settledIdle.held} | ${row.settledIdle.needed} | ${row.settledAfter.held} | ${row.settledAfter.needed} | ${growth(row.settledIdle.needed, row.settledAfter.needed)} | ${row.settledAfter.workers} |`)
    }
  }
  if (statementCounts.length > 0) {
    console.log(`\n| PostgreSQL statements per request | first | then (mean of 20) |`)
    console.log(`|---|--:|--:|`)
    for (const row of statementCounts) console.log(`| ${row.scenario} | ${row.first} | ${row.warm} |`)
  }
}

await main()
