/**
 * A run of the server tests on PostgreSQL (`DATABASE_URL`, `npm run test:pg`) leaves no test database of its own on
 * the server, whether a test fails or the run is interrupted, and drops what a run killed earlier left there
 * (test/support/testDatabases.ts). Each case runs vitest in a child process on test/support/testDatabasesRun.
 */
import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, describe, expect, it } from "vitest"
import { createTestDatabase, dropTestDatabase, runOf, testDatabasesOn } from "../support/testDatabases.ts"

const adminUrl = (process.env["DATABASE_URL"] ?? "").trim()
const root = join(import.meta.dirname, "..", "..")
const scratch = mkdtempSync(join(tmpdir(), "sf-test-databases-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A vitest run of the child test file in a process group of its own (as a terminal starts it). */
const startRun = (end: "fail" | "hang", namesFile: string) => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")))
  const child = spawn(
    process.execPath,
    [join(root, "node_modules/vitest/vitest.mjs"), "run", "--config", join(root, "test/support/testDatabasesRun/vitest.config.ts")],
    { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...env, SF_FIXTURE_END: end, SF_FIXTURE_NAMES: namesFile } }
  )
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  let ended = false
  const exited = new Promise<{ readonly code: number | null; readonly output: string }>((resolve) =>
    child.on("exit", (code) => {
      ended = true
      resolve({ code, output })
    }))
  return { pid: child.pid!, exited, ended: () => ended }
}

/** The names the child test file wrote once it had made its databases (none if the run ended first). */
const namesWritten = async (file: string, run: { readonly ended: () => boolean }): Promise<Array<string>> => {
  while (!existsSync(file) && !run.ended()) await sleep(100)
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter((name) => name !== "") : []
}

describe.skipIf(adminUrl === "")("test databases on PostgreSQL", () => {
  it("a run whose test fails drops its databases, drops a dead run's leftover and keeps a live run's", async () => {
    const deadRun = spawnSync(process.execPath, ["-e", ""]).pid
    const leftover = `sf_test_${deadRun}_1_1`
    const live = (await createTestDatabase(adminUrl)).name
    spawnSync("psql", [adminUrl, "-Xq", "-c", `CREATE DATABASE ${leftover}`])
    try {
      const namesFile = join(scratch, "failed")
      const run = startRun("fail", namesFile)
      const { code, output } = await run.exited
      expect(code, output).toBe(1)
      expect(output).toContain("failed on purpose")
      const names = await namesWritten(namesFile, run)
      expect(names.map(runOf)).toEqual([run.pid, run.pid])
      expect(testDatabasesOn(adminUrl, `${run.pid}_`)).toEqual([])
      expect(testDatabasesOn(adminUrl, `${deadRun}_`)).toEqual([])
      expect(testDatabasesOn(adminUrl)).toContain(live)
    } finally {
      await dropTestDatabase(adminUrl, leftover)
      await dropTestDatabase(adminUrl, live)
    }
  }, 180_000)

  it("a run interrupted as Ctrl-C does it drops its databases, also one still in use", async () => {
    const namesFile = join(scratch, "interrupted")
    const run = startRun("hang", namesFile)
    const [released, kept] = await namesWritten(namesFile, run)
    expect(testDatabasesOn(adminUrl, `${run.pid}_`), "the released backend's database is dropped at once").toEqual([kept])
    expect(released).toMatch(new RegExp(`^sf_test_${run.pid}_\\d+_1$`))
    process.kill(-run.pid, "SIGINT")
    const { code, output } = await run.exited
    expect(code, output).toBe(130)
    expect(testDatabasesOn(adminUrl, `${run.pid}_`)).toEqual([])
  }, 180_000)
})
