import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  areDeliveriesSet,
  deliveryMethodKinds,
  deliveryMethodsOf,
  deliveryTypes,
  isDeliveryType,
  isMethodSelected,
  isSingleDay,
  marketplaceFreeDeliveryRemains,
  missingPickupIcons,
  RESET_ALL,
  RESET_WITHOUT_PUPS,
  resetSelection,
  selectedBranchIsCashAndCarry,
  selectedMethod
} from "../../../core/domain/delivery.ts"
import type { Delivery, DeliveryMethod, ResetMode } from "../../../core/domain/delivery.ts"
import type { Delivery as WireDelivery } from "../../../core/api/entities/delivery.ts"

/** The model of one delivery: its methods as (kind, selected) pairs. */
type MethodModel = { readonly kind: (typeof deliveryMethodKinds)[number]; readonly selected: boolean; readonly cashAndCarry: boolean }

const methodModel: fc.Arbitrary<MethodModel> = fc.record({
  kind: fc.constantFrom(...deliveryMethodKinds),
  selected: fc.boolean(),
  cashAndCarry: fc.boolean()
})

const deliveryModel = fc.array(methodModel, { maxLength: 4 })

/** Renders a model method; `flagForm` sends `selected` as a flag instead of the selected option. */
const toMethod = (m: MethodModel, flagForm: boolean): DeliveryMethod => ({
  type: m.kind,
  available: true,
  selected: flagForm ? m.selected : m.selected ? { branch: { cashAndCarry: m.cashAndCarry } } : null
})

/** Renders a model delivery in one of the wire forms the rules accept. */
const render = (
  models: ReadonlyArray<MethodModel>,
  form: { readonly flagForm: boolean; readonly nulls: boolean; readonly id: number }
): Delivery => {
  if (models.length === 0) return form.nulls ? { deliveryId: form.id, deliveryMethods: null } : { deliveryId: form.id }
  return {
    deliveryId: form.id,
    deliveryMethods: [...(form.nulls ? [null] : []), ...models.map((m) => toMethod(m, form.flagForm))]
  }
}

const renderForm = fc.record({ flagForm: fc.boolean(), nulls: fc.boolean(), id: fc.nat() })
const modelled = fc.array(fc.tuple(deliveryModel, renderForm), { maxLength: 5 })

describe("delivery kinds (§3)", () => {
  test("delivery types and method kinds", () => {
    expect(deliveryTypes).toEqual(["express", "post", "pup", "preferred_pup", "standard"])
    expect(deliveryMethodKinds).toEqual(["pup", "privileged_pup", "address"])
    expect(isDeliveryType("preferred_pup")).toBe(true)
    expect(isDeliveryType("courier")).toBe(false)
  })

  test.prop([deliveryModel, renderForm])("the methods of a delivery are the model's, null entries skipped", (models, form) => {
    const methods = deliveryMethodsOf(render(models, form))
    expect(methods.map((m) => m.type)).toEqual(models.map((m) => m.kind))
    expect(methods.map(isMethodSelected)).toEqual(models.map((m) => m.selected))
  })
})

describe("deliveries set (§4)", () => {
  test.prop([modelled])("set iff every delivery with methods has at least one selected", (pairs) => {
    const deliveries = pairs.map(([models, form]) => render(models, form))
    const expected = pairs.every(([models]) => models.length === 0 || models.some((m) => m.selected))
    expect(areDeliveriesSet(deliveries)).toBe(expected)
  })

  test("no deliveries, or deliveries without methods, are set", () => {
    expect(areDeliveriesSet([])).toBe(true)
    expect(areDeliveriesSet([{}, { deliveryMethods: [] }, { deliveryMethods: null }, { deliveryMethods: [null] }])).toBe(true)
  })

  test.prop([modelled, deliveryModel.filter((ms) => ms.length > 0), renderForm])(
    "one delivery with methods but none selected makes the whole list unset",
    (pairs, models, form) => {
      const unselected = render(models.map((m) => ({ ...m, selected: false })), form)
      const deliveries = pairs.map(([ms, f]) => render(ms, f))
      expect(areDeliveriesSet([...deliveries, unselected])).toBe(false)
      expect(areDeliveriesSet([unselected, ...deliveries])).toBe(false)
    }
  )

  test.prop([deliveryModel, renderForm])("the selected method is the first selected one", (models, form) => {
    const method = selectedMethod(render(models, form))
    expect(method === undefined).toBe(!models.some((m) => m.selected))
    expect(method?.type).toBe(models.find((m) => m.selected)?.kind)
  })
})

