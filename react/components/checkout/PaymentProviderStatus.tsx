/**
 * Where the payment provider's background check of CZN or CZG stands (§4, §9: it starts 2 s after the choice and is
 * polled every 2 s; §8: its failure sets the error flag): a spinner with its text while it is scheduled or running,
 * the provider's confirmation when it answered, an alert when it failed.
 *
 * @module
 */
import type { PaymentProviderPhase } from "../../../core/services/checkoutState.ts"
import { useShopText } from "../../storefront/text.tsx"
import { Spinner } from "../Spinner.tsx"

/** Props of {@link PaymentProviderStatus}. */
export interface PaymentProviderStatusProps {
  /** The check's phase (`CheckoutState.paymentProvider`). */
  readonly phase: PaymentProviderPhase
  /** The payment-provider-check error flag (`CheckoutState.error`). */
  readonly error: boolean
  /** Extra class. */
  readonly className?: string | undefined
}

/**
 * The check's progress and outcome; nothing while no check is asked for.
 *
 * @example
 * ```tsx
 * <PaymentProviderStatus phase={state.paymentProvider} error={state.error} />
 * ```
 */
export function PaymentProviderStatus({ phase, error, className }: PaymentProviderStatusProps) {
  const { t } = useShopText()
  const classes = ["provider-check", className].filter(Boolean).join(" ")
  if (error || phase === "error") {
    return <p role="alert" className={`${classes} flash danger`}>{t("sig_payment_check_failed")}</p>
  }
  if (phase === "scheduled" || phase === "polling") {
    return (
      <p className={classes} aria-busy="true">
        <Spinner label={t("sig_payment_checking")} /> <span aria-hidden="true">{t("sig_payment_checking")}</span>
      </p>
    )
  }
  if (phase === "done") return <p role="status" className={`${classes} flash success`}>{t("sig_payment_checked")}</p>
  return null
}
