/**
 * Product reviews (spec §7 /api/reviews/getProductReviews, createReview, updateReview; §3 the customer's
 * `product_reviews` consent). Methods and shapes are not shown: ours.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { NonBlankString, PositiveId, PositiveIdFromString, QueryInt } from "./requestFields.ts"
import { WireInt, WireNumber } from "./entities/wire.ts"
import { LoginRequired, NotFound, TooManyRequests, Unprocessable } from "./errors.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

/** The lowest rating of a review (ours). */
export const minReviewRating = 1

/** The highest rating of a review (ours). */
export const maxReviewRating = 5

/** The longest review text, in characters (ours). */
export const maxReviewTextLength = 5000

/** The most reviews in one page (ours). */
export const maxReviewsPageSize = 50

/** A review rating: a whole number from {@link minReviewRating} to {@link maxReviewRating}. */
export const ReviewRating = Schema.Int.check(
  Schema.isBetween({ minimum: minReviewRating, maximum: maxReviewRating })
)

/** A review text: non-blank, at most {@link maxReviewTextLength} characters. */
export const ReviewText = NonBlankString.check(Schema.isMaxLength(maxReviewTextLength))

const ReviewFields = {
  reviewId: WireInt,
  productId: WireInt,
  rating: WireInt,
  text: SafeString,
  pros: Schema.optionalKey(SafeString),
  cons: Schema.optionalKey(SafeString),
  authorName: Schema.optionalKey(SafeString),
  createdTs: Schema.optionalKey(WireInt),
  own: Schema.optionalKey(Schema.Boolean)
}

/** The schema type of {@link Review}, named so that declarations refer to it instead of spelling it out. */
export interface ReviewStruct extends Schema.Struct<typeof ReviewFields> {}

/**
 * A product review: `reviewId`, `productId`, `rating`, `text`, optional `pros` and `cons`, the author's display
 * `authorName`, the creation time `createdTs` (seconds) and `own` (written by the caller, so editable).
 */
export const Review: ReviewStruct = Schema.Struct(ReviewFields)

/** Decoded type of {@link Review}. */
export type Review = typeof Review.Type

const ProductReviewsQueryFields = {
  productId: PositiveIdFromString,
  page: Schema.optionalKey(QueryInt.check(Schema.isGreaterThanOrEqualTo(1))),
  limit: Schema.optionalKey(QueryInt.check(Schema.isBetween({ minimum: 1, maximum: maxReviewsPageSize })))
}

/** The schema type of {@link ProductReviewsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface ProductReviewsQueryStruct extends Schema.Struct<typeof ProductReviewsQueryFields> {}

/** The query of getProductReviews: the `productId`, and the `page` (from 1) and `limit` (1..50) of the listing. */
export const ProductReviewsQuery: ProductReviewsQueryStruct = Schema.Struct(ProductReviewsQueryFields)

/** Decoded type of {@link ProductReviewsQuery}. */
export type ProductReviewsQuery = typeof ProductReviewsQuery.Type

const ProductReviewsFields = {
  reviews: Schema.Array(Review),
  count: WireInt,
  averageRating: Schema.optionalKey(Schema.NullOr(WireNumber))
}

/** The schema type of {@link ProductReviews}, named so that declarations refer to it instead of spelling it out. */
export interface ProductReviewsStruct extends Schema.Struct<typeof ProductReviewsFields> {}

/** One page of a product's reviews, newest first: the `reviews`, the total `count` and the `averageRating`. */
export const ProductReviews: ProductReviewsStruct = Schema.Struct(ProductReviewsFields)

/** Decoded type of {@link ProductReviews}. */
export type ProductReviews = typeof ProductReviews.Type

const reviewContentFields = {
  rating: ReviewRating,
  text: ReviewText,
  pros: Schema.optionalKey(SafeString.check(Schema.isMaxLength(maxReviewTextLength))),
  cons: Schema.optionalKey(SafeString.check(Schema.isMaxLength(maxReviewTextLength)))
}

const CreateReviewFields = {
  productId: PositiveId,
  ...reviewContentFields
}

/** The schema type of {@link CreateReview}, named so that declarations refer to it instead of spelling it out. */
export interface CreateReviewStruct extends Schema.Struct<typeof CreateReviewFields> {}

/** The body of createReview: the `productId` and the review's rating, text, pros and cons. */
export const CreateReview: CreateReviewStruct = Schema.Struct(CreateReviewFields)

/** Decoded type of {@link CreateReview}. */
export type CreateReview = typeof CreateReview.Type

const UpdateReviewFields = {
  reviewId: PositiveId,
  ...reviewContentFields
}

