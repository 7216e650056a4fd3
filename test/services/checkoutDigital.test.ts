/**
 * Whether the checkout's cart holds digital content (§3 `hasDigitalContent`): the shipping step says such content
 * is delivered electronically, since a digital delivery has no methods to choose.
 */
import { describe, expect, test } from "vitest"
import type { CheckoutResponse } from "../../core/services/Checkout.ts"
import { applyCheckoutResponse, initialCheckoutState } from "../../core/services/Checkout.ts"

const offerAll = <A>(methods: A): A => methods
const answerWithCart = (cart: Record<string, unknown>): CheckoutResponse => ({ cart } as unknown as CheckoutResponse)

describe("Checkout state: digital content", () => {
  test("follows the cart of each answer; an answer without a cart keeps it", () => {
    expect(initialCheckoutState.hasDigitalContent).toBe(false)
    const digital = applyCheckoutResponse(initialCheckoutState, answerWithCart({ hasDigitalContent: true, deliveries: [] }), offerAll)
    expect(digital.hasDigitalContent).toBe(true)
    expect(applyCheckoutResponse(digital, {} as CheckoutResponse, offerAll).hasDigitalContent).toBe(true)
    expect(applyCheckoutResponse(digital, answerWithCart({ hasDigitalContent: false }), offerAll).hasDigitalContent).toBe(false)
    expect(applyCheckoutResponse(digital, answerWithCart({}), offerAll).hasDigitalContent).toBe(true)
  })
})
