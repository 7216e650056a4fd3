import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { endpointsOf } from "../../core/api/reflect.ts"
import { ShopApi } from "../../core/api/ShopApi.ts"
import { sessionStoringReads } from "../../demo/server/http/middleware.ts"
import { type Backend, demoBackend, testBaseUrl } from "../support/server.ts"

let backend: Backend
beforeAll(async () => {
  backend = await demoBackend()
})
afterAll(() => backend.dispose())

const concretePath = (path: string) => path.replace(/:cartUrl/g, "kosik").replace(/:name/g, "header").replace(/:(\w+)/g, "1")
const reads = endpointsOf(ShopApi).filter((e) => !e.csrf && e.method === "GET" && !sessionStoringReads.has(`${e.group}.${e.name}`))

const get = (path: string, headers: Record<string, string> = {}) =>
  backend.handler(new Request(`${testBaseUrl}${path}`, { headers: { "x-requested-with": "XMLHttpRequest", ...headers } }))

describe("a caller without a session (crawler, first page view)", () => {
  test("the contract has reads that need no stored session", () => {
    expect(reads.length).toBeGreaterThan(20)
  })

  test.each(reads.map((e) => [`${e.group}.${e.name}`, e.path]))("%s (GET %s) stores no session and never answers 5xx", async (_id, path) => {
    const response = await get(concretePath(path))
    expect(response.status).toBeLessThan(500)
    expect(response.headers.get("set-cookie")).toBeNull()
  })

  test("sees an empty cart and no wishlist in the header widgets", async () => {
    const response = await get("/api/widgets/getWidgetsData")
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ cart: { articles: [] } })
  })

  test.each([...sessionStoringReads].map((id) => [id]))("%s stores a session", async (id) => {
    const endpoint = endpointsOf(ShopApi).find((e) => `${e.group}.${e.name}` === id)!
    const response = await get(concretePath(endpoint.path))
    expect(response.status).toBeLessThan(500)
    expect(response.headers.get("set-cookie")).toMatch(/^sf_session=/)
  })

  test("gets a stored session, a cart and a csrf token from the bootstrap, and keeps them", async () => {
    const first = await get("/api/session")
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0]!
    expect(cookie).toMatch(/^sf_session=.+/)
    const info = (await first.json()) as { csrfToken: string; cartId: number }
    expect(info.csrfToken.length).toBeGreaterThan(20)
    expect(info.cartId).toBeGreaterThan(0)
    const again = await get("/api/session", { cookie })
    expect(again.headers.get("set-cookie")).toBeNull()
    expect(await again.json()).toMatchObject({ csrfToken: info.csrfToken, cartId: info.cartId })
  })

  test("cannot pass the CSRF check with an empty token", async () => {
    const response = await backend.handler(
      new Request(`${testBaseUrl}/api/privacy-setting/setConsent`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", "x-csrf-token": "" },
        body: JSON.stringify({ consentCode: "gdpr_panel", consentValue: true })
      })
    )
    expect(response.status).toBe(403)
  })
})