/** The schema type of {@link UpdateReview}, named so that declarations refer to it instead of spelling it out. */
export interface UpdateReviewStruct extends Schema.Struct<typeof UpdateReviewFields> {}

/** The body of updateReview: the `reviewId` of the caller's own review and its new rating, text, pros and cons. */
export const UpdateReview: UpdateReviewStruct = Schema.Struct(UpdateReviewFields)

/** Decoded type of {@link UpdateReview}. */
export type UpdateReview = typeof UpdateReview.Type

const ReviewResultFields = {
  review: Review
}

/** The schema type of {@link ReviewResult}, named so that declarations refer to it instead of spelling it out. */
export interface ReviewResultStruct extends Schema.Struct<typeof ReviewResultFields> {}

/** The answer of create and update: the review as stored. */
export const ReviewResult: ReviewResultStruct = Schema.Struct(ReviewResultFields)

/** Decoded type of {@link ReviewResult}. */
export type ReviewResult = typeof ReviewResult.Type

const CustomerReviewFields = {
  review: Review,
  productTitle: SafeString,
  url: Schema.optionalKey(SafeString)
}

/** The schema type of {@link CustomerReview}, named so that declarations refer to it instead of spelling it out. */
export interface CustomerReviewStruct extends Schema.Struct<typeof CustomerReviewFields> {}

/**
 * One of the customer's reviews in their ranking list (ours): the `review`, the product's `productTitle` and `url`
 * (while it is sold).
 */
export const CustomerReview: CustomerReviewStruct = Schema.Struct(CustomerReviewFields)

/** Decoded type of {@link CustomerReview}. */
export type CustomerReview = typeof CustomerReview.Type

const ProductToRateFields = {
  productId: WireInt,
  title: SafeString,
  url: Schema.optionalKey(SafeString)
}

/** The schema type of {@link ProductToRate}, named so that declarations refer to it instead of spelling it out. */
export interface ProductToRateStruct extends Schema.Struct<typeof ProductToRateFields> {}

/** A product the customer bought and has not reviewed yet: `productId`, `title` and the product `url`. */
export const ProductToRate: ProductToRateStruct = Schema.Struct(ProductToRateFields)

/** Decoded type of {@link ProductToRate}. */
export type ProductToRate = typeof ProductToRate.Type

const CustomerReviewsFields = {
  reviews: Schema.Array(CustomerReview),
  toRate: Schema.Array(ProductToRate)
}

/** The schema type of {@link CustomerReviews}, named so that declarations refer to it instead of spelling it out. */
export interface CustomerReviewsStruct extends Schema.Struct<typeof CustomerReviewsFields> {}

/**
 * The customer's ranking list (§2 clientRankingList, ours): their reviews in the shop, newest first, and the products
 * of their orders they have not reviewed yet (at most 20, newest order first).
 */
export const CustomerReviews: CustomerReviewsStruct = Schema.Struct(CustomerReviewsFields)

/** Decoded type of {@link CustomerReviews}. */
export type CustomerReviews = typeof CustomerReviews.Type

/**
 * The review calls: `getProductReviews` (GET, read-only, public); `createReview` and `updateReview` (POST,
 * CSRF-protected, for a logged-in customer); `getCustomerReviews` (GET, ours, for a logged-in customer: 401). 422 when the customer lacks the `product_reviews` consent or has
 * already reviewed the product (`field` names the cause); 404 for an unknown product or a review not the caller's.
 */
export class ReviewsGroup extends HttpApiGroup.make("reviews").add(
  HttpApiEndpoint.get("getProductReviews", "/api/reviews/getProductReviews", {
    query: ProductReviewsQuery,
    success: ProductReviews,
    error: NotFound
  }).annotate(OpenApi.Description, "One page of a product's reviews, newest first (§7)."),
  HttpApiEndpoint.post("createReview", "/api/reviews/createReview", {
    payload: CreateReview,
    success: ReviewResult,
    error: [LoginRequired, NotFound, Unprocessable, TooManyRequests]
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Writes the logged-in customer's review of a product (§7)."),
  HttpApiEndpoint.post("updateReview", "/api/reviews/updateReview", {
    payload: UpdateReview,
    success: ReviewResult,
    error: [LoginRequired, NotFound, Unprocessable]
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Changes one of the logged-in customer's own reviews (§7)."),
  HttpApiEndpoint.get("getCustomerReviews", "/api/reviews/getCustomerReviews", {
    success: CustomerReviews,
    error: LoginRequired
  }).annotate(OpenApi.Description, "The logged-in customer's reviews and the bought products still to rate (§2 clientRankingList, ours).")
) {}
