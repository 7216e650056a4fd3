/**
 * SIGTERM stops a server that has served traffic, promptly and by itself: with an idle keep-alive connection, an open
 * live-data stream and cart writes still in flight, the process exits with the runtime's own code for a signal (130),
 * not the grace period's forced exit (1, `demo/server/lifecycle.ts`), nor hangs; the live-data stream is ended by the
 * server (its body finishes, so the browser's EventSource reconnects), not cut; and every write it acknowledged is in
 * the database when a server starts on it again. On PGlite in its worker thread (the default) and in the server's thread.
 */
import { randomUUID } from "node:crypto"
import { afterAll, describe, expect, test } from "vitest"
import { sessionCookie, shopIdHeader } from "../../core/api/headers.ts"
import { livePath } from "../../demo/server/http/live.ts"
import { type ChildServer, freshTestDatabase, ownStockVariants, Shopper, startServer } from "./harness.ts"

const started: Array<ChildServer> = []
afterAll(async () => {
  for (const server of started) await server.stop("SIGKILL")
})

/** Reads `stream` to its end: "ended" when its body finished, "cut" when the connection broke first. */
const readToEnd = async (stream: ReadableStreamDefaultReader<Uint8Array>): Promise<"ended" | "cut"> => {
  try {
    for (;;) if ((await stream.read()).done) return "ended"
  } catch {
    return "cut"
  }
}

/** A write in flight at the signal may lose its connection (fetch fails): false; any other failure is rethrown. */
const cutOnly = (error: unknown): false => {
  if (error instanceof TypeError && error.message === "fetch failed") return false
  throw error
}

/** Sends SIGTERM and waits for the exit (at most `withinMs`): its code or signal, and how long it took. */
const terminate = async (server: ChildServer, withinMs = 30_000) => {
  const since = performance.now()
  const exited = new Promise<void>((resolve) => {
    if (server.process.exitCode !== null || server.process.signalCode !== null) resolve()
    else server.process.once("exit", () => resolve())
  })
  server.process.kill("SIGTERM")
  const inTime = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), withinMs))])
  return { inTime, code: server.process.exitCode, signal: server.process.signalCode, ms: Math.round(performance.now() - since) }
}

const modes = process.env["DATABASE_URL"]?.trim()
  ? [{ mode: "PostgreSQL", env: {} }]
  : [{ mode: "PGlite in its worker thread (default)", env: {} }, { mode: "PGlite in the server's thread", env: { PGLITE_WORKER: "0" } }]

describe.each(modes)("SIGTERM ($mode)", ({ env }) => {
  test("a server that has served traffic stops promptly by itself, writes in flight and all, and loses no acknowledged write", async () => {
    const database = freshTestDatabase("shutdown")
    try {
      let server = await startServer({ ...database.env, ...env })
      started.push(server)
      const [first, second] = await ownStockVariants(server.url, 200, 2)
      const shoppers = Array.from({ length: 8 }, () => new Shopper())
      for (const shopper of shoppers) await shopper.session(server.url)
      const acknowledged = new Map<Shopper, number>(shoppers.map((shopper) => [shopper, 0]))
      const sent = new Map<Shopper, number>(shoppers.map((shopper) => [shopper, 0]))
      const add = async (shopper: Shopper, variantId: number) => {
        if (variantId === first) sent.set(shopper, sent.get(shopper)! + 1)
        const answer = await shopper.send(server.url, "PUT", "/api/v2/cart.cart-api/add-to-cart", { body: { variantId, amount: 1 }, key: randomUUID() })
        expect(answer.status).toBe(200)
        if (variantId === first) acknowledged.set(shopper, acknowledged.get(shopper)! + 1)
      }
      // traffic: writes, reads and a listing on keep-alive connections, and a live-data stream left open
      for (const shopper of shoppers) {
        await add(shopper, first!)
        await add(shopper, second!)
        await shopper.cartCounts(server.url)
      }
      const live = await fetch(`${server.url}${livePath}`, { headers: { cookie: `${sessionCookie}=${shoppers[0]!.cookie}`, [shopIdHeader]: "CZ10MA" } })
      expect(live.status).toBe(200)
      const stream = live.body!.getReader()
      const streamEnd = readToEnd(stream)
      // writes in flight when the signal arrives: each is answered 200 (and must be in the database afterwards) or cut
      // with its connection; an error answer fails the test
      const inFlight = shoppers.flatMap((shopper) => Array.from({ length: 5 }, () => add(shopper, first!).then(() => true, cutOnly)))
      await new Promise((resolve) => setTimeout(resolve, 30))
      const stop = await terminate(server)
      const answered = (await Promise.all(inFlight)).filter(Boolean).length
      expect(await streamEnd).toBe("ended")
      console.info(`SIGTERM with ${inFlight.length} writes in flight (${answered} answered, ${inFlight.length - answered} cut with their connection): exited in ${stop.ms} ms (code ${stop.code}, signal ${stop.signal})`)
      expect(stop.inTime).toBe(true)
      expect(stop.code).toBe(130)

      server = await startServer({ ...database.env, ...env })
      started.push(server)
      for (const shopper of shoppers) {
        const counts = await shopper.cartCounts(server.url)
        expect(counts.get(first!)).toBeGreaterThanOrEqual(acknowledged.get(shopper)!)
        expect(counts.get(first!)).toBeLessThanOrEqual(sent.get(shopper)!)
      }
      const again = await terminate(server)
      console.info(`SIGTERM after the check: exited in ${again.ms} ms (code ${again.code})`)
      expect(again.inTime).toBe(true)
      expect(again.code).toBe(130)
    } finally {
      database.drop()
    }
  })
})
