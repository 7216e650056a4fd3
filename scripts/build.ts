/**
 * Builds the package's JavaScript, declarations and maps into `dist/` (what `npm pack` ships), incrementally: the
 * compiler's build state lives in `dist/` itself, so a build with nothing changed since the last one only checks
 * (seconds instead of a minute; `check:package` and the packed-package test build in the same CI run), and deleting
 * `dist/` forces a whole build. Outputs whose source was deleted or renamed are removed.
 *
 *   npm run build
 */
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, rmSync } from "node:fs"
import { join } from "node:path"

const outDir = "dist"
const buildInfo = join(outDir, ".tsbuildinfo")

execFileSync(process.execPath, [
  join("node_modules", "typescript", "bin", "tsc"),
  "-p", "tsconfig.build.json",
  "--incremental", "--tsBuildInfoFile", buildInfo
], { stdio: "inherit" })

/** The source an output of `dist/` was compiled from, without extension (`dist/core/a.d.ts.map` → `core/a`). */
const sourceOf = (output: string): string => output.slice(outDir.length + 1).replace(/(\.d)?\.(js|ts)(\.map)?$/, "")

for (const output of readdirSync(outDir, { recursive: true, encoding: "utf8" })) {
  const path = join(outDir, output)
  if (path === buildInfo || !/\.(js|ts|map)$/.test(output)) continue
  const source = sourceOf(path)
  if (!existsSync(`${source}.ts`) && !existsSync(`${source}.tsx`)) rmSync(path)
}
