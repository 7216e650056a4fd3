/**
 * React Router (framework mode) configuration of the demo storefront: server rendering on, the app
 * in `app/`, the build in `build/` (client assets and the server bundle that demo/server serves).
 * The whole route manifest is in the first HTML (`routeDiscovery: initial`): no `/__manifest` fetches after hydration,
 * each of which re-rendered the whole app when its routes were patched in.
 */
import type { Config } from "@react-router/dev/config"

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "initial" }
} satisfies Config
