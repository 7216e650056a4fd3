// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useState } from "react"
import { afterEach, describe, expect, test, vi } from "vitest"
import { QuantityInput, type QuantityInputLabels } from "../../react/index.ts"
import { expectNoAxeViolations } from "../support/axe.ts"

const labels: QuantityInputLabels = {
  count: "Quantity",
  decrease: "Decrease quantity",
  increase: "Increase quantity",
  corrected: (reason, count) => `Quantity set to ${count} (${reason})`
}

function Line({ initial, stock, onChange }: { initial: number; stock?: number; onChange: (n: number) => void }) {
  const [count, setCount] = useState(initial)
  return (
    <QuantityInput
      count={count}
      {...(stock === undefined ? {} : { stock })}
      labels={labels}
      onChange={(n) => {
        setCount(n)
        onChange(n)
      }}
    />
  )
}

afterEach(cleanup)

describe("QuantityInput", () => {
  test("minus is disabled at 1 and plus needs stock above the count", async () => {
    const onChange = vi.fn()
    const { container } = render(<Line initial={1} stock={2} onChange={onChange} />)
    expect(screen.getByRole("button", { name: "Decrease quantity" })).toBeDisabled()
    await userEvent.click(screen.getByRole("button", { name: "Increase quantity" }))
    expect(onChange).toHaveBeenLastCalledWith(2)
    expect(screen.getByRole("button", { name: "Increase quantity" })).toBeDisabled()
    expect(screen.getByRole("button", { name: "Decrease quantity" })).toBeEnabled()
    await expectNoAxeViolations(container)
  })

  test("plus is disabled at 30 whatever the stock", () => {
    render(<Line initial={30} stock={1000} onChange={() => {}} />)
    expect(screen.getByRole("button", { name: "Increase quantity" })).toBeDisabled()
  })

  test("typed garbage keeps the current count and is announced", async () => {
    const onChange = vi.fn()
    render(<Line initial={3} stock={50} onChange={onChange} />)
    const field = screen.getByRole("textbox", { name: "Quantity" })
    await userEvent.clear(field)
    await userEvent.type(field, "abc{Enter}")
    expect(field).toHaveValue("3")
    expect(onChange).not.toHaveBeenCalled()
    expect(screen.getByRole("status")).toHaveTextContent("Quantity set to 3 (notWhole)")
  })

  test("a typed count above 30 is clamped, an emptied field becomes 1", async () => {
    const onChange = vi.fn()
    render(<Line initial={3} stock={50} onChange={onChange} />)
    const field = screen.getByRole("textbox", { name: "Quantity" })
    await userEvent.clear(field)
    await userEvent.type(field, "99{Enter}")
    expect(onChange).toHaveBeenLastCalledWith(30)
    await userEvent.clear(field)
    await userEvent.tab()
    expect(onChange).toHaveBeenLastCalledWith(1)
    expect(field).toHaveValue("1")
  })

  test("arrow keys step the count within the rules", async () => {
    const onChange = vi.fn()
    render(<Line initial={2} stock={3} onChange={onChange} />)
    const field = screen.getByRole("textbox", { name: "Quantity" })
    field.focus()
    await userEvent.keyboard("{ArrowUp}{ArrowUp}")
    expect(onChange.mock.calls).toEqual([[3]])
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}")
    expect(onChange.mock.calls).toEqual([[3], [2], [1]])
  })
})
