/**
 * The reviews group against the real server in-process: a product's reviews (newest first, paged, average), writing
 * one review per product with the product_reviews consent, changing one's own review, and the errors.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { ReviewsGroup } from "../../core/api/reviews.ts"
import { ReviewsHandlers } from "../../demo/server/handlers/reviews.ts"
import { clientLayerFor, testBaseUrl } from "../support/server.ts"
import { accountBackend, demoAccount, logInAs, rawLogIn, rawSession } from "./accountSupport.ts"

const { backend, probe } = accountBackend([ReviewsGroup], [ReviewsHandlers])
afterAll(() => backend.dispose())

/** A product of the shop with at least `min` published reviews, and none by the customer `key`. */
const productWithReviews = (min: number, key: string) =>
  probe.use((sql) =>
    sql<{ product_id: number; count: number; average: number }>`
      SELECT r.product_id, count(*)::int AS count, round(avg(r.rating), 2)::float8 AS average FROM reviews r
      WHERE r.shop_id = 'CZ10MA' AND r.status = 'published' AND NOT EXISTS (
        SELECT 1 FROM reviews o JOIN customers c USING (customer_id) WHERE o.product_id = r.product_id AND c.email = ${demoAccount(key)})
      GROUP BY r.product_id HAVING count(*) >= ${min} ORDER BY r.product_id LIMIT 1`
  ).pipe(Effect.map((rows) => rows[0]!))

describe("reviews (server)", () => {
  it.effect("a product's reviews: newest first, paged, with count and average; unknown products are 404", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const product = yield* productWithReviews(2, "gold")
      const all = yield* client.reviews.getProductReviews({ query: { productId: product.product_id } })
      assert.strictEqual(all.count, product.count)
      assert.strictEqual(all.averageRating, product.average)
      const times = all.reviews.map((review) => review.createdTs!)
      assert.deepStrictEqual(times, [...times].sort((a, b) => b - a))
      assert.isTrue(all.reviews.every((review) => review.own === false))
      const second = yield* client.reviews.getProductReviews({ query: { productId: product.product_id, page: 2, limit: 1 } })
      assert.lengthOf(second.reviews, 1)
      assert.strictEqual(second.reviews[0]!.reviewId, all.reviews[1]!.reviewId)
      const none = yield* Effect.flip(client.reviews.getProductReviews({ query: { productId: 99_999_999 } }))
      assert.strictEqual(none._tag, "NotFound")
      const foreign = yield* probe.use((sql) => sql<{ product_id: number }>`SELECT product_id FROM products WHERE shop_id = 'SK10MA' LIMIT 1`)
      const other = yield* Effect.flip(client.reviews.getProductReviews({ query: { productId: foreign[0]!.product_id } }))
      assert.strictEqual(other._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a guest may not write (LoginRequired)", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const error = yield* Effect.flip(client.reviews.createReview({ payload: { productId: 1, rating: 5, text: "Great" } }))
      assert.strictEqual(error._tag, "LoginRequired")
      const update = yield* Effect.flip(client.reviews.updateReview({ payload: { reviewId: 1, rating: 5, text: "Great" } }))
      assert.strictEqual(update._tag, "LoginRequired")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("one review per customer and product; the author edits only their own", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logInAs(client, "gold")
      const product = yield* productWithReviews(1, "gold")
      const created = yield* client.reviews.createReview({
        payload: { productId: product.product_id, rating: 4, text: "Solid build\nWorks well.", pros: "light", cons: " " }
      })
      assert.strictEqual(created.review.rating, 4)
      assert.isTrue(created.review.own)
      assert.strictEqual(created.review.pros, "light")
      assert.notProperty(created.review, "cons")
      assert.match(created.review.authorName ?? "", /^\S+ \S\.$/)
      const listed = yield* client.reviews.getProductReviews({ query: { productId: product.product_id } })
      assert.strictEqual(listed.count, product.count + 1)
      assert.strictEqual(listed.reviews[0]!.reviewId, created.review.reviewId)
      assert.isTrue(listed.reviews[0]!.own)
      const twice = yield* Effect.flip(client.reviews.createReview({ payload: { productId: product.product_id, rating: 1, text: "Again" } }))
      assert.strictEqual(twice._tag, "Unprocessable")
      if (twice._tag === "Unprocessable") assert.strictEqual(twice.field, "productId")
      const updated = yield* client.reviews.updateReview({ payload: { reviewId: created.review.reviewId, rating: 2, text: "Broke after a week" } })
      assert.strictEqual(updated.review.rating, 2)
      assert.strictEqual(updated.review.text, "Broke after a week")
      assert.notProperty(updated.review, "pros")
      const foreign = yield* probe.use((sql) =>
        sql<{ review_id: number }>`SELECT review_id FROM reviews WHERE customer_id IS NULL AND shop_id = 'CZ10MA' LIMIT 1`
      )
      const notMine = yield* Effect.flip(client.reviews.updateReview({ payload: { reviewId: foreign[0]!.review_id, rating: 1, text: "Mine now" } }))
      assert.strictEqual(notMine._tag, "NotFound")
      const unknownProduct = yield* Effect.flip(client.reviews.createReview({ payload: { productId: 99_999_999, rating: 3, text: "?" } }))
      assert.strictEqual(unknownProduct._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("without the product_reviews consent: 422 naming the consent", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const { session } = yield* logInAs(client, "vip-plus")
      yield* probe.use((sql) =>
        sql`UPDATE customer_consents SET value = false WHERE customer_id = ${session.customerId!} AND code = 'product_reviews'`
      )
      const product = yield* productWithReviews(1, "vip-plus")
      const error = yield* Effect.flip(client.reviews.createReview({ payload: { productId: product.product_id, rating: 5, text: "Nice" } }))
      assert.strictEqual(error._tag, "Unprocessable")
      if (error._tag === "Unprocessable") assert.strictEqual(error.field, "product_reviews")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("malformed reviews are refused by the schema (400); writes need the csrf token (403)", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      yield* Effect.promise(() => rawLogIn(raw, "loyalty"))
      const answers = yield* Effect.promise(() => Promise.all([
        raw.send("POST", "/api/reviews/createReview", { body: { productId: 1, rating: 6, text: "x" } }),
        raw.send("POST", "/api/reviews/createReview", { body: { productId: 1, rating: 5, text: "   " } }),
        raw.send("POST", "/api/reviews/createReview", { body: { productId: 1, rating: 5, text: "x" }, csrf: null }),
        raw.send("POST", "/api/reviews/updateReview", { body: { reviewId: 1, rating: 5, text: "x" }, csrf: "wrong" })
      ]))
      assert.deepStrictEqual(answers.map((answer) => answer.status), [400, 400, 403, 403])
    }))
})
