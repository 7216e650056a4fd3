/**
 * Issue 12 (lockout oracle) and issue 10 (throttling), from outside: several clients told apart by the trusted proxy's
 * `X-Forwarded-For`. A registered and an unknown e-mail answer alike, five failures lock either; one client is
 * throttled (429 + Retry-After) after four failures, so it cannot lock an account alone; registration, the contact
 * form, the captcha and the tracking API answer 429 with Retry-After past their per-client budgets.
 */
import { Layer } from "effect"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { maxFailedLogins } from "../../demo/server/domain/account/login.ts"
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { failedLoginsPerClient, throttledOperations } from "../../demo/server/http/throttle.ts"
import { demoAccount } from "../server/accountSupport.ts"
import { type Backend, demoBackend, testBaseUrl } from "../support/server.ts"

let backend: Backend
beforeAll(async () => {
  backend = await demoBackend({ services: Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), trustProxy: true }) })
})
afterAll(() => backend.dispose())

let clients = 0
/** A new client (its own address, unless given) with its own session. */
const newClient = async (address = `198.51.100.${++clients}`) => {
  const response = await backend.handler(new Request(`${testBaseUrl}/api/session`, { headers: { "x-forwarded-for": address } }))
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  const send = (method: string, path: string, body?: unknown) =>
    backend.handler(
      new Request(`${testBaseUrl}${path}`, {
        method,
        headers: { "x-forwarded-for": address, cookie, "x-csrf-token": csrfToken, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
    )
  return { address, send }
}

const login = async (username: string, password: string) => {
  const client = await newClient()
  const response = await client.send("POST", "/api/auth/login/", { username, password })
  return { status: response.status, body: (await response.json()) as { title?: string } }
}

describe("the lockout is no account oracle", () => {
  test(`a registered and an unknown e-mail answer alike: ${maxFailedLogins} failures (each from another client) lock both`, async () => {
    const known: Array<unknown> = []
    const unknown: Array<unknown> = []
    for (let i = 0; i < maxFailedLogins + 1; i++) {
      const a = await login(demoAccount("vip"), "not-the-password")
      const b = await login("nobody-here@example.cz", "not-the-password")
      known.push([a.status, a.body.title])
      unknown.push([b.status, b.body.title])
    }
    expect(known).toEqual(unknown)
    expect(known.slice(0, maxFailedLogins - 1).every((row) => (row as Array<unknown>)[0] === 401)).toBe(true)
    expect((known[maxFailedLogins - 1] as Array<unknown>)[0]).toBe(423)
    expect((known[maxFailedLogins] as Array<unknown>)[0]).toBe(423)
  })

  test(`one client is throttled after ${failedLoginsPerClient.calls} failures, before it can lock the account`, async () => {
    const client = await newClient()
    const statuses: Array<number> = []
    for (let i = 0; i < maxFailedLogins + 2; i++) {
      const response = await client.send("POST", "/api/auth/login/", { username: demoAccount("gold"), password: "wrong-password" })
      statuses.push(response.status)
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0)
    }
    expect(statuses).toEqual([
      ...Array.from({ length: failedLoginsPerClient.calls }, () => 401),
      ...Array.from({ length: maxFailedLogins + 2 - failedLoginsPerClient.calls }, () => 429)
    ])
    // the account is not locked: its owner logs in from elsewhere
    expect((await login(demoAccount("gold"), demoPassword)).status).toBe(200)
  })
})

describe("per-client throttling (429 + Retry-After)", () => {
  const exhaust = async (operation: string, call: (client: Awaited<ReturnType<typeof newClient>>) => Promise<Response>) => {
    const limit = throttledOperations[operation]!
    const client = await newClient()
    for (let i = 0; i < limit.calls; i++) expect((await call(client)).status).not.toBe(429)
    const over = await call(client)
    expect(over.status).toBe(429)
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(limit.perSeconds)
    // another client is not affected
    expect((await call(await newClient())).status).not.toBe(429)
  }

  test("registration", () =>
    exhaust("account.register", (c) =>
      c.send("POST", "/api/reg/submit", { email: `x${Math.random()}@example.cz`, password: "short", firstname: "A", lastname: "B" })))

  test("login", () => exhaust("account.login", (c) => c.send("POST", "/api/auth/login/", { username: "", password: "" })))

  test("the contact form", () => exhaust("contact.submit", (c) => c.send("POST", "/api/contact/submit", {})))

  test("the captcha (past the per-session limit too: a new session per picture)", () =>
    exhaust("captcha.get", async (c) => (await newClient(c.address)).send("GET", "/api/captcha/get")))

  test("password recovery: asking for a link", () =>
    exhaust("passwordRecovery.request", (c) =>
      c.send("POST", "/api/auth/password-recovery/", { email: `nobody${Math.random()}@example.cz` })))

  test("password recovery: setting a new password", () =>
    exhaust("passwordRecovery.reset", (c) =>
      c.send("POST", "/api/auth/password-recovery/reset", { token: "not-a-token-at-all-000000000000", password: "A-new-password-1" })))

  test("the tracking API", () =>
    exhaust("tracking.log", (c) => c.send("GET", `/tracking-api/log?message=${encodeURIComponent("{}")}`)))
})
