import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, test } from "vitest"

const root = join(import.meta.dirname, "..", "..")

const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) ? [path] : []
  })

const importsOf = (source: string): ReadonlyArray<{ readonly specifier: string; readonly typeOnly: boolean }> =>
  [...source.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => ({
    specifier: m[3] ?? "",
    typeOnly: m[2] !== undefined
  }))

const coreFiles = sourceFiles(join(root, "core"))
const domainFiles = sourceFiles(join(root, "core", "domain"))

const domGlobals = /\b(window|document|localStorage|sessionStorage|navigator|HTMLElement|customElements|requestAnimationFrame)\b\s*[.([]/

const stripComments = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1")

describe("layer boundaries", () => {
  test("core/ has source files to check", () => {
    expect(domainFiles.length).toBeGreaterThan(5)
  })

  test.each(coreFiles.map((f) => [relative(root, f)]))("%s imports no React, Jotai or DOM library", (file) => {
    const source = readFileSync(join(root, file), "utf8")
    for (const { specifier } of importsOf(source)) {
      expect(specifier).not.toMatch(/^(react|react-dom|jotai|happy-dom|@testing-library)(\/|$)/)
      expect(specifier).not.toMatch(/^(\.\.\/)+(react|demo)\//)
    }
    expect(stripComments(source)).not.toMatch(domGlobals)
  })

  test.each(domainFiles.map((f) => [relative(root, f)]))("%s uses Effect for types only", (file) => {
    const source = readFileSync(join(root, file), "utf8")
    for (const { specifier, typeOnly } of importsOf(source)) {
      if (/^effect(\/|$)|^@effect\//.test(specifier)) expect(typeOnly).toBe(true)
      expect(specifier).not.toMatch(/^\.\.\/(api|services)\//)
    }
  })
})
