/**
 * The add-to-cart and add-to-wishlist buttons (§2, §4, §5): each shows a busy label while its call runs and says the
 * outcome in a live region; the wishlist asks a guest to log in first and comes back to the page.
 *
 * @module
 */
import { useState } from "react"
import type { AddToCartService } from "../../../core/api/cart.ts"
import { useCartActions, useWishlists } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** Props of {@link AddToCartButton}. */
export interface AddToCartButtonProps {
  /** The variant to add. */
  readonly variantId: number
  /** How many pieces (the service clamps to 1..30, §5). */
  readonly amount?: number
  /** The services chosen with it (warranty, insurance...). */
  readonly services?: ReadonlyArray<AddToCartService>
  /** Where the add comes from (default `detail`). */
  readonly context?: string
  /** Out of stock or otherwise not addable. */
  readonly disabled?: boolean
  /** Extra classes. */
  readonly className?: string
}

const flashesOf = (error: unknown): ReadonlyArray<{ readonly message: string }> =>
  (error as { flashes?: ReadonlyArray<{ message: string }> } | null)?.flashes ?? []

/**
 * Adds a variant to the cart; busy while the cart service applies the answer, then says "added" or the server's
 * messages.
 *
 * @example
 * ```tsx
 * <AddToCartButton variantId={product.variantId} amount={amount} services={services} disabled={product.inStock <= 0} />
 * ```
 */
export function AddToCartButton({ variantId, amount = 1, services = [], context = "detail", disabled = false, className }: AddToCartButtonProps) {
  const { t, text } = useShopText()
  const cart = useCartActions()
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState("")
  const add = () => {
    setPending(true)
    setMessage("")
    cart.add({ variantId, amount, services, context })
      .then(() => setMessage(t("sf_added_to_cart")), (error: unknown) => {
        if ((error as { name?: string } | null)?.name === "AbortError") return
        setMessage(flashesOf(error).map((flash) => text(flash.message)).join(" ") || t("unknown_error"))
      })
      .finally(() => setPending(false))
  }
  return (
    <span className={["sf-buy", className ?? ""].join(" ").trim()}>
      <button type="button" className="button primary" disabled={disabled || pending} aria-busy={pending} onClick={add}>
        {pending ? t("widgets_adding_to_cart") : t("sf_add_to_cart")}
      </button>
      <span role="status" className="sf-buy-status">{message}</span>
    </span>
  )
}

/** Props of {@link AddToWishlistButton}. */
export interface AddToWishlistButtonProps {
  /** The variant to add. */
  readonly variantId: number
  /** The shopper is logged in; a guest gets a link to the login page instead (§5). */
  readonly loggedIn: boolean
  /** The page to come back to after logging in (its path). */
  readonly returnTo: string
  /** Follows the login redirect the wishlist service asks for (default a full navigation). */
  readonly navigate?: (to: string) => void
  /** Extra classes. */
  readonly className?: string
}

/**
 * Adds a variant to the main wishlist (a logged-in customer), busy while the call runs, then says how many items the
 * list holds; a guest gets the login link that returns here.
 *
 * @example
 * ```tsx
 * <AddToWishlistButton variantId={product.variantId} loggedIn={customerId !== null} returnTo={location.pathname} />
 * ```
 */
export function AddToWishlistButton({ variantId, loggedIn, returnTo, navigate = (to) => window.location.assign(to), className }: AddToWishlistButtonProps) {
  const { t, text, shop } = useShopText()
  const Link = useLink()
  const wishlists = useWishlists()
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState("")
  if (!loggedIn) {
    return (
      <Link className={["button", className ?? ""].join(" ").trim()} to={`${shop.urlKeys.login}?return=${encodeURIComponent(returnTo)}`}>
        {t("widgets_login_for_wishlist")}
      </Link>
    )
  }
  const add = () => {
    setPending(true)
    setMessage("")
    wishlists.run((wishlist) => wishlist.add(variantId))
      .then((state) => setMessage(`${t("sf_added_to_wishlist")} ${t("widgets_wishlist_count", { count: state.itemsCount })}`),
        (error: unknown) => {
          const failure = error as { _tag?: string; redirectUrl?: string; message?: string; name?: string } | null
          if (failure?.name === "AbortError") return
          if (failure?._tag === "WishlistLoginRequired" && failure.redirectUrl !== undefined) return navigate(failure.redirectUrl)
          setMessage(failure?._tag === "WishlistFailed" && failure.message !== undefined ? text(failure.message) : t("unknown_error"))
        })
      .finally(() => setPending(false))
  }
  return (
    <span className={["sf-buy", className ?? ""].join(" ").trim()}>
      <button type="button" className="button" disabled={pending} aria-busy={pending} onClick={add}>
        {pending ? t("widgets_adding_to_wishlist") : t("sf_add_to_wishlist")}
      </button>
      <span role="status" className="sf-buy-status">{message}</span>
    </span>
  )
}
