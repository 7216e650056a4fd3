// @vitest-environment happy-dom
/**
 * The customer step as a shopper uses it: a new customer creates the account with the address (the
 * zip in the country's format, business fields per shop), a logged-in one chooses a billing address
 * and goes on, or adds one first.
 */
import { act, cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test } from "vitest"
import { CustomerStep } from "../../../react/components/checkout/CustomerStep.tsx"
import type { CustomerActions } from "../../../react/components/checkout/customerActions.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { checkoutState, renderInShop, settled } from "./support.tsx"

afterEach(cleanup)

const actionsFor = () => ({
  loadAddresses: settled<[]>(),
  saveAddress: settled<[unknown]>(),
  register: settled<[unknown, unknown]>(),
  proceed: settled<[unknown]>(),
  reload: settled<[]>()
}) satisfies CustomerActions

const fill = async (user: ReturnType<typeof userEvent.setup>, fields: Record<string, string>) => {
  for (const [label, value] of Object.entries(fields)) await user.type(screen.getByLabelText(label), value)
}

describe("CustomerStep", () => {
  test("a guest logs in with the app's form, or registers with an address whose zip must fit the country (PL xx-xxx)", async () => {
    const user = userEvent.setup()
    const actions = actionsFor()
    const { container } = renderInShop(
      <CustomerStep state={checkoutState({ step: "customer" })} loggedIn={false} actions={actions} loginForm={<p>The app's login form</p>} />,
      { shopId: "PL10MA" }
    )
    expect(screen.getByText("The app's login form")).toBeTruthy()
    await user.click(screen.getByRole("button", { name: "New customer" }))
    expect(screen.getByRole("button", { name: "New customer" }).getAttribute("aria-pressed")).toBe("true")
    await fill(user, { "E-mail": "nowy@example.pl", Password: "tajne1234", "First name": "Jan", "Last name": "Nowak", "Street and number": "Długa 1", City: "Warszawa" })
    await fill(user, { "Postal code (##-###)": "0095" })
    await user.click(screen.getByRole("button", { name: "Create the account and continue" }))
    expect(screen.getByText("Enter the postal code as ##-###.")).toBeTruthy()
    expect(screen.getByLabelText("Postal code (##-###)").getAttribute("aria-invalid")).toBe("true")
    expect(actions.register.calls).toEqual([])
    await user.type(screen.getByLabelText("Postal code (##-###)"), "0")
    await user.click(screen.getByRole("button", { name: "Create the account and continue" }))
    await act(async () => undefined)
    expect(actions.register.calls).toEqual([[
      { email: "nowy@example.pl", password: "tajne1234", firstname: "Jan", lastname: "Nowak" },
      { firstname: "Jan", lastname: "Nowak", street: "Długa 1", city: "Warszawa", zip: "00-950", country: "PL", email: "nowy@example.pl" }
    ]])
    await expectNoAxeViolations(container)
  })

  test("a business address asks for the shop's company fields: Croatia takes no registration number", async () => {
    const user = userEvent.setup()
    const actions = actionsFor()
    const state = checkoutState({ step: "customer", addresses: { addresses: { billing: [], shipping: [] } } as never })
    const { container } = renderInShop(<CustomerStep state={state} loggedIn actions={actions} loginForm={null} />, { shopId: "HR10MA" })
    expect(actions.loadAddresses.calls).toHaveLength(1)
    await user.click(screen.getByRole("checkbox", { name: "Buying for a company" }))
    expect(screen.getByLabelText("Company name")).toBeTruthy()
    expect(screen.queryByLabelText("Company registration number")).toBeNull()
    await user.click(screen.getByRole("button", { name: "Save the address" }))
    expect(screen.getAllByText("Fill in this field.")).toHaveLength(6)
    await fill(user, { "First name": "Ana", "Last name": "Horvat", "Street and number": "Ilica 1", City: "Zagreb", "Postal code (#####)": "10000", "Company name": "Tvrtka d.o.o.", "Tax number": "12345678901" })
    await user.click(screen.getByRole("button", { name: "Save the address" }))
    await act(async () => undefined)
    expect(actions.saveAddress.calls).toEqual([[{
      firstname: "Ana", lastname: "Horvat", street: "Ilica 1", city: "Zagreb", zip: "10000", country: "HR",
      businessArea: true, companyName: "Tvrtka d.o.o.", companyTaxNumber: "12345678901"
    }]])
    await expectNoAxeViolations(container)
  })

  test("a logged-in customer chooses a billing address and goes on with the chosen shipping address", async () => {
    const user = userEvent.setup()
    const actions = actionsFor()
    const state = checkoutState({
      step: "customer",
      customer: { isLogged: true, firstname: "Eva", lastname: "Malá", email: "eva@example.cz" } as never,
      addresses: {
        addresses: {
          billing: [
            { billingProfileId: 1, firstname: "Eva", lastname: "Malá", street: "Dlouhá 1", zip: "110 00", city: "Praha" },
            { billingProfileId: 2, companyName: "Firma s.r.o.", street: "Krátká 2", zip: "602 00", city: "Brno", email: "firma@example.cz" }
          ],
          shipping: [{ addressId: 7 }, { addressId: 8 }]
        },
        selectedAddresses: { billing: 1, shipping: 8 }
      } as never
    })
    const { container } = renderInShop(<CustomerStep state={state} loggedIn actions={actions} loginForm={null} />)
    const group = screen.getByRole("group", { name: "Billing address" })
    expect(within(group).getByRole("radio", { name: /Dlouhá 1/ })).toHaveProperty("checked", true)
    await user.click(within(group).getByRole("radio", { name: /Firma s.r.o./ }))
    await user.click(screen.getByRole("button", { name: "Continue" }))
    await act(async () => undefined)
    expect(actions.proceed.calls).toEqual([[{ email: "firma@example.cz", firstname: "Eva", lastname: "Malá", selectedAddresses: { billing: 2, shipping: 8 } }]])
    await expectNoAxeViolations(container)
  })
})
