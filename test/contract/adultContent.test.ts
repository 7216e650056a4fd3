/**
 * Contract of the adult-content confirmation (spec §7 GET ?do=confirmAdultContent with confirm=1, on "/api/adult-content/").
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { AdultContentGroup } from "../../core/api/adultContent.ts"
import {
  csrfProtectedOf,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  serveInProcess,
  testCsrfToken,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

const query = { do: "confirmAdultContent", confirm: "1" } as const

describe("adult content contract", () => {
  it("is GET / with the fixed query, CSRF-protected although a GET, 5000 ms, described", () => {
    expect(routesOf(AdultContentGroup)).toEqual([["confirm", "GET", "/api/adult-content/"]])
    expect(csrfProtectedOf(AdultContentGroup)).toEqual(["confirm"])
    expect(timeoutOf(AdultContentGroup, "confirm")).toBe(5000)
    expect(undescribedOf(AdultContentGroup, OpenApi.Description)).toEqual([])
    expect(queryWireRoundTrip(AdultContentGroup, "confirm", query)).toEqual(query)
  })

  test.prop([fc.string().filter((s) => s !== "confirmAdultContent"), fc.string().filter((s) => s !== "1")])(
    "refuses any other do or confirm, naming them",
    (other, confirm) => {
      const codec = queryCodecOf(AdultContentGroup, "confirm")
      expect(rejectedPaths(codec, { ...query, do: other })).toEqual(["do"])
      expect(rejectedPaths(codec, { ...query, confirm })).toEqual(["confirm"])
    }
  )

  class Api extends HttpApi.make("t").add(AdultContentGroup).middleware(HttpApiMiddleware.ProblemDetails) {}
  const server = serveInProcess(
    HttpApiBuilder.layer(Api).pipe(
      Layer.provide(HttpApiBuilder.group(Api, "adultContent", (h) => h.handle("confirm", () => Effect.succeed({ status: "ok" }))))
    )
  )

  it.effect("answers GET /?do=confirmAdultContent&confirm=1 with status, only with the CSRF token", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      expect(yield* client.adultContent.confirm({ query })).toEqual({ status: "ok" })
      const get = (token: boolean) =>
        Effect.promise(() =>
          server.handler(
            new Request("http://shop.test/api/adult-content/?do=confirmAdultContent&confirm=1", {
              headers: token ? { "x-csrf-token": testCsrfToken } : {}
            })
          )
        )
      expect((yield* get(true)).status).toBe(200)
      expect((yield* get(false)).status).toBe(403)
    }).pipe(Effect.provide(server.clientLayer(true)))
  )
})
