// @vitest-environment happy-dom
/**
 * The consent panel, the data-protection modal, the legal-conditions modal and the adult-content gate (§2, §4): what
 * each shows, what its buttons and links ask for, the busy labels, and that none of the non-closable ones closes on
 * Escape.
 */
import { cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test, vi } from "vitest"
import {
  AdultContentGate,
  AdultGateView,
  ConsentPanelView,
  consentModalTargets,
  DataProtectionModalView,
  LegalModalView
} from "../../../react/index.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { renderWidget } from "./render.tsx"

afterEach(cleanup)

describe("ConsentPanelView", () => {
  test("a bar with heading, text, the three notes and agree; posting shows the busy label", async () => {
    const onAgree = vi.fn()
    const { container, rerender } = renderWidget(<ConsentPanelView posting={false} onAgree={onAgree} />)
    const panel = screen.getByRole("region", { name: "Privacy settings" })
    expect(screen.getByRole("checkbox", { name: "Personalise offers and recommendations for me" })).not.toBeChecked()
    expect(within(panel).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Privacy: we process your data as our privacy policy describes.",
      "Personalisation: with your consent we recommend products based on what you viewed.",
      "Settings: you can change your choice at any time in your account."
    ])
    await userEvent.click(screen.getByRole("button", { name: "I agree" }))
    expect(onAgree).toHaveBeenLastCalledWith(false)
    await userEvent.click(screen.getByRole("checkbox", { name: "Personalise offers and recommendations for me" }))
    await userEvent.click(screen.getByRole("button", { name: "I agree" }))
    expect(onAgree).toHaveBeenLastCalledWith(true)
    await expectNoAxeViolations(container)
    rerender(<ConsentPanelView posting onAgree={onAgree} />)
    expect(screen.queryByRole("button", { name: "I agree" })).toBeNull()
    rerender(<ConsentPanelView posting={false} ready={false} onAgree={onAgree} />)
    expect(screen.getByRole("button", { name: "I agree" })).toBeDisabled()
  })

  test("texts follow the UI language", () => {
    renderWidget(<ConsentPanelView posting={false} onAgree={() => undefined} />, { shopId: "PL10MA", language: "pl" })
    expect(screen.getByText("Prywatność: przetwarzamy Twoje dane zgodnie z polityką prywatności.")).toBeInTheDocument()
  })
})

describe("DataProtectionModalView", () => {
  test("title, two paragraphs, three links recording their own keys, submit closes; Escape does not", async () => {
    const user = userEvent.setup()
    const onLink = vi.fn()
    const onSubmit = vi.fn()
    const { container } = renderWidget(
      <DataProtectionModalView open busy={false} targets={consentModalTargets("/muj-ucet")} onLink={onLink} onSubmit={onSubmit} />
    )
    const dialog = screen.getByRole("dialog", { name: "Your personal data" })
    expect(within(dialog).getAllByRole("paragraph")).toHaveLength(2)
    expect(within(dialog).queryByRole("button", { name: "Close" })).toBeNull()
    const links = within(dialog).getAllByRole("link")
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Personal information", "/muj-ucet#detail"],
      ["Edit personalisation", "/muj-ucet#personalization"],
      ["Edit newsletter sending", "/muj-ucet#newsletter"]
    ])
    await expectNoAxeViolations(container)
    for (const link of links) link.addEventListener("click", (event) => event.preventDefault())
    await user.click(links[1]!)
    expect(onLink).toHaveBeenLastCalledWith("edit_personalization")
    await user.keyboard("{Escape}")
    expect(screen.getByRole("dialog")).toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "Save and close" }))
    expect(onSubmit).toHaveBeenCalledOnce()
  })
})

describe("LegalModalView", () => {
  test("non-closable, the legal text sanitized, each button with its busy label", async () => {
    const user = userEvent.setup()
    const onApprove = vi.fn()
    const props = { text: "<h3>Terms</h3><p onclick=\"steal()\">New terms<script>steal()</script></p>", onApprove, onDeactivate: vi.fn() }
    const { container, rerender } = renderWidget(<LegalModalView {...props} approving={false} deactivating={false} />)
    const dialog = screen.getByRole("dialog", { name: "Updated terms and conditions" })
    expect(container.querySelector("script")).toBeNull()
    expect(container.querySelector("[onclick]")).toBeNull()
    expect(within(dialog).getByRole("heading", { name: "Terms" })).toBeInTheDocument()
    await expectNoAxeViolations(container)
    await user.keyboard("{Escape}")
    await user.click(screen.getByRole("button", { name: "I agree" }))
    expect(onApprove).toHaveBeenCalledOnce()
    rerender(<LegalModalView {...props} approving deactivating={false} />)
    expect(screen.getByRole("button", { name: "Saving your consent…" })).toBeDisabled()
    expect(screen.getByRole("button", { name: "I disagree and close my account" })).toBeDisabled()
    rerender(<LegalModalView {...props} approving={false} deactivating />)
    expect(screen.getByRole("button", { name: "Closing your account…" })).toBeDisabled()
  })
})

describe("Adult-content gate", () => {
  test("heading, danger message and text, with confirm and reject in the header and the footer", async () => {
    const onConfirm = vi.fn()
    const onReject = vi.fn()
    const { container } = renderWidget(<AdultGateView confirming={false} onConfirm={onConfirm} onReject={onReject} />)
    const dialog = screen.getByRole("dialog", { name: "Adult content" })
    expect(within(dialog).getByText("This page contains products intended for adults only.")).toBeInTheDocument()
    const confirms = within(dialog).getAllByRole("button", { name: "I am 18 or older" })
    const rejects = within(dialog).getAllByRole("button", { name: "Leave" })
    expect([confirms.length, rejects.length]).toEqual([2, 2])
    expect(dialog.querySelector("header")).toContainElement(confirms[0]!)
    expect(dialog.querySelector("footer")).toContainElement(confirms[1]!)
    await expectNoAxeViolations(container)
    await userEvent.click(confirms[1]!)
    await userEvent.click(rejects[0]!)
    expect(onConfirm).toHaveBeenCalledOnce()
    expect(onReject).toHaveBeenCalledOnce()
  })

  test("reject sends the shopper to the site root and the content stays covered", async () => {
    const navigate = vi.fn()
    renderWidget(<AdultContentGate needed navigate={navigate} />)
    await userEvent.click((await screen.findAllByRole("button", { name: "Leave" }))[1]!)
    expect(navigate).toHaveBeenCalledWith("/")
    expect(screen.getByRole("dialog", { name: "Adult content" })).toBeInTheDocument()
  })

  test("a page that does not need the gate shows none", () => {
    renderWidget(<AdultContentGate needed={false} navigate={vi.fn()} />)
    expect(screen.queryByRole("dialog")).toBeNull()
  })
})
