/**
 * Builds the storefront (`npm run build:web`) when its build is missing or older than any source it
 * is made of (demo/web/app, react, core), so `npm start` on a fresh clone serves the shop.
 *
 * @module
 */
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)))
const built = join(root, "demo/web/build/server/index.js")

/** The newest modification time (ms) of the files under `dir`. */
const newest = (dir: string): number => {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "build" || entry.name.startsWith(".")) continue
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

const sources = ["demo/web", "react", "core"].map((dir) => newest(join(root, dir)))
if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources)) {
  console.log("storefront build is up to date")
} else {
  console.log("building the storefront (demo/web)…")
  const result = spawnSync("npm", ["run", "build:web"], { cwd: root, stdio: "inherit", shell: process.platform === "win32" })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
