// @vitest-environment happy-dom
/**
 * The states the page shows for the core (§4, §8): the cart's and the checkout's fatal error (an alert with a retry)
 * and loading flag (aria-busy), the payment provider's check of CZN / CZG on the shipping step (spinner and text while
 * scheduled or polling, an alert on error), and the login failure's title in red above the form. axe on each.
 */
import { act, screen } from "@testing-library/react"
import { describe, expect, test } from "vitest"
import { accountStateFor } from "../../../core/services/accountState.ts"
import { initialCartState } from "../../../core/services/cartState.ts"
import { initialCheckoutState, type PaymentProviderPhase } from "../../../core/services/checkoutState.ts"
import { CartLoadState, CheckoutLoadState, LoadState } from "../../../react/components/checkout/LoadState.tsx"
import { PaymentProviderStatus } from "../../../react/components/checkout/PaymentProviderStatus.tsx"
import { ShippingStep } from "../../../react/components/checkout/ShippingStep.tsx"
import { LoginForm } from "../../../react/components/header/LoginForm.tsx"
import { accountStateAtom, cartStateAtom, checkoutStateAtom } from "../../../react/storefront/atoms.ts"
import { useStorefront, type StorefrontContextValue } from "../../../react/storefront/StorefrontProvider.tsx"
import { renderInShop as renderRerenderable, settled } from "../checkout/support.tsx"
import { expectAccessible, fakeTimerShopper, renderInShop, text } from "../header/support.tsx"

const shopper = fakeTimerShopper()

function StoreProbe({ onStore }: { readonly onStore: (store: StorefrontContextValue["store"]) => void }) {
  onStore(useStorefront().store)
  return null
}

describe("cart and checkout load state (§4 loading flag, §4/§8 fatal error flag)", () => {
  test("the content is busy while a call is in flight; a fatal error is an alert with a retry", async () => {
    let retried = 0
    const { rerenderInShop: rerender } = renderRerenderable(
      <main><LoadState loading fatalError={false} onRetry={() => retried++}><p>Lines</p></LoadState></main>
    )
    const content = screen.getByText("Lines").parentElement!
    expect(content).toHaveAttribute("aria-busy", "true")
    expect(screen.queryByRole("alert")).toBeNull()
    await expectAccessible(document.body)

    rerender(<main><LoadState loading={false} fatalError onRetry={() => retried++}><p>Lines</p></LoadState></main>)
    expect(content).toHaveAttribute("aria-busy", "false")
    expect(screen.getByRole("alert")).toHaveTextContent(text("sig_cart_fatal"))
    await shopper().click(screen.getByRole("button", { name: text("sig_retry") }))
    expect(retried).toBe(1)
    await expectAccessible(document.body)
  })

  test("the cart's and the checkout's flags come from their services' state", async () => {
    let store!: StorefrontContextValue["store"]
    renderInShop(
      <main>
        <StoreProbe onStore={(s) => (store = s)} />
        <CartLoadState><p>Cart lines</p></CartLoadState>
        <CheckoutLoadState><p>Checkout step</p></CheckoutLoadState>
      </main>
    )
    const cart = screen.getByText("Cart lines").parentElement!
    const checkout = screen.getByText("Checkout step").parentElement!
    expect(screen.queryByRole("alert")).toBeNull()
    act(() => store.set(cartStateAtom, { ...initialCartState, loading: true }))
    expect(cart).toHaveAttribute("aria-busy", "true")
    expect(checkout).toHaveAttribute("aria-busy", "false")
    act(() => store.set(cartStateAtom, { ...initialCartState, fatalError: true }))
    act(() => store.set(checkoutStateAtom, { ...initialCheckoutState, fatalError: true, loading: true }))
    expect(cart).toHaveAttribute("aria-busy", "false")
    expect(checkout).toHaveAttribute("aria-busy", "true")
    expect(screen.getAllByRole("alert")).toHaveLength(2)
    // The checkout's retry waits while its call is in flight.
    expect(screen.getAllByRole("button", { name: text("sig_retry") }).map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true])
    await expectAccessible(document.body)
  })
})

