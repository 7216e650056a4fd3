/**
 * The storefront loaders' API caller (demo/web/app/lib/api.server.ts): the loaders of one page request share one
 * derived client, while each caller keeps the cookies and the adult-content flag of its own calls only, and every
 * call carries the page request's cookie.
 */
import { Layer } from "effect"
import { RouterContextProvider } from "react-router"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { shopById } from "../../core/domain/shop.ts"
import { apiContext } from "../../demo/web/app/lib/context.ts"
import { shopCaller } from "../../demo/web/app/lib/api.server.ts"
import { backendFor } from "../support/server.ts"

const backend = backendFor([], Layer.empty)
afterAll(() => backend.dispose())

/** A session answer of the backend, as it went out. */
interface Answer {
  readonly status: number
  readonly headers: ReadonlyArray<[string, string]>
  readonly body: string
}

/**
 * The backend's answer to a session read, taken once before the tests and replayed by the probes. The first call of a
 * fresh backend builds its database, which on a loaded machine outlasts a call's 5 s attempt: the client's retry
 * ladder then calls again, and that second call's probe cookie shifted every expected number (seen on PostgreSQL).
 */
let answer: Answer | undefined
beforeAll(async () => {
  const context = new RouterContextProvider()
  context.set(apiContext, {
    handler: async (request: Request) => {
      const response = await backend.handler(request)
      const taken: Answer = { status: response.status, headers: [...response.headers], body: await response.text() }
      answer = taken
      return new Response(taken.body, { status: taken.status, headers: [...taken.headers] })
    }
  })
  await shopCaller(new Request("http://shop.test/"), context, shopById("CZ10MA")).call((client) => client.session.get())
}, 120_000)

/** The backend's answer replayed, with a numbered probe cookie per call; odd calls also ask for the adult-content gate. */
const probing = () => {
  const seen: Array<{ readonly cookie: string | null }> = []
  const handler = async (request: Request): Promise<Response> => {
    const number = seen.push({ cookie: request.headers.get("cookie") })
    const headers = new Headers([...answer!.headers])
    headers.append("set-cookie", `probe=${number}; Path=/`)
    if (number % 2 === 1) headers.set("adult-content", "1")
    return new Response(answer!.body, { status: answer!.status, headers })
  }
  const context = new RouterContextProvider()
  context.set(apiContext, { handler })
  return { seen, context }
}

const probes = (cookies: ReadonlyArray<string>) => cookies.filter((cookie) => cookie.startsWith("probe="))

describe("shopCaller", () => {
  it("two loaders of one request keep their own cookies and adult-content flag, and forward the page's cookie", async () => {
    const { seen, context } = probing()
    const request = new Request("http://shop.test/kategorie", { headers: { cookie: "sf_consents=%7B%7D" } })
    const shop = shopById("CZ10MA")
    const root = shopCaller(request, context, shop)
    const route = shopCaller(request, context, shop)
    await root.call((client) => client.session.get())
    await route.call((client) => client.session.get())
    await route.call((client) => client.session.get())
    expect(probes(root.setCookies)).toEqual(["probe=1; Path=/"])
    expect(probes(route.setCookies)).toEqual(["probe=2; Path=/", "probe=3; Path=/"])
    expect(root.adultContent()).toBe(true)
    expect(route.adultContent()).toBe(true)
    expect(seen.map((call) => call.cookie)).toEqual(["sf_consents=%7B%7D", "sf_consents=%7B%7D", "sf_consents=%7B%7D"])
  })

  it("concurrent calls of two callers land in their own caller", async () => {
    const { context } = probing()
    const request = new Request("http://shop.test/")
    const shop = shopById("CZ10MA")
    const first = shopCaller(request, context, shop)
    const second = shopCaller(request, context, shop)
    await Promise.all([
      first.call((client) => client.session.get()),
      second.call((client) => client.session.get()),
      first.call((client) => client.session.get()),
      second.call((client) => client.session.get())
    ])
    const numbers = (cookies: ReadonlyArray<string>) => probes(cookies).map((cookie) => Number(/probe=(\d+)/.exec(cookie)?.[1]))
    expect(numbers(first.setCookies)).toHaveLength(2)
    expect(numbers(second.setCookies)).toHaveLength(2)
    expect([...numbers(first.setCookies), ...numbers(second.setCookies)].sort()).toEqual([1, 2, 3, 4])
  })

  it("a loader of another request is not told this request's answers", async () => {
    const { context } = probing()
    const shop = shopById("CZ10MA")
    const one = shopCaller(new Request("http://shop.test/a"), context, shop)
    const other = shopCaller(new Request("http://shop.test/b"), context, shop)
    await one.call((client) => client.session.get())
    expect(probes(other.setCookies)).toEqual([])
    expect(other.adultContent()).toBe(false)
  })
})
