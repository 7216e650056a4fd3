import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  initialOutletPicker,
  maxVisibleOutlets,
  outletMinQueryLength,
  outletPickerKeys,
  outletPickerReducer,
  outletBranch,
  outletOfBranch,
  outletText,
  outletPurchasePrice,
  postOutletChoices,
  outletSearchDebounceMs,
  outletSearchParams,
  shouldSearch,
  visibleOutlets
} from "../../../core/domain/outlet.ts"
import type { OutletPickerEvent, OutletPickerKey, OutletPickerState, PostOutlet } from "../../../core/domain/outlet.ts"

const outlet: fc.Arbitrary<PostOutlet> = fc.record({
  postAddress: fc.stringMatching(/^[A-Z][a-z]{1,8} [0-9]{1,3}$/),
  zip: fc.stringMatching(/^[0-9]{5}$/)
})
const outlets = fc.array(outlet, { maxLength: 25 })
const query = fc.constantFrom("", "a", " b ", "pr", "pra", " pr ", "Praha")
const key = fc.constantFrom<OutletPickerKey>(...outletPickerKeys)
const event: fc.Arbitrary<OutletPickerEvent> = fc.oneof(
  query.map((q): OutletPickerEvent => ({ type: "queryTyped", query: q })),
  fc.tuple(query, outlets).map(([q, o]): OutletPickerEvent => ({ type: "resultsArrived", query: q, outlets: o })),
  key.map((k): OutletPickerEvent => ({ type: "key", key: k })),
  fc.integer({ min: -2, max: 30 }).map((index): OutletPickerEvent => ({ type: "pointed", index })),
  fc.integer({ min: -2, max: 30 }).map((index): OutletPickerEvent => ({ type: "chosen", index })),
  fc.constant<OutletPickerEvent>({ type: "blurred" })
)
/** Any state at all, including ones that break the invariants. */
const anyState: fc.Arbitrary<OutletPickerState> = fc.record({
  query,
  outlets,
  open: fc.boolean(),
  active: fc.option(fc.oneof(fc.integer({ min: -3, max: 30 }), fc.double()), { nil: undefined }),
  selected: fc.option(outlet, { nil: undefined })
})
/** An open list of 1..15 outlets with an optional valid active index. */
const openState: fc.Arbitrary<OutletPickerState> = fc
  .array(outlet, { minLength: 1, maxLength: 15 })
  .chain((o) =>
    fc.record({
      query: fc.constant("pra"),
      outlets: fc.constant(o),
      open: fc.constant(true),
      active: fc.option(fc.nat({ max: o.length - 1 }), { nil: undefined }),
      selected: fc.constant(undefined)
    })
  )

const expectInvariants = (s: OutletPickerState): void => {
  expect(s.outlets.length).toBeLessThanOrEqual(15)
  if (s.active !== undefined) {
    expect(Number.isInteger(s.active)).toBe(true)
    expect(s.active).toBeGreaterThanOrEqual(0)
    expect(s.active).toBeLessThan(s.outlets.length)
    expect(s.open).toBe(true)
  }
  if (s.open) expect(s.outlets.length).toBeGreaterThan(0)
}

describe("post outlet search (§5, §7, §9)", () => {
  test("constants", () => {
    expect(outletMinQueryLength).toBe(2)
    expect(outletPurchasePrice).toBe(2500)
    expect(outletSearchDebounceMs).toBe(500)
    expect(maxVisibleOutlets).toBe(15)
    expect(outletPickerKeys).toEqual(["tab", "enter", "escape", "up", "down"])
  })

  test("the search starts at 2 characters", () => {
    expect(shouldSearch("")).toBe(false)
    expect(shouldSearch(" a ")).toBe(false)
    expect(shouldSearch("ab")).toBe(true)
    expect(shouldSearch("𝒜")).toBe(false)
    expect(shouldSearch("𝒜b")).toBe(true)
  })

  test.prop([fc.string({ unit: "binary" }), fc.stringMatching(/^\s{0,3}$/)])(
    "a query is searched when it has at least 2 characters after trimming",
    (q, pad) => {
      expect(shouldSearch(`${pad}${q}${pad}`)).toBe([...q.trim()].length >= 2)
    }
  )

  test.prop([fc.string(), fc.nat()])("the search parameters: trimmed query, purchase price 2500, the timestamp", (q, ts) => {
    expect(outletSearchParams(q, ts)).toEqual({ find: q.trim(), purchasePrice: 2500, timestamp: ts })
  })

  test.prop([fc.array(outlet, { maxLength: 40 })])("at most 15 outlets are shown, the first ones in order", (list) => {
    const shown = visibleOutlets(list)
    expect(shown).toEqual(list.slice(0, Math.min(15, list.length)))
  })
})

