/**
 * The loading spinner (§2, §9: 8 dots).
 *
 * @module
 */
import { spinnerDots } from "../../core/domain/layout/page.ts"
import { useShopText } from "../storefront/text.tsx"

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** The announced text; default the catalogue's "loading". */
  readonly label?: string
  /** Extra class. */
  readonly className?: string
}

/**
 * A spinner of 8 dots announced as a status ("Loading…").
 *
 * @example
 * ```tsx
 * {busy && <Spinner />}
 * ```
 */
export function Spinner({ label, className }: SpinnerProps) {
  const { t } = useShopText()
  return (
    <span className={["spinner-dots", className].filter(Boolean).join(" ")} role="status">
      <span className="dots" aria-hidden="true">
        {Array.from({ length: spinnerDots }, (_, index) => <span key={index} className="dot" style={{ ["--dot" as string]: index }} />)}
      </span>
      <span className="visually-hidden">{label ?? t("loading")}</span>
    </span>
  )
}
