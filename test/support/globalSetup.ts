/**
 * Once per test run: the migrated and seeded PGlite database is built one time and its dump written to a
 * temporary file; every test file of every worker restores it (demo/server/db/Database.ts `memoryTemplate`)
 * instead of running initdb, the migrations and the seed again. The migrated template it is built from is
 * written too (for the tests of the seed itself).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  migratedTemplateFileVariable,
  seededTemplateFileVariable,
  writeMigratedTemplate,
  writeSeededTemplate
} from "../../demo/server/db/Database.ts"

export default async function setup() {
  if ((process.env["DATABASE_URL"] ?? "").trim() !== "") return
  const dir = mkdtempSync(join(tmpdir(), "sf-template-"))
  const seeded = join(dir, "seeded.tar")
  const migrated = join(dir, "migrated.tar")
  await writeSeededTemplate(seeded)
  await writeMigratedTemplate(migrated)
  process.env[seededTemplateFileVariable] = seeded
  process.env[migratedTemplateFileVariable] = migrated
  return () => rmSync(dir, { recursive: true, force: true })
}
