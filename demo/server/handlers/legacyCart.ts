/**
 * The legacy cart widget calls (spec §7 "Legacy cart widget", group `legacyCart`): every call answers the widget
 * cart of the session (§3 Widget cart item). Unknown items, articles, bundles and codes are 404; business refusals
 * (stock, discount rules) 422 with the flash key as message and the field at fault; add-to-cart honours the
 * `idempotency-key` header.
 *
 * @module
 */
import { isWalletSupportedHeaderValue, walletSupportedHeader } from "../../../core/api/headers.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { NotFound, Unprocessable } from "../../../core/api/errors.ts"
import type { LegacyCart } from "../../../core/api/legacyCart.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import type { FlashMessage } from "../../../core/domain/flash.ts"
import { loginRequired, orDieOnSql, shopOf } from "../domain/account/common.ts"
import { addToCart } from "../domain/cart/adding.ts"
import { applyDiscount, migrateCoupons, removeDiscount } from "../domain/cart/discounts.ts"
import { attachBundle, detachBundle } from "../domain/cart/bundles.ts"
import { type CartChange, cartFlashKeys, type CartNotFound, CartRefused } from "../domain/cart/errors.ts"
import { changeAmount, deleteItem } from "../domain/cart/amounts.ts"
import { loadWidgetCart } from "../domain/cart/widget.ts"
import { moveToWishlist } from "../domain/cart/wishlistMove.ts"
import { selectBillingMethod } from "../domain/cart/payment.ts"
import { type IdempotencyKeyReused, requestIdempotencyKey, withIdempotencyKey } from "../domain/idempotency.ts"

/** The widget cart of `cartId` with flash messages (only when there are some). */
export const legacyCartOf = (cartId: number, flashes: ReadonlyArray<FlashMessage> = []) =>
  Effect.map(loadWidgetCart(cartId, { extended: true }), (cart): LegacyCart => ({
    ...cart,
    ...(flashes.length === 0 ? {} : { flashMessages: flashes })
  }))

const toNotFound = (error: CartNotFound) => new NotFound({ message: error.message })

const toUnprocessable = (error: CartRefused) =>
  new Unprocessable({ message: error.flash.message, ...(error.field === undefined ? {} : { field: error.field }) })

const reusedKey = (_: IdempotencyKeyReused) =>
  new Unprocessable({ message: cartFlashKeys.idempotencyKeyReused, field: "idempotency-key" })

/** The contract error of a cart engine failure: 404 for unknown things, 422 for refusals. */
const contractError = (error: CartNotFound | CartRefused): NotFound | Unprocessable =>
  error._tag === "CartNotFound" ? toNotFound(error) : toUnprocessable(error)

/** Runs a change of the session's cart and answers the widget cart: 404 for unknown things, 422 for refusals. */
const answer = <R>(
  cartId: number,
  change: Effect.Effect<CartChange, SqlError | CartNotFound | CartRefused, R>
): Effect.Effect<LegacyCart, NotFound | Unprocessable, R | SqlClient.SqlClient> =>
  orDieOnSql(
    change.pipe(
      Effect.flatMap((result) => legacyCartOf(cartId, result.flashes)),
      Effect.mapError((error) => (error._tag === "SqlError" ? error : contractError(error)))
    )
  )

/** Runs a change that can only miss (no refusal) and answers the widget cart: 404 for unknown things. */
const answer404 = <R>(
  cartId: number,
  change: Effect.Effect<CartChange, SqlError | CartNotFound, R>
): Effect.Effect<LegacyCart, NotFound, R | SqlClient.SqlClient> =>
  orDieOnSql(
    change.pipe(
      Effect.flatMap((result) => legacyCartOf(cartId, result.flashes)),
      Effect.mapError((error) => (error._tag === "SqlError" ? error : toNotFound(error)))
    )
  )

