/**
 * Vite configuration of the demo storefront: the React Router plugin (route modules, server
 * rendering, per-route code splitting). In `npm run dev` the shop API runs on its own port and Vite
 * forwards the API paths to it.
 */
import { reactRouter } from "@react-router/dev/vite"
import { defineConfig } from "vite"

const api = process.env["STOREFRONT_API"] ?? "http://127.0.0.1:3001"
const apiPaths = ["/api", "/product-api", "/recently-viewed-api", "/tracking-api", "/media", "/template"]

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    fs: { allow: ["../.."] },
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: api, changeOrigin: false }]))
  },
  // No preload lists for dynamic imports: the chunks loaded later (the services on the first interaction, the header
  // and footer after the page) fetch their own imports, and the first load carries neither the lists nor the helper.
  build: { target: "es2022", modulePreload: false },
  // The dependencies only the lazily loaded services and widgets import: without them in the first optimization, the
  // dev server's first page found them late, optimized again and reloaded the page (a first visit did not hydrate).
  optimizeDeps: { include: ["effect", "effect/http-api", "effect/http", "jotai", "jotai/utils", "xss"] }
})
