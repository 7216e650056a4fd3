/**
 * The examples' runner (test/support/exampleRunner.ts) on scripts written for it: a run's output, arguments and exit
 * code are its own whether it ends, exits, throws or sets `process.exitCode`; runs asked for at once do not
 * interleave; a run that never ends fails at its deadline and stops the runner, so later runs fail at once.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, test } from "vitest"
import { startExampleRunner } from "../support/exampleRunner.ts"

const dir = mkdtempSync(join(tmpdir(), "example-runner-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Writes a script into the test's directory; answers its path. */
const script = (name: string, source: string) => {
  const path = join(dir, name)
  writeFileSync(path, source)
  return path
}

/** Prints its arguments in three writes with real waits between them, then ends. */
const slow = script("slow.mjs", `
const [name] = process.argv.slice(2)
for (const part of ["a", "b", "c"]) {
  console.log(name + " " + part)
  await new Promise((resolve) => setTimeout(resolve, 20))
}
`)
const exits = script("exits.mjs", `console.log("before"); process.exit(3); console.log("after")`)
const throws = script("throws.mjs", `console.log("partial"); await Promise.resolve(); throw new Error("broken example")`)
const exitCode = script("exitCode.mjs", `console.error("warned"); process.exitCode = 4`)
const hangs = script("hangs.mjs", `console.log("waiting"); await new Promise(() => setInterval(() => {}, 1000))`)

describe("the example runner", () => {
  test("each run has its own output and exit code however it ends; runs asked for at once do not interleave", async () => {
    const runner = startExampleRunner()
    const outcome = (path: string, args: ReadonlyArray<string>) =>
      runner.run(path, args).then((result) => result, (error: { stdout: string; stderr: string; code: number }) => error)
    const [first, exited, thrown, coded, second] = await Promise.all([
      outcome(slow, ["one"]),
      outcome(exits, []),
      outcome(throws, []),
      outcome(exitCode, []),
      outcome(slow, ["two"])
    ])
    expect(first).toMatchObject({ stdout: "one a\none b\none c\n", code: 0 })
    expect(exited).toMatchObject({ stdout: "before\n", code: 3 })
    expect(thrown).toMatchObject({ stdout: "partial\n", code: 1 })
    expect(thrown.stderr).toContain("broken example")
    expect(coded).toMatchObject({ stdout: "", stderr: "warned\n", code: 4 })
    expect(second).toMatchObject({ stdout: "two a\ntwo b\ntwo c\n", stderr: "", code: 0 })
    expect(await runner.end(10_000)).toBe(0)
  })

  test("a run that does not end fails at its deadline; the runner is stopped and a later run fails at once", async () => {
    const runner = startExampleRunner({ runTimeoutMs: 1_000 })
    await expect(runner.run(hangs, [])).rejects.toThrow(/did not end within 1000 ms/)
    await expect(runner.run(slow, ["late"])).rejects.toThrow(/exited/)
    expect(await runner.end(10_000)).not.toBe("still running")
  })
})
