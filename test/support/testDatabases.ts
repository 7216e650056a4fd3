/**
 * The PostgreSQL databases the tests create when `DATABASE_URL` names a server (`freshDatabase` in ./server.ts), and
 * how a run drops them. Each is named `sf_test_<run>_<worker>_<n>`: `<run>` is the pid of the vitest process
 * (test/support/globalSetup.ts sets {@link testRunVariable} for its workers), `<worker>` the pid of the worker that
 * made it. A backend drops its database when it is released; the run drops whatever is left of its own when it ends,
 * also on Ctrl-C or SIGTERM (vitest exits on them, and the drop runs on `exit`). What a run killed outright leaves
 * behind, the next run drops: a test database whose run's pid is gone on this machine and that nobody is connected to.
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { execFile, execFileSync } from "node:child_process"
import { promisify } from "node:util"

/** The first part of every test database's name. */
export const testDatabasePrefix = "sf_test_"

/** The environment variable naming the run (the vitest process's pid) in its workers. */
export const testRunVariable = "SF_TEST_RUN"

const execFileAsync = promisify(execFile)
let created = 0

/** The test databases' names on `adminUrl`'s server whose name starts with `sf_test_<prefix>`. */
export const testDatabasesOn = (adminUrl: string, prefix = ""): Array<string> => {
  const pattern = `${testDatabasePrefix}${prefix}`.replaceAll("_", "\\_")
  const output = execFileSync(
    "psql",
    [adminUrl, "-XAtq", "-c", `SELECT datname FROM pg_database WHERE datname LIKE '${pattern}%' ORDER BY datname`],
    { encoding: "utf8" }
  )
  return output.split("\n").filter((name) => name !== "")
}

/** The pid of the run that made a test database (the first number of its name; older runs named it by the worker). */
export const runOf = (name: string): number | undefined => {
  const match = /^sf_test_(\d+)_/.exec(name)
  return match === null ? undefined : Number(match[1])
}

/** Whether a process with this pid runs on this machine. */
export const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** The URL of database `name` on `adminUrl`'s server. */
const urlOf = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Creates a new, empty test database of this worker on `adminUrl`'s server; answers its name and URL. */
export const createTestDatabase = async (adminUrl: string): Promise<{ readonly name: string; readonly url: string }> => {
  const run = process.env[testRunVariable] ?? String(process.pid)
  const name = `${testDatabasePrefix}${run}_${process.pid}_${++created}`
  await execFileAsync("psql", [adminUrl, "-Xq", "-c", `CREATE DATABASE ${name}`])
  return { name, url: urlOf(adminUrl, name) }
}

/** The statement that drops test database `name`; `force` ends the sessions still connected to it first. */
const dropStatement = (name: string, force: boolean): string => `DROP DATABASE IF EXISTS ${name}${force ? " WITH (FORCE)" : ""}`

/** Drops a test database, ending the sessions still connected to it. */
export const dropTestDatabase = async (adminUrl: string, name: string): Promise<void> => {
  await execFileAsync("psql", [adminUrl, "-Xq", "-c", dropStatement(name, true)])
}

/**
 * The layer `make` builds over the URL of a new test database on `adminUrl`'s server: the database is created when the
 * layer is built and dropped when it is released, after what `make` built (its pool) is released.
 */
export const onTestDatabase = <A, E, R>(adminUrl: string, make: (url: string) => Layer.Layer<A, E, R>): Layer.Layer<A, E, R> => {
  const created = Effect.acquireRelease(
    Effect.promise(() => createTestDatabase(adminUrl)),
    // a database that cannot be dropped now is dropped when the run ends (globalSetup.ts)
    ({ name }) => Effect.ignore(Effect.tryPromise(() => dropTestDatabase(adminUrl, name)))
  )
  return Layer.unwrap(Effect.map(created, ({ url }) => make(url)))
}

/**
 * Drops every test database of run `run` (synchronously: it runs on the vitest process's `exit`), ending the
 * sessions still connected to them; answers the names dropped.
 */
export const dropRunDatabases = (adminUrl: string, run: number): Array<string> => {
  const names = testDatabasesOn(adminUrl, `${run}_`)
  for (const name of names) {
    execFileSync("psql", [adminUrl, "-Xq", "-c", dropStatement(name, true)], { stdio: "ignore" })
  }
  return names
}

/**
 * Drops the test databases that runs killed outright left behind: those whose run's pid is gone and that no session
 * uses (a database in use belongs to a live run, perhaps of another machine; PostgreSQL refuses to drop it). Answers
 * the names dropped.
 */
export const dropLeftovers = (adminUrl: string): Array<string> => {
  const dropped: Array<string> = []
  for (const name of testDatabasesOn(adminUrl)) {
    const run = runOf(name)
    if (run === undefined || isRunning(run)) continue
    try {
      execFileSync("psql", [adminUrl, "-Xq", "-v", "ON_ERROR_STOP=1", "-c", dropStatement(name, false)], { stdio: "ignore" })
      dropped.push(name)
    } catch {
      // in use, or dropped by another run meanwhile
    }
  }
  return dropped
}
