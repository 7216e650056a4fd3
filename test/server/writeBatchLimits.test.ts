/**
 * The limits of the write fast path's group commit (demo/server/http/writeBatches.ts), for any arrival of changes and
 * any order in which their statements finish: never more statements at once than `inFlight`, never more changes in one
 * statement than `maxBatch`, never two changes of one cart in one statement, and every change made exactly once with
 * its own outcome. The statements run on a client that answers as the database would when every change applies.
 */
import { fc, test } from "@fast-check/vitest"
import { Exit } from "effect"
import { describe, expect } from "vitest"
import type { LineCountChange } from "../../demo/server/domain/cart/mutation.ts"
import type { CartState } from "../../demo/server/domain/cart/reading.ts"
import type { StatementClient } from "../../demo/server/http/fastWrites.ts"
import { WriteBatches } from "../../demo/server/http/writeBatches.ts"

/** A change of `cartId` to `version`; the statements read only the cart's id and version of the cart it leaves. */
const changeOf = (cartId: number, version: number): LineCountChange => ({
  after: { cartId, version } as unknown as CartState,
  itemId: cartId * 10,
  count: 2,
  check: undefined,
  claim: undefined,
  proof: { sessionId: `session-${cartId}`, csrfToken: "token" }
})

const options = fc.record({ inFlight: fc.integer({ min: 1, max: 5 }), maxBatch: fc.integer({ min: 1, max: 8 }) })
const carts = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 80 })

describe("group commit limits", () => {
  test.prop([options, carts, fc.scheduler()], { numRuns: 200 })(
    "at most inFlight statements at once, at most maxBatch changes of distinct carts each, every change made once",
    async (limits, arrivals, scheduler) => {
      let running = 0
      let most = 0
      const made: Array<ReadonlyArray<number>> = []
      // a batch statement's first two parameters are its carts and their versions before; a single one's the same, scalar
      const client: StatementClient = {
        run: async (statement) => {
          running++
          most = Math.max(most, running)
          const [carts, befores] = statement.params as [number | ReadonlyArray<number>, number | ReadonlyArray<number>]
          await scheduler.schedule(Promise.resolve(), `statement of ${String(carts)}`)
          running--
          if (typeof carts === "number") {
            made.push([carts])
            return Exit.succeed([{ version: (befores as number) + 1 }])
          }
          made.push(carts)
          const marked = carts.map((cart, i) => `${cart}:${(befores as ReadonlyArray<number>)[i]! + 1}`).join(" ")
          return Exit.succeed([{ marked }])
        }
      }
      const batches = new WriteBatches(client, limits)
      const versions = new Map<number, number>()
      const changes = arrivals.map((cart) => {
        const version = (versions.get(cart) ?? 0) + 1
        versions.set(cart, version)
        return changeOf(cart, version)
      })
      // the changes arrive in any order, between any statements' ends
      const outcomes = Promise.all(changes.map((change) =>
        scheduler.schedule(Promise.resolve(), `arrival of ${change.after.cartId}`).then(() => batches.make(change))))
      await scheduler.waitFor(outcomes)

      expect(await outcomes).toEqual(changes.map((change) => Exit.succeed(change.after.version)))
      expect(most).toBeLessThanOrEqual(limits.inFlight)
      expect(batches.mostInFlight).toBeLessThanOrEqual(limits.inFlight)
      for (const statement of made) {
        expect(statement.length).toBeLessThanOrEqual(limits.maxBatch)
        expect(new Set(statement).size).toBe(statement.length)
      }
      expect(made.flat().sort((a, b) => a - b)).toEqual([...arrivals].sort((a, b) => a - b))
      expect(batches.waiting).toBe(0)
    }
  )
})
