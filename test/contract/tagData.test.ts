import { describe, expect, it } from "@effect/vitest"
import { Context, Schema } from "effect"
import { HttpApi, OpenApi } from "effect/http-api"
import { TagData, TagDataGroup } from "../../core/api/tagData.ts"
import { lastTagManagerStep, prefetchStepsFor, tagCheckoutSteps, tagManagerPageNumbers } from "../../core/domain/tagManager.ts"
import {
  describeRequest,
  endpointOf,
  failureOf,
  hasCsrf,
  requestCodec,
  retryOf,
  rowsOf,
  timeoutOf,
  type Row
} from "./support/checkoutContract.ts"

const gtm = "/api/v2/cart.cart-gtm"

/** The contract (§7 Tag data): all GETs, none changes state. */
const expected: ReadonlyArray<Row> = [
  ["tagData.loadGtm", "GET", `${gtm}/load-gtm`],
  ["tagData.checkGtm", "GET", `${gtm}/check-gtm`],
  ["tagData.transformDimensionData", "GET", `${gtm}/transform-dimension-data`],
  ["tagData.removedProduct", "GET", `${gtm}/removed-product`],
  ["tagData.checkout", "GET", "/api/gtm/checkout"],
  ["tagData.dimension17", "GET", "/api/v2/cart.dimension17/load"]
]

const ep = (name: string) => endpointOf([TagDataGroup], name)

describe("tagData group: shape", () => {
  it("has exactly the expected endpoints, methods and paths", () => {
    const sort = (rows: ReadonlyArray<Row>) => [...rows].sort((a, b) => a[0].localeCompare(b[0]))
    expect(sort(rowsOf(TagDataGroup))).toEqual(sort(expected))
  })

  it("no endpoint changes state, so none carries CsrfProtection; default policy (5000 ms, auto)", () => {
    for (const [name] of expected) {
      expect(hasCsrf(ep(name)), name).toBe(false)
      expect(timeoutOf(TagDataGroup, ep(name)), name).toBe(5000)
      expect(retryOf(TagDataGroup, ep(name)), name).toBe("auto")
    }
  })

  it("every endpoint has an OpenAPI description; the document lists every path", () => {
    class Api extends HttpApi.make("t").add(TagDataGroup) {}
    const doc = OpenApi.fromApi(Api)
    for (const [name, method, path] of expected) {
      expect(Context.getOrUndefined(ep(name).annotations, OpenApi.Description), name).toMatch(/\S/)
      expect(doc.paths[path]?.[method.toLowerCase() as "get"], path).toBeDefined()
    }
  })
})

describe("tagData group: request Schemas", () => {
  for (const name of ["loadGtm", "checkGtm"]) {
    describeRequest({
      name: `${name} query`,
      codec: requestCodec(ep(`tagData.${name}`), "query"),
      required: ["step"],
      valid: [{ step: "1" }, { step: "5" }],
      invalid: [
        [{ step: "0" }, "step"],
        [{ step: "6" }, "step"],
        [{ step: "three" }, "step"]
      ],
      runs: 30
    })
  }

  describeRequest({
    name: "checkout query",
    codec: requestCodec(ep("tagData.checkout"), "query"),
    required: [],
    valid: [{}, { step: "3" }],
    invalid: [[{ step: "" }, "step"]]
  })

  describeRequest({
    name: "transform-dimension-data query",
    codec: requestCodec(ep("tagData.transformDimensionData"), "query"),
    required: ["data"],
    valid: [{ data: '{"dimension4":"gold"}' }, { data: "[1,2]" }],
    invalid: [
      [{ data: "{not json" }, "data"],
      [{}, "data"]
    ],
    runs: 50
  })

  describeRequest({
    name: "removed-product query",
    codec: requestCodec(ep("tagData.removedProduct"), "query"),
    required: ["productId"],
    valid: [{ productId: "123" }],
    invalid: [
      [{ productId: "abc" }, "productId"],
      [{ productId: "0" }, "productId"],
      [{ productId: "" }, "productId"]
    ]
  })
})

describe("tagData group: domain rules", () => {
  it("every tag-manager page number and every prefetched step is a valid step query (§2, §4)", () => {
    const steps = new Set<number>([
      ...tagCheckoutSteps.map((s) => tagManagerPageNumbers[s]),
      ...[1, 2, 3, 4, 5].flatMap(prefetchStepsFor),
      lastTagManagerStep
    ])
    for (const step of steps) {
      expect(failureOf(requestCodec(ep("tagData.loadGtm"), "query"), { step: String(step) }), String(step)).toBeUndefined()
    }
  })

  it("tag data keeps any JSON in dataLayerDirectData, queue and step5", () => {
    const decode = Schema.decodeUnknownSync(TagData)
    const data = { dataLayerDirectData: { ecommerce: { items: [1] } }, queue: [{ event: "x" }, "y"], step5: null, step: "3" }
    expect(decode(data)).toEqual({ ...data, step: 3 })
  })
})
