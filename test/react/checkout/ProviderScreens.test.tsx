// @vitest-environment happy-dom
/**
 * The payment provider's screens as a shopper uses them on the shipping step (§4, §7): nothing until the check
 * answered, then for CZG the offer with money in the shop's currency, the terms needing an explicit tick, the extra
 * data refused field by field by the contract's Schema, the one-time code with the demo notice, a refusal and a
 * retry; the order button waits for all of it. CZN needs the terms only.
 */
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test } from "vitest"
import type { BillingMethods } from "../../../core/api/entities/payment.ts"
import { noProviderProgress } from "../../../core/domain/payment.ts"
import { translate } from "../../../core/messages/index.ts"
import type { CheckoutState } from "../../../core/services/checkoutState.ts"
import type { ProviderActions } from "../../../react/components/checkout/providerActions.ts"
import { ShippingStep } from "../../../react/components/checkout/ShippingStep.tsx"
// ShippingStep loads the screens lazily; imported here so that the lazy import finds the module already evaluated.
import "../../../react/components/checkout/ProviderScreens.tsx"
import type { ShippingActions } from "../../../react/components/checkout/shippingActions.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { checkoutState, renderInShop, settled } from "./support.tsx"

afterEach(cleanup)

const en = (key: string, params?: object) => (translate as (l: string, k: string, p?: object) => string)("en", key, params)

const methods: BillingMethods = {
  CZU: { title: "Bank transfer", price: 0 },
  CZN: { title: "Pay later", price: 0 },
  CZG: { title: "Instalments", price: 0, childPayments: [{ code: "CZG_12", title: "12 instalments", selected: true }] }
}

const shipping = () => ({
  loadConsents: settled<[]>(),
  loadBranches: settled<[string]>(),
  searchBranches: settled<[string, string]>(),
  suggestPlaces: settled<[string]>(),
  selectDelivery: settled<[unknown], boolean>(() => true),
  selectPayment: settled<[unknown]>(),
  dismissFlashes: settled<[]>(),
  setConsent: settled<[string, boolean]>(),
  placeOrder: settled<[string]>()
}) satisfies ShippingActions

const offer = {
  productCode: "CZG_12",
  title: "12 instalments",
  creditLimit: 200000,
  installmentCount: 12,
  installmentAmount: 329.92,
  totalAmount: 3959,
  interestRate: 9.9,
  apr: 10.36,
  text: "revolving_offer_text"
}

/** Renders the step with provider actions that move a state along as the simulated provider would. */
const setup = (code: "CZG" | "CZN") => {
  let state: CheckoutState = checkoutState({ step: "shipping", billingMethods: methods, selectedPayment: code, paymentProvider: "scheduled" })
  const actions = shipping()
  const view = { rerender: (_: CheckoutState) => undefined as void }
  const move = (next: Partial<CheckoutState>) => {
    state = { ...state, ...next }
    view.rerender(state)
  }
  const provider = {
    loadRevolvingOffer: settled<[]>(() => move({ revolvingOffer: offer })),
    acceptTerms: settled<[string]>(() => move({ providerProgress: { ...state.providerProgress, termsAccepted: true } })),
    sendData: settled<[string, Readonly<Record<string, string>>]>(() =>
      move({ providerProgress: { ...state.providerProgress, dataSent: true }, providerRefusal: undefined })),
    confirmOtp: settled<[string, string]>((_, otp) =>
      otp === "123456"
        ? move({ error: false, providerRefusal: undefined, providerProgress: { ...state.providerProgress, otpConfirmed: true } })
        : move({ error: true, providerRefusal: { screen: "otp", message: "err_payment_provider_otp_invalid" } }))
  } satisfies ProviderActions
  const ui = (s: CheckoutState) => <ShippingStep state={s} actions={actions} provider={provider} demoOtpCode="123456" />
  const rendered = renderInShop(ui(state))
  view.rerender = (s) => rendered.rerenderInShop(ui(s))
  return { provider, actions, move, container: rendered.container }
}

