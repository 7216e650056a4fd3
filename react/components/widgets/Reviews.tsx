/**
 * A product's reviews (§7 getProductReviews, createReview): the average rating and the count (in the UI language's
 * plural form), the reviews newest first with more loaded on request, and a logged-in customer's review form.
 * The first page comes from the server-rendered page; later pages and writing go through the shop API client.
 *
 * @module
 */
import { useId, useState, type FormEvent } from "react"
import type { ProductReviews as ProductReviewsPage, Review } from "../../../core/api/reviews.ts"
import { LocalDate } from "../LocalDate.tsx"
import { useRunWith } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** The highest rating (the contract's `maxReviewRating`, kept here so the page loads no schema). */
const maxRating = 5

/** A rating as stars with its value as text (an image with the rating as its name). */
export function Stars({ rating }: { readonly rating: number }) {
  const { t } = useShopText()
  const rounded = Math.max(0, Math.min(maxRating, Math.round(rating)))
  return (
    <span className="sf-stars" role="img" aria-label={t("widgets_rating", { rating: Math.round(rating * 10) / 10, max: maxRating })}>
      <span aria-hidden="true">{"★".repeat(rounded)}{"☆".repeat(maxRating - rounded)}</span>
    </span>
  )
}

/** Props of {@link ProductReviews}. */
export interface ProductReviewsProps {
  /** The product. */
  readonly productId: number
  /** The first page as the server rendered it (none: nothing reviewed yet, or not loaded). */
  readonly initial: ProductReviewsPage | undefined
  /** The shopper is logged in (may write a review). */
  readonly loggedIn: boolean
  /** The page to come back to after logging in. */
  readonly returnTo: string
  /** Reviews per page (default 10). */
  readonly pageSize?: number
  /** Extra classes. */
  readonly className?: string
}

/**
 * A product's reviews and the review form.
 *
 * @example
 * ```tsx
 * <ProductReviews productId={product.productId} initial={reviews} loggedIn={customerId !== null} returnTo={pathname} />
 * ```
 */
export function ProductReviews({ productId, initial, loggedIn, returnTo, pageSize = 10, className }: ProductReviewsProps) {
  const { t, text, shop } = useShopText()
  const Link = useLink()
  const run = useRunWith()
  const headingId = useId()
  const [reviews, setReviews] = useState<ReadonlyArray<Review>>(initial?.reviews ?? [])
  const [count, setCount] = useState(initial?.count ?? 0)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(false)
  const [rating, setRating] = useState(maxRating)
  const [body, setBody] = useState("")
  const [sending, setSending] = useState(false)
  const [message, setMessage] = useState("")
  const average = initial?.averageRating ?? null

  const more = () => {
    setLoading(true)
    run((m) => m.ShopApiClient.use((api) => api.reviews.getProductReviews({ query: { productId, page: page + 1, limit: pageSize } })))
      .then((next) => {
        setReviews((shown) => [...shown, ...next.reviews.filter((review) => !shown.some((s) => s.reviewId === review.reviewId))])
        setCount(next.count)
        setPage(page + 1)
      }, () => setMessage(t("unknown_error")))
      .finally(() => setLoading(false))
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (body.trim() === "") return setMessage(t("frm_required"))
    setSending(true)
    setMessage("")
    run((m) => m.ShopApiClient.use((api) => api.reviews.createReview({ payload: { productId, rating, text: body.trim() } })))
      .then(({ review }) => {
        setReviews((shown) => [review, ...shown])
        setCount((n) => n + 1)
        setBody("")
        setMessage(t("widgets_review_thanks"))
      }, (error: unknown) => {
        const failure = error as { name?: string; message?: string; _tag?: string } | null
        if (failure?.name === "AbortError") return
        setMessage(failure?._tag === "Unprocessable" && failure.message !== undefined ? text(failure.message) : t("unknown_error"))
      })
      .finally(() => setSending(false))
  }
  return (
    <section className={["sf-reviews", className ?? ""].join(" ").trim()} aria-labelledby={headingId}>
      <h2 id={headingId}>{t("widgets_reviews")}</h2>
      <p className="sf-reviews-summary">
        {average !== null && count > 0 && <><Stars rating={average} />{" "}</>}
        {count > 0 ? t("widgets_review_count", { count }) : t("widgets_no_reviews")}
      </p>
      {reviews.length > 0 && (
        <ol className="sf-review-list">
          {reviews.map((review) => (
            <li key={review.reviewId} className="sf-review">
              <p className="sf-review-head">
                <Stars rating={review.rating} />{" "}
                <span className="sf-review-author">{review.authorName ?? t("widgets_review_anonymous")}</span>
                {review.createdTs !== undefined && <> · <LocalDate value={review.createdTs * 1000} /></>}
              </p>
              <p>{review.text}</p>
              {review.pros !== undefined && review.pros !== "" && <p><strong>{t("widgets_review_pros")}:</strong> {review.pros}</p>}
              {review.cons !== undefined && review.cons !== "" && <p><strong>{t("widgets_review_cons")}:</strong> {review.cons}</p>}
            </li>
          ))}
        </ol>
      )}
      {reviews.length < count && (
        <button type="button" className="button" disabled={loading} aria-busy={loading} onClick={more}>
          {loading ? t("loading") : t("widgets_more_reviews")}
        </button>
      )}
      {loggedIn
        ? (
          <form className="sf-review-form" onSubmit={submit} aria-label={t("widgets_write_review")}>
            <fieldset>
              <legend>{t("widgets_your_rating")}</legend>
              {Array.from({ length: maxRating }, (_, i) => i + 1).map((value) => (
                <label key={value} className="sf-rating-choice">
                  <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} />
                  {t("widgets_stars", { count: value })}
                </label>
              ))}
            </fieldset>
            <label className="sf-field">{t("widgets_review_text")}
              <textarea name="text" required rows={4} value={body} onChange={(event) => setBody(event.currentTarget.value)} />
            </label>
            <button type="submit" className="button primary" disabled={sending} aria-busy={sending}>
              {sending ? t("loading") : t("widgets_write_review")}
            </button>
          </form>
        )
        : <p><Link to={`${shop.urlKeys.login}?return=${encodeURIComponent(returnTo)}`}>{t("widgets_login_to_review")}</Link></p>}
      <p role="status" className="sf-review-status">{message}</p>
    </section>
  )
}
