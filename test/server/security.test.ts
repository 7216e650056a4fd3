import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { endpointsOf } from "../../core/api/reflect.ts"
import { ShopApi } from "../../core/api/ShopApi.ts"
import { type Backend, demoBackend, testBaseUrl } from "../support/server.ts"

let backend: Backend
beforeAll(async () => {
  backend = await demoBackend()
})
afterAll(() => backend.dispose())

const stateChanging = endpointsOf(ShopApi).filter((e) => e.csrf)
const concretePath = (path: string) => path.replace(/:cartUrl/g, "kosik").replace(/:(\w+)/g, "x")

/** A session cookie and its csrf token, from a first visit. */
const visit = async () => {
  const response = await backend.handler(new Request(`${testBaseUrl}/api/session`))
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return { cookie, csrfToken }
}

const call = (method: string, path: string, headers: Record<string, string>) =>
  backend.handler(
    new Request(`${testBaseUrl}${concretePath(path)}`, {
      method,
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest", ...headers },
      ...(method === "GET" ? {} : { body: "{}" })
    })
  )

describe("CSRF on every state-changing endpoint of the contract", () => {
  test("the contract marks a substantial set of endpoints as state-changing", () => {
    expect(stateChanging.length).toBeGreaterThan(50)
  })

  test.each(stateChanging.map((e) => [`${e.group}.${e.name}`, e.method, e.path]))(
    "%s (%s %s) refuses a missing and a wrong token with 403",
    async (_id, method, path) => {
      const { cookie } = await visit()
      const missing = await call(method, path, { cookie })
      expect(missing.status).toBe(403)
      expect(await missing.json()).toMatchObject({ _tag: "CsrfTokenInvalid" })
      const wrong = await call(method, path, { cookie, "x-csrf-token": "not-the-token" })
      expect(wrong.status).toBe(403)
    }
  )

  test("a wrong token is refused even when it is another session's valid token", async () => {
    const mine = await visit()
    const theirs = await visit()
    const response = await call("POST", "/api/privacy-setting/setConsent", { cookie: mine.cookie, "x-csrf-token": theirs.csrfToken })
    expect(response.status).toBe(403)
  })
})

describe("malformed input", () => {
  test("a malformed body gets a 400 problem naming the field, never a 500 or a stack trace", async () => {
    const { cookie, csrfToken } = await visit()
    const response = await backend.handler(
      new Request(`${testBaseUrl}/api/cart/changeAmount/`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, "x-csrf-token": csrfToken },
        body: JSON.stringify({ id: 1, amount: "lots" })
      })
    )
    expect(response.status).toBe(400)
    const text = await response.text()
    expect(text).toContain("amount")
    expect(text).not.toMatch(/at .*\.ts:\d+/)
  })

  test("the OpenAPI document is served", async () => {
    const response = await backend.handler(new Request(`${testBaseUrl}/api/openapi.json`))
    expect(response.status).toBe(200)
    const doc = (await response.json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100)
  })
})
