/**
 * The order test files start in (vitest.config.ts `sequence.sequencer`). Vitest's own order runs the projects by
 * name (backend, dom, isolated, pure), which leaves the packed-package test (npm pack, an install and a type check
 * in child processes, most of a minute) and the component files that build their own backend to the end, where
 * one worker runs them while the other has nothing left to do. Here the projects start longest work first:
 * isolated, backend, dom, then the pure rules that fill the gaps. Within a project vitest's order stays (slowest
 * first from the last run's timings, else larger files first).
 */
import { BaseSequencer, type TestSpecification } from "vitest/node"

/** Projects in the order their files start. */
const projectOrder = ["isolated", "backend", "dom", "pure"]

const rank = (spec: TestSpecification): number => {
  const index = projectOrder.indexOf(spec.project.name)
  return index === -1 ? projectOrder.length : index
}

/** Vitest's order within each project, the projects longest work first. */
export class LongestWorkFirst extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    const sorted = await super.sort(files)
    return sorted.map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec)
  }
}
