/**
 * The saved cards of the account (§2 manageCardList): each card's kind, brand, last four digits, holder and expiry,
 * with a button to remove it, and the form to add one (the number checked with the Luhn rule of the core before it
 * is sent; the server checks it again).
 *
 * @module
 */
import { useState, type FormEvent } from "react"
import type { SavedCard } from "../../../core/api/accountClubs.ts"
import { type CardBrand, cardKinds, cardNumberProblem, maskedCardNumber } from "../../../core/domain/paymentCards.ts"
import { TextField } from "../forms/TextField.tsx"
import { useShopText } from "../../storefront/text.tsx"
import { type ClubFormProps, PlainForm } from "./clubForms.tsx"

/** The brand names (proper names, the same in every language). */
export const brandNames: { readonly [B in CardBrand]: string } = {
  visa: "Visa",
  mastercard: "Mastercard",
  maestro: "Maestro",
  amex: "American Express",
  other: ""
}

/** Props of {@link SavedCardList}. */
export interface SavedCardListProps extends ClubFormProps {
  readonly cards: ReadonlyArray<SavedCard>
  readonly busy?: boolean
}

/** The saved cards, each with a remove button posting `intent=remove` and `cardId`. */
export function SavedCardList({ cards, busy = false, form: Form = PlainForm, hiddenFields }: SavedCardListProps) {
  const { t } = useShopText()
  if (cards.length === 0) return <p>{t("clubs_cards_none")}</p>
  return (
    <ul className="saved-cards">
      {cards.map((card) => (
        <li key={card.cardId} className={`saved-card saved-card--${card.kind} saved-card--${card.brand}`}>
          <span className="saved-card-kind">{t(card.kind === "payment" ? "clubs_card_kind_payment" : "clubs_card_kind_loyalty")}{brandNames[card.brand] === "" ? "" : ` · ${brandNames[card.brand]}`}</span>
          <span className="saved-card-number" aria-label={t("clubs_card_ending", { last4: card.last4 })}>{maskedCardNumber(card.last4)}</span>
          <span>{card.holder}</span>
          {card.expiryMonth === null || card.expiryYear === null ? null : (
            <span>{t("clubs_card_expires", { month: String(card.expiryMonth).padStart(2, "0"), year: String(card.expiryYear) })}</span>
          )}
          <Form method="post" className="saved-card-remove">
            {hiddenFields}
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="cardId" value={card.cardId} />
            <button type="submit" className="button" disabled={busy}>{t("clubs_card_remove", { last4: card.last4 })}</button>
          </Form>
        </li>
      ))}
    </ul>
  )
}

/** Why the add-card form was refused, by field. */
export type AddCardErrors = { readonly number?: "number_invalid" | "number_length" | "duplicate"; readonly expiry?: "expired" }

/** Props of {@link AddCardForm}. */
export interface AddCardFormProps extends ClubFormProps {
  readonly errors?: AddCardErrors
  /** The values sent when the form was refused (never the card number). */
  readonly values?: { readonly kind?: string; readonly holder?: string; readonly expiryMonth?: string; readonly expiryYear?: string }
  readonly busy?: boolean
}

const numberMessage = { number_invalid: "clubs_card_number_invalid", number_length: "clubs_card_number_length", duplicate: "clubs_card_duplicate" } as const

/**
 * The form that adds a card: kind, number, holder, and the expiry of a payment card; posts `intent=add`. With
 * JavaScript a number failing the core's rule (length, Luhn check digit) is refused in the browser and not sent.
 */
export function AddCardForm({ errors = {}, values = {}, busy = false, form: Form = PlainForm, hiddenFields }: AddCardFormProps) {
  const { t } = useShopText()
  // The browser's refusal of the number; cleared when the number passes, so the server's answer shows again.
  const [refused, setRefused] = useState<"number_invalid" | "number_length">()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const number = new FormData(event.currentTarget).get("number")
    const problem = cardNumberProblem(typeof number === "string" ? number : "")
    const error = problem === undefined ? undefined : problem === "checksum" ? "number_invalid" : "number_length"
    setRefused(error)
    if (error === undefined) return
    event.preventDefault()
    const field = event.currentTarget.elements.namedItem("number")
    if (field instanceof HTMLInputElement) field.focus()
  }
  const numberError = refused ?? errors.number
  return (
    <Form method="post" className="stack-form add-card" onSubmit={onSubmit}>
      {hiddenFields}
      <input type="hidden" name="intent" value="add" />
      <div className="form-field">
        <label htmlFor="card-kind">{t("clubs_card_kind")}</label>
        <select id="card-kind" name="kind" defaultValue={values.kind ?? "payment"}>
          {cardKinds.map((kind) => <option key={kind} value={kind}>{t(kind === "payment" ? "clubs_card_kind_payment" : "clubs_card_kind_loyalty")}</option>)}
        </select>
      </div>
      <TextField label={t("clubs_card_number")} name="number" inputMode="numeric" autoComplete="cc-number" required maxLength={40}
        error={numberError === undefined ? undefined : t(numberMessage[numberError])} />
      <TextField label={t("clubs_card_holder")} name="holder" autoComplete="cc-name" required defaultValue={values.holder ?? ""} />
      <div className="form-row">
        <TextField label={t("clubs_card_expiry_month")} name="expiryMonth" inputMode="numeric" autoComplete="cc-exp-month" maxLength={2}
          defaultValue={values.expiryMonth ?? ""} hint={t("clubs_card_expiry_hint")}
          error={errors.expiry === undefined ? undefined : t("clubs_card_expired")} />
        <TextField label={t("clubs_card_expiry_year")} name="expiryYear" inputMode="numeric" autoComplete="cc-exp-year" maxLength={4}
          defaultValue={values.expiryYear ?? ""} />
      </div>
      <button type="submit" className="button primary" disabled={busy}>{t("clubs_card_add")}</button>
    </Form>
  )
}
