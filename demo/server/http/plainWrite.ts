/**
 * A fast cart write decided and answered by plain functions (no Effect): the same decision, answer and statement as
 * the handler's one-statement way (`addToCartAtOnce`, `changeAmountAtOnceAnswer`), from the process's read cache only.
 * The write fast path (fastWrites.ts) makes the change it returns (alone or batched, writeBatches.ts) and sends the
 * answer's text.
 *
 * @module
 */
import type { AddToCartPayload, ChangeAmountPayload } from "../../../core/api/cart.ts"
import type { ApiResponse } from "../../../core/api/entities/envelope.ts"
import type { ReadCacheShape } from "../db/ReadCache.ts"
import { addAtOnceDecision } from "../domain/cart/adding.ts"
import { changeAtOnceDecision } from "../domain/cart/amounts.ts"
import { billingMethodsAt, type PaymentContext } from "../domain/cart/billingMethods.ts"
import type { CartChange } from "../domain/cart/errors.ts"
import type { LineCountChange, StatementSessionProof } from "../domain/cart/mutation.ts"
import type { CartState } from "../domain/cart/reading.ts"
import { cartAnswerOf } from "../domain/cart/responses.ts"
import { statementKeyClaim } from "../domain/idempotency.ts"
import type { ShopSettings } from "../domain/shopSettings.ts"
import { addToCartScope } from "../handlers/cart.ts"
import { type AnswerBody, answerTextsOnce } from "./answerJson.ts"

/** One of the two fast writes with its decoded payload. */
export type CartWrite =
  | { readonly kind: "add"; readonly payload: AddToCartPayload; readonly key: string | undefined }
  | { readonly kind: "change"; readonly payload: ChangeAmountPayload }

/** A write decided from the cache: its change in one statement, the cart it leaves and the answer's text once it applied. */
export interface PlainWrite {
  /** The change, made alone (`lineCountStatement`) or in a batch of fast writes (writeBatches.ts). */
  readonly change: LineCountChange
  /** The cart as the statement leaves it (at its new version), to settle in the cache. */
  readonly after: CartState
  /** The answer's JSON text (`answerJsonOnce`), byte for byte the pipeline's. */
  readonly text: string
  /** The same text's UTF-8 bytes, to send (`answerTextsOnce`). */
  readonly body: AnswerBody
}

/**
 * The {@link PlainWrite} of `write` to the cached open cart `cartId` at `now` (ms): `"handOver"` when the one-statement
 * way does not apply (the handler's general way decides), undefined when something it needs is not cached (the
 * Effect way of the same statement then loads it).
 */
export const plainCartWrite = (
  cache: ReadCacheShape,
  cartId: number,
  write: CartWrite,
  proof: StatementSessionProof,
  payment: PaymentContext,
  now: number
): PlainWrite | "handOver" | undefined => {
  const base = cache.carts.peek(cartId, now) as CartState | undefined
  if (base === undefined || base.status !== "open" || base.cartId !== cartId) return "handOver"
  const extended = write.payload.extended ?? false
  const settings = extended ? cache.shopSettings.peek(base.shop.shopId, now) as ShopSettings | undefined : undefined
  if (extended && settings === undefined) return undefined
  const answerOf = (change: CartChange): ApiResponse =>
    cartAnswerOf(
      cartId,
      change.state,
      "ok",
      extended,
      change.flashes,
      settings === undefined || change.state === undefined ? {} : billingOf(change.state, settings, payment, now)
    )
  if (write.kind === "add") {
    if ((write.payload.services ?? []).length > 0) return "handOver"
    const decided = addAtOnceDecision(base, write.payload.variantId, write.payload.amount)
    if (decided === undefined) return "handOver"
    const answer = answerOf(decided.change)
    const { text, body } = answerTextsOnce(answer)
    const claim = write.key === undefined
      ? undefined
      : statementKeyClaim(addToCartScope(cartId), write.key, write.payload, answer, text)
    const after = decided.change.state
    return { change: { after, itemId: decided.change.itemId, count: decided.count, check: decided.check, claim, proof }, after, text, body }
  }
  const decided = changeAtOnceDecision(base, write.payload.id, write.payload.amount)
  if (decided === undefined) return "handOver"
  const after = decided.change.state
  const { text, body } = answerTextsOnce(answerOf(decided.change))
  return { change: { after, itemId: write.payload.id, count: decided.count, check: undefined, claim: undefined, proof }, after, text, body }
}

const billingOf = (state: CartState, settings: ShopSettings, payment: PaymentContext, now: number) =>
  billingMethodsAt(state, settings, payment, now)