describe("cash and carry (§3)", () => {
  test.prop([methodModel, fc.boolean()])("a method's selected branch is cash and carry iff its branch says so", (m, flagForm) => {
    expect(selectedBranchIsCashAndCarry(toMethod(m, flagForm))).toBe(!flagForm && m.selected && m.cashAndCarry)
  })

  test("without a branch there is no cash and carry", () => {
    expect(selectedBranchIsCashAndCarry({ selected: {} })).toBe(false)
    expect(selectedBranchIsCashAndCarry({ selected: { branch: null } })).toBe(false)
    expect(selectedBranchIsCashAndCarry({})).toBe(false)
  })
})

describe("marketplace free-delivery remainder (§5)", () => {
  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])("finite numbers are returned as they are", (n) => {
    expect(marketplaceFreeDeliveryRemains(n)).toBe(n)
  })

  test.prop([fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.nat({ max: 99 })])(
    "numeric strings are returned as numbers",
    (whole, cents) => {
      expect(marketplaceFreeDeliveryRemains(`${whole}`)).toBe(whole)
      expect(marketplaceFreeDeliveryRemains(`${whole}.${cents}`)).toBe(Number(`${whole}.${cents}`))
    }
  )

  test.prop([fc.anything().filter((v) => typeof v !== "number" && typeof v !== "string")])("non-numeric values give nothing", (v) => {
    expect(marketplaceFreeDeliveryRemains(v)).toBeUndefined()
  })

  test.prop([fc.string().filter((s) => !/^-?\d+(\.\d+)?$/.test(s))])("non-numeric strings give nothing", (s) => {
    expect(marketplaceFreeDeliveryRemains(s)).toBeUndefined()
  })

  test("NaN and infinities give nothing", () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, "", " 12", "1e3", "NaN"])
      expect(marketplaceFreeDeliveryRemains(v)).toBeUndefined()
    expect(marketplaceFreeDeliveryRemains("120.50")).toBe(120.5)
  })
})

describe("reset modes (§4)", () => {
  test("RESET_ALL is 1 and RESET_WITHOUT_PUPS is 2", () => {
    expect(RESET_ALL).toBe(1)
    expect(RESET_WITHOUT_PUPS).toBe(2)
  })

  const mode = fc.constantFrom<ResetMode>(RESET_ALL, RESET_WITHOUT_PUPS)
  const isPup = (kind: string): boolean => kind === "pup" || kind === "privileged_pup"

  test.prop([modelled, mode])("a reset keeps exactly the pick-up selections in RESET_WITHOUT_PUPS and none in RESET_ALL", (pairs, m) => {
    const reset = resetSelection(
      pairs.map(([models, form]) => render(models, form)),
      m
    )
    expect(reset).toHaveLength(pairs.length)
    reset.forEach((delivery, i) => {
      const [models, form] = pairs[i] ?? [[], { id: -1 }]
      expect(delivery.deliveryId).toBe(form.id)
      const methods = deliveryMethodsOf(delivery)
      expect(methods.map((x) => x.type)).toEqual(models.map((x) => x.kind))
      expect(methods.map(isMethodSelected)).toEqual(
        models.map((x) => x.selected && m === RESET_WITHOUT_PUPS && isPup(x.kind))
      )
    })
  })

  test.prop([modelled, mode])("a reset is idempotent and never selects anything", (pairs, m) => {
    const deliveries = pairs.map(([models, form]) => render(models, form))
    const once = resetSelection(deliveries, m)
    expect(resetSelection(once, m)).toEqual(once)
    expect(resetSelection(once, RESET_WITHOUT_PUPS)).toEqual(once)
  })

  test("a cleared flag stays a flag, a cleared option becomes null; other fields are kept", () => {
    const [delivery] = resetSelection(
      [
        {
          deliveryId: 1,
          isMarketplace: true,
          deliveryMethods: [
            { type: "address", selected: true, available: true },
            { type: "pup", selected: { branch: {} } },
            { type: "address", selected: { branch: null } },
            { selected: {} },
            { type: "address" }
          ]
        }
      ],
      RESET_WITHOUT_PUPS
    )
    expect(delivery).toEqual({
      deliveryId: 1,
      isMarketplace: true,
      deliveryMethods: [
        { type: "address", selected: false, available: true },
        { type: "pup", selected: { branch: {} } },
        { type: "address", selected: null },
        { selected: null },
        { type: "address" }
      ]
    })
  })
})

