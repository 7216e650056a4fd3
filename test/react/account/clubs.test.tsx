// @vitest-environment happy-dom
/**
 * The account club components (react/components/account), acting as a user with Testing Library and checked by axe:
 * loyalty clubs with their states and join/leave buttons, the VIP club with its notice closed for 365 days, the
 * questionnaire list and form (saved answers, problems at their question), and the saved cards with the add form.
 */
import { cleanup, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { ReactNode } from "react"
import { afterEach, describe, expect, test } from "vitest"
import type { QuestionnaireDetail, SavedCard } from "../../../core/api/accountClubs.ts"
import { vipNoticeCookieDays, vipNoticeCookieName, type ClosedCookie } from "../../../core/domain/layout/banners.ts"
import { shopById, type ShopId } from "../../../core/domain/shop.ts"
import { LoyaltyClubList } from "../../../react/components/account/LoyaltyClubList.tsx"
import { QuestionnaireForm } from "../../../react/components/account/QuestionnaireForm.tsx"
import { QuestionnaireList } from "../../../react/components/account/QuestionnaireList.tsx"
import { AddCardForm, SavedCardList } from "../../../react/components/account/SavedCardList.tsx"
import type { FormComponent } from "../../../react/components/account/clubForms.tsx"
import { VipClubPanel } from "../../../react/components/account/VipClubPanel.tsx"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"

afterEach(() => cleanup())

const wrap = (children: ReactNode, shopId: ShopId = "CZ10MA") => (
  <StorefrontProvider shop={shopById(shopId)} baseUrl="" language="en" live={false}><main>{children}</main></StorefrontProvider>
)

const formValues = (form: HTMLFormElement) => [...new FormData(form).entries()].map(([key, value]) => [key, String(value)])

describe("LoyaltyClubList", () => {
  test("each club shows its state and the button that fits it; the buttons post the club", async () => {
    const { container } = render(wrap(
      <LoyaltyClubList
        hiddenFields={<input type="hidden" name="csrf_token" value="t" />}
        clubs={[
          { clubId: 1, name: "Family club", description: "Discounts for families.", state: "trial", since: "2025-03-01", trialEnds: "2099-12-31" },
          { clubId: 2, name: "Garden club", description: "Seasonal offers.", state: "available" },
          { clubId: 3, name: "Kids club", description: "Birthday gifts.", state: "registered", since: "2025-03-01" }
        ]}
      />
    ))
    const family = screen.getByRole("listitem", { name: "Family club" })
    expect(within(family).getByText("Trial until 31/12/2099")).toBeInTheDocument()
    const leave = within(family).getByRole("button", { name: "Leave Family club" })
    expect(formValues(leave.closest("form")!)).toEqual([["csrf_token", "t"], ["intent", "leave"], ["clubId", "1"]])
    const join = within(screen.getByRole("listitem", { name: "Garden club" })).getByRole("button", { name: "Join Garden club" })
    expect(formValues(join.closest("form")!)).toEqual([["csrf_token", "t"], ["intent", "join"], ["clubId", "2"]])
    expect(within(screen.getByRole("listitem", { name: "Kids club" })).getByText("Member since 01/03/2025")).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })

  test("no clubs: a sentence instead of an empty list", () => {
    render(wrap(<LoyaltyClubList clubs={[]} />))
    expect(screen.getByText("The shop runs no loyalty clubs at the moment.")).toBeInTheDocument()
  })
})

describe("VipClubPanel", () => {
  test("the programme and its benefits; closing the notice writes its cookie for 365 days and hides it", async () => {
    const written: Array<ClosedCookie> = []
    const now = Date.UTC(2026, 0, 1)
    const { container } = render(wrap(
      <VipClubPanel vip={{ program: "vip_plus_program", since: "2025-02-01" }} noticeClosed={false} now={() => now} writeCookie={(cookie) => written.push(cookie)} />,
      "SI10SI"
    ))
    expect(screen.getByText("Your programme: VIP plus programme")).toBeInTheDocument()
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Member prices on selected products", "Free delivery on every order", "60 days to return goods", "A personal support line"
    ])
    await expectNoAxeViolations(container)
    await userEvent.click(screen.getByRole("button", { name: "Close the VIP notice" }))
    expect(screen.queryByRole("complementary", { name: "VIP club" })).not.toBeInTheDocument()
    expect(written).toEqual([{ name: vipNoticeCookieName, value: "1", expiresAtMs: now + vipNoticeCookieDays * 86_400_000 }])
  })

  test("a closed notice stays away; a customer in no programme is told how to get in", () => {
    render(wrap(<VipClubPanel vip={{ program: null, since: null }} noticeClosed />, "SI10SI"))
    expect(screen.queryByRole("button", { name: "Close the VIP notice" })).not.toBeInTheDocument()
    expect(screen.getByText(/You are not in the VIP club yet/)).toBeInTheDocument()
  })
})

const questionnaire: QuestionnaireDetail = {
  questionnaireId: 7,
  title: "Satisfaction",
  answeredAt: null,
  answers: { "2": ["Monthly"] },
  questions: [
    { questionId: 1, kind: "rating", text: "How happy are you?", required: true, options: [] },
    { questionId: 2, kind: "single", text: "How often do you buy?", required: true, options: ["First time", "Monthly"] },
    { questionId: 3, kind: "multiple", text: "Which categories?", required: false, options: ["Garden", "Sport"] },
    { questionId: 4, kind: "text", text: "What should we improve?", required: false, options: [] }
  ]
}

