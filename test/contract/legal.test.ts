/**
 * Contract of the legal calls (spec §7 "Widgets and legal", §4 legal modal, §9 legal 5000 ms). The legal api base
 * is ours: /api/legal.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { LegalGroup, UnclearedLegals } from "../../core/api/legal.ts"
import {
  csrfProtectedOf,
  errorStatusesOf,
  jsonWireRoundTrip,
  notPositiveIdJsonArb,
  positiveIdArb,
  payloadCodecOf,
  rejectedPaths,
  rejectionMessage,
  routesOf,
  serveInProcess,
  sortRoutes,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

describe("legal contract", () => {
  it("has the chosen legal api base and the spec's paths", () => {
    expect(routesOf(LegalGroup)).toEqual(
      sortRoutes([
        ["unclearedLegals", "GET", "/api/legal/uncleared-legals"],
        ["approve", "POST", "/api/legal/approve"],
        ["deactivateAccount", "POST", "/api/legal/deactivate-account"]
      ])
    )
  })

  it("protects exactly the state-changing calls", () => {
    expect(csrfProtectedOf(LegalGroup)).toEqual(["approve", "deactivateAccount"])
  })

  it("times every call out after 5000 ms (§9)", () => {
    for (const name of ["unclearedLegals", "approve", "deactivateAccount"]) expect(timeoutOf(LegalGroup, name)).toBe(5000)
  })

  it("describes every endpoint", () => {
    expect(undescribedOf(LegalGroup, OpenApi.Description)).toEqual([])
  })

  it("declares 401 and 404 on the decisions", () => {
    expect(errorStatusesOf(LegalGroup, "approve")).toEqual([401, 404])
    expect(errorStatusesOf(LegalGroup, "deactivateAccount")).toEqual([401, 404])
  })

  for (const name of ["approve", "deactivateAccount"]) {
    test.prop([positiveIdArb])(`${name}: legalId round-trips through JSON`, (legalId) => {
      expect(jsonWireRoundTrip(LegalGroup, name, { legalId })).toEqual({ legalId })
    })

    test.prop([notPositiveIdJsonArb])(`${name}: refuses a legalId that is not a positive whole number, naming it`, (legalId) => {
      expect(rejectedPaths(payloadCodecOf(LegalGroup, name), { legalId })).toEqual(["legalId"])
    })
  }

  it("refuses a missing legalId with a readable message", () => {
    expect(rejectionMessage(payloadCodecOf(LegalGroup, "approve"), {})).toMatch(/^legalId: /)
  })

  it("reads legal_id and text of the uncleared legals", () => {
    expect(Schema.decodeUnknownSync(UnclearedLegals)({ legals: [{ legal_id: "7", text: "<p>Terms</p>" }] })).toEqual({
      legals: [{ legal_id: 7, text: "<p>Terms</p>" }]
    })
  })

  class Api extends HttpApi.make("t").add(LegalGroup).middleware(HttpApiMiddleware.ProblemDetails) {}
  const server = serveInProcess(
    HttpApiBuilder.layer(Api).pipe(
      Layer.provide(
        HttpApiBuilder.group(Api, "legal", (h) =>
          h
            .handle("unclearedLegals", () => Effect.succeed({ legals: [{ legal_id: 3, text: "T" }] }))
            .handle("approve", ({ payload }) => Effect.succeed({ status: `ok ${payload.legalId}` }))
            .handle("deactivateAccount", () => Effect.succeed({ status: "ok" }))
        )
      )
    )
  )

  it.effect("answers through the derived client, refusing a decision without the CSRF token", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      expect(yield* client.legal.unclearedLegals()).toEqual({ legals: [{ legal_id: 3, text: "T" }] })
      expect(yield* client.legal.approve({ payload: { legalId: 3 } })).toEqual({ status: "ok 3" })
      const refused = yield* Effect.promise(() =>
        server.handler(
          new Request("http://shop.test/api/legal/approve", {
            method: "POST",
            body: JSON.stringify({ legalId: 3 }),
            headers: { "content-type": "application/json" }
          })
        )
      )
      expect(refused.status).toBe(403)
    }).pipe(Effect.provide(server.clientLayer(true)))
  )
})
