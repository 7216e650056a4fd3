/**
 * The customer's ranking list (§2 clientRankingList; what it holds is not shown, ours): the products they rated, best
 * rated first (the core's `rankReviews`), with their average rating, each review editable in place (§7
 * updateReview); and the products they bought and have not rated yet, linked to the product page's review form.
 *
 * @module
 */
import { useId, useState, type FormEvent } from "react"
import type { CustomerReview, CustomerReviews } from "../../../core/api/reviews.ts"
import { averageRating, rankReviews } from "../../../core/domain/rankings.ts"
import { uiLanguageLocales } from "../../../core/messages/languages.ts"
import { useRunWith } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"
import { Stars } from "../widgets/Reviews.tsx"
import { failureText } from "./failure.ts"

/** The highest rating (the contract's `maxReviewRating`, kept here so the page loads no schema). */
const maxRating = 5

/** Props of {@link Rankings}. */
export interface RankingsProps {
  /** The ranking list as the page loaded it. */
  readonly initial: CustomerReviews
}

const rankedOf = (entries: ReadonlyArray<CustomerReview>) =>
  rankReviews(entries.map((entry) => ({
    reviewId: Number(entry.review.reviewId),
    rating: Number(entry.review.rating),
    createdTs: entry.review.createdTs === undefined ? undefined : Number(entry.review.createdTs),
    entry
  }))).map((ranked) => ranked.entry)

/**
 * The ranking list page's body.
 *
 * @example
 * ```tsx
 * <Rankings initial={rankings} />
 * ```
 */
export function Rankings({ initial }: RankingsProps) {
  const { t } = useShopText()
  const Link = useLink()
  const toRateId = useId()
  const [entries, setEntries] = useState(initial.reviews)
  const ranked = rankedOf(entries)
  const average = averageRating(entries.map((entry) => Number(entry.review.rating)))
  return (
    <div className="sf-rankings">
      <p>{t("ap_rankings_intro")}</p>
      {average === null ? <p>{t("ap_rankings_empty")}</p> : (
        <>
          <p className="sf-rankings-average"><Stars rating={average} /> <span>{t("ap_rankings_average", { rating: average })}</span></p>
          <ol className="sf-account-cards">
            {ranked.map((entry) => (
              <RankedReview
                key={entry.review.reviewId}
                entry={entry}
                onSaved={(changed) => setEntries((shown) => shown.map((e) => e.review.reviewId === changed.review.reviewId ? changed : e))}
              />
            ))}
          </ol>
        </>
      )}
      <section aria-labelledby={toRateId}>
        <h2 id={toRateId}>{t("ap_rankings_to_rate")}</h2>
        {initial.toRate.length === 0 ? <p>{t("ap_rankings_all_rated")}</p> : (
          <ul className="sf-to-rate">
            {initial.toRate.map((product) => (
              <li key={product.productId}>
                {product.url === undefined ? product.title : <Link to={product.url}>{t("ap_rankings_rate", { title: product.title })}</Link>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function RankedReview({ entry, onSaved }: { readonly entry: CustomerReview; readonly onSaved: (entry: CustomerReview) => void }) {
  const { t, text, language } = useShopText()
  const Link = useLink()
  const run = useRunWith()
  const formId = useId()
  const [editing, setEditing] = useState(false)
  const [rating, setRating] = useState(Number(entry.review.rating))
  const [body, setBody] = useState(entry.review.text)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState("")
  const dates = new Intl.DateTimeFormat(uiLanguageLocales[language], { dateStyle: "medium", timeZone: "UTC" })
  const { review } = entry
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (body.trim() === "") return setMessage(t("frm_required"))
    setBusy(true)
    setMessage("")
    run((m) => m.AccountProducts.use((s) => s.updateReview({
      reviewId: Number(review.reviewId),
      rating,
      text: body.trim(),
      ...(review.pros === undefined ? {} : { pros: review.pros }),
      ...(review.cons === undefined ? {} : { cons: review.cons })
    })))
      .then((saved) => {
        onSaved({ ...entry, review: saved })
        setEditing(false)
        setMessage(t("ap_review_saved"))
      }, (error: unknown) => setMessage(failureText(error, text, t("unknown_error")) ?? ""))
      .finally(() => setBusy(false))
  }
  return (
    <li className="sf-account-card sf-review">
      <h3>{entry.url === undefined ? entry.productTitle : <Link to={entry.url}>{entry.productTitle}</Link>}</h3>
      <p className="sf-review-head">
        <Stars rating={Number(review.rating)} />
        {review.createdTs === undefined ? null : <> · <time dateTime={new Date(Number(review.createdTs) * 1000).toISOString()}>{dates.format(Number(review.createdTs) * 1000)}</time></>}
      </p>
      {editing
        ? (
          <form id={formId} className="sf-review-form" onSubmit={save} aria-label={t("ap_review_edit", { title: entry.productTitle })}>
            <fieldset>
              <legend>{t("widgets_your_rating")}</legend>
              {Array.from({ length: maxRating }, (_, i) => i + 1).map((value) => (
                <label key={value} className="sf-rating-choice">
                  <input type="radio" name={`rating-${review.reviewId}`} value={value} checked={rating === value} onChange={() => setRating(value)} />
                  {t("widgets_stars", { count: value })}
                </label>
              ))}
            </fieldset>
            <label className="sf-field">{t("widgets_review_text")}
              <textarea required rows={4} value={body} onChange={(event) => setBody(event.currentTarget.value)} />
            </label>
            <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>{busy ? t("loading") : t("ap_review_save")}</button>{" "}
            <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>{t("ap_review_cancel")}</button>
          </form>
        )
        : (
          <>
            <p>{review.text}</p>
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              {t("ap_review_edit", { title: entry.productTitle })}
            </button>
          </>
        )}
      <p role="status">{message}</p>
    </li>
  )
}
