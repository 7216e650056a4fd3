/**
 * axe-core over a rendered component, for the component tests (happy-dom): fails with the rule ids, help texts and
 * offending nodes of every violation. Colour contrast is left to the end-to-end run in real Chromium, where layout
 * and computed colours exist (happy-dom computes neither).
 *
 * @module
 */
import axe from "axe-core"
import { expect } from "vitest"

/** The axe violations of an element's subtree (default: the whole document). */
export const axeViolations = async (context: Element | Document = document): Promise<ReadonlyArray<axe.Result>> => {
  const results = await axe.run(context, {
    rules: { "color-contrast": { enabled: false } },
    resultTypes: ["violations"]
  })
  return results.violations
}

/** Asserts that axe finds no violation in an element's subtree (default: the whole document). */
export const expectNoAxeViolations = async (context: Element | Document = document): Promise<void> => {
  const violations = await axeViolations(context)
  expect(
    violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html).join(" | ")})`)
  ).toEqual([])
}