describe("outlet picker (§9)", () => {
  test.prop([anyState, fc.array(event, { maxLength: 25 })])(
    "from any state, after any events: at most 15 shown, the active index within them or none, none while closed",
    (start, events) => {
      let s = start
      for (const e of events) {
        s = outletPickerReducer(s, e)
        expectInvariants(s)
      }
    }
  )

  test.prop([fc.array(event, { maxLength: 25 })])("a selected outlet is always one the results offered", (events) => {
    let s = initialOutletPicker()
    const offered = new Set<PostOutlet>()
    for (const e of events) {
      if (e.type === "resultsArrived") for (const o of e.outlets.slice(0, 15)) offered.add(o)
      s = outletPickerReducer(s, e)
      if (s.selected !== undefined) expect(offered.has(s.selected)).toBe(true)
    }
  })

  test.prop([openState])("down and up move the active outlet with wrap-around", (s) => {
    const n = s.outlets.length
    const down = outletPickerReducer(s, { type: "key", key: "down" })
    const up = outletPickerReducer(s, { type: "key", key: "up" })
    expect(down.active).toBe(s.active === undefined ? 0 : (s.active + 1) % n)
    expect(up.active).toBe(s.active === undefined ? n - 1 : (s.active - 1 + n) % n)
    if (s.active !== undefined) {
      expect(outletPickerReducer(down, { type: "key", key: "up" }).active).toBe(s.active)
    }
  })

  test.prop([openState])("enter selects the active outlet and closes; with none active it does nothing", (s) => {
    const after = outletPickerReducer(s, { type: "key", key: "enter" })
    if (s.active === undefined) expect(after).toEqual(s)
    else expect(after).toEqual({ ...s, open: false, active: undefined, selected: s.outlets[s.active] })
  })

  test.prop([openState])("tab selects the active outlet if there is one, otherwise closes", (s) => {
    const after = outletPickerReducer(s, { type: "key", key: "tab" })
    expect(after.open).toBe(false)
    expect(after.selected).toBe(s.active === undefined ? undefined : s.outlets[s.active])
  })

  test.prop([openState, fc.constantFrom<OutletPickerEvent>({ type: "key", key: "escape" }, { type: "blurred" })])(
    "escape and blur close without selecting",
    (s, e) => {
      expect(outletPickerReducer(s, e)).toEqual({ ...s, open: false, active: undefined })
    }
  )

  test.prop([openState, fc.nat({ max: 20 })])("pointing makes a shown outlet active; choosing selects it", (s, i) => {
    const pointed = outletPickerReducer(s, { type: "pointed", index: i })
    const chosen = outletPickerReducer(s, { type: "chosen", index: i })
    if (i < s.outlets.length) {
      expect(pointed.active).toBe(i)
      expect(chosen.selected).toBe(s.outlets[i])
      expect(chosen.open).toBe(false)
    } else {
      expect(pointed).toEqual(s)
      expect(chosen).toEqual(s)
    }
  })

  test.prop([outlets, fc.constantFrom("pra", " pra")])("results for the current query show at most 15 and open the list", (list, q) => {
    const typed = outletPickerReducer(initialOutletPicker(), { type: "queryTyped", query: "pra" })
    const s = outletPickerReducer(typed, { type: "resultsArrived", query: q, outlets: list })
    expect(s.outlets).toEqual(list.slice(0, 15))
    expect(s.open).toBe(list.length > 0)
    expect(s.active).toBeUndefined()
  })

  test.prop([outlets])("late results of an older query are ignored", (list) => {
    let s = outletPickerReducer(initialOutletPicker(), { type: "queryTyped", query: "pr" })
    s = outletPickerReducer(s, { type: "queryTyped", query: "pra" })
    expect(outletPickerReducer(s, { type: "resultsArrived", query: "pr", outlets: list })).toEqual(s)
  })

  test.prop([openState, fc.constantFrom("", "a", " b ")])("a query too short to search empties and closes the list and clears the selection", (s, q) => {
    expect(outletPickerReducer({ ...s, selected: s.outlets[0] }, { type: "queryTyped", query: q })).toEqual({
      query: q,
      outlets: [],
      open: false,
      active: undefined,
      selected: undefined
    })
  })

  test("a whole run with the keys", () => {
    const a = { postAddress: "Praha 1", zip: "11000" }
    const b = { postAddress: "Praha 2", zip: "12000" }
    let s = outletPickerReducer(initialOutletPicker(), { type: "queryTyped", query: "Pra" })
    s = outletPickerReducer(s, { type: "resultsArrived", query: "Pra", outlets: [a, b] })
    expect(s.open).toBe(true)
    s = outletPickerReducer(s, { type: "key", key: "down" })
    s = outletPickerReducer(s, { type: "key", key: "down" })
    s = outletPickerReducer(s, { type: "key", key: "down" })
    expect(s.active).toBe(0)
    s = outletPickerReducer(s, { type: "key", key: "up" })
    expect(s.active).toBe(1)
    s = outletPickerReducer(s, { type: "key", key: "enter" })
    expect(s).toMatchObject({ open: false, active: undefined, selected: b })
    s = outletPickerReducer(s, { type: "resultsArrived", query: "Pra", outlets: [a, b] })
    expect(s.open).toBe(false)
  })
})

