/**
 * The cart (§2 preview step): lines with the quantity input (§5 rules and §9 debounce in the cart
 * service), removal, discount codes, totals, and the way to the checkout.
 */
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from "react-router"
import { useRef } from "react"
import { stepLocation } from "../../../../core/domain/checkout.ts"
import { applyCartResponse, initialCartState } from "../../../../core/services/cartState.ts"
import { cartStateAtom } from "../../../../react/storefront/atoms.ts"
import { useCartActions, useCartEntity, useCartLineIds } from "../../../../react/storefront/hooks.ts"
import { CartLines } from "../../../../react/components/checkout/CartLines.tsx"
import { DiscountCodes } from "../../../../react/components/checkout/DiscountCodes.tsx"
import { CartLoadState } from "../../../../react/components/checkout/LoadState.tsx"
import { useStorefront } from "../../../../react/storefront/StorefrontProvider.tsx"
import { hasSessionCookie, shopCaller } from "../lib/api.server.ts"
import { cookieValue, preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { FlashList } from "../components/FlashList.tsx"
import { useCheckoutStepTracking } from "../../../../react/storefront/tracking.ts"
import { useStepTitle } from "../../../../react/components/checkout/CheckoutSteps.tsx"
import { PageError } from "../components/PageError.tsx"
import { pagePathOf } from "../lib/forms.server.ts"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  if (pagePathOf(request) !== shop.urlKeys.cart) throw new Response(null, { status: 404 })
  if (!hasSessionCookie(request)) return { response: null }
  const caller = shopCaller(request, context, shop)
  const response = await caller.call((client) => client.cartApi.loadCart()).catch(() => null)
  return { response }
}

export function meta() {
  return [{ title: "Cart | Storefront" }, { name: "description", content: "Your shopping cart: products, quantities, discount codes and the total." }]
}

export default function CartPage() {
  const { response } = useLoaderData<typeof loader>()
  const { seed } = useStorefront()
  const seeded = useRef(false)
  if (!seeded.current) {
    seeded.current = true
    if (response !== null) seed(cartStateAtom, applyCartResponse(initialCartState, response as never), (state) => state.cart === undefined)
  }
  const { t, shop, money } = useShopText()
  const lineIds = useCartLineIds()
  const cart = useCartEntity()
  const navigate = useNavigate()
  const actions = useCartActions()
  useCheckoutStepTracking("preview", useStepTitle()("preview"))
  return (
    <section className="cart-page">
      <h1>{t("sf_cart")}</h1>
      <FlashList source="cart" />
      <CartLoadState>
        {lineIds.length === 0 ? (
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
