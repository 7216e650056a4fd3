/**
 * Flash messages (§3 type and category, §8): the server's notices shown with the cart or a form, styled by type,
 * dangers announced as alerts and the rest as statuses, each with its type named for screen readers.
 *
 * @module
 */
import { useStoreValue } from "../storefront/storeValue.ts"
import type { FlashCategory, FlashMessage } from "../../core/domain/flash.ts"
import { flashesIn, isUrgentFlash } from "../../core/domain/flash.ts"
import { cartStateAtom, checkoutStateAtom } from "../storefront/atoms.ts"
import { useCartActions } from "../storefront/hooks.ts"
import { useShopText } from "../storefront/text.tsx"

/** Props of {@link FlashMessageList}. */
export interface FlashMessageListProps {
  /** The flashes (texts or message keys). */
  readonly flashes: ReadonlyArray<FlashMessage>
  /** Shows only the flashes of this category (§3: cart or form); all when absent. */
  readonly category?: FlashCategory
  /** Offers a close button on each flash and runs this on it. */
  readonly onDismiss?: (flash: FlashMessage) => void
  /** Extra class. */
  readonly className?: string
}

/**
 * A list of flash messages; nothing when there is none.
 *
 * @example
 * ```tsx
 * <FlashMessageList flashes={[{ message: "err_request_timeout", type: "danger", cat: "cart" }]} category="cart" />
 * ```
 */
export function FlashMessageList({ flashes, category, onDismiss, className }: FlashMessageListProps) {
  const { t, text } = useShopText()
  const shown = flashesIn(flashes, category)
  if (shown.length === 0) return null
  return (
    <div className={["flashes", className].filter(Boolean).join(" ")}>
      {shown.map((flash, index) => (
        <div key={`${flash.message}-${index}`} className={`flash ${flash.type}`} role={isUrgentFlash(flash) ? "alert" : "status"}>
          <span className="visually-hidden">{t(`header_flash_${flash.type}`)}: </span>
          <span className="flash-text">{text(flash.message)}</span>
          {onDismiss !== undefined && (
            <button type="button" className="link-button" onClick={() => onDismiss(flash)} aria-label={t("close")}>×</button>
          )}
        </div>
      ))}
    </div>
  )
}

/** Props of {@link FlashMessages}. */
export interface FlashMessagesProps {
  /** Whose flashes: the cart's (dismissible) or the checkout's. */
  readonly source: "cart" | "checkout"
  /** Shows only the flashes of this category (§3); all when absent. */
  readonly category?: FlashCategory
  /** Extra class. */
  readonly className?: string
}

/**
 * The flashes the cart or the checkout service published.
 *
 * @example
 * ```tsx
 * <FlashMessages source="cart" category="cart" />
 * ```
 */
export function FlashMessages({ source, category, className }: FlashMessagesProps) {
  const cart = useStoreValue(cartStateAtom)
  const checkout = useStoreValue(checkoutStateAtom)
  const actions = useCartActions()
  const flashes = source === "cart" ? cart.flashMessages : checkout.flashMessages
  return (
    <FlashMessageList flashes={flashes} {...(category === undefined ? {} : { category })}
      {...(className === undefined ? {} : { className })}
      {...(source === "cart" ? { onDismiss: (flash: FlashMessage) => void actions.dismissFlash(flash).catch(() => undefined) } : {})} />
  )
}
