/**
 * The loader of the read cache's cold loads (demo/server/db/loadBatches.ts): a lone load is the one-key statement, sent
 * at once; the loads that come while the statements in flight are as many as allowed go together in the next statement,
 * each answered with its own record; a failed statement fails every load it carried.
 */
import { Deferred, Effect, Exit, Fiber } from "effect"
import { describe, expect, test } from "vitest"
import { LoadBatches } from "../../demo/server/db/loadBatches.ts"

/** A loader whose statements wait for `gate` and record what they were asked. */
const recording = (maxInFlight: number, maxBatch: number, fail: (keys: ReadonlyArray<string>) => boolean = () => false) => {
  const ones: Array<string> = []
  const manys: Array<ReadonlyArray<string>> = []
  let gate = Deferred.makeUnsafe<void>()
  // the gate open when the statement runs
  const gated = Effect.suspend(() => Deferred.await(gate))
  const loader = new LoadBatches<string, string, string>({
    name: "test",
    one: (key) => Effect.andThen(Effect.sync(() => ones.push(key)), Effect.as(gated, key === "none" ? undefined : `row ${key}`)),
    many: (keys) =>
      Effect.andThen(
        Effect.sync(() => manys.push(keys)),
        Effect.andThen(gated, fail(keys) ? Effect.fail("down") : Effect.succeed(new Map(keys.filter((key) => key !== "none").map((key) => [key, `row ${key}`]))))
      ),
    maxInFlight,
    maxBatch
  })
  const open = () => {
    const opened = gate
    gate = Deferred.makeUnsafe<void>()
    Deferred.doneUnsafe(opened, Effect.void)
  }
  return { loader, ones, manys, open }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5))

describe("LoadBatches", () => {
  test("a lone load is its one-key statement, sent at once", async () => {
    const { loader, ones, manys, open } = recording(1, 64)
    const fiber = Effect.runFork(loader.load("a"))
    // sent before any timer could fire
    expect(ones).toEqual(["a"])
    open()
    expect(await Effect.runPromise(Fiber.join(fiber))).toBe("row a")
    expect(manys).toEqual([])
    expect(loader.counts).toEqual({ alone: 1, batches: 0, batchedKeys: 0, waiting: 0 })
  })

  test("loads that come while the statements in flight are as many as allowed go in the next one, each with its own record", async () => {
    const { loader, ones, manys, open } = recording(2, 64)
    const first = Effect.runFork(loader.load("a"))
    const second = Effect.runFork(loader.load("b"))
    const waiting = ["c", "d", "c", "none", "e"].map((key) => Effect.runFork(loader.load(key)))
    await settle()
    expect(ones).toEqual(["a", "b"])
    expect(manys).toEqual([])
    expect(loader.counts.waiting).toBe(4)
    open()
    await settle()
    // one statement of the keys that waited, each once
    expect(manys).toEqual([["c", "d", "none", "e"]])
    open()
    expect(await Effect.runPromise(Fiber.join(first))).toBe("row a")
    expect(await Effect.runPromise(Fiber.join(second))).toBe("row b")
    expect(await Promise.all(waiting.map((fiber) => Effect.runPromise(Fiber.join(fiber))))).toEqual(["row c", "row d", "row c", undefined, "row e"])
    expect(loader.counts).toEqual({ alone: 2, batches: 1, batchedKeys: 4, waiting: 0 })
    // nothing in flight any more: the next load goes alone at once
    const lone = Effect.runFork(loader.load("f"))
    expect(ones).toEqual(["a", "b", "f"])
    open()
    expect(await Effect.runPromise(Fiber.join(lone))).toBe("row f")
  })

  test("a batch carries at most maxBatch keys; the next waits for the following slot", async () => {
    const { loader, manys, open } = recording(1, 2)
    const all = ["a", "b", "c", "d", "e"].map((key) => Effect.runFork(loader.load(key)))
    await settle()
    open()
    await settle()
    expect(manys).toEqual([["b", "c"]])
    open()
    await settle()
    expect(manys).toEqual([["b", "c"], ["d", "e"]])
    open()
    expect(await Promise.all(all.map((fiber) => Effect.runPromise(Fiber.join(fiber))))).toEqual(["row a", "row b", "row c", "row d", "row e"])
  })

  test("a failed statement fails every load it carried, and the loads after it are sent", async () => {
    const { loader, open } = recording(1, 64, (keys) => keys.includes("bad"))
    const first = Effect.runFork(loader.load("a"))
    const failing = ["bad", "x"].map((key) => Effect.runFork(loader.load(key)))
    await settle()
    open()
    await settle()
    const after = Effect.runFork(loader.load("y"))
    open()
    expect(await Effect.runPromise(Fiber.join(first))).toBe("row a")
    for (const fiber of failing) expect(Exit.isFailure(await Effect.runPromise(Fiber.await(fiber)))).toBe(true)
    await settle()
    open()
    expect(await Effect.runPromise(Fiber.join(after))).toBe("row y")
  })
})
