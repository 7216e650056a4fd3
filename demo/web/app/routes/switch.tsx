/**
 * The shop and language switch: remembers the choice and goes back to the home page. A new shop's pages have routes
 * of their own (demo/server/http/shopBuilds.ts), so a shop switch always ends in a full document load.
 */
import { redirect, redirectDocument, type LoaderFunctionArgs } from "react-router"
import { isShopId } from "../../../../core/domain/shop.ts"
import { isUiLanguage } from "../../../../core/messages/languages.ts"
import { languageCookie, preferenceCookie, preferencesOf, shopCookie } from "../lib/preferences.ts"
import { safeRedirectTarget } from "../../../../core/domain/redirect.ts"

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const shop = url.searchParams.get("shop") ?? ""
  const language = url.searchParams.get("lang") ?? ""
  const headers = new Headers()
  const current = preferencesOf(request)
  if (isShopId(shop)) headers.append("set-cookie", preferenceCookie(shopCookie, shop))
  if (isUiLanguage(language)) headers.append("set-cookie", preferenceCookie(languageCookie, language))
  const sameShop = !isShopId(shop) || shop === current.shop.shopId
  const back = url.searchParams.get("return") ?? ""
  const target = sameShop ? safeRedirectTarget(back, "/") : "/"
  return (sameShop ? redirect : redirectDocument)(target, { headers })
}