describe("Questionnaires", () => {
  test("the list links to each questionnaire and says whether it was answered", async () => {
    const { container } = render(wrap(
      <QuestionnaireList
        hrefOf={(id) => `/muj-ucet/dotazniky/${id}`}
        questionnaires={[
          { questionnaireId: 7, title: "Satisfaction", questionCount: 4, answeredAt: null },
          { questionnaireId: 8, title: "Delivery", questionCount: 2, answeredAt: "2026-01-05T10:00:00.000Z" }
        ]}
      />
    ))
    expect(screen.getByRole("link", { name: "Fill in “Satisfaction”" })).toHaveAttribute("href", "/muj-ucet/dotazniky/7")
    expect(screen.getByRole("link", { name: "Change the answers to “Delivery”" })).toHaveAttribute("href", "/muj-ucet/dotazniky/8")
    expect(screen.getByText("Answered on 05/01/2026")).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })

  test("the form pre-fills saved answers, shows problems at their question, and posts every answer", async () => {
    const user = userEvent.setup()
    const { container } = render(wrap(<QuestionnaireForm questionnaire={questionnaire} problems={[{ questionId: 1, reason: "required" }]} />))
    const rating = screen.getByRole("group", { name: /How happy are you/ })
    expect(rating).toHaveAccessibleDescription("Please answer this question.")
    expect(screen.getByRole("radio", { name: "Monthly" })).toBeChecked()
    await expectNoAxeViolations(container)
    await user.click(within(rating).getByRole("radio", { name: "4 of 5" }))
    await user.click(screen.getByRole("checkbox", { name: "Garden" }))
    await user.click(screen.getByRole("checkbox", { name: "Sport" }))
    await user.type(screen.getByRole("textbox", { name: "What should we improve?" }), "Faster delivery")
    const form = screen.getByRole("button", { name: "Send the answers" }).closest("form")!
    expect(formValues(form)).toEqual([["q1", "4"], ["q2", "Monthly"], ["q3", "Garden"], ["q3", "Sport"], ["q4", "Faster delivery"]])
  })
})

describe("Saved cards", () => {
  const cards: ReadonlyArray<SavedCard> = [
    { cardId: 5, kind: "payment", brand: "visa", last4: "4242", holder: "Jan Novák", expiryMonth: 3, expiryYear: 2030, createdAt: "2025-02-10T10:00:00.000Z" },
    { cardId: 6, kind: "loyalty", brand: "other", last4: "0005", holder: "Jan Novák", expiryMonth: null, expiryYear: null, createdAt: "2025-02-11T10:00:00.000Z" }
  ]

  test("the cards show masked numbers and remove buttons naming the card", async () => {
    const { container } = render(wrap(<SavedCardList cards={cards} />))
    expect(screen.getByText("Payment card · Visa")).toBeInTheDocument()
    expect(screen.getByText("Valid until 03/2030")).toBeInTheDocument()
    expect(screen.getByLabelText("ending 4242")).toHaveTextContent("•••• •••• •••• 4242")
    const remove = screen.getByRole("button", { name: "Remove the card ending 0005" })
    expect(formValues(remove.closest("form")!)).toEqual([["intent", "remove"], ["cardId", "6"]])
    await expectNoAxeViolations(container)
  })

  test("the add form names its fields and shows a refused number and expiry at their field", async () => {
    const user = userEvent.setup()
    const { container } = render(wrap(<AddCardForm errors={{ number: "number_invalid", expiry: "expired" }} values={{ kind: "loyalty", holder: "Jan" }} />))
    const number = screen.getByRole("textbox", { name: /Card number/ })
    expect(number).toHaveAttribute("aria-invalid", "true")
    expect(number).toHaveAccessibleDescription("The card number is not valid: check the digits.")
    expect(screen.getByRole("combobox", { name: "Card type" })).toHaveValue("loyalty")
    expect(screen.getByRole("textbox", { name: /Expiry month/ })).toHaveAccessibleDescription(/has expired/)
    await expectNoAxeViolations(container)
    await user.type(number, "4242 4242 4242 4242")
    expect(formValues(number.closest("form")!)).toContainEqual(["number", "4242 4242 4242 4242"])
  })

  test("a wrong check digit is refused in the browser without sending the form; the right number is sent", async () => {
    const user = userEvent.setup()
    let sent = 0
    const CountingForm: FormComponent = ({ onSubmit, ...props }) => (
      <form {...props} onSubmit={(event) => {
        onSubmit?.(event)
        if (!event.defaultPrevented) sent += 1
        event.preventDefault()
      }} />
    )
    render(wrap(<AddCardForm form={CountingForm} />))
    const number = screen.getByRole("textbox", { name: /Card number/ })
    await user.type(number, "5555 5555 5555 4445")
    await user.type(screen.getByRole("textbox", { name: /Name on the card/ }), "Anna Kowalska")
    await user.click(screen.getByRole("button", { name: "Add a card" }))
    expect(sent).toBe(0)
    expect(number).toHaveAttribute("aria-invalid", "true")
    expect(number).toHaveAccessibleDescription("The card number is not valid: check the digits.")
    await user.clear(number)
    await user.type(number, "5555 5555 5555 4444")
    await user.click(screen.getByRole("button", { name: "Add a card" }))
    expect(sent).toBe(1)
    expect(number).not.toHaveAttribute("aria-invalid")
  })
})
