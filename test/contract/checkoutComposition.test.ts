import { describe, expect, it } from "@effect/vitest"
import { HttpApi, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { CartGroup } from "../../core/api/cart.ts"
import { CartApiGroup } from "../../core/api/cartApi.ts"
import { CartStepGroup } from "../../core/api/cartStep.ts"
import { CrossSellGroup } from "../../core/api/crossSell.ts"
import { DeliveriesGroup } from "../../core/api/deliveries.ts"
import { PaymentProviderGroup } from "../../core/api/paymentProvider.ts"
import { CallPolicy, CsrfProtection, CurrentSession } from "../../core/api/security.ts"
import { TagDataGroup } from "../../core/api/tagData.ts"
import { rowsOf } from "./support/checkoutContract.ts"

/** The cart and checkout groups composed as ShopApi composes its groups. */
class CheckoutApi extends HttpApi.make("checkout")
  .add(CartGroup, CartApiGroup, DeliveriesGroup, CartStepGroup, PaymentProviderGroup, TagDataGroup, CrossSellGroup)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CurrentSession)
  .middleware(CallPolicy)
  .annotateMerge(OpenApi.annotations({ title: "checkout", version: "1.0.0" }))
{}

const groups = Object.values(CheckoutApi.groups)
const rows = groups.flatMap(rowsOf)

describe("cart and checkout groups composed into the shop API", () => {
  it("no two endpoints share a method and path, nor a group.endpoint name", () => {
    const routes = rows.map(([, method, path]) => `${method} ${path.replace(/\/$/, "")}`)
    expect(new Set(routes).size).toBe(routes.length)
    expect(new Set(rows.map(([name]) => name)).size).toBe(rows.length)
    expect(rows.length).toBe(13 + 7 + 13 + 3 + 5 + 6 + 1)
  })

  it("every endpoint runs in the session with the call policy; CSRF stays where the group put it", () => {
    for (const group of groups) {
      for (const endpoint of Object.values(group.endpoints)) {
        const middlewares = [...endpoint.middlewares] as Array<unknown>
        expect(middlewares).toEqual(expect.arrayContaining([CurrentSession, CallPolicy, HttpApiMiddleware.ProblemDetails]))
        if (endpoint.method === "GET" && !["selectBillingMethod"].includes(endpoint.identifier)) {
          expect(middlewares, endpoint.identifier).not.toContain(CsrfProtection)
        }
      }
    }
  })

  it("the OpenAPI document of the composition lists every operation", () => {
    const doc = OpenApi.fromApi(CheckoutApi)
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item ?? {}))
    expect(operations.filter((k) => ["get", "post", "put", "delete"].includes(k)).length).toBe(rows.length)
  })
})
