/** The flash messages of the cart or the checkout (§3, §8): the toolkit's, by type and category. */
import { FlashMessages } from "../../../../react/components/FlashMessages.tsx"

/** The flashes of one service. */
export function FlashList({ source }: { readonly source: "cart" | "checkout" }) {
  return <FlashMessages source={source} />
}
