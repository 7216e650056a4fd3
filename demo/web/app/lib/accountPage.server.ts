/**
 * What the account's product pages (digital content, watchdog, rankings) share on the server: the page answers 404
 * when its path is not the current shop's named URL (or the shop does not enable it), and sends a guest to log in
 * (and back).
 *
 * @module
 */
import { data, redirect, type RouterContextProvider } from "react-router"
import type { Shop, UrlKeys } from "../../../../core/domain/shop.ts"
import { hasSessionCookie, shopCaller, type ShopCaller } from "./api.server.ts"
import { pagePathOf } from "./forms.server.ts"
import { preferencesOf } from "./preferences.ts"

/** The shop, a caller of its API and the login redirect of an account page `page` (404 when it is not this shop's). */
export const accountPage = (
  request: Request,
  context: Readonly<RouterContextProvider>,
  page: keyof UrlKeys,
  enabled: (shop: Shop) => boolean = () => true
): { readonly shop: Shop; readonly caller: ShopCaller; readonly toLogin: () => Response } => {
  const { shop } = preferencesOf(request)
  if (pagePathOf(request) !== shop.urlKeys[page].replace(/\/+$/, "") || !enabled(shop)) throw data(null, { status: 404 })
  const toLogin = () => redirect(`${shop.urlKeys.login}?return=${encodeURIComponent(pagePathOf(request))}`)
  if (!hasSessionCookie(request)) throw toLogin()
  return { shop, caller: shopCaller(request, context, shop), toLogin }
}

/** Whether a failed call was refused for want of a login (401). */
export const isLoginRequired = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { readonly _tag?: unknown })._tag === "LoginRequired"