describe("the payment provider's screens (§4, §7)", () => {
  test("CZG: offer, terms, extra data, a wrong then the right code; the order waits for them", async () => {
    const user = userEvent.setup()
    const { provider, actions, move, container } = setup("CZG")
    const order = screen.getByRole("button", { name: en("sf_place_order") })
    expect(order).toBeDisabled()
    expect(screen.queryByRole("form", { name: en("pp_terms_title") })).toBeNull()
    // The screens' code is loaded once a payment that needs them is chosen (not with the checkout's first load).
    await act(async () => undefined)

    // The check answers (the service's 2 s delay and polls are its own; here the state moves on).
    act(() => move({ paymentProvider: "done", providerProgress: noProviderProgress }))
    expect(provider.loadRevolvingOffer.calls).toHaveLength(1)
    const offerRegion = await screen.findByRole("region", { name: "12 instalments" })
    expect(within(offerRegion).getByText(en("pp_offer_monthly")).nextSibling?.textContent).toMatch(/329,92\s*Kč/)
    expect(within(offerRegion).getByText(en("pp_offer_total")).nextSibling?.textContent).toMatch(/3\s959\s*Kč/)
    expect(within(offerRegion).getByText(en("revolving_offer_text"))).toBeTruthy()
    await expectNoAxeViolations(container)

    const terms = screen.getByRole("form", { name: en("pp_terms_title") })
    await user.click(within(terms).getByRole("button", { name: en("pp_terms_submit") }))
    expect(within(terms).getByRole("alert").textContent).toBe(en("pp_terms_required"))
    expect(provider.acceptTerms.calls).toHaveLength(0)
    await user.click(within(terms).getByRole("checkbox", { name: en("pp_terms_accept") }))
    await user.click(within(terms).getByRole("button", { name: en("pp_terms_submit") }))
    expect(provider.acceptTerms.calls).toEqual([["CZG"]])

    const data = await screen.findByRole("form", { name: en("pp_data_title") })
    expect(document.activeElement?.textContent).toBe(en("pp_data_title"))
    await user.type(within(data).getByRole("textbox", { name: en("pp_phone") }), "12")
    await user.click(within(data).getByRole("button", { name: en("pp_data_submit") }))
    expect(provider.sendData.calls).toHaveLength(0)
    const phone = within(data).getByRole("textbox", { name: en("pp_phone") })
    expect(phone).toHaveAttribute("aria-invalid", "true")
    expect(phone).toHaveFocus()
    expect(within(data).getByText(en("pp_employment_invalid"))).toBeTruthy()
    await expectNoAxeViolations(container)
    await user.clear(phone)
    await user.type(phone, "+420 601 234 567")
    fireEvent.change(within(data).getByLabelText(new RegExp(`^${en("pp_birth_date")}`)), { target: { value: "1990-05-17" } })
    await user.type(within(data).getByRole("textbox", { name: en("pp_monthly_income") }), "42000")
    await user.selectOptions(within(data).getByRole("combobox", { name: en("pp_employment") }), "employed")
    await user.click(within(data).getByRole("button", { name: en("pp_data_submit") }))
    expect(provider.sendData.calls).toEqual([[
      "CZG",
      { phone: "+420601234567", birthDate: "1990-05-17", monthlyIncome: "42000", employment: "employed" }
    ]])

    const otp = await screen.findByRole("form", { name: en("pp_otp_title") })
    expect(within(otp).getByRole("note").textContent).toBe(en("pp_demo_notice", { code: "123456" }))
    const field = within(otp).getByRole("textbox", { name: en("pp_otp_label") })
    await user.type(field, "12")
    await user.click(within(otp).getByRole("button", { name: en("pp_otp_submit") }))
    expect(within(otp).getByText(en("pp_otp_format"))).toBeTruthy()
    expect(provider.confirmOtp.calls).toHaveLength(0)
    await user.clear(field)
    await user.type(field, "999999")
    await user.click(within(otp).getByRole("button", { name: en("pp_otp_submit") }))
    expect(provider.confirmOtp.calls).toEqual([["CZG", "999999"]])
    expect(within(otp).getByText(en("err_payment_provider_otp_invalid"))).toBeTruthy()
    expect(screen.queryByText(en("sig_payment_check_failed"))).toBeNull()
    expect(order).toBeDisabled()
    await expectNoAxeViolations(container)
    await user.clear(field)
    await user.type(field, "123456")
    await user.click(within(otp).getByRole("button", { name: en("pp_otp_submit") }))
    expect(await screen.findByText(en("pp_otp_confirmed"))).toBeTruthy()
    expect(order).toBeEnabled()
    await user.click(order)
    expect(actions.placeOrder.calls).toHaveLength(1)
    await expectNoAxeViolations(container)
  })

  test("CZN: the terms only; no offer, no code", async () => {
    const user = userEvent.setup()
    const { provider, move } = setup("CZN")
    act(() => move({ paymentProvider: "done" }))
    const terms = await screen.findByRole("form", { name: en("pp_terms_title") })
    expect(screen.queryByRole("region", { name: en("pp_offer_title") })).toBeNull()
    expect(provider.loadRevolvingOffer.calls).toHaveLength(0)
    await user.click(within(terms).getByRole("checkbox", { name: en("pp_terms_accept") }))
    await user.click(within(terms).getByRole("button", { name: en("pp_terms_submit") }))
    expect(await screen.findByText(en("pp_terms_accepted"))).toBeTruthy()
    expect(screen.queryByRole("form", { name: en("pp_otp_title") })).toBeNull()
    expect(screen.getByRole("button", { name: en("sf_place_order") })).toBeEnabled()
  })
})
