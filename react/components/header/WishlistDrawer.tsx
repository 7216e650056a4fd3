/**
 * The wishlist drawer of the header (§2, §4, §8): only for a logged-in customer; the five newest items, newest first,
 * a 'next' link to the wishlist page when there are more than five, the counter, and the service's error message for
 * its 5 s (§8; the service's `OpenDrawer` signal opens the drawer, see `react/storefront/signals.tsx`).
 *
 * @module
 */
import { lazy, Suspense, useEffect, useRef } from "react"
import { useCustomer, useWishlists } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"
import { HeartIcon } from "../icons.tsx"
import { Spinner } from "../Spinner.tsx"
import { HeaderDrawer } from "./HeaderDrawer.tsx"
import { WishlistCounter } from "./WishlistCounter.tsx"

const WishlistPanel = lazy(() => import("./WishlistPanel.tsx").then((module) => ({ default: module.WishlistPanel })))

/** Props of {@link WishlistDrawer}. */
export interface WishlistDrawerProps {
  /** Extra class of the drawer's host. */
  readonly className?: string
}

/**
 * The header's wishlist link with its counter, and the drawer of the newest items; nothing for a guest. The items
 * load once the services run (the service keeps them 60 s, §9).
 *
 * @example
 * ```tsx
 * <DrawersProvider>
 *   <WishlistDrawer />
 * </DrawersProvider>
 * ```
 */
export function WishlistDrawer({ className }: WishlistDrawerProps) {
  const { shop, t, text } = useShopText()
  const customer = useCustomer()
  const wishlists = useWishlists()
  const loggedIn = customer.role === "logged-in"
  const { state, run } = wishlists
  // The handle's runner changes with every state; the load belongs to the login, not to the state.
  const runner = useRef(run)
  runner.current = run
  useEffect(() => {
    if (loggedIn) runner.current((wishlist) => wishlist.load()).catch(() => undefined)
  }, [loggedIn])
  if (!loggedIn) return null
  return (
    <HeaderDrawer drawer="wishlist" to={shop.urlKeys.clientWishlist} label={t("sf_wishlist")} triggerClassName="wishlist-link"
      {...(className === undefined ? {} : { className })}
      trigger={<><HeartIcon /> {t("sf_wishlist")} <WishlistCounter count={state.itemsCount} /></>}>
      {/* The message is shown with the drawer's opening, not after the panel's chunk loads: its 5 s (§8) run from then. */}
      {state.message !== undefined && <p className="flash danger" role="alert">{text(state.message)}</p>}
      <Suspense fallback={<Spinner />}><WishlistPanel message={false} /></Suspense>
    </HeaderDrawer>
  )
}
