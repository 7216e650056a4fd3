/**
 * End-to-end tests only: the cart page's server-side read of the cart fails for a request whose cookie
 * {@link failingCartReadCookie} carries the value the server was started with in {@link failingCartReadVariable}. Off
 * unless that variable is set when the server starts; a request cannot switch it on, only match the value it was given.
 *
 * @module
 */
import { cookieValue } from "./preferences.ts"

/** The environment variable that turns the fault on, with the value a request's cookie must carry. */
export const failingCartReadVariable = "STOREFRONT_TEST_FAILING_CART_READ"

/** The cookie naming the fault's value. */
export const failingCartReadCookie = "sf_test_failing_cart_read"

const armed = process.env[failingCartReadVariable] ?? ""

/** Whether this request's server-side cart read is to fail (never unless the server was started with the variable). */
export const cartReadFails = (request: Request): boolean =>
  armed !== "" && cookieValue(request.headers.get("cookie"), failingCartReadCookie) === armed