describe("post outlets in the shipping step", () => {
  const branch = (id: number, address: string, zip: string) => ({ id: String(id), address, zip, pupType: "post" })

  test.prop([fc.array(outlet, { minLength: 1, maxLength: 10 }), fc.nat(), fc.boolean()])(
    "the branch of an outlet is the one with its postAddress and the same zip digits, whatever the zip's separators",
    (outlets, pick, spaced) => {
      const branches = outlets.map((o, index) => branch(index + 1, ` ${o.postAddress} `, spaced ? `${o.zip.slice(0, 3)} ${o.zip.slice(3)}` : o.zip))
      const wanted = outlets[pick % outlets.length]!
      const found = outletBranch(branches, wanted)
      expect(found).toBeDefined()
      expect(found!.address!.trim()).toBe(wanted.postAddress)
      expect(found!.zip!.replace(/ /g, "")).toBe(wanted.zip)
      expect(found).toBe(branches.find((b) => b.address.trim() === wanted.postAddress && b.zip.replace(/ /g, "") === wanted.zip))
    }
  )

  test("no branch is an outlet with another address or zip, or without a zip", () => {
    const branches = [branch(1, "Dlouhá 12, 110 00 Praha", "110 00"), { id: "2", address: "Krátká 1, Praha" }]
    expect(outletBranch(branches, { postAddress: "Dlouhá 12, 110 00 Praha", zip: "12000" })).toBeUndefined()
    expect(outletBranch(branches, { postAddress: "Dlouhá 13, 110 00 Praha", zip: "11000" })).toBeUndefined()
    expect(outletBranch(branches, { postAddress: "Krátká 1, Praha", zip: "" })).toBeUndefined()
    expect(outletBranch(branches, { postAddress: "Dlouhá 12, 110 00 Praha", zip: "11000" })).toBe(branches[0])
  })

  test.prop([outlet])("a branch's outlet is its address and zip, and finds the branch back", (o) => {
    const b = branch(7, o.postAddress, o.zip)
    expect(outletOfBranch(b)).toEqual(o)
    expect(outletBranch([b], outletOfBranch(b)!)).toBe(b)
  })

  test("a branch without an address or zip is no outlet", () => {
    expect(outletOfBranch(undefined)).toBeUndefined()
    expect(outletOfBranch(null)).toBeUndefined()
    expect(outletOfBranch({ id: 1, address: "  ", zip: "11000" })).toBeUndefined()
    expect(outletOfBranch({ id: 1, address: "Dlouhá 12" })).toBeUndefined()
  })

  test("a delivery offers a post outlet through each available pick-up transport of type post, once, in order", () => {
    const delivery = {
      deliveryMethods: [
        { type: "pup", available: true, availablePupTransports: [{ id: "shop-pickup-cz" }, { id: "post-pickup-cz" }, { id: "post-pickup-cz" }] },
        { type: "privileged_pup", available: true, availablePupTransports: [{ id: "box-cz" }, { id: "post-box-cz" }] },
        { type: "address", available: true },
        null
      ],
      transports: [
        { id: "shop-pickup-cz", type: "pup" },
        { id: "post-pickup-cz", type: "post" },
        { id: "box-cz", type: "preferred_pup" },
        { id: "post-box-cz", type: "post" },
        { id: "post-address-cz", type: "post" }
      ]
    }
    expect(postOutletChoices(delivery)).toEqual([
      { type: "pup", transportId: "post-pickup-cz" },
      { type: "privileged_pup", transportId: "post-box-cz" }
    ])
    // A post transport to an address is no post outlet; an unavailable pick-up method offers none.
    expect(postOutletChoices({ ...delivery, deliveryMethods: [{ type: "address", available: true }] })).toEqual([])
    expect(postOutletChoices({ ...delivery, deliveryMethods: delivery.deliveryMethods.map((m) => (m === null ? m : { ...m, available: false })) })).toEqual([])
    expect(postOutletChoices({})).toEqual([])
  })

  test.prop([fc.array(fc.record({ id: fc.constantFrom("a", "b", "c", "d"), type: fc.constantFrom("post", "pup", "express") }), { maxLength: 6 }),
    fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 6 })])(
    "every choice is a post transport the pick-up method offers, and none repeats",
    (transports, offered) => {
      const choices = postOutletChoices({ deliveryMethods: [{ type: "pup", availablePupTransports: offered.map((id) => ({ id })) }], transports })
      for (const choice of choices) {
        expect(offered).toContain(choice.transportId)
        expect(transports.some((t) => t.id === choice.transportId && t.type === "post")).toBe(true)
      }
      expect(new Set(choices.map((c) => c.transportId)).size).toBe(choices.length)
    }
  )
})

describe("an outlet as text (§5 zip display)", () => {
  test("the zip in brackets unless the address holds it, formatted or as digits", () => {
    expect(outletText({ postAddress: "Dlouhá 12, Praha", zip: "11000" }, "110 00")).toBe("Dlouhá 12, Praha (110 00)")
    expect(outletText({ postAddress: "Dlouhá 12, 110 00 Praha", zip: "11000" }, "110 00")).toBe("Dlouhá 12, 110 00 Praha")
    expect(outletText({ postAddress: "ul. Długa 1, 00950 Warszawa", zip: "00950" }, "00-950")).toBe("ul. Długa 1, 00950 Warszawa")
    expect(outletText({ postAddress: " Fő utca 1. ", zip: "" }, "")).toBe("Fő utca 1.")
  })

  test.prop([outlet])("the text always starts with the trimmed address and always shows the zip's digits", (o) => {
    const formatted = `${o.zip.slice(0, 3)} ${o.zip.slice(3)}`
    const text = outletText(o, formatted)
    expect(text.startsWith(o.postAddress.trim())).toBe(true)
    expect(text.replace(/[^0-9]/g, "")).toContain(o.zip)
  })
})
