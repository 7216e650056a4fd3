/**
 * The storefront's routes. The named URLs of every shop (§2: cart, login, account pages...) are
 * static routes, so each page type is its own chunk; a loader answers 404 when the path is not the
 * current shop's. Product URLs are `/{mainCategoryUrlKey}/{variantUrl}` (§2).
 */
import { index, route, type RouteConfig } from "@react-router/dev/routes"
import { shopIds, shopById, type UrlKeys } from "../../../core/domain/shop.ts"
import { shopPagesOf, type ShopPages } from "../../../core/domain/shopPages.ts"

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

const named = new Map<string, { readonly file: string; readonly id: string }>()
for (const shopId of shopIds) {
  const keys = shopById(shopId).urlKeys
  for (const [kind, file] of Object.entries(pageOf)) {
    const path = keys[kind as keyof UrlKeys].replace(/^\/+|\/+$/g, "")
    if (!named.has(path)) named.set(path, { file, id: `${kind}:${path}` })
    if (kind === "wishlist") {
      const detail = `${path}-detail/:wishlistId`
      if (!named.has(detail)) named.set(detail, { file, id: `wishlistDetail:${path}` })
    }
    if (kind === "clientQuestionaireList") {
      const detail = `${path}/:questionnaireId`
      if (!named.has(detail)) named.set(detail, { file: "routes/questionnaire.tsx", id: `questionnaire:${path}` })
    }
    if (kind === "cart") {
      const step = `${path}/:step`
      if (!named.has(step)) named.set(step, { file: "routes/checkout.tsx", id: `checkout:${path}` })
    }
  }
}

/** The pages without a named URL (core/domain/shopPages.ts), per shop. */
const ownPageOf: Partial<Record<keyof ShopPages, string>> = {
  contact: "routes/contact.tsx",
  petForm: "routes/pets.tsx"
}
for (const shopId of shopIds) {
  const pages = shopPagesOf(shopId)
  for (const [kind, file] of Object.entries(ownPageOf)) {
    const path = String(pages[kind as keyof ShopPages]).replace(/^\/+|\/+$/g, "")
    if (!named.has(path)) named.set(path, { file, id: `${kind}:${path}` })
  }
}

export default [
  index("routes/home.tsx"),
  route("switch", "routes/switch.tsx"),
  route("search", "routes/search.tsx"),
  ...[...named].map(([path, { file, id }]) => route(path, file, { id })),
  route(":category", "routes/category.tsx"),
  route(":category/:variant", "routes/product.tsx"),
  route("*", "routes/not-found.tsx")
] satisfies RouteConfig
