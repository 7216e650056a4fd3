/**
 * The new cart API's cart, purchase, invoice-note, order-consent and payment calls (spec §7
 * `/api/v2/cart.cart-api/`, group `cartApi`): load-cart, load-purchase, set-invoice-note, order-consents,
 * order-consent-notes, select-billing-method and clean-selected-payment. Every call answers the ApiResponse
 * envelope; a refused payment selection is 200 with `status.status` "error" and a flash (§4, §8). load-cart answers
 * the whole cart: articles (with title, link, image, prices, params, availability), deliveries with their methods
 * and selection, the order's addresses, the customer and the billing methods.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { ApiResponse } from "../../../core/api/entities/envelope.ts"
import { genericErrorFlash } from "../../../core/domain/flash.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { buildDeliveries, cartOf } from "../domain/checkout/deliveries.ts"
import { dayMs } from "../domain/checkout/common.ts"
import { loadContext } from "../domain/checkout/context.ts"
import { cartResponse } from "../domain/cart/responses.ts"
import { cleanSelectedPayment, selectBillingMethod, setInvoiceNote } from "../domain/cart/payment.ts"
import { billingMethodsOfState } from "../domain/cart/billingMethods.ts"
import { loadOrderConsents, orderConsentNotes } from "../domain/cart/orderConsents.ts"
import { loadPurchase } from "../domain/cart/purchase.ts"
import { paymentContextOf } from "./cart.ts"
import { replayable } from "../http/fastReads.ts"
import { EncodedAnswers, jsonEncoder, jsonResponse } from "./encodedAnswers.ts"

/** The encoded load-cart answers, per cached cart state (see encodedAnswers.ts). */
const loadCartAnswers = new EncodedAnswers<object>()

const encodeLoadCart = jsonEncoder(ApiResponse)

/** The handlers of the cart-api group. */
export const CartApiHandlers = HttpApiBuilder.group(ShopApi, "cartApi", (handlers) =>
  handlers
    .handle("loadCart", ({ request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(
          Effect.gen(function*() {
            const ctx = yield* loadContext(session)
            const payment = paymentContextOf(request)
            // The answer is a function of the cached cart state, the shop's cached settings, the customer with the
            // order's addresses, the day and the wallet header: encoded once, served again while they are the same.
            const key = JSON.stringify([ctx.todayMs, payment.walletSupported, ctx.customer, ctx.billingAddress ?? null, ctx.shippingAddress ?? null])
            const refs = [ctx.methods, ctx.payments]
            // a guest's answer holds what the key and refs hold, for the day it was built on
            if (session.customerId === null) yield* replayable(ctx.todayMs + dayMs)
            const kept = loadCartAnswers.lookup(ctx.state, key, refs)
            if (kept !== undefined) return jsonResponse(kept)
            const deliveries = buildDeliveries(ctx)
            const cart = cartOf(ctx, deliveries)
            const body = yield* encodeLoadCart({
              status: { status: "ok" },
              cart,
              cartItems: cart.articles ?? [],
              customer: ctx.customer,
              deliveries,
              billingMethods: yield* billingMethodsOfState(ctx.state, payment)
            })
            loadCartAnswers.store(ctx.state, key, refs, body)
            return jsonResponse(body)
          })
        )
      }))
    .handle("loadPurchase", () =>
      Effect.gen(function*() {
        const session = yield* Session
        const purchase = yield* orDieOnSql(loadPurchase(session.sessionId, session.cartId))
        if (purchase === undefined) return yield* new NotFound({ message: "This session has placed no order." })
        return { status: { status: "ok" }, cart: purchase }
      }))
    .handle("setInvoiceNote", ({ payload, request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const payment = paymentContextOf(request)
        return yield* orDieOnSql(
          setInvoiceNote(session.cartId, payload.invoiceNote).pipe(
            Effect.andThen(cartResponse(session.cartId, "ok", { extended: false, payment })),
            Effect.catchTag("CartNotFound", () =>
              cartResponse(session.cartId, "error", { extended: false, flashes: [genericErrorFlash("cart")], payment }))
          )
        )
      }))
    .handle("orderConsents", () =>
      Effect.gen(function*() {
        const session = yield* Session
        const consents = yield* orDieOnSql(loadOrderConsents(session.cartId))
        return { status: { status: "ok" }, consents }
      }))
    .handle("orderConsentNotes", () =>
      Effect.gen(function*() {
        const session = yield* Session
        return { status: { status: "ok" }, notes: yield* orDieOnSql(orderConsentNotes(session.cartId)) }
      }))
    .handle("selectBillingMethod", ({ query, request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const payment = paymentContextOf(request)
        return yield* orDieOnSql(
          selectBillingMethod(session.cartId, query, payment).pipe(
            Effect.andThen(cartResponse(session.cartId, "ok", { extended: true, payment })),
            Effect.catchTags({
              CartRefused: (refusal) =>
                cartResponse(session.cartId, "error", { extended: true, flashes: [refusal.flash], payment }),
              CartNotFound: () =>
                cartResponse(session.cartId, "error", { extended: true, flashes: [genericErrorFlash("cart")], payment })
            })
          )
        )
      }))
    .handle("cleanSelectedPayment", ({ request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const payment = paymentContextOf(request)
        return yield* orDieOnSql(
          cleanSelectedPayment(session.cartId).pipe(
            Effect.andThen(cartResponse(session.cartId, "ok", { extended: true, payment })),
            Effect.catchTag("CartNotFound", () =>
              cartResponse(session.cartId, "error", { extended: true, flashes: [genericErrorFlash("cart")], payment }))
          )
        )
      }))
)
