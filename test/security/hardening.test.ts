/**
 * Issue 10 "Security" and issue 12: the outer defences of the reference backend, tried from outside in process —
 * security headers, request ids, the 5xx log, the body cap, the Secure cookie setting and where the CSRF token may
 * travel.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { Effect, Fiber, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { type ServerErrorRecord, ServerErrorLog } from "../../demo/server/http/hardening.ts"
import { webBuildDirectory } from "../../demo/server/http/pages.ts"
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { type Backend, demoBackend, testBaseUrl } from "../support/server.ts"

const logged: Array<ServerErrorRecord> = []
let backend: Backend
beforeAll(async () => {
  backend = await demoBackend({
    routes: Layer.mergeAll(
      HttpRouter.add("GET", "/api/test-failure", Effect.die(new Error("boom: password=hunter2 in a defect"))),
      HttpRouter.add("POST", "/api/test-slow", Effect.never),
      // as a write does: the request's fiber waits on another one (a transaction's), stopped with it
      HttpRouter.add("POST", "/api/test-slow-child", Effect.flatMap(Effect.forkChild(Effect.never), Fiber.join)),
      // as a write the server stops under: its fiber interrupted, not by the client
      HttpRouter.add("POST", "/api/test-interrupted", Effect.flatMap(Effect.sleep("5 millis"), () => Effect.interrupt))
    ),
    services: Layer.mergeAll(
      Layer.succeed(ServerErrorLog, (record: ServerErrorRecord) => void logged.push(record)),
      Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), secureCookies: true })
    )
  })
})
afterAll(() => backend.dispose())

const get = (path: string, headers: Record<string, string> = {}) => backend.handler(new Request(`${testBaseUrl}${path}`, { headers }))

const visit = async () => {
  const response = await get("/api/session")
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return { cookie, csrfToken, response }
}

describe("security headers", () => {
  test("API answers carry nosniff, the referrer policy, a CSP that runs nothing, no-store and a request id", async () => {
    const { response } = await visit()
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'")
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'")
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    const other = await get("/api/session")
    expect(other.headers.get("x-request-id")).not.toBe(response.headers.get("x-request-id"))
  })

  test("errors and unknown paths get the headers too", async () => {
    const response = await get("/api/no-such-route")
    expect(response.status).toBe(404)
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(response.headers.get("x-request-id")).not.toBeNull()
  })

  test("the session cookie is Secure when the setting is on (default under NODE_ENV=production), HttpOnly, SameSite", async () => {
    const { response } = await visit()
    const cookie = response.headers.get("set-cookie") ?? ""
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(securitySettingsFrom({ NODE_ENV: "production" }).secureCookies).toBe(true)
    expect(securitySettingsFrom({ NODE_ENV: "production", SECURE_COOKIES: "0" }).secureCookies).toBe(false)
    expect(securitySettingsFrom({}).secureCookies).toBe(false)
  })

  test.skipIf(!existsSync(join(webBuildDirectory, "server", "index.js")))(
    "a page has a CSP whose nonce every inline script carries, frame-ancestors 'none', no-store",
    async () => {
      const response = await get("/")
      expect(response.status).toBe(200)
      const policy = response.headers.get("content-security-policy") ?? ""
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
      expect(nonce).toBeDefined()
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).not.toContain("'unsafe-inline' 'unsafe-eval'")
      expect(policy).toMatch(/script-src 'self' 'nonce-/)
      expect(response.headers.get("cache-control")).toBe("no-store")
      const html = await response.text()
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter((m) => !/type="application\/(ld\+)?json"/.test(m[1] ?? ""))
      expect(inline.length).toBeGreaterThan(0)
      for (const script of inline) expect(script[1]).toContain(`nonce="${nonce}"`)
    }
  )
})

describe("5xx log", () => {
  test("a 5xx is logged once as structured JSON with its cause and the request id it answered with; no secret", async () => {
    logged.length = 0
    const response = await get("/api/test-failure?csrf_token=secret-in-query")
    expect(response.status).toBe(500)
    const id = response.headers.get("x-request-id")
    expect(logged).toHaveLength(1)
    const [record] = logged
    expect(record).toMatchObject({ level: "error", requestId: id, method: "GET", path: "/api/test-failure", status: 500 })
    expect(record?.cause).toContain("boom")
    expect(JSON.stringify(record)).not.toContain("hunter2")
    expect(JSON.stringify(record)).not.toContain("secret-in-query")
  })

  test.each(["/api/test-slow", "/api/test-slow-child"])("a request its client aborts is logged once as a client abort (499, level info), not as a server error: %s", async (path) => {
    logged.length = 0
    const controller = new AbortController()
    const answer = backend.handler(new Request(`${testBaseUrl}${path}`, { method: "POST", body: "{}", signal: controller.signal }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    controller.abort()
    await Promise.race([answer.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 200))])
    await expect.poll(() => logged.length).toBe(1)
    expect(logged[0]).toMatchObject({ level: "info", method: "POST", path, status: 499, cause: "client aborted the request" })
    expect(logged.some((record) => record.level === "error" || record.status >= 500)).toBe(false)
  })

  test("a request interrupted without its client's abort (the server stopping) is logged as info (503), not as a server error", async () => {
    logged.length = 0
    const response = await backend.handler(new Request(`${testBaseUrl}/api/test-interrupted`, { method: "POST", body: "{}" }))
    expect(response.status).toBe(503)
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ level: "info", method: "POST", path: "/api/test-interrupted", status: 503 })
    expect(logged[0]?.cause).toContain("interrupted")
  })

  test("4xx answers are not logged", async () => {
    logged.length = 0
    await get("/api/no-such-route")
    expect(logged).toHaveLength(0)
  })
})

describe("request body cap", () => {
  test("a JSON body declared over the cap is refused with 413 before it is read", async () => {
    const { cookie, csrfToken } = await visit()
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(1024))
        if (pulled > 2000) controller.close()
      }
    })
    const response = await backend.handler(
      new Request(`${testBaseUrl}/api/auth/login/`, {
        method: "POST",
        headers: { cookie, "x-csrf-token": csrfToken, "content-type": "application/json", "content-length": String(2 * 1024 * 1024) },
        body,
        duplex: "half"
      } as RequestInit)
    )
    expect(response.status).toBe(413)
    expect(pulled).toBeLessThan(3)
  })

  test("a JSON body without a length stops being read at the cap: refused, never a 5xx", async () => {
    const { cookie, csrfToken } = await visit()
    const big = JSON.stringify({ username: "a@example.cz", password: "x".repeat(200 * 1024) })
    const response = await backend.handler(
      new Request(`${testBaseUrl}/api/auth/login/`, {
        method: "POST",
        headers: { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" },
        body: new Blob([big]).stream(),
        duplex: "half"
      } as RequestInit)
    )
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
  })
})

describe("CSRF token in a URL", () => {
  test("a protected call other than logout refuses the token in ?csrf_token= (403), takes it in the header", async () => {
    const { cookie, csrfToken } = await visit()
    const inQuery = await backend.handler(
      new Request(`${testBaseUrl}/api/privacy-setting/setConsent?csrf_token=${encodeURIComponent(csrfToken)}`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ consents: {} })
      })
    )
    expect(inQuery.status).toBe(403)
  })

  test("the logout link takes it in ?csrf_token= (§6)", async () => {
    const { cookie, csrfToken } = await visit()
    const response = await get(`/api/auth/logout/?csrf_token=${encodeURIComponent(csrfToken)}`, { cookie })
    expect(response.status).toBeLessThan(400)
  })
})
