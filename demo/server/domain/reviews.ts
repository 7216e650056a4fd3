/**
 * The customer's ranking list in the reference backend (spec §2 clientRankingList; ours): their reviews in a shop,
 * newest first, with the product's title and link, and the products of their orders they have not reviewed yet.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { CustomerReviews, Review } from "../../../core/api/reviews.ts"
import { productLink } from "../../../core/domain/shop.ts"

/** The most bought products still to rate the ranking list offers (ours). */
export const maxProductsToRate = 20

/** A row of the reviews table. */
export interface ReviewRow {
  readonly review_id: number
  readonly product_id: number
  readonly customer_id: number | null
  readonly author_name: string
  readonly rating: number
  readonly text: string
  readonly pros: string | null
  readonly cons: string | null
  readonly created_at: Date
}

/** The §3 review of a row; `own` when the session's customer wrote it. */
export const reviewView = (row: ReviewRow, customerId: number | null): Review => ({
  reviewId: row.review_id,
  productId: row.product_id,
  rating: row.rating,
  text: row.text,
  ...(row.pros === null ? {} : { pros: row.pros }),
  ...(row.cons === null ? {} : { cons: row.cons }),
  authorName: row.author_name,
  createdTs: Math.floor(row.created_at.getTime() / 1000),
  own: customerId !== null && row.customer_id === customerId
})

interface RankedRow {
  readonly review_id: number
  readonly product_id: number
  readonly author_name: string
  readonly rating: number
  readonly text: string
  readonly pros: string | null
  readonly cons: string | null
  readonly created_at: Date
  readonly product_title: string
  readonly variant_url: string | null
  readonly url_key: string | null
}

interface ToRateRow {
  readonly product_id: number
  readonly title: string
  readonly variant_url: string | null
  readonly url_key: string | null
}

const linkOf = (row: { readonly variant_url: string | null; readonly url_key: string | null }) =>
  row.variant_url === null || row.url_key === null
    ? {}
    : { url: productLink({ mainCategoryUrlKey: row.url_key, variantUrl: row.variant_url }) }

/** A customer's reviews in a shop (any status: their own), newest first, and the bought products still to rate. */
export const customerReviews = (
  customerId: number,
  shopId: string
): Effect.Effect<CustomerReviews, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const reviews = yield* sql<RankedRow>`
      SELECT r.review_id, r.product_id, r.author_name, r.rating, r.text, r.pros, r.cons, r.created_at,
             p.title AS product_title, v.variant_url, c.url_key
      FROM reviews r
      JOIN products p ON p.product_id = r.product_id
      LEFT JOIN variants v ON v.product_id = p.product_id AND v.is_default AND p.active
      LEFT JOIN categories c ON c.category_id = p.main_category_id
      WHERE r.customer_id = ${customerId} AND r.shop_id = ${shopId}
      ORDER BY r.created_at DESC, r.review_id DESC`
    const toRate = yield* sql<ToRateRow>`
      SELECT p.product_id, p.title, v.variant_url, c.url_key
      FROM products p
      JOIN categories c ON c.category_id = p.main_category_id
      LEFT JOIN variants v ON v.product_id = p.product_id AND v.is_default
      JOIN (
        SELECT oi.product_id, max(o.created_at) AS bought_at
        FROM orders o JOIN order_items oi ON oi.order_id = o.order_id
        WHERE o.customer_id = ${customerId} AND o.shop_id = ${shopId} AND o.state <> 'cancelled'
          AND oi.product_id IS NOT NULL
        GROUP BY oi.product_id
      ) bought ON bought.product_id = p.product_id
      WHERE p.active AND NOT EXISTS (
        SELECT 1 FROM reviews r WHERE r.product_id = p.product_id AND r.customer_id = ${customerId})
      ORDER BY bought.bought_at DESC, p.product_id
      LIMIT ${maxProductsToRate}`
    return {
      reviews: reviews.map((row) => ({
        review: reviewView({ ...row, customer_id: customerId }, customerId),
        productTitle: row.product_title,
        ...linkOf(row)
      })),
      toRate: toRate.map((row) => ({ productId: row.product_id, title: row.title, ...linkOf(row) }))
    }
  })
