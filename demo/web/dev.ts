/**
 * `npm run dev`: the shop API on port 3001 (embedded database) and Vite's dev server with hot reload
 * on port 3000, which forwards the API paths to it (demo/web/vite.config.ts); loaders reach the API
 * over fetch (`STOREFRONT_API`).
 *
 * @module
 */
import { spawn } from "node:child_process"
import { resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)))
const apiPort = process.env["API_PORT"] ?? "3001"
const env = { ...process.env, STOREFRONT_API: `http://127.0.0.1:${apiPort}` }
const api = spawn(process.execPath, ["demo/server/main.ts"], { cwd: root, stdio: "inherit", env: { ...env, PORT: apiPort } })
const web = spawn("npx", ["react-router", "dev", "demo/web", "--port", process.env["PORT"] ?? "3000", "--host", "127.0.0.1"], { cwd: root, stdio: "inherit", env })
const stop = () => {
  api.kill()
  web.kill()
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
api.on("exit", stop)
web.on("exit", stop)
