// @vitest-environment happy-dom
/**
 * The cart's lines with their services, discount codes and gift certificates, the step navigation
 * and the confirmation, as a shopper uses them.
 */
import { act, cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test } from "vitest"
import { shopById } from "../../../core/domain/shop.ts"
import type { CartLine } from "../../../core/services/cartState.ts"
import { CartLineView, type CartLineActions } from "../../../react/components/checkout/CartLines.tsx"
import { CheckoutSteps } from "../../../react/components/checkout/CheckoutSteps.tsx"
import { Confirmation } from "../../../react/components/checkout/Confirmation.tsx"
import { DiscountCodes } from "../../../react/components/checkout/DiscountCodes.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { renderInShop, settled } from "./support.tsx"

afterEach(cleanup)

const line: CartLine = {
  lineId: "5",
  count: 2,
  input: "2",
  pending: false,
  stock: 10,
  correction: undefined,
  article: {
    articleId: 5,
    cartItemId: 5,
    count: 2,
    title: "Camera X",
    url: "/cameras/camera-x",
    linePrice: 20000,
    params: [{ key: "COLOR", title: "Colour", value: "Black" }],
    bundles: [
      { type: "warranty", id: 31, active: true, actual_price: 500 },
      { type: "insurance", id: 32, active: false, actual_price: 300 },
      { type: "digital", id: 33, title: "Photo editor licence", active: false, actual_price: 1000 },
      { type: "return_guarantee", id: 34, active: false, actual_price: 100 }
    ]
  }
}

describe("CartLineView", () => {
  test("services: the four kinds with prices times the count; checking adds, unchecking removes; remove the line", async () => {
    const user = userEvent.setup()
    const actions = {
      typeAmount: settled<[string, string]>(),
      remove: settled<[ReadonlyArray<string>]>(),
      addBundle: settled<[string, string, number]>(),
      removeBundle: settled<[string, string, number]>()
    }
    const { container } = renderInShop(<ul><CartLineView line={line} actions={actions as unknown as CartLineActions} /></ul>)
    expect(screen.getByRole("link", { name: "Camera X" }).getAttribute("href")).toBe("/cameras/camera-x")
    const services = screen.getByRole("group", { name: "Services" })
    expect(within(services).getAllByRole("checkbox").map((box) => box.closest("label")?.textContent?.replace(/\s+/g, " "))).toEqual([
      "Extended warranty 1 000 Kč", "Insurance 600 Kč", "Photo editor licence 2 000 Kč", "Return guarantee 200 Kč"
    ])
    await user.click(within(services).getByRole("checkbox", { name: /Extended warranty/ }))
    await user.click(within(services).getByRole("checkbox", { name: /Return guarantee/ }))
    expect(actions.removeBundle.calls).toEqual([["5", "warranty", 31]])
    expect(actions.addBundle.calls).toEqual([["5", "return_guarantee", 34]])
    await user.click(screen.getByRole("button", { name: "Remove Camera X" }))
    expect(actions.remove.calls).toEqual([[["5"]]])
    await expectNoAxeViolations(container)
  })
})

describe("DiscountCodes", () => {
  test("applies a code, lists discount codes and gift certificates, removes one", async () => {
    const user = userEvent.setup()
    const apply = settled<[string]>()
    const remove = settled<[string]>()
    const { container } = renderInShop(
      <DiscountCodes codes={[{ code: "SALE10", type: "D", value: -100 }, { code: "GIFT500", type: "G", value: 500 }]} onApply={apply} onRemove={remove} />
    )
    const applied = screen.getByRole("list", { name: "Applied discounts" })
    expect(within(applied).getAllByRole("listitem").map((item) => item.firstChild?.textContent)).toEqual(["Discount code: SALE10", "Gift certificate: GIFT500"])
    await user.type(screen.getByLabelText("Discount code or gift certificate"), " NEW20 {Enter}")
    await act(async () => undefined)
    expect(apply.calls).toEqual([["NEW20"]])
    expect(screen.getByLabelText("Discount code or gift certificate")).toHaveProperty("value", "")
    await user.click(screen.getByRole("button", { name: "Remove the code GIFT500" }))
    expect(remove.calls).toEqual([["GIFT500"]])
    await expectNoAxeViolations(container)
  })
})

describe("CheckoutSteps and Confirmation", () => {
  test("the four steps by their titles in the UI language, the current one marked", async () => {
    const { container } = renderInShop(<CheckoutSteps current="shipping" />, { language: "cs" })
    const steps = within(screen.getByRole("navigation")).getAllByRole("listitem")
    expect(steps).toHaveLength(4)
    expect(steps.map((step) => step.getAttribute("aria-current"))).toEqual([null, null, "step", null])
    await expectNoAxeViolations(container)
  })

  test("the order number, items, the coming redirect and the links on", async () => {
    const { container } = renderInShop(<Confirmation orderId="1234" items={[{ title: "Camera X", count: 2 }]} redirectsTo="/kosik/4?token=abc" />)
    const status = screen.getByRole("status")
    expect(within(status).getByRole("heading").textContent).toBe("Thank you! Your order 1234 has been placed.")
    expect(within(status).getByText("You will be taken to your order's page in a moment.")).toBeTruthy()
    expect(within(status).getByRole("link", { name: "My orders" }).getAttribute("href")).toBe(shopById("CZ10MA").urlKeys.clientPurchaseList)
    await expectNoAxeViolations(container)
  })
})
