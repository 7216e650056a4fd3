/**
 * Builds the package's JavaScript, declarations and maps into `dist/` (what `npm pack` ships), incrementally: the
 * compiler's build state lives in `dist/` itself, so a build with nothing changed since the last one only checks
 * (seconds instead of a minute; `check:package` and the packed-package test build in the same CI run), and deleting
 * `dist/` forces a whole build. Outputs whose source was deleted or renamed are removed. When none of the build's
 * inputs changed since this script's last build ({@link inputsStamp}), it does not start the compiler at all: the
 * compiler's own check of an unchanged build still reads and parses every source (several seconds of a core, paid by
 * every test run's packed-package test).
 *
 *   npm run build
 */
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"

const outDir = "dist"
const buildInfo = join(outDir, ".tsbuildinfo")
/** Where the last build's inputs are noted (outside `dist/`, which npm packs). */
const stampFile = join("node_modules", ".cache", "sf-package-build", "inputs")

/**
 * The build's inputs: the sources it compiles, the compiler settings, this script, the manifest and the lockfile (the
 * compiler's version and the dependencies' types).
 */
const inputsHash = (): string => {
  const hash = createHash("sha256")
  const sources = ["core", "react"].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => join(dir, file))
  ).filter((file) => statSync(file).isFile())
  for (const file of [...sources.sort(), "tsconfig.json", "tsconfig.build.json", "package.json", "package-lock.json", "scripts/build.ts"]) {
    hash.update(`${file}\0`).update(existsSync(file) ? readFileSync(file) : "").update("\0")
  }
  return hash.digest("hex")
}

/**
 * The inputs as read before the build, with the build state's time: a build by other means or a deleted `dist/` does
 * not pass for this one.
 */
const inputs = inputsHash()
const inputsStamp = () => `${inputs} ${existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : "none"}`

if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === inputsStamp()) {
  console.error("dist/ is up to date")
  process.exit(0)
}

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

mkdirSync(dirname(stampFile), { recursive: true })
writeFileSync(stampFile, inputsStamp())
