import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { describe, expect, test } from "vitest"

const root = join(import.meta.dirname, "..", "..")

describe("docs/examples", () => {
  test("rules.ts runs as a plain Node script and prints one line per shop", () => {
    const output = execFileSync(process.execPath, [join(root, "docs/examples/rules.ts")], { encoding: "utf8" })
    const lines = output.trim().split("\n")
    expect(lines).toHaveLength(7)
    expect(lines[0]).toMatch(/^CZ10MA \| 1\s299\sKč \| 1\s299,50\sKč \| 110 00 \| typed "99" -> 30 \| Jana N\. \| methods: CZU,SIU_c,SIU_cw$/)
    expect(lines.find((l) => l.startsWith("PL10MA"))).toContain("| 00-950 |")
    expect(lines.find((l) => l.startsWith("SI10SI"))).toContain("methods: CZU,CZ0,SIU_cw")
  })
})
