/**
 * Page forms that work without JavaScript: a page's loader opens the shopper's session (so a first visit has a
 * csrf token to put in the form), and its action accepts a posted form only when the form's token is the
 * session's (the API's own CSRF check covers the call the action then makes, not the page post itself).
 *
 * @module
 */
import { data, type RouterContextProvider } from "react-router"
import type { Shop } from "../../../../core/domain/shop.ts"
import { shopCaller, type ShopCaller } from "./api.server.ts"

/** The form field carrying the session's csrf token. */
export const csrfField = "csrf_token"

/** The shopper's session for a page (created on a first visit; its cookie goes back with the page). */
export const pageSession = async (request: Request, context: Readonly<RouterContextProvider>, shop: Shop) => {
  const caller = shopCaller(request, context, shop)
  const session = await caller.call((client) => client.session.get())
  return { caller, session }
}

/** A posted form whose csrf token is the session's; 403 otherwise (a cross-site post, or a form from an old session). */
export const checkedForm = async (
  request: Request,
  context: Readonly<RouterContextProvider>,
  shop: Shop
): Promise<{ readonly form: FormData; readonly caller: ShopCaller; readonly customerId: number | null }> => {
  const form = await request.formData()
  const { caller, session } = await pageSession(request, context, shop)
  const token = form.get(csrfField)
  if (typeof token !== "string" || token === "" || token !== session.csrfToken) throw data({ formExpired: true }, { status: 403 })
  return { form, caller, customerId: session.customerId }
}

/** A text field of a posted form ("" when absent or a file). */
export const field = (form: FormData, name: string): string => {
  const value = form.get(name)
  return typeof value === "string" ? value : ""
}
