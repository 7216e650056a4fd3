/** The flash messages of the cart or the checkout (§3, §8), by type, each dismissible. */
import { useAtomValue } from "jotai"
import { cartStateAtom, checkoutStateAtom } from "../../../../react/storefront/atoms.ts"
import { useCartActions } from "../../../../react/storefront/hooks.ts"
import { useShopText } from "../lib/i18n.ts"

/** The flashes of one service. */
export function FlashList({ source }: { readonly source: "cart" | "checkout" }) {
  const cart = useAtomValue(cartStateAtom)
  const checkout = useAtomValue(checkoutStateAtom)
  const actions = useCartActions()
  const { text, t } = useShopText()
  const flashes = source === "cart" ? cart.flashMessages : checkout.flashMessages
  if (flashes.length === 0) return null
  return (
    <ul className="flashes" aria-live="polite">
      {flashes.map((flash, index) => (
        <li key={`${flash.message}-${index}`} className={`flash ${flash.type ?? "info"}`} role={flash.type === "danger" ? "alert" : "status"}>
          {text(flash.message)}
          {source === "cart" && (
            <button type="button" className="link-button" onClick={() => void actions.dismissFlash(flash)} aria-label={t("close")}>×</button>
          )}
        </li>
      ))}
    </ul>
  )
}
