/**
 * The checkout's step navigation (§2 "Checkout flow"): the four steps by their navigation titles,
 * the current one marked for screen readers.
 *
 * @module
 */
import { checkoutSteps, checkoutStepTable, type CheckoutStep } from "../../../core/domain/checkout.ts"
import type { MessageKey } from "../../../core/messages/index.ts"
import { useShopText } from "../../storefront/text.tsx"

/** The title of a step (§2 navigation title key). */
export const useStepTitle = (): ((step: CheckoutStep) => string) => {
  const { t } = useShopText()
  return (step) => t(checkoutStepTable[step].titleKey as MessageKey)
}

/** The step navigation. */
export function CheckoutSteps({ current, className }: { readonly current: CheckoutStep; readonly className?: string | undefined }) {
  const { t } = useShopText()
  const title = useStepTitle()
  return (
    <nav aria-label={t("sf_checkout_steps")} className={["steps", className].filter(Boolean).join(" ")}>
      <ol>
        {checkoutSteps.map((step) => (
          <li key={step} aria-current={step === current ? "step" : undefined} className={step === current ? "current" : ""}>
            {title(step)}
          </li>
        ))}
      </ol>
    </nav>
  )
}
