/**
 * The customer's rankings (spec §2 clientRankingList; the page's content is not shown, ours): the products the
 * customer rated, best first, and the products they bought and have not rated yet.
 *
 * @module
 */

/** A rated product in the ranking list. */
export interface RankedReview {
  /** The review. */
  readonly reviewId: number
  /** The rating (1..5). */
  readonly rating: number
  /** When it was written (seconds). */
  readonly createdTs?: number | undefined
}

/** The ranking order: highest rating first; equal ratings newest first, then by id (highest first). */
export const rankReviews = <R extends RankedReview>(reviews: ReadonlyArray<R>): ReadonlyArray<R> =>
  [...reviews].sort((a, b) => b.rating - a.rating || (b.createdTs ?? 0) - (a.createdTs ?? 0) || b.reviewId - a.reviewId)

/** The average of ratings rounded to one decimal; null without ratings. */
export const averageRating = (ratings: ReadonlyArray<number>): number | null =>
  ratings.length === 0 ? null : Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10
