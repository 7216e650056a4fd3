import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  isSafeRedirectTarget,
  loginRedirectTarget,
  loginReturnTarget,
  redirectUrlParameter,
  returnParameter,
  safeRedirectTarget
} from "../../../core/domain/redirect.ts"

const base = "https://shop.example"
const fallback = "/fallback"

/** Every percent-decoding of a string, as far as decoding succeeds and changes it (at most 8 rounds). */
const decodings = (value: string): ReadonlyArray<string> => {
  const levels = [value]
  let current = value
  for (let round = 0; round < 8; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      break
    }
    if (next === current) break
    levels.push(next)
    current = next
  }
  return levels
}

const staysOnShop = (path: string): boolean => {
  const url = new URL(path, base)
  return url.origin === base && url.href.startsWith(`${base}/`)
}

/** The oracle: the result is the fallback, or a path every decoding of which stays on the shop. */
const isAcceptableResult = (result: string): boolean =>
  result === fallback || (result.startsWith("/") && decodings(result).every(staysOnShop))

const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/)
const queryPart = fc.stringMatching(/^[A-Za-z0-9=&_-]{0,16}$/)
const safePath = fc
  .tuple(fc.array(segment, { minLength: 0, maxLength: 4 }), fc.option(queryPart), fc.option(queryPart))
  .map(([segments, query, hash]) => `/${segments.join("/")}${query === null ? "" : `?${query}`}${hash === null ? "" : `#${hash}`}`)

const maliciousPiece = fc.constantFrom(
  "/",
  "//",
  "\\",
  "\\\\",
  "/\\",
  "%2F",
  "%2f",
  "%5C",
  "%5c",
  "%252F",
  "%25252F",
  "%09",
  "%0a",
  "%0d",
  "%00",
  "%20",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u000b",
  "\u00a0",
  "\u2028",
  "\u200b",
  "\u202e",
  "\ufeff",
  "\u3000",
  "／",
  "＼",
  "javascript:",
  "JaVaScRiPt:",
  "data:",
  "vbscript:",
  "http:",
  "https:",
  "http://",
  "https://",
  "evil.example",
  "@evil.example",
  "evil.example:443",
  ":",
  "%",
  ".",
  ".."
)
const maliciousTarget = fc
  .tuple(fc.array(maliciousPiece, { minLength: 1, maxLength: 6 }), fc.constantFrom("", "evil.example", "evil.example/x?y#z", "/x"))
  .map(([pieces, rest]) => pieces.join("") + rest)

describe("safeRedirectTarget", () => {
  test("accepts plain same-origin paths unchanged", () => {
    expect(safeRedirectTarget("/path?x#y", fallback)).toBe("/path?x#y")
    expect(safeRedirectTarget("/", fallback)).toBe("/")
    expect(safeRedirectTarget("/muj-ucet#addresses", fallback)).toBe("/muj-ucet#addresses")
    expect(safeRedirectTarget("/search?q=red%20shoes", fallback)).toBe("/search?q=red%20shoes")
    expect(safeRedirectTarget("/a?next=//elsewhere", fallback)).toBe("/a?next=//elsewhere")
    expect(safeRedirectTarget("/košík", fallback)).toBe("/košík")
  })

  test("refuses every known open-redirect form", () => {
    for (const attack of [
      "//evil.example",
      "///evil.example",
      "https://evil.example",
      "http://evil.example",
      "HTTPS://evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "\\/evil.example",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "/\t/evil.example",
      "/\n/evil.example",
      " //evil.example",
      "\u0000//evil.example",
      "/%2F%2Fevil.example",
      "/%2f%2fevil.example",
      "%2F%2Fevil.example",
      "/%252F%252Fevil.example",
      "/%5Cevil.example",
      "/%09/evil.example",
      "/%0d%0aLocation:%20https://evil.example",
      "/%E2%80%AEevil",
      "/%",
      "/%E0%A4%A",
      "evil.example",
      "",
      "   "
    ]) {
      expect(safeRedirectTarget(attack, fallback), attack).toBe(fallback)
    }
  })

  test("a missing target gives the fallback", () => {
    expect(safeRedirectTarget(null, fallback)).toBe(fallback)
    expect(safeRedirectTarget(undefined, fallback)).toBe(fallback)
  })

  test.prop([fc.string({ unit: "binary" })])("for every string the result is the fallback or stays on the shop", (target) => {
    expect(isAcceptableResult(safeRedirectTarget(target, fallback))).toBe(true)
  })

  test.prop([fc.string({ unit: fc.constantFrom("/", "\\", "%", "2", "F", "f", "5", "C", "e", "v", ":", ".", "\t", " ", "@", "?", "#") })])(
    "for every string over an attacker's alphabet the result is the fallback or stays on the shop",
    (target) => {
      expect(isAcceptableResult(safeRedirectTarget(target, fallback))).toBe(true)
    }
  )

  test.prop([maliciousTarget])("malicious prefixes never lead off the shop", (target) => {
    const result = safeRedirectTarget(target, fallback)
    expect(isAcceptableResult(result)).toBe(true)
    expect(isAcceptableResult(safeRedirectTarget(`/${target}`, fallback))).toBe(true)
  })

  test.prop([maliciousTarget.filter((t) => !t.startsWith("/"))])("targets not starting with / are refused", (target) => {
    expect(safeRedirectTarget(target, fallback)).toBe(fallback)
  })

  test.prop([safePath])("plain same-origin paths are followed unchanged", (path) => {
    expect(safeRedirectTarget(path, fallback)).toBe(path)
    expect(isSafeRedirectTarget(path)).toBe(true)
  })

  test.prop([fc.string(), fc.string()])("the result is the target or the fallback, never something else", (target, other) => {
    const result = safeRedirectTarget(target, other)
    expect(result === target || result === other).toBe(true)
    expect(result === target).toBe(isSafeRedirectTarget(target) || target === other)
  })
})

describe("loginReturnTarget", () => {
  test("the parameter is named return", () => {
    expect(returnParameter).toBe("return")
  })

  test("reads the return parameter with or without ?, and from a whole URL", () => {
    expect(loginReturnTarget("?return=%2Fmuj-ucet", fallback)).toBe("/muj-ucet")
    expect(loginReturnTarget("return=/kosik&x=1", fallback)).toBe("/kosik")
    expect(loginReturnTarget("https://shop.example/prihlaseni?return=/kosik#top", fallback)).toBe("/kosik")
    expect(loginReturnTarget("", fallback)).toBe(fallback)
    expect(loginReturnTarget("?other=/kosik", fallback)).toBe(fallback)
  })

  test("reads a redirectUrl parameter when there is no return parameter; a present return decides", () => {
    expect(redirectUrlParameter).toBe("redirectUrl")
    expect(loginReturnTarget("?redirectUrl=%2Fkosik", fallback)).toBe("/kosik")
    expect(loginReturnTarget("?redirectUrl=%2F%2Fevil.example", fallback)).toBe(fallback)
    expect(loginReturnTarget("?return=/muj-ucet&redirectUrl=/kosik", fallback)).toBe("/muj-ucet")
    expect(loginReturnTarget("?return=%2F%2Fevil.example&redirectUrl=/kosik", fallback)).toBe(fallback)
  })

  test("refuses encoded attacks in the parameter", () => {
    for (const search of [
      "?return=%2F%2Fevil.example",
      "?return=https%3A%2F%2Fevil.example",
      "?return=%2F%5Cevil.example",
      "?return=%2F%252F%252Fevil.example",
      "?return=/%09/evil.example",
      "?return=javascript:alert(1)"
    ]) {
      expect(loginReturnTarget(search, fallback), search).toBe(fallback)
    }
  })

  test.prop([maliciousTarget])("for every malicious value the result is the fallback or stays on the shop", (target) => {
    const search = `?${new URLSearchParams({ [returnParameter]: target }).toString()}`
    expect(isAcceptableResult(loginReturnTarget(search, fallback))).toBe(true)
    expect(isAcceptableResult(loginReturnTarget(`?return=${target}`, fallback))).toBe(true)
  })

  test.prop([safePath])("a plain path in the parameter is followed", (path) => {
    const search = `?${new URLSearchParams({ [returnParameter]: path }).toString()}`
    expect(loginReturnTarget(search, fallback)).toBe(path)
  })
})

describe("loginRedirectTarget", () => {
  test.prop([fc.option(fc.oneof(safePath, maliciousTarget)), fc.option(fc.oneof(safePath, maliciousTarget))])(
    "prefers a safe redirectUrl, then a safe return parameter, then the fallback",
    (redirectUrl, returnValue) => {
      const search = returnValue === null ? "" : `?${new URLSearchParams({ return: returnValue }).toString()}`
      const result = loginRedirectTarget({ redirectUrl, search, fallback })
      const expected =
        redirectUrl !== null && isSafeRedirectTarget(redirectUrl)
          ? redirectUrl
          : returnValue !== null && isSafeRedirectTarget(returnValue)
            ? returnValue
            : fallback
      expect(result).toBe(expected)
      expect(isAcceptableResult(result)).toBe(true)
    }
  )
})
