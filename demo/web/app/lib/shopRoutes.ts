/**
 * The named URLs of each shop (§2: cart, login, account pages..., and the pages without a named URL such as the
 * contact page) as route entries: routes.ts makes one entry per distinct path of all shops, and the page server
 * (demo/server/http/pages.ts) gives each shop's pages only that shop's entries.
 *
 * @module
 */
import { shopById, shopIds, type ShopId, type UrlKeys } from "../../../../core/domain/shop.ts"
import { shopPagesOf, type ShopPages } from "../../../../core/domain/shopPages.ts"

/** One route entry of a named URL: its path (no leading slash), route module and route id. */
export interface NamedRoute {
  readonly path: string
  readonly file: string
  readonly id: string
}

const pageOf: Partial<Record<keyof UrlKeys, string>> = {
  cart: "routes/cart.tsx",
  login: "routes/login.tsx",
  logout: "routes/logout.tsx",
  register: "routes/register.tsx",
  passwordRecovery: "routes/password-recovery.tsx",
  clientMyAccount: "routes/account.tsx",
  clientPurchaseList: "routes/purchases.tsx",
  clientWishlist: "routes/wishlists.tsx",
  orderTracking: "routes/order-tracking.tsx",
  wishlist: "routes/wishlists.tsx",
  clientDigitalContent: "routes/digital-content.tsx",
  clientWatchdog: "routes/watchdog.tsx",
  clientRankingList: "routes/rankings.tsx",
  clientLoyaltyClubs: "routes/loyalty-clubs.tsx",
  clientVipClub: "routes/vip-club.tsx",
  clientQuestionaireList: "routes/questionnaires.tsx",
  manageCardList: "routes/cards.tsx"
}

const ownPageOf: Partial<Record<keyof ShopPages, string>> = {
  contact: "routes/contact.tsx",
  petForm: "routes/pets.tsx"
}

const trimmed = (path: string): string => path.replace(/^\/+|\/+$/g, "")

/** The route entries of a shop's named URLs (with the wishlist detail, questionnaire and checkout step paths under them). */
const urlKeyRoutesOf = (shopId: ShopId): ReadonlyArray<NamedRoute> =>
  Object.entries(pageOf).flatMap(([kind, file]) => {
    const path = trimmed(shopById(shopId).urlKeys[kind as keyof UrlKeys])
    const own: NamedRoute = { path, file, id: `${kind}:${path}` }
    if (kind === "wishlist") return [own, { path: `${path}-detail/:wishlistId`, file, id: `wishlistDetail:${path}` }]
    if (kind === "clientQuestionaireList") {
      return [own, { path: `${path}/:questionnaireId`, file: "routes/questionnaire.tsx", id: `questionnaire:${path}` }]
    }
    if (kind === "cart") return [own, { path: `${path}/:step`, file: "routes/checkout.tsx", id: `checkout:${path}` }]
    return [own]
  })

/** The route entries of a shop's pages without a named URL (core/domain/shopPages.ts). */
const ownRoutesOf = (shopId: ShopId): ReadonlyArray<NamedRoute> =>
  Object.entries(ownPageOf).map(([kind, file]) => {
    const path = trimmed(String(shopPagesOf(shopId)[kind as keyof ShopPages]))
    return { path, file, id: `${kind}:${path}` }
  })

/** The paths of a shop's named routes. */
export const namedPathsOf = (shopId: ShopId): ReadonlySet<string> =>
  new Set([...urlKeyRoutesOf(shopId), ...ownRoutesOf(shopId)].map((route) => route.path))

/** One entry per distinct path of every shop's named routes (the first shop's route id and module for a shared path). */
export const namedRoutes: ReadonlyArray<NamedRoute> = (() => {
  const byPath = new Map<string, NamedRoute>()
  for (const route of [...shopIds.flatMap(urlKeyRoutesOf), ...shopIds.flatMap(ownRoutesOf)]) {
    if (!byPath.has(route.path)) byPath.set(route.path, route)
  }
  return [...byPath.values()]
})()
