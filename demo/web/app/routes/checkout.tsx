/**
 * The checkout steps (§2 "Checkout flow"): customer (`cart/1`), delivery and payment (`cart/3`) and
 * the confirmation (`cart/4`), driven by the core's checkout service: the step the server allows is
 * shown (shipping without an address drops back to customer), a step change waits for the customer
 * id, the order is placed from shipping and the confirmation redirects after its delay. A
 * confirmation url with its token renders the order on the server.
 */
import { data, useLoaderData, useNavigate, type LoaderFunctionArgs } from "react-router"
import { safeRedirectTarget } from "../../../../core/domain/redirect.ts"
import { lazy, Suspense, useEffect, useRef, useState } from "react"
import { checkoutSteps, checkoutStepTable, stepLocation, type CheckoutStep } from "../../../../core/domain/checkout.ts"
import { CheckoutSteps, useStepTitle } from "../../../../react/components/checkout/CheckoutSteps.tsx"
import { Confirmation } from "../../../../react/components/checkout/Confirmation.tsx"
import { CheckoutLoadState } from "../../../../react/components/checkout/LoadState.tsx"
import { useCheckout, useWidgets } from "../../../../react/storefront/hooks.ts"
import { shopCaller } from "../lib/api.server.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { FlashList } from "../components/FlashList.tsx"
import { CustomerStep } from "../components/checkout/CustomerStep.tsx"
import { useCheckoutStepTracking } from "../../../../react/storefront/tracking.ts"
import { PageError } from "../components/PageError.tsx"

// The delivery and payment step (pick-up and post office pickers, payment provider) loads when the shopper reaches it.
const loadShippingStep = () => import("../components/checkout/ShippingStep.tsx")
const ShippingStep = lazy(() => loadShippingStep().then((module) => ({ default: module.ShippingStep })))

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const cartPath = shop.urlKeys.cart.replace(/^\/+|\/+$/g, "")
  const url = new URL(request.url)
  const step = checkoutSteps.find((s) => checkoutStepTable[s].locationSuffix === `/${params["step"] ?? ""}`)
  if (!url.pathname.startsWith(`/${cartPath}/`) || step === undefined || step === "preview") throw data(null, { status: 404 })
  const token = url.searchParams.get("token")
  if (step === "confirmation" && token !== null && token !== "") {
    const caller = shopCaller(request, context, shop)
    const order = await caller.call((client) => client.confirmation.load({ query: { token } })).catch(() => null)
    if (order === null) throw data(null, { status: 404 })
    return { step, order }
  }
  return { step, order: null }
}

export function meta() {
  return [{ title: "Checkout | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function CheckoutPage() {
  const { step: asked, order } = useLoaderData<typeof loader>()
  const { shop } = useShopText()
  const title = useStepTitle()
  const checkout = useCheckout()
  const navigate = useNavigate()
  const widgets = useWidgets()
  const started = useRef(false)
  const [ready, setReady] = useState(false)
  const state = checkout.state
  // The step the page settled on (the server may send the shopper elsewhere first); the in-flow confirmation carries the order.
  const shown = order === null && ready && state.step === asked ? state.step : undefined
  useCheckoutStepTracking(shown, title(shown ?? asked), state.purchase === undefined
    ? undefined
    : { orderId: String(state.purchase.orderId), lines: state.purchase.items ?? [] })

  useEffect(() => {
    if (order !== null || started.current) return
    started.current = true
    void checkout.run((c) => c.load)
      .then(() => checkout.checkStep(asked))
      .catch(() => undefined)
      .finally(() => setReady(true))
  }, [order, asked, checkout])

  useEffect(() => {
    if (order !== null || !ready) return
    if (state.step === "preview") void navigate(shop.urlKeys.cart, { replace: true })
    else if (state.step !== asked) void navigate(stepLocation(state.step, shop), { replace: true })
  }, [state.step, asked, ready, order, navigate, shop])

  useEffect(() => {
    // Fetched once the customer step is shown, so that moving on does not wait for it.
    if (ready && state.step === "customer") void loadShippingStep().catch(() => undefined)
  }, [ready, state.step])

  useEffect(() => {
    // The order took the cart: the header's cart drawer shows the new, empty one.
    if (ready && state.step === "confirmation") void widgets.run((w) => w.load()).catch(() => undefined)
    // Once per arrival at the confirmation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, state.step])

  useEffect(() => {
    const redirect = state.redirect
    if (redirect === undefined) return
    const target = safeRedirectTarget(redirect.url, "")
    if (target !== "") void navigate(target)
  }, [state.redirect, navigate])

  if (order !== null) {
    return (
      <section className="checkout">
        <h1>{title("confirmation")}</h1>
        <Confirmation orderId={String(order.purchase.orderId)} items={order.purchase.items ?? []} />
      </section>
    )
  }
  const step: CheckoutStep = ready ? state.step : asked
  return (
    <section className="checkout">
      <CheckoutSteps current={step} />
      <h1>{title(step)}</h1>
      <FlashList source="checkout" />
      {!ready ? <Loading /> : (
        <CheckoutLoadState>
          {step === "customer" ? <CustomerStep />
            : step === "shipping" ? <Suspense fallback={<Loading />}><ShippingStep /></Suspense>
            : step === "confirmation" ? (
              <Confirmation orderId={String(state.purchase?.orderId ?? "")} items={state.purchase?.items ?? []}
                redirectsTo={state.confirmationUrl} />
            ) : null}
        </CheckoutLoadState>
      )}
    </section>
  )
}

function Loading() {
  const { t } = useShopText()
  return <p className="spinner" role="status">{t("loading")}</p>
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
