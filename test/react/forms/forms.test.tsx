// @vitest-environment happy-dom
/**
 * The form pieces of the pages (react/components/forms), acting as a user with Testing Library and checked by axe:
 * the labelled field with its error, the contact topic picker (a level resets the deeper ones, §4), the info box
 * (90 ms, phone and form drawers toggling each other), the attachments (5 files at most, limits shown formatted,
 * too-large files named) and the captcha (picture, answer, id, reload link).
 */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { ReactNode } from "react"
import { afterEach, describe, expect, test, vi } from "vitest"
import { emptySelection, infoBoxDelayMs, type ContactTopic, type TopicSelection } from "../../../core/domain/contact.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { translate } from "../../../core/messages/index.ts"
import { AttachmentsField } from "../../../react/components/forms/AttachmentsField.tsx"
import { CaptchaField } from "../../../react/components/forms/CaptchaField.tsx"
import { ContactInfoBox } from "../../../react/components/forms/ContactInfoBox.tsx"
import { ContactTopicPicker } from "../../../react/components/forms/ContactTopicPicker.tsx"
import { FormNotice } from "../../../react/components/forms/FormNotice.tsx"
import { TextField } from "../../../react/components/forms/TextField.tsx"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const wrap = (children: ReactNode, language: "en" | "cs" = "en") => (
  <StorefrontProvider shop={shopById("CZ10MA")} baseUrl="" language={language} live={false}>{children}</StorefrontProvider>
)
const en = (key: string, params?: Record<string, string | number>) => (translate as (l: string, k: string, p?: object) => string)("en", key, params)

const tree: ReadonlyArray<ContactTopic> = [
  {
    key: "order",
    title: "Order",
    children: [
      { key: "order-status", title: "Order status", txt: "Track it online.", children: [{ key: "order-where", title: "Where is it?", children: [] }] },
      { key: "order-change", title: "Change an order", children: [] }
    ]
  },
  { key: "other", title: "Something else", children: [] }
]

describe("TextField", () => {
  test("the label names the field; an error marks it invalid and describes it", async () => {
    const { container } = render(<form><TextField label="E-mail" name="email" type="email" required hint="We answer here." error="Enter a valid e-mail address." /></form>)
    const input = screen.getByRole("textbox", { name: "E-mail" })
    expect(input).toHaveAttribute("name", "email")
    expect(input).toBeRequired()
    expect(input).toHaveAttribute("aria-invalid", "true")
    expect(input).toHaveAccessibleDescription("We answer here. Enter a valid e-mail address.")
    await expectNoAxeViolations(container)
  })

  test("a multiline field is a textarea without an error state by default", async () => {
    const { container } = render(<form><TextField label="Message" name="feedback" multiline /></form>)
    const area = screen.getByRole("textbox", { name: "Message" })
    expect(area.tagName).toBe("TEXTAREA")
    expect(area).not.toHaveAttribute("aria-invalid")
    await expectNoAxeViolations(container)
  })
})

describe("FormNotice", () => {
  test("an error is an alert, a success a status", () => {
    const { container } = render(<><FormNotice tone="error">Failed</FormNotice><FormNotice tone="success">Done</FormNotice></>)
    expect(screen.getByRole("alert")).toHaveTextContent("Failed")
    expect(screen.getByRole("status")).toHaveTextContent("Done")
  })
})

describe("ContactTopicPicker", () => {
  function Picker({ selection, onChange }: { selection: TopicSelection; onChange: (s: TopicSelection) => void }) {
    return wrap(<form><ContactTopicPicker tree={tree} selection={selection} onChange={onChange} /></form>)
  }

  test("only the first level shows until a topic is chosen; choosing one reports the selection", async () => {
    const onChange = vi.fn()
    const { container } = render(<Picker selection={emptySelection} onChange={onChange} />)
    expect(screen.getByRole("group", { name: en("pg_contact_topic") })).toBeInTheDocument()
    expect(screen.getAllByRole("combobox")).toHaveLength(1)
    await userEvent.selectOptions(screen.getByRole("combobox", { name: en("pg_contact_topic_level_1") }), "Order")
    expect(onChange).toHaveBeenLastCalledWith({ selected_1: "order", selected_2: undefined, selected_3: undefined })
    await expectNoAxeViolations(container)
  })

  test("choosing the first level again resets the second and third (§4)", async () => {
    const onChange = vi.fn()
    const { container } = render(<Picker selection={{ selected_1: "order", selected_2: "order-status", selected_3: "order-where" }} onChange={onChange} />)
    expect(screen.getAllByRole("combobox")).toHaveLength(3)
    expect(screen.getByRole("combobox", { name: en("pg_contact_topic_level_3") })).toHaveValue("order-where")
    await userEvent.selectOptions(screen.getByRole("combobox", { name: en("pg_contact_topic_level_1") }), "Something else")
    expect(onChange).toHaveBeenLastCalledWith({ selected_1: "other", selected_2: undefined, selected_3: undefined })
    await userEvent.selectOptions(screen.getByRole("combobox", { name: en("pg_contact_topic_level_2") }), "Change an order")
    expect(onChange).toHaveBeenLastCalledWith({ selected_1: "order", selected_2: "order-change", selected_3: undefined })
    await expectNoAxeViolations(container)
  })

  test("the texts follow the UI language", () => {
    const { container } = render(wrap(<form><ContactTopicPicker tree={tree} selection={emptySelection} /></form>, "cs"))
    expect(screen.getByRole("group", { name: "Čeho se vaše zpráva týká?" })).toBeInTheDocument()
  })
})

