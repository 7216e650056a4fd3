/**
 * The bench's shopper for real-port server tests: a new session whose cart holds one piece of each of 3 variants in
 * stock, added through the API as a shopper adds them.
 *
 * @module
 */
import { randomUUID } from "node:crypto"
import { expect } from "vitest"
import { type Answer, answersAt } from "./httpAnswers.ts"

/** The path of add-to-cart. */
export const addToCartPath = "/api/v2/cart.cart-api/add-to-cart"

/** The path of change-amount. */
export const changeAmountPath = "/api/v2/cart.cart-api/change-amount"

/** The part of a cart answer tests read: its lines. */
export interface CartAnswer {
  readonly cartItems?: ReadonlyArray<{ readonly articleId: number; readonly variantId?: number; readonly count?: number; readonly amount?: number }>
}

/** A cart answer's pieces by variant. */
export const countsOf = (answer: Answer) =>
  Object.fromEntries(((JSON.parse(answer.body) as CartAnswer).cartItems ?? []).map((item) => [item.variantId, item.count]))

/** The cart line of `variantId` in a cart answer; throws when the cart holds none. */
export const lineOf = (answer: Answer, variantId: number) => {
  const line = (JSON.parse(answer.body) as CartAnswer).cartItems?.find((item) => item.variantId === variantId)
  if (line === undefined) throw new Error(`no line of ${variantId} in ${answer.body}`)
  return line
}

/** Variants in stock in the shop the headers name (the session's when they name none): the first 100 ids that have 3. */
export const variantsInStock = async (baseUrl: () => string, headers: Record<string, string>) => {
  for (let from = 1; from < 10_000; from += 100) {
    const ids = Array.from({ length: 100 }, (_, i) => from + i).join(",")
    const found = ((await (await fetch(`${baseUrl()}/product-api/find-variants-by-id?ids=${ids}`, { headers })).json()) as ReadonlyArray<{
      variantId: number
      availability?: string
    }>).filter((variant) => variant.availability === "in_stock").map((variant) => variant.variantId)
    if (found.length >= 3) return found
  }
  throw new Error("no variants in stock")
}

/**
 * A shopper of the server at `baseUrl()` whose cart holds one piece of each of 3 variants in stock: its cookie, CSRF
 * token, the headers of its API calls, its session id and its lines (variant and cart item ids).
 */
export const shopperWithCart = async (baseUrl: () => string) => {
  const call = answersAt(baseUrl)
  const response = await fetch(`${baseUrl()}/api/session`)
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  const headers = { cookie, "x-csrf-token": csrfToken, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" }
  const lines: Array<{ variantId: number; itemId: number }> = []
  for (const variantId of (await variantsInStock(baseUrl, headers)).slice(0, 3)) {
    const answer = await call("PUT", addToCartPath, { ...headers, "idempotency-key": randomUUID() }, { variantId, amount: 1, extended: true })
    expect(answer.status).toBe(200)
    lines.push({ variantId, itemId: lineOf(answer, variantId).articleId })
  }
  return { cookie, csrfToken, headers, lines, sessionId: cookie.split("=")[1]! }
}
