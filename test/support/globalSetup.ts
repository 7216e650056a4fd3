/**
 * Once per test run: the migrated and seeded PGlite database is built one time and its dump written to a
 * temporary file; every test file of every worker restores it (demo/server/db/Database.ts `memoryTemplate`)
 * instead of running initdb, the migrations and the seed again.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { seededTemplateFileVariable, writeSeededTemplate } from "../../demo/server/db/Database.ts"

export default async function setup() {
  if ((process.env["DATABASE_URL"] ?? "").trim() !== "") return
  const dir = mkdtempSync(join(tmpdir(), "sf-template-"))
  const file = join(dir, "seeded.tar")
  await writeSeededTemplate(file)
  process.env[seededTemplateFileVariable] = file
  return () => rmSync(dir, { recursive: true, force: true })
}
