import { afterEach, describe, expect, it, vi } from "vitest"
import { onWritesWindow, ReplyTransit, WorkerTimings, writesWindow } from "../../demo/server/db/workerTimings.ts"

const printed = () => {
  const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true)
  return () => write.mock.calls.map(([text]) => String(text)).join("")
}

describe("the PGlite worker's write timings (a diagnostic)", () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it("passes each writes window's start and end to its listeners until they are removed", () => {
    const edges: Array<string> = []
    const remove = onWritesWindow((edge) => edges.push(edge))
    writesWindow("open")
    writesWindow("close")
    remove()
    writesWindow("open")
    expect(edges).toEqual(["open", "close"])
  })

  it("counts only the statements of a window and prints their way through the worker when it closes", () => {
    const output = printed()
    const timings = new WorkerTimings(() => 2 ** 20)
    const now = performance.now()
    timings.ran(now, now + 1, now + 3, undefined)
    timings.window("open")
    timings.ran(now, now + 2, now + 5, performance.timeOrigin + now - 4)
    timings.ran(now, now + 1, now + 2, undefined)
    timings.held(7)
    timings.window("close")
    timings.ran(now, now + 1, now + 3, undefined)
    const text = output()
    expect(text).toMatch(/^pglite worker: 2 statements in a window of/)
    expect(text).toContain("to worker p50 4.00 p99 4.00 max 4.00 ms")
    expect(text).toContain("wait      p50 2.00 p99 2.00 max 2.00 ms")
    expect(text).toContain("statement p50 3.00 p99 3.00 max 3.00 ms")
    expect(text).toContain("held      p50 7.00 p99 7.00 max 7.00 ms")
    expect(text).toContain("WebAssembly memory 1.0 MiB")
    expect(text.match(/pglite worker:/g)).toHaveLength(1)
  })

  it("prints the replies' way back once per window, counting none outside one", () => {
    const output = printed()
    const transit = new ReplyTransit()
    transit.received(performance.timeOrigin + performance.now() - 50)
    transit.window("open")
    transit.received(performance.timeOrigin + performance.now() - 10)
    transit.window("close")
    expect(output()).toMatch(/^pglite replies: to the server's thread p50 1\d\.\d\d p99 1\d\.\d\d max 1\d\.\d\d ms/)
  })
})
