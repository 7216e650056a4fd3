/**
 * React Router (framework mode) configuration of the demo storefront: server rendering on, the app
 * in `app/`, the build in `build/` (client assets and the server bundle that demo/server serves).
 */
import type { Config } from "@react-router/dev/config"

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true
} satisfies Config
