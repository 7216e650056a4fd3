/**
 * Contract of the captcha call (spec §7 GET /api/captcha/get; §2 reload with a random parameter; §9 captcha id).
 * The reload is ours: the same endpoint with `rnd`.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { CaptchaGroup } from "../../core/api/captcha.ts"
import { captchaIdFrom, captchaReloadParam, captchaReloadUrl } from "../../core/domain/captcha.ts"
import {
  csrfProtectedOf,
  errorStatusesOf,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  serveInProcess,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

const captchaId = fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 16, maxLength: 16 }).map(captchaIdFrom)

describe("captcha contract", () => {
  it("has the spec's path, is read-only, 5000 ms, described, may answer 429", () => {
    expect(routesOf(CaptchaGroup)).toEqual([["get", "GET", "/api/captcha/get"]])
    expect(csrfProtectedOf(CaptchaGroup)).toEqual([])
    expect(timeoutOf(CaptchaGroup, "get")).toBe(5000)
    expect(undescribedOf(CaptchaGroup, OpenApi.Description)).toEqual([])
    expect(errorStatusesOf(CaptchaGroup, "get")).toEqual([429])
  })

  test.prop([fc.option(captchaId, { nil: undefined }), fc.option(fc.string(), { nil: undefined })])(
    "the captcha id and the random reload parameter survive the query string",
    (id, rnd) => {
      const query = { ...(id === undefined ? {} : { id }), ...(rnd === undefined ? {} : { [captchaReloadParam]: rnd }) }
      expect(queryWireRoundTrip(CaptchaGroup, "get", query)).toEqual(query)
    }
  )

  test.prop([fc.string().filter((s) => !/^[A-Z]{16}$/.test(s))])("refuses an id that is not 16 letters A-Z, naming it", (id) => {
    expect(rejectedPaths(queryCodecOf(CaptchaGroup, "get"), { id })).toEqual(["id"])
  })

  test.prop([fc.string(), fc.nat()])("the domain's reload url is a valid call of this endpoint", (base, nonce) => {
    const url = new URL(captchaReloadUrl("/api/captcha/get", `${base}${nonce}`), "http://shop.test")
    expect(url.pathname).toBe("/api/captcha/get")
    expect(rejectedPaths(queryCodecOf(CaptchaGroup, "get"), Object.fromEntries(url.searchParams))).toBe("accepted")
  })

  class Api extends HttpApi.make("t").add(CaptchaGroup).middleware(HttpApiMiddleware.ProblemDetails) {}
  const server = serveInProcess(
    HttpApiBuilder.layer(Api).pipe(
      Layer.provide(
        HttpApiBuilder.group(Api, "captcha", (h) =>
          h.handle("get", ({ query }) => Effect.succeed({ id: query.id ?? "ABCDEFGHIJKLMNOP", image: "iVBORw0KGgo=" }))
        )
      )
    )
  )

  it.effect("answers id and image through the derived client; a reload is the same call with rnd", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      expect(yield* client.captcha.get({ query: {} })).toEqual({ id: "ABCDEFGHIJKLMNOP", image: "iVBORw0KGgo=" })
      expect(yield* client.captcha.get({ query: { id: "QWERTYUIOPASDFGH", rnd: "0.123" } })).toEqual({
        id: "QWERTYUIOPASDFGH",
        image: "iVBORw0KGgo="
      })
      const raw = yield* Effect.promise(() => server.handler(new Request("http://shop.test/api/captcha/get?rnd=42")))
      expect(raw.status).toBe(200)
    }).pipe(Effect.provide(server.clientLayer(false)))
  )
})
