/**
 * Contract of the widgets data calls (spec §7 "Widgets and legal", §9 widgets 8000 ms).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { WidgetsGroup } from "../../core/api/widgets.ts"
import {
  csrfProtectedOf,
  jsonWireRoundTrip,
  payloadCodecOf,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  serveInProcess,
  sortRoutes,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

describe("widgets contract", () => {
  it("has the spec's method and path per endpoint", () => {
    expect(routesOf(WidgetsGroup)).toEqual(
      sortRoutes([
        ["getWidgetsData", "GET", "/api/widgets/getWidgetsData"],
        ["getWidgetsDataPost", "POST", "/api/widgets/getWidgetsData"]
      ])
    )
  })

  it("is read-only: no endpoint is CSRF-protected", () => {
    expect(csrfProtectedOf(WidgetsGroup)).toEqual([])
  })

  it("times out after 8000 ms (§9)", () => {
    expect(timeoutOf(WidgetsGroup, "getWidgetsData")).toBe(8000)
    expect(timeoutOf(WidgetsGroup, "getWidgetsDataPost")).toBe(8000)
  })

  it("describes every endpoint", () => {
    expect(undescribedOf(WidgetsGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([fc.option(fc.boolean(), { nil: undefined })])("the extended flag survives the query string", (extended) => {
    const query = extended === undefined ? {} : { extended }
    expect(queryWireRoundTrip(WidgetsGroup, "getWidgetsData", query)).toEqual(query)
  })

  it("writes the extended flag as 1 or 0", () => {
    expect(rejectedPaths(queryCodecOf(WidgetsGroup, "getWidgetsData"), { extended: "1" })).toBe("accepted")
    expect(rejectedPaths(queryCodecOf(WidgetsGroup, "getWidgetsData"), { extended: "0" })).toBe("accepted")
  })

  it("reads extended=true and extended=false as 1 and 0 (a client that writes booleans as words)", () => {
    const decode = Schema.decodeUnknownSync(queryCodecOf(WidgetsGroup, "getWidgetsData"))
    expect(decode({ extended: "true" })).toEqual({ extended: true })
    expect(decode({ extended: "false" })).toEqual({ extended: false })
  })

  test.prop([fc.string().filter((s) => !["0", "1", "true", "false"].includes(s))])("refuses any other extended value, naming it", (bad) => {
    expect(rejectedPaths(queryCodecOf(WidgetsGroup, "getWidgetsData"), { extended: bad })).toEqual(["extended"])
  })

  test.prop([fc.option(fc.boolean(), { nil: undefined })])("the POST body round-trips through JSON", (extended) => {
    const body = extended === undefined ? {} : { extended }
    expect(jsonWireRoundTrip(WidgetsGroup, "getWidgetsDataPost", body)).toEqual(body)
  })

  test.prop([fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.object())])(
    "refuses a non-boolean extended in the POST body, naming it",
    (bad) => {
      expect(rejectedPaths(payloadCodecOf(WidgetsGroup, "getWidgetsDataPost"), { extended: bad })).toEqual(["extended"])
    }
  )

  class Api extends HttpApi.make("t").add(WidgetsGroup).middleware(HttpApiMiddleware.ProblemDetails) {}
  const seen: Array<boolean | undefined> = []
  const answer = { cart: { articles: [{ id: 1, title: "Kettle", count: 2 }] }, wishList: { itemsCount: 0, items: [] } }
  const server = serveInProcess(
    HttpApiBuilder.layer(Api).pipe(
      Layer.provide(
        HttpApiBuilder.group(Api, "widgets", (h) =>
          h
            .handle("getWidgetsData", ({ query }) => Effect.sync(() => (seen.push(query.extended), answer)))
            .handle("getWidgetsDataPost", ({ payload }) => Effect.sync(() => (seen.push(payload.extended), answer)))
        )
      )
    )
  )

  it.effect("serves both variants through the derived client", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      expect(yield* client.widgets.getWidgetsData({ query: { extended: true } })).toEqual(answer)
      expect(yield* client.widgets.getWidgetsData({ query: {} })).toEqual(answer)
      expect(yield* client.widgets.getWidgetsDataPost({ payload: { extended: false } })).toEqual(answer)
      expect(seen).toEqual([true, undefined, false])
    }).pipe(Effect.provide(server.clientLayer(false)))
  )
})
