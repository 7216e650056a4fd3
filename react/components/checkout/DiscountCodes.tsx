/**
 * Discount codes and gift certificates of the cart (§2 preview, §5: sent with the extended flag by
 * the cart service): the applied ones, each removable, and a form to apply another.
 *
 * @module
 */
import { useId, useState } from "react"
import type { DiscountCode } from "../../../core/api/entities/cart.ts"
import { giftCertificateDiscountType } from "../../../core/domain/cart.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link DiscountCodes}. */
export interface DiscountCodesProps {
  /** The codes applied to the cart. */
  readonly codes: ReadonlyArray<DiscountCode>
  /** Applies a code; rejects when the shop refuses it (its flash message shows elsewhere). */
  readonly onApply: (code: string) => Promise<unknown>
  /** Removes an applied code. */
  readonly onRemove: (code: string) => Promise<unknown>
  readonly className?: string | undefined
}

/** The discount codes and gift certificates. */
export function DiscountCodes({ codes, onApply, onRemove, className }: DiscountCodesProps) {
  const { t, money } = useShopText()
  const id = useId()
  const [code, setCode] = useState("")
  const [busy, setBusy] = useState(false)
  return (
    <div className={["discount", className].filter(Boolean).join(" ")}>
      {codes.length > 0 && (
        <ul aria-label={t("pu_applied_discounts")} className="discount-codes">
          {codes.map((applied) => (
            <li key={applied.code}>
              <span>{applied.type === giftCertificateDiscountType ? t("pu_gift_certificate") : t("sf_discount_code")}: <strong>{applied.code}</strong></span>
              {applied.value !== undefined && <span className="price"> −{money(Math.abs(Number(applied.value)))}</span>}
              <button type="button" className="link-button" aria-label={t("pu_remove_code", { code: applied.code })}
                onClick={() => void onRemove(applied.code).catch(() => undefined)}>{t("sf_remove")}</button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => {
        e.preventDefault()
        if (code.trim() === "") return
        setBusy(true)
        void onApply(code.trim()).then(() => setCode(""), () => undefined).finally(() => setBusy(false))
      }}>
        <label htmlFor={`${id}-code`}>{t("pu_code_or_certificate")}</label>
        <input id={`${id}-code`} value={code} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="off" />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>{t("sf_apply")}</button>
      </form>
    </div>
  )
}
