/**
 * Packs the package once, as `npm publish` would (`prepack` builds `dist/`), and lints the tarball:
 * publint with warnings as errors, and arethetypeswrong for an ESM-only package over every entry point,
 * each rule of `core/domain` included (the `./core/domain/*` pattern is not checked on its own).
 *
 *   npm run check:package
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** What `npm pack --json` says about the tarball it wrote. */
interface Packed {
  readonly filename: string
  readonly size: number
  readonly unpackedSize: number
  readonly entryCount: number
}

const destination = mkdtempSync(join(tmpdir(), "storefront-pack-"))
try {
  const output = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"]
  })
  const [packed] = JSON.parse(output) as ReadonlyArray<Packed>
  if (packed === undefined) throw new Error(`npm pack answered no tarball: ${output}`)
  console.log(`${packed.filename}: ${packed.entryCount} files, ${packed.size} bytes packed, ${packed.unpackedSize} bytes unpacked`)
  const tarball = join(destination, packed.filename)
  const rules = readdirSync("core/domain", { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts"))
    .map((path) => `./core/domain/${path.replaceAll("\\", "/").slice(0, -".ts".length)}`)
    .sort()
  execFileSync("publint", ["run", "--strict", tarball], { stdio: "inherit" })
  execFileSync("attw", [tarball, "--profile", "esm-only", "--format", "table-flipped", "--include-entrypoints", ...rules], {
    stdio: "inherit"
  })
} finally {
  rmSync(destination, { recursive: true, force: true })
}
