// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react"
import { afterEach, describe, expect, test } from "vitest"
import { axeViolations, expectNoAxeViolations } from "../support/axe.ts"

afterEach(cleanup)

describe("the axe helper of the component tests", () => {
  test("finds a button without an accessible name", async () => {
    const { container } = render(<main><button type="button"></button></main>)
    const violations = await axeViolations(container)
    expect(violations.map((violation) => violation.id)).toContain("button-name")
  })

  test("passes a labelled control", async () => {
    const { container } = render(<main><label>Quantity <input type="number" /></label></main>)
    await expectNoAxeViolations(container)
  })
})
