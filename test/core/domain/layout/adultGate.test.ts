import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  type AdultGateEvent,
  type AdultGateState,
  adultContentHeader,
  adultContentHeaderUnsetValues,
  adultGateCommand,
  adultGateNeeded,
  adultGateReducer,
  adultGateVisible,
  initialAdultGate,
  isAdultContentHeaderSet,
  siteRoot
} from "../../../../core/domain/layout.ts"

const headerValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.constantFrom("1", "true", "TRUE", " yes ", "0", "false", "No", " off", "", "  "),
  fc.string()
)
const anyEvent: fc.Arbitrary<AdultGateEvent> = fc.oneof(
  fc.record({ type: fc.constant("response" as const), headerValue, adultAllowed: fc.boolean() }),
  fc.constant({ type: "confirm" as const }),
  fc.constant({ type: "reject" as const })
)
const anyState = fc.constantFrom<AdultGateState>("hidden", "asking", "confirmed", "rejected")
const caseVariant = (s: string, flips: ReadonlyArray<boolean>): string =>
  [...s].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join("")

describe("adult-content gate (§2, §4)", () => {
  test("the header is 'adult-content' and reject goes to the site root '/'", () => {
    expect(adultContentHeader).toBe("adult-content")
    expect(siteRoot).toBe("/")
    const asking = initialAdultGate({ headerValue: "1", adultAllowed: false })
    expect(asking).toBe("asking")
    expect(adultGateCommand(adultGateReducer(asking, { type: "reject" }))).toEqual({ type: "navigate", to: "/" })
    expect(adultGateCommand(adultGateReducer(asking, { type: "confirm" }))).toEqual({ type: "confirmAdultContent" })
    expect(adultGateVisible(adultGateReducer(asking, { type: "confirm" }))).toBe(false)
  })

  test("header values: absent, empty, 0, false, no, off are not set; anything else is", () => {
    for (const v of [null, undefined, "", " ", "0", "false", "FALSE", "no", "Off"]) expect(isAdultContentHeaderSet(v)).toBe(false)
    for (const v of ["1", "true", "yes", "on", "adult", "2"]) expect(isAdultContentHeaderSet(v)).toBe(true)
  })

  test.prop([fc.constantFrom(...adultContentHeaderUnsetValues), fc.array(fc.boolean(), { maxLength: 5 }), fc.stringMatching(/^[ \t]{0,3}$/)])(
    "an unset value in any letter case, with surrounding blanks, is not set",
    (value, flips, pad) => {
      expect(isAdultContentHeaderSet(`${pad}${caseVariant(value, flips)}${pad}`)).toBe(false)
    }
  )

  test.prop([fc.string()])("any other header value is set", (value) => {
    const unset = (adultContentHeaderUnsetValues as ReadonlyArray<string>).includes(value.trim().toLowerCase())
    expect(isAdultContentHeaderSet(value)).toBe(!unset)
  })

  test.prop([headerValue])("an allowed shopper never sees the gate", (value) => {
    expect(adultGateNeeded({ headerValue: value, adultAllowed: true })).toBe(false)
    expect(initialAdultGate({ headerValue: value, adultAllowed: true })).toBe("hidden")
    expect(initialAdultGate({ headerValue: value, adultAllowed: false })).toBe(isAdultContentHeaderSet(value) ? "asking" : "hidden")
  })

  test.prop([anyState, fc.array(anyEvent, { maxLength: 30 })])(
    "confirm and reject are final; they act only while asking; content never shows while asking or after reject",
    (initial, events) => {
      let s = initial
      for (const event of events) {
        const next = adultGateReducer(s, event)
        if (s === "confirmed" || s === "rejected") expect(next).toBe(s)
        if (event.type === "confirm") expect(next).toBe(s === "asking" ? "confirmed" : s)
        if (event.type === "reject") expect(next).toBe(s === "asking" ? "rejected" : s)
        if (event.type === "response" && s !== "confirmed" && s !== "rejected")
          expect(next).toBe(adultGateNeeded(event) ? "asking" : "hidden")
        expect(adultGateVisible(next)).toBe(next === "asking" || next === "rejected")
        expect(adultGateCommand(next) === null).toBe(next === "asking" || next === "hidden")
        s = next
      }
    }
  )
})
