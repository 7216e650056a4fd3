/**
 * The order test files start in (vitest.config.ts `sequence.sequencer`). Vitest's own order runs the projects by
 * name (backend, dom, isolated, pure), which leaves the packed-package test (npm pack, an install and a type check
 * in child processes, most of a minute) and the component files that build their own backend to the end, where
 * one worker runs them while the other has nothing left to do. Here the projects start longest work first:
 * the packed package, isolated, backend, dom, then the pure rules that fill the gaps.
 *
 * Within a project the longest files start first, so that the two workers finish together: by vitest's timings of
 * the last run on this machine when it has them for every file of the project, else (a fresh clone, as in CI) the
 * files known to be long ({@link knownLong}) first and the others larger first. Vitest's size order alone started
 * the examples' runs (short files that spawn a Node process per shop, over half a minute) among the last.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node"

/** Projects in the order their files start. */
const projectOrder = ["package", "isolated", "backend", "dom", "pure"]

/**
 * The files measured longest (a quiet two-core run of issue 9), longest first: each runs for 12 to 40 s where most
 * files take one or two. Paths from the repository root.
 */
export const knownLong: ReadonlyArray<string> = [
  "test/server/checkoutExample.test.ts",
  "test/server/db.test.ts",
  "test/package/consumer.test.ts",
  "test/services/checkout.test.ts",
  "test/server/storefrontExample.test.ts",
  "test/security/captcha.test.ts",
  "test/react/widgets/Connected.test.tsx"
]

const rank = (spec: TestSpecification): number => {
  const index = projectOrder.indexOf(spec.project.name)
  return index === -1 ? projectOrder.length : index
}

/** Vitest's order within each project (known-long files first where it has no timings), the projects longest work first. */
export class LongestWorkFirst extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    const sorted = await super.sort(files)
    const root = this.ctx.config.root.replace(/\/$/, "")
    const timed = (spec: TestSpecification) => this.ctx.cache.getTestSpecificationResult(spec) !== undefined
    /** The projects vitest has timings of for every file: its order stands there. */
    const fullyTimed = new Set(
      [...new Set(files.map((spec) => spec.project.name))].filter((name) => files.every((spec) => spec.project.name !== name || timed(spec)))
    )
    const known = (spec: TestSpecification): number => {
      if (fullyTimed.has(spec.project.name)) return knownLong.length
      const index = knownLong.indexOf(spec.moduleId.slice(root.length + 1))
      return index === -1 ? knownLong.length : index
    }
    return sorted.map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || known(a.spec) - known(b.spec) || a.index - b.index)
      .map(({ spec }) => spec)
  }
}
