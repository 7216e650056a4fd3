import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { deliveryOptions, pickupChoiceFor } from "../../../core/domain/delivery.ts"

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
})