describe("earliest delivery date (§3)", () => {
  test("from and to", () => {
    expect(isSingleDay({ from: "2025-03-01", to: "2025-03-01" })).toBe(true)
    expect(isSingleDay({ from: "2025-03-01", to: "2025-03-03" })).toBe(false)
  })
})

describe("missing pick-up icon (§8)", () => {
  const icon = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constantFrom("", "  "), fc.webPath().map((p) => `/icons${p}.svg`))
  const transport = fc.record({ id: fc.integer({ min: 1, max: 6 }), icon }, { requiredKeys: ["id"] })
  const method = fc.record({ type: fc.constantFrom(...deliveryMethodKinds), availablePupTransports: fc.option(fc.array(transport, { maxLength: 4 }), { nil: undefined }) })
  const delivery = fc.record({ deliveryId: fc.integer({ min: 1, max: 9 }), deliveryMethods: fc.array(fc.option(method, { nil: null }), { maxLength: 3 }) })
  const hasIcon = (value: string | null | undefined) => typeof value === "string" && value.trim() !== ""

  test.prop([fc.array(fc.option(delivery, { nil: null }), { maxLength: 4 })])(
    "names exactly the (delivery, transport) pairs offered without an icon, each once, in order",
    (deliveries) => {
      const expected = deliveries.flatMap((d) => {
        if (d === null) return []
        const pairs = d.deliveryMethods.flatMap((m) => (m?.availablePupTransports ?? []).filter((t) => !hasIcon(t.icon)).map((t) => String(t.id)))
        return [...new Set(pairs)].map((transportId) => `${d.deliveryId}/${transportId}`)
      })
      const found = missingPickupIcons(deliveries)
      expect(found.map((m) => `${m.deliveryId}/${m.transportId}`)).toEqual(expected)
      for (const m of found) expect(deliveryMethodKinds).toContain(m.methodType)
    }
  )

  test("transports with icons, and deliveries without pick-up transports, give nothing", () => {
    expect(missingPickupIcons([{ deliveryId: 1, deliveryMethods: [{ type: "pup", availablePupTransports: [{ id: 3, icon: "/i/ppl.svg" }] }, { type: "address" }] }])).toEqual([])
    expect(missingPickupIcons([{ deliveryId: 2, deliveryMethods: [{ type: "privileged_pup", availablePupTransports: [{ id: 4 }] }] }]))
      .toEqual([{ deliveryId: "2", methodType: "privileged_pup", transportId: "4" }])
  })
})

describe("fit with the §3 Schemas", () => {
  test("decoded deliveries go through the rules and a reset keeps their type", () => {
    const wire: ReadonlyArray<WireDelivery> = [
      { deliveryId: "1", deliveryMethods: [{ type: "pup", selected: { branch: { id: "b", cashAndCarry: true } } }] },
      { deliveryId: "2", deliveryMethods: [{ type: "address", selected: { id: "t" } }], marketplaceFreeDeliveryRemains: "50" }
    ]
    expect(areDeliveriesSet(wire)).toBe(true)
    const reset: ReadonlyArray<WireDelivery> = resetSelection(wire, RESET_WITHOUT_PUPS)
    expect(areDeliveriesSet(reset)).toBe(false)
    expect(reset[1]?.deliveryMethods).toEqual([{ type: "address", selected: null }])
    expect(selectedMethod(reset[0] ?? { deliveryId: "x" })?.selected).toEqual({ branch: { id: "b", cashAndCarry: true } })
    expect(marketplaceFreeDeliveryRemains(wire[1]?.marketplaceFreeDeliveryRemains)).toBe(50)
  })
})
