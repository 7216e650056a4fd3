/**
 * The wishlist counter (§2): a slash, the count and a quantity label, shown only when the count is not zero.
 *
 * @module
 */
import { counterLabel } from "../../../core/domain/wishlist.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link WishlistCounter}. */
export interface WishlistCounterProps {
  /** The number of items on the main wishlist. */
  readonly count: number
  /** Extra class. */
  readonly className?: string
}

/**
 * "/ 3 items" after the wishlist link; nothing for zero. The label's plural form follows the UI language (CLDR).
 *
 * @example
 * ```tsx
 * <Link to="/wishlist">Wishlist <WishlistCounter count={state.itemsCount} /></Link>
 * ```
 */
export function WishlistCounter({ count, className }: WishlistCounterProps) {
  const { t } = useShopText()
  const counter = counterLabel(count, (n) => t("wishlist_counter_items", { count: n }))
  if (counter === undefined) return null
  return (
    <span className={["wishlist-counter", className].filter(Boolean).join(" ")}>
      <span aria-hidden="true">{counter.slash}</span> {counter.count} {counter.label}
    </span>
  )
}
