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
import type { AddToCartPayload, ChangeAmountPayload } from "../../../core/api/cart.ts"
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
import { type CartChange, cartFlashKeys, type CartNotFound, CartRefused, type CartRequirements } from "../domain/cart/errors.ts"
import { cartResponse } from "../domain/cart/responses.ts"
import { changeAmount, changeAmountAtOnce, deleteItems } from "../domain/cart/amounts.ts"
import { type PaymentContext } from "../domain/cart/billingMethods.ts"
import { answerJson } from "../http/answerJson.ts"
import { type IdempotencyKeyReused, requestIdempotencyKey, statementKeyClaim, withIdempotencyKey } from "../domain/idempotency.ts"

/** The payment context of a request: wallet support from the {@link walletSupportedHeader} header (default none). */
export const paymentContextOf = (request: HttpServerRequest.HttpServerRequest): PaymentContext => ({
  walletSupported: isWalletSupportedHeaderValue(request.headers[walletSupportedHeader])
})

/** The `ok` envelope after `change` (its notices, the cart as it left it) of `cartId`. */
const okAnswer = (cartId: number, extended: boolean, payment: PaymentContext, change: CartChange) =>
  cartResponse(cartId, "ok", { extended, flashes: change.flashes, payment, state: change.state })

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
      Effect.flatMap((result) => okAnswer(cartId, extended, payment, result)),
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

/** The idempotency scope of add-to-cart keys of `cartId`. */
export const addToCartScope = (cartId: number): string => `cart.addToCart:cart-${cartId}`

/**
 * The answer of an add-to-cart of a line of the cached cart without services, made in ONE statement (the key stored
 * with the answer in it, see `addVariantAtOnce`); undefined when it does not apply or changed nothing (the general way
 * then decides). The handler below and the write fast path (demo/server/http/fastWrites.ts) both run it. The key
 * stores the answer's wire text (`answerJson`), which the fast path then sends without writing it again.
 */
export const addToCartAtOnce = (
  cartId: number,
  payload: AddToCartPayload,
  key: string | undefined,
  payment: PaymentContext
): Effect.Effect<ApiResponse | undefined, SqlError, SqlClient.SqlClient> => {
  if ((payload.services ?? []).length > 0) return Effect.succeed(undefined)
  const extended = payload.extended ?? false
  const ok = (result: CartChange) => okAnswer(cartId, extended, payment, result)
  return addVariantAtOnce(cartId, payload.variantId, payload.amount, ok, key === undefined ? undefined : (response) =>
    statementKeyClaim(addToCartScope(cartId), key, payload, response, answerJson(response)))
}

/**
 * The answer of a change-amount made in ONE statement (`changeAmountAtOnce`: a non-gift line of the cached cart,
 * lowered or kept); undefined when it does not apply or changed nothing. Run by the handler's general way first, and
 * by the write fast path.
 */
export const changeAmountAtOnceAnswer = (
  cartId: number,
  payload: ChangeAmountPayload,
  payment: PaymentContext
): Effect.Effect<ApiResponse | undefined, SqlError, CartRequirements> =>
  Effect.flatMap(changeAmountAtOnce(cartId, payload.id, payload.amount), (done) =>
    done === undefined
      ? Effect.succeed(undefined)
      : okAnswer(cartId, payload.extended ?? false, payment, done))

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
        const scope = addToCartScope(session.cartId)
        // A line of the cached cart: one statement, the key stored with the answer in it; else the general way.
        const atOnce = addToCartAtOnce(session.cartId, payload, key, payment)
        const apply = addToCart(session.cartId, { variantId: payload.variantId }, payload.amount, services).pipe(
          Effect.flatMap((result) => okAnswer(session.cartId, extended, payment, result)),
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