describe("ContactInfoBox", () => {
  test("a topic's text shows after 90 ms; 'call us' and 'write to us' toggle each other", async () => {
    vi.useFakeTimers()
    const { rerender, container } = render(wrap(<ContactInfoBox text={undefined} phone="+420 225 000 000"><p>The form</p></ContactInfoBox>))
    expect(screen.getByText("The form")).toBeVisible()
    rerender(wrap(<ContactInfoBox text="Track it online." phone="+420 225 000 000"><p>The form</p></ContactInfoBox>))
    expect(screen.queryByText("Track it online.")).toBeNull()
    act(() => { vi.advanceTimersByTime(infoBoxDelayMs - 1) })
    expect(screen.queryByText("Track it online.")).toBeNull()
    act(() => { vi.advanceTimersByTime(1) })
    expect(screen.getByRole("note")).toHaveTextContent("Track it online.")
    const phone = screen.getByRole("button", { name: en("pg_contact_show_phone") })
    const form = screen.getByRole("button", { name: en("pg_contact_show_form") })
    expect(form).toHaveAttribute("aria-expanded", "true")
    expect(screen.getByText("The form")).toBeVisible()
    fireEvent.click(phone)
    expect(phone).toHaveAttribute("aria-expanded", "true")
    expect(form).toHaveAttribute("aria-expanded", "false")
    expect(screen.getByText(en("pg_contact_phone", { phone: "+420 225 000 000" }))).toBeVisible()
    expect(screen.getByText("The form")).not.toBeVisible()
    fireEvent.click(form)
    expect(screen.getByText("The form")).toBeVisible()
    vi.useRealTimers()
    await expectNoAxeViolations(container)
  })
})

describe("AttachmentsField", () => {
  const limits = { maxFileSize: 1000, maxFileSizeFormatted: "1 kB", maxPostSize: 2500, maxPostSizeFormatted: "2.5 kB" }
  const file = (name: string, size: number) => new File([new Uint8Array(size)], name)

  test("shows the limits formatted and accepts files within them", async () => {
    const onValidity = vi.fn()
    const { container } = render(wrap(<form><AttachmentsField limits={limits} onValidity={onValidity} /></form>))
    const input = screen.getByLabelText(en("pg_contact_attachments"))
    expect(input).toHaveAccessibleDescription(en("pg_contact_attachments_hint", { count: 5, file: "1 kB", total: "2.5 kB" }))
    await userEvent.upload(input, [file("a.txt", 500), file("b.txt", 900)])
    expect(onValidity).toHaveBeenLastCalledWith(true)
    expect(input).not.toHaveAttribute("aria-invalid")
    await expectNoAxeViolations(container)
  })

  test("names a file above the single limit and refuses six files", async () => {
    const onValidity = vi.fn()
    const { container } = render(wrap(<form><AttachmentsField limits={limits} onValidity={onValidity} /></form>))
    const input = screen.getByLabelText(en("pg_contact_attachments"))
    await userEvent.upload(input, [file("big.pdf", 1001)])
    expect(onValidity).toHaveBeenLastCalledWith(false)
    expect(screen.getByText(`big.pdf: ${en("frm_file-too-large", { max: "1 kB" })}`)).toBeInTheDocument()
    expect(input).toHaveAttribute("aria-invalid", "true")
    await userEvent.upload(input, Array.from({ length: 6 }, (_, i) => file(`${i}.txt`, 1)))
    expect(screen.getByText(en("frm_too-many-attachments", { max: 5 }))).toBeInTheDocument()
    await userEvent.upload(input, [file("a", 900), file("b", 900), file("c", 900)])
    expect(screen.getByText(en("frm_post-too-large", { max: "2.5 kB" }))).toBeInTheDocument()
    await expectNoAxeViolations(container)
  })
})

describe("CaptchaField", () => {
  test("the picture has a text alternative; the answer is bot2, the id bot2i; another picture is a link", async () => {
    const { container } = render(wrap(
      <form><CaptchaField captcha={{ id: "ABCDEFGHIJKLMNOP", image: "iVBORw0KGgo=" }} reloadTo="/kontakt?rnd=1" error="Wrong" /></form>
    ))
    expect(screen.getByRole("img", { name: en("pg_contact_captcha_image") })).toHaveAttribute("src", "data:image/png;base64,iVBORw0KGgo=")
    const answer = screen.getByRole("textbox", { name: en("pg_contact_captcha") })
    expect(answer).toHaveAttribute("name", "bot2")
    expect(answer).toHaveAccessibleDescription("Wrong")
    expect(container.querySelector("input[name=bot2i]")).toHaveValue("ABCDEFGHIJKLMNOP")
    expect(screen.getByRole("link", { name: en("pg_contact_captcha_reload") })).toHaveAttribute("href", "/kontakt?rnd=1")
    await expectNoAxeViolations(container)
  })
})
