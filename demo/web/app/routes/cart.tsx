/**
 * The cart (§2 preview step): lines with the quantity input (§5 rules and §9 debounce in the cart
 * service), removal, discount codes, totals, and the way to the checkout.
 */
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from "react-router"
import { useEffect, useRef } from "react"
import { stepLocation } from "../../../../core/domain/checkout.ts"
import { applyCartResponse, cartRereadState, initialCartState, type CartState } from "../../../../core/services/cartState.ts"
import { cartStateAtom } from "../../../../react/storefront/atoms.ts"
import { useCartActions, useCartEntity, useCartLineIds, useCartUnresolved } from "../../../../react/storefront/hooks.ts"
import { CartLines } from "../../../../react/components/checkout/CartLines.tsx"
import { DiscountCodes } from "../../../../react/components/checkout/DiscountCodes.tsx"
import { CartLoadState } from "../../../../react/components/checkout/LoadState.tsx"
import { useStorefront } from "../../../../react/storefront/StorefrontProvider.tsx"
import { hasSessionCookie, shopCaller } from "../lib/api.server.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { FlashList } from "../components/FlashList.tsx"
import { useCheckoutStepTracking } from "../../../../react/storefront/tracking.ts"
import { useStepTitle } from "../../../../react/components/checkout/CheckoutSteps.tsx"
import { PageError } from "../components/PageError.tsx"
import { pagePathOf } from "../lib/forms.server.ts"
import { cartReadFails } from "../lib/testFaults.server.ts"

/**
 * The cart as the server reads it for the shopper: `response` null and `failed` false when there is no session (no
 * cart yet: empty), `failed` true when the read failed (a 5xx, a timeout, a malformed answer: the page reads again).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  if (pagePathOf(request) !== shop.urlKeys.cart) throw new Response(null, { status: 404 })
  if (!hasSessionCookie(request)) return { response: null, failed: false }
  const caller = shopCaller(request, context, shop)
  const response = cartReadFails(request) ? null : await caller.call((client) => client.cartApi.loadCart()).catch(() => null)
  return { response, failed: response === null }
}

const unread = (state: CartState) => state.cart === undefined
const ignore = () => undefined

export function meta() {
  return [{ title: "Cart | Storefront" }, { name: "description", content: "Your shopping cart: products, quantities, discount codes and the total." }]
}

export default function CartPage() {
  const { response, failed } = useLoaderData<typeof loader>()
  const { seed, store } = useStorefront()
  const seeded = useRef(false)
  if (!seeded.current) {
    seeded.current = true
    if (response !== null) seed(cartStateAtom, applyCartResponse(initialCartState, response as never), unread)
    // The server could not read the cart: the page shows it loading (both in its HTML and while hydrating) and reads it again.
    else if (failed) seed(cartStateAtom, cartRereadState, unread)
  }
  const { t, shop, money } = useShopText()
  const lineIds = useCartLineIds()
  const cart = useCartEntity()
  const navigate = useNavigate()
  const actions = useCartActions()
  const unresolved = useCartUnresolved()
  const reread = useRef(false)
  useEffect(() => {
    if (!failed || reread.current || !unread(store.get(cartStateAtom))) return
    reread.current = true
    void actions.load().catch(ignore)
  }, [failed, store, actions])
  useCheckoutStepTracking("preview", useStepTitle()("preview"))
  return (
    <section className="cart-page">
      <h1>{t("sf_cart")}</h1>
      <FlashList source="cart" />
      <CartLoadState>
        {unresolved ? null : lineIds.length === 0 ? (
          <p>{t("sf_cart_empty")} <Link to="/">{t("sf_back_to_shop")}</Link></p>
        ) : (
          <>
            <CartLines />
            <DiscountCodes codes={cart?.discounts?.codes ?? []} onApply={actions.addDiscount} onRemove={actions.removeDiscount} />
            <dl className="totals">
              <dt>{t("sf_total")}</dt>
              <dd>{money(Number(cart?.total?.total ?? cart?.cartPrice ?? 0))}</dd>
            </dl>
            <button type="button" className="button primary big" onClick={() => void navigate(stepLocation("customer", shop))}>
              {t("sf_continue_to_checkout")}
            </button>
          </>
        )}
      </CartLoadState>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
