/**
 * The storefront's routes. The named URLs of every shop (§2: cart, login, account pages...) are
 * static routes, so each page type is its own chunk; the page server gives each shop's pages only that
 * shop's (demo/server/http/pages.ts), and a loader answers 404 when the path is not the current shop's
 * (`npm run dev` serves every entry). Product URLs are `/{mainCategoryUrlKey}/{variantUrl}` (§2).
 */
import { index, route, type RouteConfig } from "@react-router/dev/routes"
import { namedRoutes } from "./lib/shopRoutes.ts"

export default [
  index("routes/home.tsx"),
  route("switch", "routes/switch.tsx"),
  route("search", "routes/search.tsx"),
  ...namedRoutes.map(({ path, file, id }) => route(path, file, { id })),
  route(":category", "routes/category.tsx"),
  route(":category/:variant", "routes/product.tsx"),
  route("*", "routes/not-found.tsx")
] satisfies RouteConfig
