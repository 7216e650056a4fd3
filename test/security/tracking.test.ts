/**
 * Issue 12 and issue 10, the tracking API from outside: events that fail the core's validation, are too large or
 * carry an impossible timestamp are dropped (never stored); a body over the cap is 413; the listing of
 * `/api/tracking-events` opens only to the configured operator token (404 without one configured).
 */
import { Layer } from "effect"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { trackingEventMaxBytes } from "../../demo/server/domain/trackingSink.ts"
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { type Backend, demoBackend, testBaseUrl } from "../support/server.ts"

const operatorToken = "operator-7c1e9f"
let backend: Backend
let closed: Backend
beforeAll(async () => {
  backend = await demoBackend({ services: Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), operatorToken }) })
  closed = await demoBackend({ services: Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), operatorToken: undefined }) })
})
afterAll(async () => {
  await backend.dispose()
  await closed.dispose()
})

const nowSeconds = () => Math.floor(Date.now() / 1000)
const event = (type: string, cookie: string, extra: Record<string, unknown> = {}) => ({
  event_type: type,
  customer_ids: { cookie },
  properties: { path: "/" },
  timestamp: nowSeconds(),
  ...extra
})

const track = (body: unknown) =>
  backend.handler(new Request(`${testBaseUrl}/tracking-api/track`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }))

const listing = async (authorization?: string, on: Backend = backend) => {
  const response = await on.handler(new Request(`${testBaseUrl}/api/tracking-events`, { headers: authorization === undefined ? {} : { authorization } }))
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as { events: Array<{ cookieId: string }> }) : undefined }
}

describe("tracking events", () => {
  test("events failing validation, too large or out of time are dropped; a valid one is stored", async () => {
    const cookie = "3f2b8c1e-8a4d-4c7e-9b1a-2d6e5f7a8b9c"
    const dropped = [
      event("checkout", cookie, { properties: { step_number: 2 } }),
      event("page_visit", cookie, { timestamp: nowSeconds() + 10 * 24 * 3600 }),
      event("page_visit", cookie, { timestamp: 12 }),
      event("page_visit", cookie, { properties: { blob: "x".repeat(trackingEventMaxBytes) } })
    ]
    for (const body of dropped) expect((await track(body)).status).toBe(204)
    expect((await track(event("page_visit", cookie))).status).toBe(204)
    const { body } = await listing(`Bearer ${operatorToken}`)
    expect(body?.events.filter((e) => e.cookieId === cookie)).toHaveLength(1)
  })

  test("a tracking body over the cap is refused with 413", async () => {
    const response = await track(event("page_visit", "c", { properties: { blob: "x".repeat(128 * 1024) } }))
    expect(response.status).toBe(413)
  })
})

describe("/api/tracking-events is the operator's only", () => {
  test("without the token, with a wrong one or with a shopper's session: 401; with it: 200", async () => {
    const session = await backend.handler(new Request(`${testBaseUrl}/api/session`))
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
    expect((await listing()).status).toBe(401)
    expect((await listing("Bearer wrong-token")).status).toBe(401)
    expect((await listing(`Basic ${operatorToken}`)).status).toBe(401)
    const shopper = await backend.handler(new Request(`${testBaseUrl}/api/tracking-events`, { headers: { cookie } }))
    expect(shopper.status).toBe(401)
    expect((await listing(`Bearer ${operatorToken}`)).status).toBe(200)
  })

  test("no token configured: the listing does not exist (404), whatever is sent", async () => {
    expect((await listing(undefined, closed)).status).toBe(404)
    expect((await listing(`Bearer ${operatorToken}`, closed)).status).toBe(404)
  })
})
