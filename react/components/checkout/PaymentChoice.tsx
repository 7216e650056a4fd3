/**
 * The payments offered for the cart (§2 shipping step): what the core left after the §5 filters
 * (shop quirks, wallet support), each disabled or invalid one shown but not selectable with its
 * reason, and the child payments (e.g. instalment plans) of the selected one.
 *
 * @module
 */
import { useId } from "react"
import type { BillingMethods } from "../../../core/api/entities/payment.ts"
import { isSelectable, selectedChildPayment, type PaymentSelection } from "../../../core/domain/payment.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link PaymentChoice}. */
export interface PaymentChoiceProps {
  /** The billing methods offered, by code (already filtered by the core, §5). */
  readonly methods: BillingMethods
  /** The selected code. */
  readonly selected: string | undefined
  /** The shopper chose a payment or one of its child payments. */
  readonly onSelect: (selection: PaymentSelection) => void
  readonly className?: string | undefined
}

/** The payment choice. */
export function PaymentChoice(props: PaymentChoiceProps) {
  const { t, money } = useShopText()
  const id = useId()
  return (
    <fieldset className={["payments", props.className].filter(Boolean).join(" ")}>
      <legend>{t("sf_payment")}</legend>
      {Object.entries(props.methods).map(([code, method]) => {
        const usable = isSelectable(method)
        const reasonId = `${id}-${code}-reason`
        const checked = props.selected === code
        const child = selectedChildPayment(method)
        return (
          <div key={code} className="payment">
            <label className={usable ? "radio-card" : "radio-card disabled"}>
              <input type="radio" name={`${id}-payment`} value={code} checked={checked} disabled={!usable}
                aria-describedby={usable ? undefined : reasonId}
                onChange={() => props.onSelect({ billingMethodId: code })} />
              <span>{method.title ?? code}</span>
              <span className="price">{Number(method.price ?? 0) === 0 ? t("sf_free") : money(Number(method.price))}</span>
            </label>
            {!usable && (
              <p id={reasonId} className="hint">{method.invalid === true ? t("pu_payment_invalid") : t("pu_payment_disabled")}</p>
            )}
            {checked && (method.childPayments ?? []).length > 0 && (
              <fieldset className="child-payments">
                <legend>{t("pu_payment_options", { payment: method.title ?? code })}</legend>
                {(method.childPayments ?? []).map((option) => (
                  <label key={option.code} className={option.disabled === true ? "radio-card disabled" : "radio-card"}>
                    <input type="radio" name={`${id}-${code}-child`} value={option.code} disabled={option.disabled === true}
                      checked={child?.code === option.code}
                      onChange={() => props.onSelect({ billingMethodId: code, productCode: option.code })} />
                    <span>{option.title ?? option.code}</span>
                  </label>
                ))}
              </fieldset>
            )}
          </div>
        )
      })}
    </fieldset>
  )
}