describe("payment provider check of CZN / CZG on the shipping step (§4, §8, §9)", () => {
  const phases: ReadonlyArray<PaymentProviderPhase> = ["scheduled", "polling"]

  test.each(phases)("%s: a spinner with the text, announced once", async (phase) => {
    renderInShop(<main><PaymentProviderStatus phase={phase} error={false} /></main>)
    expect(screen.getByRole("status")).toHaveTextContent(text("sig_payment_checking"))
    expect(screen.getByText(text("sig_payment_checking"), { selector: "[aria-hidden=true]" })).toBeVisible()
    expect(screen.queryByRole("alert")).toBeNull()
    await expectAccessible(document.body)
  })

  test("the error flag is an alert; done confirms; idle shows nothing", async () => {
    const { rerenderInShop: rerender } = renderRerenderable(<main><PaymentProviderStatus phase="error" error /></main>)
    expect(screen.getByRole("alert")).toHaveTextContent(text("sig_payment_check_failed"))
    await expectAccessible(document.body)
    // A flash containing err marks the error without the check's own failure (§8).
    rerender(<main><PaymentProviderStatus phase="idle" error /></main>)
    expect(screen.getByRole("alert")).toHaveTextContent(text("sig_payment_check_failed"))
    rerender(<main><PaymentProviderStatus phase="done" error={false} /></main>)
    expect(screen.getByRole("status")).toHaveTextContent(text("sig_payment_checked"))
    rerender(<main><PaymentProviderStatus phase="idle" error={false} /></main>)
    expect(screen.queryByRole("status")).toBeNull()
    expect(screen.queryByRole("alert")).toBeNull()
  })

  test("the shipping step shows the check under the payments", async () => {
    const actions = {
      loadConsents: settled(), loadBranches: settled(), searchBranches: settled(), suggestPlaces: settled(),
      selectDelivery: settled(), selectPayment: settled(), setConsent: settled(), placeOrder: settled(), dismissFlashes: settled()
    }
    const state = {
      ...initialCheckoutState,
      step: "shipping" as const,
      billingMethods: { CZN: { title: "Deferred payment", price: 0 } },
      selectedPayment: "CZN",
      paymentProvider: "polling" as const
    }
    renderInShop(<main><ShippingStep state={state as never} actions={actions as never} /></main>)
    const payments = screen.getByRole("group", { name: text("sf_payment") })
    const status = screen.getByRole("status")
    expect(status).toHaveTextContent(text("sig_payment_checking"))
    expect(payments.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})

describe("login failure title (§8)", () => {
  test("the server's title shows in red above the form, in an alert region; its repeat among the form flashes is not shown", async () => {
    const title = "Wrong e-mail or password."
    renderInShop(<main><LoginForm /></main>, {
      initial: [[accountStateAtom, { ...accountStateFor(undefined), loginTitle: title, loginError: [{ message: title, type: "danger", cat: "form" }] }]]
    })
    const shown = screen.getAllByText(title)
    expect(shown).toHaveLength(1)
    const form = screen.getByRole("button", { name: text("sf_login") }).closest("form")!
    expect(form.contains(shown[0]!)).toBe(false)
    expect(shown[0]!.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(shown[0]).toHaveClass("field-error")
    expect(screen.getByRole("alert")).toHaveTextContent(title)
    await expectAccessible(document.body)
  })

  test("other server messages stay as form flashes inside the form (§5); an empty required field is named", async () => {
    renderInShop(<main><LoginForm /></main>, {
      initial: [[accountStateAtom, {
        ...accountStateFor(undefined),
        loginError: [{ message: "Confirm your e-mail first.", type: "danger", cat: "form" }],
        missingFields: ["password"]
      }]]
    })
    const form = screen.getByRole("button", { name: text("sf_login") }).closest("form")!
    expect(form).toContainElement(screen.getByText("Confirm your e-mail first."))
    expect(form).toContainElement(screen.getByText(text("frm_required-fields")))
    expect(screen.getByLabelText(text("sf_password"))).toHaveAttribute("aria-invalid", "true")
    await expectAccessible(document.body)
  })
})
