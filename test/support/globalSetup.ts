/**
 * Once per test run: the migrated and seeded PGlite database's dump, which every test file of every worker restores
 * (demo/server/db/Database.ts `memoryTemplate`) instead of running initdb, the migrations and the seed again; the
 * migrated template it is built from too (for the tests of the seed itself).
 *
 * Both dumps are kept between runs in node_modules/.cache/sf-pglite-templates, under a key hashed from everything
 * they are built from: the sources of the database module and every module it imports (the migrations, the seed and
 * the shop rules they read), and the PGlite version. A change to any of them makes a new key, so the dumps are
 * built afresh; a run finds them ready otherwise (building them costs about 20 s of one core). Two runs may race:
 * each file is written under a name of its own and renamed into place, so a reader sees a whole dump or none.
 *
 * When `DATABASE_URL` names a PostgreSQL server there is no template to build: the run drops the test databases that
 * runs killed earlier left there, and, when it ends (also on Ctrl-C), the test databases of its own that are left
 * (test/support/testDatabases.ts).
 */
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import {
  emptyTemplateFileVariable,
  migratedTemplateFileVariable,
  seededTemplateFileVariable,
  writeEmptyTemplate,
  writeMigratedTemplate,
  writeSeededTemplate
} from "../../demo/server/db/Database.ts"
import { dropLeftovers, dropRunDatabases, testRunVariable } from "./testDatabases.ts"

const root = resolve(import.meta.dirname, "..", "..")
const cacheDir = join(root, "node_modules", ".cache", "sf-pglite-templates")
/** Keys not used for this long are removed (the cache keeps the dumps of the sources in use, not a history). */
const unusedForMs = 7 * 86_400_000

/** The relative imports of a module's source (static, re-exports and dynamic), resolved to files. */
const relativeImports = (file: string, source: string): Array<string> =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g)]
    .map((match) => resolve(dirname(file), match[1]!))

/** Every source file the module `entry` reaches through relative imports, itself included, in a stable order. */
const moduleGraph = (entry: string): Array<string> => {
  const seen = new Set<string>()
  const pending = [entry]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (seen.has(file) || !existsSync(file)) continue
    seen.add(file)
    pending.push(...relativeImports(file, readFileSync(file, "utf8")))
  }
  return [...seen].sort()
}

/** The cache key: the sources the dumps are built from, and the PGlite version that builds and restores them. */
export const templateKey = (): string => {
  const hash = createHash("sha256")
  for (const file of moduleGraph(join(root, "demo/server/db/Database.ts"))) {
    hash.update(`${file.slice(root.length)}\0`).update(readFileSync(file)).update("\0")
  }
  const pglite = JSON.parse(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }
  hash.update(`pglite ${pglite.version}`)
  return hash.digest("hex").slice(0, 24)
}

/** Writes a dump with `write` to a name of this process's own, then renames it to `file` (atomic on one file system). */
const writeAtomically = async (file: string, write: (path: string) => Promise<void>) => {
  const partial = `${file}.${process.pid}.${Date.now()}.partial`
  try {
    await write(partial)
    renameSync(partial, file)
  } finally {
    rmSync(partial, { force: true })
  }
}

/** Removes the keys no run has used for {@link unusedForMs}. */
const pruneUnused = (keep: string) => {
  for (const name of readdirSync(cacheDir)) {
    const dir = join(cacheDir, name)
    try {
      if (name !== keep && Date.now() - statSync(dir).mtimeMs > unusedForMs) rmSync(dir, { recursive: true, force: true })
    } catch {
      // another run removed it first
    }
  }
}

/**
 * Names this run in its workers' test databases, drops what earlier runs left behind, and answers the teardown that
 * drops this run's own (run on `exit` too: vitest exits on Ctrl-C and SIGTERM without its teardowns).
 */
const dropTestDatabasesAtEnd = (adminUrl: string) => {
  process.env[testRunVariable] = String(process.pid)
  dropLeftovers(adminUrl)
  let dropped = false
  const teardown = () => {
    if (dropped) return
    dropped = true
    process.off("exit", teardown)
    dropRunDatabases(adminUrl, process.pid)
  }
  process.on("exit", teardown)
  return teardown
}

export default async function setup() {
  const adminUrl = (process.env["DATABASE_URL"] ?? "").trim()
  if (adminUrl !== "") return dropTestDatabasesAtEnd(adminUrl)
  const key = templateKey()
  const dir = join(cacheDir, key)
  const seeded = join(dir, "seeded.tar")
  const migrated = join(dir, "migrated.tar")
  const empty = join(dir, "empty.tar")
  mkdirSync(dir, { recursive: true })
  if (!existsSync(seeded) || !existsSync(migrated) || !existsSync(empty)) {
    // The seeded template is built from the migrated one and that from the empty one in this process, so the later
    // writes only dump them.
    await writeAtomically(seeded, writeSeededTemplate)
    await writeAtomically(migrated, writeMigratedTemplate)
    await writeAtomically(empty, writeEmptyTemplate)
  }
  const now = new Date()
  utimesSync(dir, now, now)
  pruneUnused(key)
  process.env[seededTemplateFileVariable] = seeded
  process.env[migratedTemplateFileVariable] = migrated
  process.env[emptyTemplateFileVariable] = empty
}
