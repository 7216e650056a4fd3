/**
 * docs/examples/checkout.ts as a user runs it: a plain Node process against the reference backend on a real port,
 * for every shop of the table (own stock and, where the shop sells them, a marketplace partner's product whose
 * delivery offers address delivery only), for every kind of the shop's own delivery, with a country code instead of
 * a shop id, and without its arguments.
 */
import { execFile } from "node:child_process"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, describe, expect, test } from "vitest"
import { shopIds } from "../../core/domain/shop.ts"
import { startExampleRunner } from "../support/exampleRunner.ts"
import { useRealPortBackend } from "../support/realPort.ts"

const root = join(import.meta.dirname, "..", "..")
const example = join(root, "docs/examples/checkout.ts")
const backend = useRealPortBackend()

/** The example in a Node process of its own, as a user runs it. */
const runAlone = (...args: ReadonlyArray<string>) => promisify(execFile)(process.execPath, [example, ...args])
/** The example's purchases, one after another in one Node process (test/support/exampleRunner.ts). */
const runner = startExampleRunner()
afterAll(() => runner.end(0))
const run = (...args: ReadonlyArray<string>) => runner.run(example, args)

/**
 * The example's default purchase in a shop (`<baseUrl> <shopId>`), run once per file: the marketplace test reads the
 * same run's output as the shop's own test (each a whole purchase of about 3 s of CPU).
 */
const purchases = new Map<string, Promise<{ readonly stdout: string }>>()
const purchase = (shopId: string) => {
  let pending = purchases.get(shopId)
  if (pending === undefined) {
    pending = run(backend.baseUrl(), shopId)
    purchases.set(shopId, pending)
  }
  return pending
}

describe("docs/examples/checkout.ts", () => {
  test.each(shopIds.map((id) => [id]))("makes a whole purchase in %s over a real port: every delivery gets a method, an order number", async (shopId) => {
    const { stdout } = await purchase(shopId)
    expect(stdout).toMatch(/^logged in as gold@example\.[a-z]{2} /m)
    expect(stdout).toMatch(/^added to cart: .+$/m)
    expect(stdout).toMatch(/^delivery own: pick-up point \(cash and carry\): .+$/m)
    for (const line of stdout.split("\n").filter((l) => /^delivery mp-/.test(l))) expect(line).toMatch(/: address delivery: /)
    expect(stdout).toMatch(/^payment: \S+ \(.+\)$/m)
    expect(stdout).toMatch(/^order number: \d+$/m)
  })

  test("a marketplace partner's delivery (address delivery only) is handled where the shop sells one", async () => {
    const { stdout } = await purchase("HR10MA")
    expect(stdout).toMatch(/^added to cart: .+, from a marketplace partner\)$/m)
    expect(stdout).toMatch(/^delivery mp-\d+ \(.+\): address delivery: .+$/m)
    expect(stdout).toMatch(/^order number: \d+$/m)
  })

  test.each([["pup", /pick-up point: /], ["box", /parcel box: /], ["address", /address delivery: /]] as const)(
    "the shop's own delivery as %s",
    async (kind, shown) => {
      const { stdout } = await run(backend.baseUrl(), "SK10MA", "vip@example.sk", "demo1234", `--delivery=${kind}`)
      const own = stdout.split("\n").find((line) => line.startsWith("delivery own: "))
      expect(own).toMatch(shown)
      expect(stdout).toMatch(/^order number: \d+$/m)
    }
  )

  test("accepts a country code (CZ) for the country's shop, and prints the total in the shop's language", async () => {
    const { stdout } = await run(backend.baseUrl(), "CZ", "silver@example.cz")
    expect(stdout).toMatch(/^logged in as silver@example\.cz \(.+\)$/m)
    expect(stdout).toMatch(/^total: Celkem: .+\u00a0Kč$/m)
    expect(stdout).toMatch(/^order number: \d+$/m)
  })

  test("without its arguments it prints a usage line and exits with 2", async () => {
    const failed = await runAlone().then(() => undefined, (error: { code: number; stderr: string }) => error)
    expect(failed?.code).toBe(2)
    expect(failed?.stderr).toMatch(/^missing arguments/m)
    expect(failed?.stderr).toMatch(/^usage: npx node docs\/examples\/checkout\.ts <baseUrl> <shopId\|country>/m)
    const unknown = await runAlone(backend.baseUrl(), "DE").then(() => undefined, (error: { code: number; stderr: string }) => error)
    expect(unknown?.code).toBe(2)
    expect(unknown?.stderr).toMatch(/unknown shop or country: DE/)
  })

  test("every purchase ended: nothing it started keeps running (the runner's process ends by itself)", async () => {
    expect(await runner.end(10_000)).toBe(0)
  })
})
