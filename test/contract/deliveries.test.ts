import { describe, expect, it } from "@effect/vitest"
import { Context } from "effect"
import { HttpApi, OpenApi } from "effect/http-api"
import { DeliveriesGroup, maxSearchTextLength } from "../../core/api/deliveries.ts"
import { RESET_ALL, RESET_WITHOUT_PUPS } from "../../core/domain/delivery.ts"
import {
  describeRequest,
  endpointOf,
  hasCsrf,
  requestCodec,
  responseStatuses,
  retryOf,
  rowsOf,
  timeoutOf,
  type Row
} from "./support/checkoutContract.ts"

const p = "/api/v2/cart.cart-api"

/** The contract (§7): method and path of every endpoint; state-changing ones marked. */
const expected: ReadonlyArray<readonly [...Row, changesState: boolean]> = [
  ["deliveries.geoSuggestions", "GET", `${p}/geo-suggestions`, false],
  ["deliveries.branchesConfirmAvailability", "GET", `${p}/branches-confirm-availability`, false],
  ["deliveries.branchesBasic", "GET", `${p}/branches-basic`, false],
  ["deliveries.branchDetail", "GET", `${p}/branch-detail`, false],
  ["deliveries.selectDeliveryMethod", "POST", `${p}/select-delivery-method`, true],
  ["deliveries.selectDeliveryInsurance", "POST", `${p}/select-delivery-insurance`, true],
  ["deliveries.selectCampaign", "POST", `${p}/select-campaign`, true],
  ["deliveries.cleanSelectedDelivery", "POST", `${p}/clean-selected-delivery`, true],
  ["deliveries.deliveryStrategy", "POST", `${p}/delivery-strategy`, true],
  ["deliveries.autoCompleteBranches", "GET", `${p}/auto-complete-branches`, false],
  ["deliveries.checkDeliveryMethod", "GET", `${p}/check-delivery-method`, false],
  ["deliveries.customerHistory", "GET", `${p}/customer-history`, false],
  ["deliveries.deselectDelivery", "POST", `${p}/deselect-delivery`, true]
]

const ep = (name: string) => endpointOf([DeliveriesGroup], name)

describe("deliveries group: shape", () => {
  it("has exactly the expected endpoints, methods and paths", () => {
    const sort = (rows: ReadonlyArray<Row>) => [...rows].sort((a, b) => a[0].localeCompare(b[0]))
    expect(sort(rowsOf(DeliveriesGroup))).toEqual(sort(expected.map(([n, m, path]) => [n, m, path] as const)))
  })

  it("exactly the state-changing endpoints carry CsrfProtection, and those are not GETs", () => {
    for (const [name, method, , changes] of expected) {
      expect(hasCsrf(ep(name)), name).toBe(changes)
      expect(method === "GET", name).toBe(!changes)
    }
  })

  it("every call times out after 5000 ms (§9) and keeps the default retry mode", () => {
    for (const [name] of expected) {
      expect(timeoutOf(DeliveriesGroup, ep(name)), name).toBe(5000)
      expect(retryOf(DeliveriesGroup, ep(name)), name).toBe("auto")
    }
  })

  it("customer-history answers 401 LoginRequired; calls addressing a delivery answer 404 NotFound", () => {
    class Api extends HttpApi.make("t").add(DeliveriesGroup) {}
    const doc = OpenApi.fromApi(Api)
    const statuses = (name: string, method: "get" | "post") => responseStatuses(doc, `${p}/${name}`, method)
    expect(statuses("customer-history", "get")).toEqual(expect.arrayContaining(["200", "401", "404"]))
    expect(statuses("select-delivery-method", "post")).toEqual(expect.arrayContaining(["200", "403", "404"]))
    expect(statuses("select-campaign", "post")).not.toContain("401")
    expect(statuses("geo-suggestions", "get")).not.toContain("403")
  })

  it("every endpoint has an OpenAPI description; the document lists every path", () => {
    class Api extends HttpApi.make("t").add(DeliveriesGroup) {}
    const doc = OpenApi.fromApi(Api)
    for (const [name, method, path] of expected) {
      expect(Context.getOrUndefined(ep(name).annotations, OpenApi.Description), name).toMatch(/\S/)
      expect(doc.paths[path]?.[method.toLowerCase() as "get"], path).toBeDefined()
    }
  })
})

