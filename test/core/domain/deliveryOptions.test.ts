import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { deliveryOptions, isSelectionApplied, pickupChoiceFor, pickupChoicesFor } from "../../../core/domain/delivery.ts"

const transport = fc.record({ id: fc.integer({ min: 1, max: 12 }), title: fc.string() })
const method = fc.record({
  type: fc.constantFrom("pup", "privileged_pup", "address", null, "other"),
  available: fc.constantFrom(true, false, null),
  availablePupTransports: fc.option(fc.array(fc.record({ id: fc.integer({ min: 1, max: 12 }) }), { maxLength: 3 }), { nil: null })
}, { requiredKeys: ["type"] })
const delivery = fc.record({
  deliveryMethods: fc.array(fc.option(method, { nil: null }), { maxLength: 5 }),
  transports: fc.array(transport, { maxLength: 6 }),
  isMarketplace: fc.boolean()
}, { requiredKeys: [] })
type Method = NonNullable<typeof method extends fc.Arbitrary<infer M> ? M : never>

describe("delivery options of the shipping step (§2, §3)", () => {
  test.prop([delivery])("pick-up methods: the available pup and privileged pup methods, in order", (d) => {
    const { pickupMethods } = deliveryOptions(d)
    const expected = (d.deliveryMethods ?? []).filter((m) => m !== null && m.available !== false && (m.type === "pup" || m.type === "privileged_pup"))
    expect(pickupMethods).toEqual(expected)
  })

  test.prop([delivery])("address transports: none without an available address method, never one serving a pick-up (even an unavailable one)", (d) => {
    const { addressTransports } = deliveryOptions(d)
    const available = (d.deliveryMethods ?? []).filter((m): m is Method => m !== null && m.available !== false)
    if (!available.some((m) => m.type === "address")) expect(addressTransports).toEqual([])
    const all = (d.deliveryMethods ?? []).filter((m): m is Method => m !== null)
    const pickupIds = new Set(all.flatMap((m) => (m.availablePupTransports ?? []).map((t) => t.id)))
    for (const t of addressTransports) expect(pickupIds.has(t.id)).toBe(false)
    for (const t of d.transports ?? []) {
      if (available.some((m) => m.type === "address") && !pickupIds.has(t.id)) expect(addressTransports).toContain(t)
    }
  })

  test.prop([delivery])("marketplace only when the delivery says so", (d) => {
    expect(deliveryOptions(d).marketplace).toBe(d.isMarketplace === true)
  })

  test("a parcel box goes by the privileged pick-up, a point by the pick-up method, each with its first transport", () => {
    const methods = [
      { type: "pup", availablePupTransports: [{ id: 7 }, { id: 8 }] },
      { type: "privileged_pup", availablePupTransports: [{ id: 9 }] }
    ]
    expect(pickupChoiceFor(methods, { id: 1, pupType: "box" })).toEqual({ type: "privileged_pup", transportId: "9", branchId: "1" })
    expect(pickupChoiceFor(methods, { id: 2, pupType: "shop" })).toEqual({ type: "pup", transportId: "7", branchId: "2" })
    expect(pickupChoiceFor([methods[0]!], { id: 3, pupType: "box" })).toEqual({ type: "pup", transportId: "7", branchId: "3" })
    expect(pickupChoiceFor([{ type: "pup", availablePupTransports: [] }], { id: 4 })).toBeUndefined()
    expect(pickupChoiceFor([], { id: 4 })).toBeUndefined()
  })

  test.prop([fc.array(method, { maxLength: 4 }), fc.constantFrom("box", "shop", null)])(
    "pick-up choices: every transport of every pick-up method once, the branch's own kind first",
    (methods, pupType) => {
      const choices = pickupChoicesFor(methods, { id: 7, pupType })
      const pickups = methods.filter((m) => m.type === "pup" || m.type === "privileged_pup")
      expect(choices.length).toBe(pickups.reduce((n, m) => n + (m.availablePupTransports ?? []).length, 0))
      expect(choices.every((c) => c.branchId === "7")).toBe(true)
      const wanted = pupType === "box" ? "privileged_pup" : "pup"
      const firstOther = choices.findIndex((c) => c.type !== wanted)
      if (firstOther >= 0) expect(choices.slice(firstOther).every((c) => c.type !== wanted)).toBe(true)
    }
  )

  test("a selection counts as applied when the delivery's selected method has its branch, or its transport for an address", () => {
    const deliveries = [
      { deliveryId: "1", deliveryMethods: [{ type: "pup", selected: { id: "5", branch: { id: "103" } } }] },
      { deliveryId: "2", deliveryMethods: [{ type: "address", selected: { id: "7" } }] }
    ]
    expect(isSelectionApplied(deliveries, { deliveryId: "1", type: "pup", transportId: "5", branchId: "103" })).toBe(true)
    expect(isSelectionApplied(deliveries, { deliveryId: "1", type: "pup", transportId: "5", branchId: "104" })).toBe(false)
    expect(isSelectionApplied(deliveries, { deliveryId: "2", type: "address", transportId: "7" })).toBe(true)
    expect(isSelectionApplied(deliveries, { deliveryId: "2", type: "address", transportId: "8" })).toBe(false)
    expect(isSelectionApplied(deliveries, { deliveryId: "3", type: "address", transportId: "7" })).toBe(false)
  })
})
