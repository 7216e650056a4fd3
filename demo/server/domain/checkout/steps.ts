/**
 * The checkout step machine: which step to show and the check-step answer (§2, core/domain/checkout.ts).
 *
 * @module
 */
import { Effect } from "effect"
import type { Customer } from "../../../../core/api/entities/customer.ts"
import type { ResponseStatus, StepResponse } from "../../../../core/api/entities/envelope.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { type CheckoutStep, effectiveStep, flowNumberOf, type FlowNumber, isShippingContext, mayEnterShipping, stepOfFlowNumber } from "../../../../core/domain/checkout.ts"
import { loadPurchase } from "../cart/purchase.ts"
import { shopOf } from "../account/common.ts"
import { okResponseStatus } from "./common.ts"
import { type CheckoutContext, loadContext } from "./context.ts"
import { billingMethodsFor, buildDeliveries, campaignBarOf, cartOf } from "./deliveries.ts"
import { confirmationUrlOf, lastSessionOrder, type PlacedOrder } from "./orders.ts"
import { checkoutTagEvent, dataLayerFor, purchaseTagEvent, tagLinesOf, tagStepOf } from "./tagData.ts"

// -----------------------------------------------------------------------------------------------
// the step machine
// -----------------------------------------------------------------------------------------------

/**
 * The step the page may show when it asks for `requested` (§2, §4): the preview always; with an empty cart only the
 * preview; a shipping context needs a customer who may enter shipping (logged in or waiting for confirmation), then
 * a filled address (`effectiveStep`), else the customer step. Confirmation is shown as shipping until an order is
 * placed.
 */
export const showableStep = (ctx: CheckoutContext, requested: CheckoutStep): CheckoutStep => {
  if (requested === "preview" || ctx.state.lines.length === 0) return "preview"
  if (isShippingContext(requested) && !mayEnterShipping(ctx.customer)) return "customer"
  return effectiveStep(requested === "confirmation" ? "shipping" : requested, ctx.customer)
}

/** The answer of a step, with the deliveries and payments on the shipping step. */
export const stepAnswer = (ctx: CheckoutContext, step: CheckoutStep, status: ResponseStatus) =>
  Effect.gen(function*() {
    const tagStep = tagStepOf(step)
    const lines = tagLinesOf(ctx)
    const deliveries = step === "shipping" ? buildDeliveries(ctx) : undefined
    return {
      status,
      step: flowNumberOf(step),
      cart: cartOf(ctx, deliveries ?? []),
      customer: ctx.customer,
      dataLayerDirectData: dataLayerFor(ctx.shop, tagStep, ctx.customer),
      queue: [checkoutTagEvent(tagStep, lines)],
      ...(deliveries === undefined
        ? {}
        : { deliveries, billingMethods: yield* billingMethodsFor(ctx), campaignBar: campaignBarOf(ctx) })
    } satisfies StepResponse
  })

/** The answer of the confirmation step: the placed order (§3 purchase, purchaseId, confirmationUrl) and step5. */
export const confirmationAnswer = (session: SessionData, order: PlacedOrder, customer: Customer) =>
  Effect.gen(function*() {
    const shop = shopOf(session)
    const purchase = yield* loadPurchase(session.sessionId, session.cartId)
    const queue = [purchaseTagEvent(order.orderNumber, shop.currency, order, order.lines)]
    return {
      status: okResponseStatus,
      step: flowNumberOf("confirmation"),
      customer,
      cart: purchase ?? {
        purchaseId: order.orderId,
        confirmationUrl: confirmationUrlOf(shop, order.token),
        purchase: { orderId: order.orderNumber }
      },
      dataLayerDirectData: dataLayerFor(shop, 5, customer),
      queue,
      step5: { purchaseId: order.orderId, orderNumber: order.orderNumber, queue }
    } satisfies StepResponse
  })

/**
 * check-step (§7, read-only): the step to show for the step the page asks for ({@link showableStep}); the
 * confirmation step with an empty cart shows the order the session placed last.
 */
export const checkStep = (session: SessionData, requested: FlowNumber) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const step = stepOfFlowNumber(requested) ?? "preview"
    if (step === "confirmation" && ctx.state.lines.length === 0) {
      const order = yield* lastSessionOrder(session)
      if (order !== undefined) return yield* confirmationAnswer(session, order, ctx.customer)
    }
    return yield* stepAnswer(ctx, showableStep(ctx, step), okResponseStatus)
  })
