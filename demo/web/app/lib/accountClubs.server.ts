/**
 * What the account club pages (loyalty clubs, VIP club, questionnaires, saved cards) share on the server: the page
 * answers 404 when its path is not the current shop's or the shop does not enable the page (§2 account menu), a guest
 * goes to the login with a `return` to the page, and a failed call for a customer whose session ended does too.
 *
 * @module
 */
import { data, redirect, type RouterContextProvider } from "react-router"
import type { Shop, ShopFeatures, UrlKeyName } from "../../../../core/domain/shop.ts"
import { hasSessionCookie } from "./api.server.ts"
import { pagePathOf, pageSession } from "./forms.server.ts"
import { preferencesOf } from "./preferences.ts"

/** The page of each named URL and the shop table flag that enables it (§2). */
export const clubPageFeatures = {
  clientLoyaltyClubs: "loyaltyClubs",
  clientVipClub: "vipClub",
  clientQuestionaireList: "questionnaires",
  manageCardList: "cardManagement"
} as const satisfies Partial<Record<UrlKeyName, keyof ShopFeatures>>

/** A named URL of a club page. */
export type ClubPage = keyof typeof clubPageFeatures

/** The login page with a `return` to `path`. */
export const loginRedirect = (shop: Shop, path: string) => redirect(`${shop.urlKeys.login}?return=${encodeURIComponent(path)}`)

/** Whether a failed call means the customer is not logged in (any more). */
export const isLoginRequired = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "_tag" in error && error._tag === "LoginRequired"

/**
 * Opens a club page: 404 unless `path` (default: the request's) is the page's in the current shop and the shop
 * enables it; the login for a guest; else the shop, the session (csrf token) and the caller.
 */
export const openClubPage = async (
  request: Request,
  context: Readonly<RouterContextProvider>,
  page: ClubPage,
  path: string = pagePathOf(request)
) => {
  const { shop } = preferencesOf(request)
  if (path !== shop.urlKeys[page] || !shop.features[clubPageFeatures[page]]) throw data(null, { status: 404 })
  if (!hasSessionCookie(request)) throw loginRedirect(shop, pagePathOf(request))
  const { caller, session } = await pageSession(request, context, shop)
  if (session.customerId === null) throw loginRedirect(shop, pagePathOf(request))
  return { shop, caller, session }
}

/** Runs a call of a club page: a `LoginRequired` answer goes to the login, any other failure is thrown on. */
export const callOrLogin = async <A>(shop: Shop, request: Request, call: () => Promise<A>): Promise<A> => {
  try {
    return await call()
  } catch (error) {
    if (isLoginRequired(error)) throw loginRedirect(shop, pagePathOf(request))
    throw error
  }
}
