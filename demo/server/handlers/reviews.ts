/**
 * The reviews group (spec §7 /api/reviews/getProductReviews, createReview, updateReview; §3 the customer's
 * `product_reviews` consent).
 *
 * @module
 */
import { Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { NotFound, Unprocessable } from "../../../core/api/errors.ts"
import { Session, type SessionData } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { productReviewsConsent } from "../../../core/api/entities/customer.ts"
import { isGranted } from "../../../core/domain/consent.ts"
import { effectiveConsents } from "../domain/account/consents.ts"
import { orDieOnSql } from "../domain/account/common.ts"
import { requireCustomer, type SessionCustomer, sessionCustomer } from "../domain/account/customer.ts"
import { customerReviews, reviewView, type ReviewRow } from "../domain/reviews.ts"

/** Reviews per page when the query names no limit (ours). */
export const defaultReviewsPageSize = 10

/** The longest review title, cut from the start of the text (the table needs one; the contract has none). */
export const reviewTitleLength = 80

/** The title stored with a review: the text's first line, cut to {@link reviewTitleLength} characters. */
export const reviewTitle = (text: string): string => {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? ""
  const chars = [...line]
  return chars.length <= reviewTitleLength ? line : `${chars.slice(0, reviewTitleLength - 1).join("")}…`
}

/** The author shown with a review (§6 display name): first name and the initial of the last name. */
export const authorName = (customer: Pick<SessionCustomer, "firstname" | "lastname">): string => {
  const initial = [...customer.lastname.trim()][0]
  return initial === undefined ? customer.firstname : `${customer.firstname} ${initial}.`
}

const blankToNull = (value: string | undefined): string | null =>
  value === undefined || value.trim() === "" ? null : value.trim()

/** A logged-in customer who has given the `product_reviews` consent (401, or 422 naming the consent). */
const reviewer = (session: SessionData) =>
  Effect.gen(function*() {
    const customer = yield* requireCustomer(session)
    const consents = yield* effectiveConsents(session)
    if (!isGranted(consents, productReviewsConsent)) {
      return yield* new Unprocessable({
        message: "Writing reviews needs your consent to publish product reviews.",
        field: productReviewsConsent
      })
    }
    return customer
  })

const productExists = (session: SessionData, productId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ product_id: number }>`
      SELECT product_id FROM products WHERE product_id = ${productId} AND shop_id = ${session.shopId} AND active`
    if (rows[0] === undefined) return yield* new NotFound({ message: `The product ${productId} does not exist.` })
  })

/**
 * The handlers of the reviews group.
 *
 * - `getProductReviews`: the published reviews of a product of the shop, newest first, one page (`page` from 1,
 *   `limit` default {@link defaultReviewsPageSize}), the total `count` and the `averageRating` (null without
 *   reviews); `own` marks the caller's. 404 for a product not in the shop.
 * - `createReview`: a logged-in customer with the `product_reviews` consent (422 `field: "product_reviews"`
 *   otherwise), one review per product (422 `field: "productId"`; a unique index backs it); published at once.
 * - `updateReview`: the caller's own review (404 for anyone else's), same consent rule; replaces rating, text,
 *   pros and cons.
 * - `getCustomerReviews` (ours): the logged-in customer's reviews in the shop and the bought products still to rate
 *   (`customerReviews`); 401 for a guest.
 */
export const ReviewsHandlers = HttpApiBuilder.group(
  ShopApi,
  "reviews",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const run = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      orDieOnSql(Effect.provideService(effect, SqlClient.SqlClient, sql))
    const selectReviews = sql`
      SELECT review_id, product_id, customer_id, author_name, rating, text, pros, cons, created_at FROM reviews`

    return handlers
      .handle("getProductReviews", ({ query }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          yield* productExists(session, query.productId)
          const customer = yield* sessionCustomer(session)
          const customerId = Option.isSome(customer) ? customer.value.customerId : null
          const limit = query.limit ?? defaultReviewsPageSize
          const offset = ((query.page ?? 1) - 1) * limit
          const rows = yield* sql<ReviewRow>`
            ${selectReviews}
            WHERE product_id = ${query.productId} AND status = 'published'
            ORDER BY created_at DESC, review_id DESC LIMIT ${limit} OFFSET ${offset}`
          const totals = yield* sql<{ count: number; average: number | null }>`
            SELECT count(*)::int AS count, round(avg(rating), 2)::float8 AS average
            FROM reviews WHERE product_id = ${query.productId} AND status = 'published'`
          return {
            reviews: rows.map((row) => reviewView(row, customerId)),
            count: totals[0]?.count ?? 0,
            averageRating: totals[0]?.average ?? null
          }
        })))
      .handle("createReview", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* reviewer(session)
          yield* productExists(session, payload.productId)
          const inserted = yield* sql<ReviewRow>`
            INSERT INTO reviews (shop_id, product_id, customer_id, author_name, rating, title, text, pros, cons)
            VALUES (${session.shopId}, ${payload.productId}, ${customer.customerId}, ${authorName(customer)},
                    ${payload.rating}, ${reviewTitle(payload.text)}, ${payload.text.trim()},
                    ${blankToNull(payload.pros)}, ${blankToNull(payload.cons)})
            ON CONFLICT (product_id, customer_id) WHERE customer_id IS NOT NULL DO NOTHING
            RETURNING review_id, product_id, customer_id, author_name, rating, text, pros, cons, created_at`
          if (inserted[0] === undefined) {
            return yield* new Unprocessable({ message: "You have already reviewed this product.", field: "productId" })
          }
          return { review: reviewView(inserted[0], customer.customerId) }
        })))
      .handle("getCustomerReviews", () =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* requireCustomer(session)
          return yield* customerReviews(customer.customerId, session.shopId)
        })))
      .handle("updateReview", ({ payload }) =>
        run(Effect.gen(function*() {
          const session = yield* Session
          const customer = yield* reviewer(session)
          const updated = yield* sql<ReviewRow>`
            UPDATE reviews SET rating = ${payload.rating}, title = ${reviewTitle(payload.text)},
              text = ${payload.text.trim()}, pros = ${blankToNull(payload.pros)}, cons = ${blankToNull(payload.cons)},
              updated_at = now()
            WHERE review_id = ${payload.reviewId} AND customer_id = ${customer.customerId} AND shop_id = ${session.shopId}
            RETURNING review_id, product_id, customer_id, author_name, rating, text, pros, cons, created_at`
          if (updated[0] === undefined) return yield* new NotFound({ message: `The review ${payload.reviewId} is not yours.` })
          return { review: reviewView(updated[0], customer.customerId) }
        })))
  })
)
