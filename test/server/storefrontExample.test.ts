/**
 * docs/examples/storefront.ts as a user runs it: a plain Node process, one `Storefront.layer`, against the
 * reference backend on a real port, for every shop of the table: browse and search, fill a cart (a guest's first
 * add needs no session bootstrap of its own), change a quantity, remove a line, log in, wishlist, order history.
 */
import { execFile } from "node:child_process"
import { join } from "node:path"
import { promisify } from "node:util"
import { afterAll, describe, expect, test } from "vitest"
import { shopIds } from "../../core/domain/shop.ts"
import { startExampleRunner } from "../support/exampleRunner.ts"
import { useRealPortBackend } from "../support/realPort.ts"

const example = join(import.meta.dirname, "..", "..", "docs/examples/storefront.ts")
const backend = useRealPortBackend()

/** The example in a Node process of its own, as a user runs it. */
const runAlone = (...args: ReadonlyArray<string>) => promisify(execFile)(process.execPath, [example, ...args])
/** The example's tours, one after another in one Node process (test/support/exampleRunner.ts). */
const runner = startExampleRunner()
afterAll(() => runner.end(0))
const run = (...args: ReadonlyArray<string>) => runner.run(example, args)

describe("docs/examples/storefront.ts (the Storefront front door)", () => {
  test.each(shopIds.map((id) => [id]))("browses, fills a cart, logs in, keeps a wishlist and reads the orders in %s", async (shopId) => {
    const { stdout } = await run(backend.baseUrl(), shopId)
    expect(stdout).toMatch(/^category .+: \d+ products, cheapest .+ at [\d.]+ [A-Z]{3}$/m)
    expect(stdout).toMatch(/^search ".+": [1-9]\d* products$/m)
    expect(stdout).toMatch(/^cart: 1× .+, 1× .+$/m)
    expect(stdout).toMatch(/^quantity changed: 2× .+, 1× .+$/m)
    expect(stdout).toMatch(/^removed one: 2× [^,]+$/m)
    expect(stdout).toMatch(/^logged in as \S+ \S\.$/m)
    expect(stdout).toMatch(/^moved to the cart: true$/m)
    expect(stdout).toMatch(/^new wishlist "Gifts": #\d+$/m)
    expect(stdout).toMatch(/^deleted "Gifts": true$/m)
    expect(stdout).toMatch(/^orders: \d+; newest/m)
  })

  test("without arguments it prints its usage and exits with 2", async () => {
    await expect(runAlone()).rejects.toMatchObject({ code: 2 })
  })

  test("every tour ended: nothing it started keeps running (the runner's process ends by itself)", async () => {
    expect(await runner.end(10_000)).toBe(0)
  })
})
