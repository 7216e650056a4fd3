/**
 * A database of its own for one bench target on the PostgreSQL server `adminUrl` names: created before `use`, dropped
 * after it (also when it fails), so a run leaves nothing behind.
 *
 * @module
 */
import { execFileSync } from "node:child_process"

/** Runs `use` with the URL and name of a new database `<prefix>_<pid>` on `adminUrl`'s server, then drops it. */
export const withScratchDatabase = async <A>(
  adminUrl: string,
  prefix: string,
  use: (url: URL, name: string) => Promise<A>
): Promise<A> => {
  const name = `${prefix}_${process.pid}`
  execFileSync("psql", [adminUrl, "-q", "-c", `CREATE DATABASE ${name}`], { stdio: "ignore" })
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  try {
    return await use(url, name)
  } finally {
    execFileSync("psql", [adminUrl, "-q", "-c", `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], { stdio: "ignore" })
  }
}
