// @vitest-environment happy-dom
/**
 * The generic modal and the image lightbox (§2): dialog role and name, focus moved in, trapped and restored, Escape,
 * the overlay and the close button close a closable modal and nothing closes a non-closable one; the product
 * gallery opens the lightbox by keyboard and a click on the image closes it.
 */
import { cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useState } from "react"
import { afterEach, describe, expect, test, vi } from "vitest"
import type { ModalOptions } from "../../../core/domain/layout/modal.ts"
import { Modal, ProductGallery } from "../../../react/index.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { renderWidget } from "./render.tsx"

afterEach(cleanup)

function Opener({ options, onClose }: { readonly options?: Partial<ModalOptions>; readonly onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Size chart</button>
      <Modal open={open} title="Size chart" options={options ?? {}} onClose={() => { onClose?.(); setOpen(false) }}>
        <label>Height <input name="height" /></label>
        <button type="button">Convert</button>
      </Modal>
    </>
  )
}

describe("Modal", () => {
  test("opens as a named dialog with focus inside, keeps Tab inside, closes on Escape and gives focus back", async () => {
    const user = userEvent.setup()
    const { container } = renderWidget(<Opener />)
    const opener = screen.getByRole("button", { name: "Size chart" })
    await user.click(opener)
    const dialog = screen.getByRole("dialog", { name: "Size chart" })
    expect(dialog).toHaveAttribute("aria-modal", "true")
    const close = screen.getByRole("button", { name: "Close" })
    expect(close).toHaveFocus()
    await expectNoAxeViolations(container)
    await user.tab()
    expect(screen.getByRole("textbox", { name: "Height" })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole("button", { name: "Convert" })).toHaveFocus()
    await user.tab()
    expect(close).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole("button", { name: "Convert" })).toHaveFocus()
    await user.keyboard("{Escape}")
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(opener).toHaveFocus()
  })

  test("the overlay and the close button close it; a click inside does not", async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    const { container } = renderWidget(<Opener onClose={onClose} />)
    await user.click(screen.getByRole("button", { name: "Size chart" }))
    await user.click(screen.getByRole("button", { name: "Convert" }))
    expect(screen.getByRole("dialog")).toBeInTheDocument()
    await user.click(container.querySelector(".sf-modal-overlay")!)
    expect(screen.queryByRole("dialog")).toBeNull()
    await user.click(screen.getByRole("button", { name: "Size chart" }))
    await user.click(screen.getByRole("button", { name: "Close" }))
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  test("a non-closable modal has no close button and ignores Escape and the overlay", async () => {
    const user = userEvent.setup()
    const { container } = renderWidget(<Opener options={{ closable: false, size: "small", fullScreen: true, bodyClass: "terms" }} />)
    await user.click(screen.getByRole("button", { name: "Size chart" }))
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull()
    expect(screen.getByRole("textbox", { name: "Height" })).toHaveFocus()
    await user.keyboard("{Escape}")
    await user.click(container.querySelector(".sf-modal-overlay")!)
    const dialog = screen.getByRole("dialog", { name: "Size chart" })
    expect(dialog).toHaveClass("sf-modal--small", "sf-modal--full")
    expect(dialog.querySelector(".sf-modal-body")).toHaveClass("terms")
    await expectNoAxeViolations(container)
  })

  test("a modal without a title takes its name from its label", async () => {
    const { container } = renderWidget(<Modal open label="Filters"><p>Colour</p></Modal>)
    expect(screen.getByRole("dialog", { name: "Filters" })).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })
})

const images = [
  { url: "/media/p1-a.png", width: 600, height: 600 },
  { url: "/media/p1-b.png", width: 600, height: 600 }
]

describe("ProductGallery and ImageLightbox", () => {
  test("the main image opens the full-screen lightbox by keyboard; a click on the image closes it and focus returns", async () => {
    const user = userEvent.setup()
    const { container } = renderWidget(<ProductGallery images={images} title="Kettle" />)
    await user.click(screen.getByRole("button", { name: "Show image 2" }))
    expect(screen.getByRole("button", { name: "Show image 2" })).toHaveAttribute("aria-pressed", "true")
    const main = screen.getByRole("button", { name: "Enlarge the image of Kettle" })
    main.focus()
    await user.keyboard("{Enter}")
    const dialog = screen.getByRole("dialog", { name: "Click to close" })
    expect(dialog).toHaveClass("sf-modal--full")
    expect(dialog.querySelector("img")).toHaveAttribute("src", "/media/p1-b.png")
    await expectNoAxeViolations(container)
    await user.click(within(dialog).getByRole("button", { name: "Kettle" }))
    expect(screen.queryByRole("dialog")).toBeNull()
    expect(main).toHaveFocus()
  })

  test("Escape closes the lightbox", async () => {
    const user = userEvent.setup()
    renderWidget(<ProductGallery images={images} title="Kettle" />)
    await user.click(screen.getByRole("button", { name: "Enlarge the image of Kettle" }))
    expect(screen.getByRole("dialog", { name: "Click to close" })).toBeInTheDocument()
    await user.keyboard("{Escape}")
    expect(screen.queryByRole("dialog")).toBeNull()
  })
})