/** The handlers of the legacy cart group. */
export const LegacyCartHandlers = HttpApiBuilder.group(ShopApi, "legacyCart", (handlers) =>
  handlers
    .handle("get", () =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* orDieOnSql(legacyCartOf(session.cartId))
      }))
    .handle("delete", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer404(session.cartId, Effect.as(deleteItem(session.cartId, payload.id), { flashes: [] }))
      }))
    .handle("changeAmount", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer(session.cartId, changeAmount(session.cartId, payload.id, payload.amount))
      }))
    .handle("put", ({ payload, request }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const sql = yield* SqlClient.SqlClient
        const key = yield* requestIdempotencyKey
        const shop = shopOf(session)
        const walletSupported = isWalletSupportedHeaderValue(request.headers[walletSupportedHeader])
        const article = payload.variantId !== undefined
          ? { variantId: payload.variantId }
          : { bonusSetId: payload.bonusSetId ?? 0 }
        const services = (payload.services ?? []).map((service) => ({ type: service.type, bundleId: service.id }))
        const apply = sql.withTransaction(
          Effect.gen(function*() {
            const added = yield* addToCart(session.cartId, article, payload.amount, services)
            const flashes: Array<FlashMessage> = [...added.flashes]
            if (payload.billingMethodId !== undefined) {
              const selected = yield* Effect.result(
                selectBillingMethod(session.cartId, { billingMethodId: payload.billingMethodId }, { walletSupported })
              )
              if (selected._tag === "Failure") {
                if (selected.failure instanceof CartRefused) flashes.push({ ...selected.failure.flash, type: "warning" })
                else return yield* Effect.fail(selected.failure)
              }
            }
            const cart = yield* legacyCartOf(session.cartId, flashes)
            return payload.hasRedirect === true ? { ...cart, redirectUrl: shop.urlKeys.cart } : cart
          })
        )
        return yield* orDieOnSql(
          withIdempotencyKey(`legacyCart.put:cart-${session.cartId}`, key, apply, { fingerprint: payload }).pipe(
            Effect.mapError((error) =>
              error._tag === "SqlError" ? error : error._tag === "IdempotencyKeyReused" ? reusedKey(error) : contractError(error))
          )
        )
      }))
    .handle("addToWishlist", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        if (session.customerId === null) return yield* Effect.fail(loginRequired(shopOf(session)))
        return yield* answer404(
          session.cartId,
          moveToWishlist(session.cartId, session.customerId, payload.articleId, payload.amount)
        )
      }))
    .handle("addWarranty", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer(session.cartId, attachBundle(session.cartId, payload.articleId, "warranty", payload.warranty))
      }))
    .handle("deleteWarranty", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer404(session.cartId, detachBundle(session.cartId, payload.articleId, "warranty"))
      }))
    .handle("addInsurance", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer(session.cartId, attachBundle(session.cartId, payload.articleId, "insurance", payload.insurance))
      }))
    .handle("deleteInsurance", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer404(session.cartId, detachBundle(session.cartId, payload.articleId, "insurance"))
      }))
    .handle("addDigital", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer(session.cartId, attachBundle(session.cartId, payload.articleId, "digital", payload.digital))
      }))
    .handle("deleteDigital", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer404(session.cartId, detachBundle(session.cartId, payload.id, "digital", payload.bundleId))
      }))
    .handle("addGuarantee", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer(
          session.cartId,
          attachBundle(session.cartId, payload.articleId, "return_guarantee", payload.return_guarantee)
        )
      }))
    .handle("deleteGuarantee", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer404(session.cartId, detachBundle(session.cartId, payload.articleId, "return_guarantee"))
      }))
    .handle("migrateCouponsToAllegro", () =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer(session.cartId, migrateCoupons(session.cartId, session.customerId)).pipe(
          Effect.catchTag("NotFound", (error) => Effect.fail(new Unprocessable({ message: error.message })))
        )
      }))
    .handle("addCertificate", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer(session.cartId, applyDiscount(session.cartId, payload.code))
      }))
    .handle("removeCertificate", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        return yield* answer(session.cartId, removeDiscount(session.cartId, payload.code)).pipe(
          Effect.catchTag("Unprocessable", (error) => Effect.fail(new NotFound({ message: error.message })))
        )
      }))
)
