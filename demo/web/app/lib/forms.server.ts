/**
 * Page forms that work without JavaScript: a page's loader opens the shopper's session (so a first visit has a
 * csrf token to put in the form), and its action accepts a posted form only when the form's token is the session's
 * or the post comes from this origin (the API's own CSRF check covers the call the action then makes, not the page
 * post itself).
 *
 * @module
 */
import { data, type RouterContextProvider } from "react-router"
import type { Shop } from "../../../../core/domain/shop.ts"
import { shopCaller, type ShopCaller } from "./api.server.ts"
import { csrfField } from "./forms.ts"


/** The shopper's session for a page (created on a first visit; its cookie goes back with the page). */
export const pageSession = async (request: Request, context: Readonly<RouterContextProvider>, shop: Shop) => {
  const caller = shopCaller(request, context, shop)
  const session = await caller.call((client) => client.session.get())
  return { caller, session }
}

/**
 * Whether a post comes from this shop's own pages: the browser's `Origin` is the page's origin, or, without one,
 * `Sec-Fetch-Site` says same-origin. A cross-site form post carries neither.
 */
export const isSameOriginPost = (request: Request): boolean => {
  const origin = request.headers.get("origin")
  if (origin !== null) return origin === new URL(request.url).origin
  return request.headers.get("sec-fetch-site") === "same-origin"
}

/**
 * A posted form that carries the session's csrf token, or comes from this origin (a first visit's page may hold the
 * token of a session the browser replaced while the page loaded); 403 otherwise.
 */
export const checkedForm = async (
  request: Request,
  context: Readonly<RouterContextProvider>,
  shop: Shop
): Promise<{ readonly form: FormData; readonly caller: ShopCaller; readonly customerId: number | null }> => {
  const form = await request.formData()
  const { caller, session } = await pageSession(request, context, shop)
  const token = form.get(csrfField)
  const tokenMatches = typeof token === "string" && token !== "" && token === session.csrfToken
  if (!tokenMatches && !isSameOriginPost(request)) throw data({ formExpired: true }, { status: 403 })
  return { form, caller, customerId: session.customerId }
}

/** A text field of a posted form ("" when absent or a file). */
export const field = (form: FormData, name: string): string => {
  const value = form.get(name)
  return typeof value === "string" ? value : ""
}

/** The page path a loader or action runs for, without the `.data` suffix of client-side data requests or a trailing slash. */
export const pagePathOf = (request: Request): string =>
  new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/+$/, "")
