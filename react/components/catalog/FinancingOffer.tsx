/**
 * A product page's financing offer (spec §7 /api/finance-offer/financial-offers): "from X a month" and, in a
 * disclosure, the instalment plans (number of instalments, monthly payment, interest rate, APR). It asks the
 * Financing service once the services have started (after the page is interactive), so the page's first paint and
 * first-load script carry none of it; it shows nothing when the shop finances nothing, not this price, or the call
 * fails (the offer is an extra, the page works without it).
 *
 * @module
 */
import { useEffect, useState } from "react"
import type { FinancingOffer as Offer } from "../../../core/domain/financing.ts"
import { useStorefront } from "../../storefront/StorefrontProvider.tsx"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link FinancingOffer}. */
export interface FinancingOfferProps {
  /** The price to finance (the variant's, VAT included). */
  readonly price: number
  /** The variant the price is of. */
  readonly variantId: number
}

const percent = (language: string, value: number) =>
  new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(value / 100)

/** The financing offer of a product (see the module's description). */
export function FinancingOffer({ price, variantId }: FinancingOfferProps) {
  const { runWith } = useStorefront()
  const { t, money, language } = useShopText()
  const [offer, setOffer] = useState<{ readonly for: string; readonly offer: Offer | undefined }>()
  const asked = `${variantId}:${price}`
  useEffect(() => {
    const abort = new AbortController()
    // Under the buy buttons, with its line reserved: it waits for the services (started on the shopper's first
    // interaction) instead of starting them while the page loads.
    runWith((services) => services.Financing.use((financing) => financing.offerFor(price, variantId)), abort.signal, { start: false })
      .then((answer) => setOffer({ for: asked, offer: answer }), () => undefined)
    return () => abort.abort()
  }, [runWith, price, variantId, asked])
  const shown = offer?.for === asked ? offer.offer : undefined
  if (shown === undefined) return null
  return (
    <details className="financing-offer">
      <summary>{t("fin_from_monthly", { amount: money(shown.fromMonthly) })}</summary>
      <table>
        <caption>{t("fin_variants_title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("pp_offer_installments")}</th>
            <th scope="col">{t("pp_offer_monthly")}</th>
            <th scope="col">{t("pp_offer_rate")}</th>
            <th scope="col">{t("pp_offer_apr")}</th>
          </tr>
        </thead>
        <tbody>
          {shown.plans.map((plan) => (
            <tr key={plan.code}>
              <th scope="row">{plan.installmentCount}</th>
              <td>{money(plan.monthlyPayment)}</td>
              <td>{plan.interestRate === undefined ? "–" : percent(language, plan.interestRate)}</td>
              <td>{plan.rpsn === undefined ? "–" : percent(language, plan.rpsn)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
