/**
 * Contract of the hover layers (spec §7 GET /api/menu/getSheet and GET /template/component/{name}).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { MenuGroup } from "../../core/api/menu.ts"
import {
  csrfProtectedOf,
  errorStatusesOf,
  notPositiveIdStringArb,
  positiveIdArb,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  serveInProcess,
  sortRoutes,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

describe("menu contract", () => {
  it("has the spec's paths ({name} as a path parameter)", () => {
    expect(routesOf(MenuGroup)).toEqual(
      sortRoutes([
        ["getMenu", "GET", "/api/menu/items"],
        ["getSheet", "GET", "/api/menu/getSheet"],
        ["templateComponent", "GET", "/template/component/:name"]
      ])
    )
    expect(Object.keys(OpenApi.fromApi(HttpApi.make("x").add(MenuGroup)).paths)).toContain("/template/component/{name}")
  })

  it("is read-only, 5000 ms, described, 404 when unknown", () => {
    expect(csrfProtectedOf(MenuGroup)).toEqual([])
    expect(timeoutOf(MenuGroup, "getSheet")).toBe(5000)
    expect(timeoutOf(MenuGroup, "templateComponent")).toBe(5000)
    expect(timeoutOf(MenuGroup, "getMenu")).toBe(5000)
    expect(undescribedOf(MenuGroup, OpenApi.Description)).toEqual([])
    expect(errorStatusesOf(MenuGroup, "getSheet")).toEqual([404])
    expect(errorStatusesOf(MenuGroup, "templateComponent")).toEqual([404])
  })

  test.prop([positiveIdArb])("menuItemId survives the query string", (menuItemId) => {
    expect(queryWireRoundTrip(MenuGroup, "getSheet", { menuItemId })).toEqual({ menuItemId })
  })

  test.prop([notPositiveIdStringArb])("refuses a menuItemId that is not a positive whole number, naming it", (menuItemId) => {
    expect(rejectedPaths(queryCodecOf(MenuGroup, "getSheet"), { menuItemId })).toEqual(["menuItemId"])
  })

  test.prop([fc.string().filter((s) => !/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(s))])(
    "refuses a component name outside letters, digits, - and _, naming it",
    (name) => {
      const params = MenuGroup.endpoints.templateComponent.params as never
      expect(rejectedPaths(params, { name })).toEqual(["name"])
    }
  )

  class Api extends HttpApi.make("t").add(MenuGroup).middleware(HttpApiMiddleware.ProblemDetails) {}
  const server = serveInProcess(
    HttpApiBuilder.layer(Api).pipe(
      Layer.provide(
        HttpApiBuilder.group(Api, "menu", (h) =>
          h
            .handle("getMenu", ({ query }) =>
              Effect.succeed({ items: [{ menuItemId: 1, parentId: null, title: query.menu, url: "/a", cssClass: null, hasSheet: true }] }))
            .handle("getSheet", ({ query }) => Effect.succeed({ menuItemId: query.menuItemId, html: "<ul></ul>" }))
            .handle("templateComponent", ({ params }) => Effect.succeed(`<div class="${params.name}"></div>`))
        )
      )
    )
  )

  it.effect("answers the sheet as JSON and the component as text/html", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      expect((yield* client.menu.getMenu({ query: { menu: "footer" } })).items[0]?.title).toBe("footer")
      expect(yield* client.menu.getSheet({ query: { menuItemId: 12 } })).toEqual({ menuItemId: 12, html: "<ul></ul>" })
      expect(yield* client.menu.templateComponent({ params: { name: "cart-drawer" } })).toBe('<div class="cart-drawer"></div>')
      const raw = yield* Effect.promise(() => server.handler(new Request("http://shop.test/template/component/login_box")))
      expect(raw.headers.get("content-type")).toMatch(/^text\/html/)
      expect(yield* Effect.promise(() => raw.text())).toBe('<div class="login_box"></div>')
    }).pipe(Effect.provide(server.clientLayer(false)))
  )
})
