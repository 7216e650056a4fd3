/**
 * The new cart's item calls (spec §7 "New cart and checkout", group `cart`): add to cart (idempotent with the
 * `idempotency-key` header), change amount, delete, services and discount certificates. Every call answers the
 * ApiResponse envelope; business refusals are 200 with `status.status` "error" and flash messages (§4, §8); unknown
 * items, variants and bundles are 404 where the contract declares it.
 *
 * @module
 */
import { isWalletSupportedHeaderValue, walletSupportedHeader } from "../../../core/api/headers.ts"
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import type { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { ApiResponse } from "../../../core/api/entities/envelope.ts"
import { NotFound } from "../../../core/api/errors.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import type { BundleType } from "../../../core/domain/cart.ts"
import { flashMessage, genericErrorFlash } from "../../../core/domain/flash.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { addToCart, addVariantAtOnce } from "../domain/cart/adding.ts"
import { applyDiscount, removeDiscount } from "../domain/cart/discounts.ts"
import { attachBundle, detachBundle } from "../domain/cart/bundles.ts"
import { type CartChange, cartFlashKeys, type CartNotFound, CartRefused } from "../domain/cart/errors.ts"
import { cartResponse } from "../domain/cart/responses.ts"
import { changeAmount, deleteItems } from "../domain/cart/amounts.ts"
import { type PaymentContext } from "../domain/cart/billingMethods.ts"
import { type IdempotencyKeyReused, requestIdempotencyKey, statementKeyClaim, withIdempotencyKey } from "../domain/idempotency.ts"

/** The payment context of a request: wallet support from the {@link walletSupportedHeader} header (default none). */
export const paymentContextOf = (request: HttpServerRequest.HttpServerRequest): PaymentContext => ({
  walletSupported: isWalletSupportedHeaderValue(request.headers[walletSupportedHeader])
})

/** A failure of a cart change as the new cart answers it. */
type ChangeFailure = SqlError | CartNotFound | CartRefused | IdempotencyKeyReused

/**
 * Runs a change of the session's cart and answers the envelope: `ok` with the change's notices, or `error` with the
 * refusal's flash (200); a reused idempotency key is an `error` envelope too. `CartNotFound` becomes 404.
 */
const answer = <R>(
  cartId: number,
  extended: boolean,
  payment: PaymentContext,
  change: Effect.Effect<CartChange, ChangeFailure, R>
): Effect.Effect<ApiResponse, NotFound, R | SqlClient.SqlClient> =>
  orDieOnSql(
    change.pipe(
      Effect.flatMap((result) => cartResponse(cartId, "ok", { extended, flashes: result.flashes, payment, state: result.state })),
      Effect.catchTags({
        CartRefused: (refusal) => cartResponse(cartId, "error", { extended, flashes: [refusal.flash], payment }),
        IdempotencyKeyReused: () =>
          cartResponse(cartId, "error", {
            extended,
            flashes: [flashMessage(cartFlashKeys.idempotencyKeyReused, "danger", "cart")],
            payment
          }),
        CartNotFound: (error) => Effect.fail(new NotFound({ message: error.message }))
      })
    )
  )

/**
 * Runs a change for calls that declare no 404: an unknown discount code is a 200 error envelope with the
 * `err_discount_code_unknown` flash, any other missing thing (a cart ordered meanwhile) the generic error flash.
 */
const answerWithout404 = <R>(
  cartId: number,
  extended: boolean,
  payment: PaymentContext,
  change: Effect.Effect<CartChange, ChangeFailure, R>
): Effect.Effect<ApiResponse, never, R | SqlClient.SqlClient> =>
  answer(
    cartId,
    extended,
    payment,
    Effect.catchTag(change, "CartNotFound", (error) =>
      Effect.fail(
        new CartRefused({
          flash: error.subject === "discount"
            ? flashMessage(cartFlashKeys.discountUnknown, "danger", "cart")
            : genericErrorFlash("cart"),
          field: error.subject === "discount" ? "code" : undefined
        })
      ))
  ).pipe(Effect.catchTag("NotFound", Effect.die))

const serviceHandlers = (type: BundleType) => ({
  add: ({ payload, request }: { readonly payload: { readonly id: number; readonly bundleId: number; readonly extended?: boolean }; readonly request: HttpServerRequest.HttpServerRequest }) =>
    Effect.gen(function*() {
      const session = yield* Session
      return yield* answer(
        session.cartId,
        payload.extended ?? false,
        paymentContextOf(request),
        attachBundle(session.cartId, payload.id, type, payload.bundleId)
      )
    }),
  remove: ({ payload, request }: { readonly payload: { readonly id: number; readonly bundleId: number; readonly extended?: boolean }; readonly request: HttpServerRequest.HttpServerRequest }) =>
    Effect.gen(function*() {
      const session = yield* Session
      return yield* answer(
        session.cartId,
        payload.extended ?? false,
        paymentContextOf(request),
        detachBundle(session.cartId, payload.id, type, payload.bundleId)
      )
    })
})

const warranty = serviceHandlers("warranty")
const insurance = serviceHandlers("insurance")
const digital = serviceHandlers("digital")
const returnGuarantee = serviceHandlers("return_guarantee")

/** The cart item ids of a delete query (§7 "ids joined by commas"): the positive whole numbers among them. */
export const itemIdsOf = (joined: string): ReadonlyArray<number> =>
  joined.split(",").map((id) => id.trim()).filter((id) => /^[1-9][0-9]{0,15}$/.test(id)).map(Number)
    .filter(Number.isSafeInteger)

/** The handlers of the new cart's item group. */
export const CartHandlers = HttpApiBuilder.group(ShopApi, "cart", (handlers) =>
  handlers
    .handle("addToCart", ({ payload, request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const key = yield* requestIdempotencyKey
        const extended = payload.extended ?? false
        const payment = paymentContextOf(request)
        const services = (payload.services ?? []).map((service) => ({ type: service.type, bundleId: service.bundleId }))
        const scope = `cart.addToCart:cart-${session.cartId}`
        const ok = (result: CartChange) =>
          cartResponse(session.cartId, "ok", { extended, flashes: result.flashes, payment, state: result.state })
        // A line of the cached cart: one statement, the key stored with the answer in it; else the general way.
        const atOnce = services.length === 0
          ? addVariantAtOnce(session.cartId, payload.variantId, payload.amount, ok, key === undefined ? undefined : (response) =>
            statementKeyClaim(scope, key, payload, response))
          : Effect.succeed(undefined)
        const apply = addToCart(session.cartId, { variantId: payload.variantId }, payload.amount, services).pipe(
          Effect.flatMap(ok),
          Effect.catchTag("CartRefused", (refusal) =>
            cartResponse(session.cartId, "error", { extended, flashes: [refusal.flash], payment }))
        )
        const general = withIdempotencyKey(scope, key, apply, { fingerprint: payload, changes: "transaction" })
        return yield* Effect.flatMap(atOnce, (done) => done === undefined ? general : Effect.succeed(done))
          .pipe(
            Effect.catchTags({
              IdempotencyKeyReused: () =>
                cartResponse(session.cartId, "error", {
                  extended,
                  flashes: [flashMessage(cartFlashKeys.idempotencyKeyReused, "danger", "cart")],
                  payment
                }),
              CartNotFound: (error) => Effect.fail(new NotFound({ message: error.message }))
            }),
            orDieOnSql
          )
      }))
    .handle("changeAmount", ({ payload, request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer(
          session.cartId,
          payload.extended ?? false,
          paymentContextOf(request),
          changeAmount(session.cartId, payload.id, payload.amount)
        )
      }))
    .handle("deleteItems", ({ query, request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answerWithout404(
          session.cartId,
          true,
          paymentContextOf(request),
          Effect.as(deleteItems(session.cartId, itemIdsOf(query.ids)), { flashes: [] })
        )
      }))
    .handle("addWarranty", warranty.add)
    .handle("removeWarranty", warranty.remove)
    .handle("addInsurance", insurance.add)
    .handle("removeInsurance", insurance.remove)
    .handle("addDigital", digital.add)
    .handle("removeDigital", digital.remove)
    .handle("addReturnGuarantee", returnGuarantee.add)
    .handle("removeReturnGuarantee", returnGuarantee.remove)
    .handle("addDiscountCertificate", ({ payload, request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answerWithout404(
          session.cartId,
          payload.extended,
          paymentContextOf(request),
          applyDiscount(session.cartId, payload.code)
        )
      }))
    .handle("removeDiscountCertificate", ({ payload, request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answerWithout404(
          session.cartId,
          payload.extended,
          paymentContextOf(request),
          removeDiscount(session.cartId, payload.code)
        )
      }))
)
