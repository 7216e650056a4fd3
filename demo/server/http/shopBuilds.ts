/**
 * One variant of the storefront's server build per shop: React Router's build makes one route entry per distinct
 * named URL of all the shops (demo/web/app/routes.ts), and every entry is in the route manifest the browser loads
 * with the first page (`routeDiscovery: initial`) and ranks in its first render. Each shop's variant keeps the shared
 * routes and only that shop's named URLs, with a route manifest module of its own, so a shop's pages carry only its
 * routes; another shop's URL key then falls to the category, product or not-found route and answers 404.
 *
 * @module
 */
import { createHash } from "node:crypto"
import type { ServerBuild } from "react-router"
import { shopIds, type ShopId } from "../../../core/domain/shop.ts"
import { namedPathsOf } from "../../web/app/lib/shopRoutes.ts"

/** A shop's server build and the route manifest module its pages load. */
export interface ShopBuild {
  readonly build: ServerBuild
  /** The manifest module's URL path, `/assets/manifest-<hash>-<shopId>.js`. */
  readonly manifestPath: string
  readonly manifestSource: string
}

const everyNamedPath: ReadonlySet<string> = new Set(shopIds.flatMap((shopId) => [...namedPathsOf(shopId)]))

/** Whether a route path belongs in a shop's pages: a shared route (no path, or no shop's named URL) or the shop's own. */
export const isShopRoutePath = (path: string | undefined, own: ReadonlySet<string>): boolean =>
  path === undefined || !everyNamedPath.has(path) || own.has(path)

const pick = <A>(entries: Readonly<Record<string, A>>, keep: (value: A) => boolean): Record<string, A> =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => keep(value)))

/** The build a shop's pages are served with: its routes, and the assets manifest naming its own manifest module. */
export const shopBuildOf = (build: ServerBuild, shopId: ShopId): ShopBuild => {
  const own = namedPathsOf(shopId)
  const routes = pick(build.routes, (route) => route !== undefined && isShopRoutePath(route.path, own))
  const manifestRoutes = pick(build.assets.routes, (route) => route !== undefined && routes[route.id] !== undefined)
  const unnamed = JSON.stringify({ ...build.assets, routes: manifestRoutes, url: "" })
  const hash = createHash("sha256").update(unnamed).digest("hex").slice(0, 8)
  const manifestPath = `/assets/manifest-${hash}-${shopId}.js`
  const assets = { ...build.assets, routes: manifestRoutes, url: manifestPath }
  return {
    build: { ...build, routes, assets },
    manifestPath,
    manifestSource: `window.__reactRouterManifest=${JSON.stringify(assets)};`
  }
}

/** Every shop's build variant, by shop. */
export const shopBuildsOf = (build: ServerBuild): ReadonlyMap<ShopId, ShopBuild> =>
  new Map(shopIds.map((shopId) => [shopId, shopBuildOf(build, shopId)]))