describe("deliveries group: request Schemas", () => {
  describeRequest({
    name: "geo-suggestions query",
    codec: requestCodec(ep("deliveries.geoSuggestions"), "query"),
    required: ["query"],
    valid: [{ query: "Praha" }, { query: "x".repeat(maxSearchTextLength) }],
    invalid: [
      [{ query: "" }, "query"],
      [{ query: " Praha" }, "query"],
      [{ query: "x".repeat(maxSearchTextLength + 1) }, "query"]
    ]
  })

  describeRequest({
    name: "branches-confirm-availability query",
    codec: requestCodec(ep("deliveries.branchesConfirmAvailability"), "query"),
    required: ["deliveryId", "branchIds"],
    valid: [{ deliveryId: "d1", branchIds: "1,2,pup-3" }],
    invalid: [
      [{ deliveryId: "", branchIds: "1" }, "deliveryId"],
      [{ deliveryId: "d1", branchIds: "1,,2" }, "branchIds"],
      [{ deliveryId: "d1" }, "branchIds"]
    ]
  })

  describeRequest({
    name: "branches-basic query",
    codec: requestCodec(ep("deliveries.branchesBasic"), "query"),
    required: ["deliveryId"],
    valid: [{ deliveryId: "d1" }, { deliveryId: "d1", pupTypeId: "box" }],
    invalid: [[{ deliveryId: "d1", pupTypeId: "" }, "pupTypeId"]]
  })

  describeRequest({
    name: "branch-detail query",
    codec: requestCodec(ep("deliveries.branchDetail"), "query"),
    required: ["deliveryId", "branchId"],
    valid: [{ deliveryId: "d1", branchId: "42" }],
    invalid: [[{ deliveryId: "d1" }, "branchId"]]
  })

  describeRequest({
    name: "select-delivery-method payload",
    codec: requestCodec(ep("deliveries.selectDeliveryMethod"), "payload"),
    required: ["deliveryId", "type", "transportId"],
    valid: [
      { deliveryId: "d1", type: "address", transportId: "ppl" },
      { deliveryId: "d1", type: "pup", transportId: "zasilkovna", branchId: "123" }
    ],
    invalid: [
      [{ deliveryId: "d1", type: "drone", transportId: "x" }, "type"],
      [{ deliveryId: "d1", type: "pup", transportId: "" }, "transportId"],
      [{ deliveryId: 5, type: "pup", transportId: "x" }, "deliveryId"]
    ]
  })

  describeRequest({
    name: "select-delivery-insurance payload",
    codec: requestCodec(ep("deliveries.selectDeliveryInsurance"), "payload"),
    required: ["deliveryId", "selected"],
    valid: [{ deliveryId: "d1", selected: true }],
    invalid: [[{ deliveryId: "d1", selected: "yes" }, "selected"]]
  })

  describeRequest({
    name: "select-campaign payload",
    codec: requestCodec(ep("deliveries.selectCampaign"), "payload"),
    required: ["campaignId", "selected"],
    valid: [{ campaignId: "c1", selected: false }],
    invalid: [[{ campaignId: "", selected: false }, "campaignId"]]
  })

  describeRequest({
    name: "clean-selected-delivery payload",
    codec: requestCodec(ep("deliveries.cleanSelectedDelivery"), "payload"),
    required: ["mode"],
    valid: [{ mode: RESET_ALL }, { mode: RESET_WITHOUT_PUPS, deliveryId: "d1" }],
    invalid: [
      [{ mode: 0 }, "mode"],
      [{ mode: 3 }, "mode"],
      [{ mode: "1" }, "mode"],
      [{}, "mode"]
    ]
  })

  describeRequest({
    name: "delivery-strategy payload",
    codec: requestCodec(ep("deliveries.deliveryStrategy"), "payload"),
    required: ["strategy"],
    valid: [{ strategy: "together" }],
    invalid: [[{ strategy: "" }, "strategy"]]
  })

  describeRequest({
    name: "auto-complete-branches query",
    codec: requestCodec(ep("deliveries.autoCompleteBranches"), "query"),
    required: ["deliveryId", "term"],
    valid: [{ deliveryId: "d1", term: "Brno" }],
    invalid: [[{ deliveryId: "d1", term: "" }, "term"]]
  })

  for (const name of ["checkDeliveryMethod", "customerHistory"]) {
    describeRequest({
      name: `${name} query`,
      codec: requestCodec(ep(`deliveries.${name}`), "query"),
      required: ["deliveryId"],
      valid: [{ deliveryId: "d1" }],
      invalid: [[{ deliveryId: "" }, "deliveryId"], [{}, "deliveryId"]],
      runs: 30
    })
  }

  describeRequest({
    name: "deselect-delivery payload",
    codec: requestCodec(ep("deliveries.deselectDelivery"), "payload"),
    required: ["deliveryId"],
    valid: [{ deliveryId: "d1" }],
    invalid: [[{ deliveryId: "" }, "deliveryId"]]
  })

  it("the reset modes are RESET_ALL 1 and RESET_WITHOUT_PUPS 2 (§4)", () => {
    expect([RESET_ALL, RESET_WITHOUT_PUPS]).toEqual([1, 2])
  })
})
