/**
 * A stale or missing CSRF token loses nothing: a state-changing call answered 403 CsrfTokenInvalid asks the
 * session for its current token once (GET /api/session, same transport and cookies), records it in the call
 * state and sends the call again; other 403s and a session without a token are passed on as they came. Calls made
 * together without a token share one session request.
 */
import { describe, expect, it } from "vitest"
import { Effect, Fiber, Layer, Ref } from "effect"
import { callPolicyLayer, makeShopClient, ShopCallState, webHandlerHttpClient } from "../../../core/api/client.ts"

interface Seen {
  readonly path: string
  readonly csrf: string | null
}

/** A fake shop: the session's token is `current`; protected calls with another token answer 403. */
const fakeShop = (current: string | undefined, otherForbidden = false) => {
  const seen: Array<Seen> = []
  const handler = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname
    const csrf = request.headers.get("x-csrf-token")
    seen.push({ path, csrf })
    if (path === "/api/session") {
      return Response.json({ shopId: "CZ10MA", csrfToken: current ?? "", cartId: 7, customerId: null })
    }
    if (path.startsWith("/api/catalogue/")) return Response.json({ categories: [] })
    if (otherForbidden) return Response.json({ _tag: "Forbidden", message: "no" }, { status: 403 })
    if (csrf !== current) return Response.json({ _tag: "CsrfTokenInvalid", message: "stale" }, { status: 403 })
    return Response.json({ status: { status: "ok" } })
  }
  return { seen, handler }
}

const invoiceNote = (handler: (request: Request) => Promise<Response>, token: string | undefined) =>
  Effect.gen(function*() {
    const client = yield* makeShopClient("http://shop.test")
    const answer = yield* Effect.result(client.cartApi.setInvoiceNote({ payload: { invoiceNote: "ring twice" } }))
    const state = yield* ShopCallState
    return { answer, token: (yield* Ref.get(state)).csrfToken }
  }).pipe(
    Effect.provide(callPolicyLayer({ shopId: "CZ10MA", csrfToken: token, cartId: undefined }).pipe(Layer.provideMerge(webHandlerHttpClient(handler))))
  )

describe("the call policy and a stale CSRF token", () => {
  it("refreshes a stale token once from the session and sends the call again", async () => {
    const shop = fakeShop("fresh")
    const { answer, token } = await Effect.runPromise(invoiceNote(shop.handler, "stale"))
    expect(answer._tag).toBe("Success")
    expect(token).toBe("fresh")
    expect(shop.seen.map((s) => `${s.path} ${s.csrf}`)).toEqual([
      "/api/v2/cart.cart-api/set-invoice-note stale",
      "/api/session null",
      "/api/v2/cart.cart-api/set-invoice-note fresh"
    ])
  })

  it("a first state-changing call without any token asks the session first, so it is never refused", async () => {
    const shop = fakeShop("fresh")
    const { answer, token } = await Effect.runPromise(invoiceNote(shop.handler, undefined))
    expect(answer._tag).toBe("Success")
    expect(token).toBe("fresh")
    expect(shop.seen.map((s) => `${s.path} ${s.csrf}`)).toEqual([
      "/api/session null",
      "/api/v2/cart.cart-api/set-invoice-note fresh"
    ])
  })

  it("a read without a token does not ask the session", async () => {
    const shop = fakeShop("fresh")
    await Effect.runPromise(Effect.gen(function*() {
      const client = yield* makeShopClient("http://shop.test")
      yield* Effect.result(client.catalogue.categories())
    }).pipe(
      Effect.provide(callPolicyLayer({ shopId: "CZ10MA", csrfToken: undefined, cartId: undefined }).pipe(Layer.provideMerge(webHandlerHttpClient(shop.handler))))
    ))
    expect(shop.seen.map((s) => s.path)).toEqual(["/api/catalogue/categories"])
  })

  it("a session that gives no token before a first call sends the call as it is; its 403 is passed on, no loop", async () => {
    const shop = fakeShop(undefined)
    const { answer } = await Effect.runPromise(invoiceNote(shop.handler, undefined))
    expect(answer._tag).toBe("Failure")
    expect(shop.seen.map((s) => s.path)).toEqual(["/api/session", "/api/v2/cart.cart-api/set-invoice-note", "/api/session"])
  })

  it("another 403 is passed on without asking the session", async () => {
    const shop = fakeShop("fresh", true)
    const { answer } = await Effect.runPromise(invoiceNote(shop.handler, "fresh"))
    expect(answer._tag).toBe("Failure")
    expect(shop.seen.map((s) => s.path)).toEqual(["/api/v2/cart.cart-api/set-invoice-note"])
  })

  it("a session that gives no token ends the attempt: the 403 is passed on, no loop", async () => {
    const shop = fakeShop(undefined)
    const { answer } = await Effect.runPromise(invoiceNote(shop.handler, "stale"))
    expect(answer._tag).toBe("Failure")
    expect(shop.seen.map((s) => s.path)).toEqual(["/api/v2/cart.cart-api/set-invoice-note", "/api/session"])
  })

  /**
   * A shop and the browser's cookie: a request carries the cookie the browser holds when it is sent; a session
   * request without one makes a new session, whose cookie the browser then keeps (the last one given wins); a
   * protected call passes with the token of the session its cookie names.
   */
  const browserAndShop = () => {
    const seen: Array<Seen> = []
    const tokens = new Map<string, string>()
    let cookie: string | undefined
    const handler = async (request: Request): Promise<Response> => {
      const path = new URL(request.url).pathname
      const csrf = request.headers.get("x-csrf-token")
      const carried = cookie
      seen.push({ path, csrf })
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (path === "/api/session") {
        let session = carried
        if (session === undefined) {
          session = `S${tokens.size + 1}`
          tokens.set(session, `s${tokens.size + 1}`)
          cookie = session
        }
        return Response.json({ shopId: "CZ10MA", csrfToken: tokens.get(session), cartId: 7, customerId: null })
      }
      if (carried === undefined || tokens.get(carried) !== csrf) return Response.json({ _tag: "CsrfTokenInvalid", message: "stale" }, { status: 403 })
      return Response.json({ status: { status: "ok" } })
    }
    return { seen, handler, sessions: () => tokens.size }
  }

  /** Three invoice notes sent together, starting from `token`, and with the session bootstrap when `bootstrap`. */
  const threeTogether = (handler: (request: Request) => Promise<Response>, token: string | undefined, bootstrap = false) =>
    Effect.runPromise(Effect.gen(function*() {
      const client = yield* makeShopClient("http://shop.test")
      const notes = ["ring twice", "leave at the door", "call first"].map((invoiceNote) =>
        Effect.asVoid(client.cartApi.setInvoiceNote({ payload: { invoiceNote } }))
      )
      return yield* Effect.all(
        (bootstrap ? [Effect.asVoid(client.session.get()), ...notes] : notes).map((call) => Effect.result(call)),
        { concurrency: "unbounded" }
      )
    }).pipe(
      Effect.provide(callPolicyLayer({ shopId: "CZ10MA", csrfToken: token, cartId: undefined }).pipe(Layer.provideMerge(webHandlerHttpClient(handler))))
    ))

  it("calls made together without a token share one session request, so none is refused", async () => {
    const { seen, handler, sessions } = browserAndShop()
    const answers = await threeTogether(handler, undefined)
    expect(answers.map((answer) => answer._tag)).toEqual(["Success", "Success", "Success"])
    expect(sessions()).toBe(1)
    expect(seen.filter((s) => s.path === "/api/session")).toHaveLength(1)
    expect(seen.filter((s) => s.path !== "/api/session").map((s) => s.csrf)).toEqual(["s1", "s1", "s1"])
  })

  it("calls refused together for a stale token share one session request for the fresh one", async () => {
    const { seen, handler, sessions } = browserAndShop()
    const answers = await threeTogether(handler, "stale")
    expect(answers.map((answer) => answer._tag)).toEqual(["Success", "Success", "Success"])
    expect(sessions()).toBe(1)
    expect(seen.filter((s) => s.path === "/api/session")).toHaveLength(1)
    expect(seen.filter((s) => s.path !== "/api/session").map((s) => s.csrf).sort()).toEqual(["s1", "s1", "s1", "stale", "stale", "stale"])
  })

  it("the page's session bootstrap and calls made together without a token end with one session, none refused", async () => {
    const { seen, handler, sessions } = browserAndShop()
    const answers = await threeTogether(handler, undefined, true)
    expect(answers.map((answer) => answer._tag)).toEqual(["Success", "Success", "Success", "Success"])
    expect(sessions()).toBe(1)
    expect(seen.filter((s) => s.path !== "/api/session").map((s) => s.csrf)).toEqual(["s1", "s1", "s1"])
  })

  /**
   * A shop whose logout replaces the session at once (new token) before it answers. The request to `hold` waits for
   * `release(hold)` before it is answered; `delays` slow the answers of other paths. `arrived(path)` resolves when a
   * request reaches the shop.
   */
  const switchingShop = (hold: string | undefined, delays: Readonly<Record<string, number>> = {}) => {
    const seen: Array<Seen> = []
    let current = "old"
    const waiting = new Map<string, () => void>()
    let releaseHeld: (() => void) | undefined
    const held = new Promise<void>((resolve) => releaseHeld = resolve)
    const arrived = (path: string) => new Promise<void>((resolve) => waiting.set(path, resolve))
    const handler = async (request: Request): Promise<Response> => {
      const path = new URL(request.url).pathname
      const csrf = request.headers.get("x-csrf-token")
      seen.push({ path, csrf })
      waiting.get(path)?.()
      if (path === "/api/session") return Response.json({ shopId: "CZ10MA", csrfToken: current, cartId: 7, customerId: null })
      if (csrf !== current) return Response.json({ _tag: "CsrfTokenInvalid", message: "stale" }, { status: 403 })
      if (path === "/api/auth/logout/") current = "new"
      if (path === hold) await held
      await new Promise((resolve) => setTimeout(resolve, delays[path] ?? 0))
      return path === "/api/auth/logout/" ? Response.json({ redirectUrl: "/" }) : Response.json({ status: { status: "ok" } })
    }
    return { seen, handler, arrived, release: () => releaseHeld?.() }
  }

  const logoutPath = "/api/auth/logout/"
  const notePath = "/api/v2/cart.cart-api/set-invoice-note"

  /** A logout and an invoice note, the `first` sent first and held by the shop until the second has been started. */
  const noteAndLogout = (shop: ReturnType<typeof switchingShop>, first: string) =>
    Effect.runPromise(Effect.gen(function*() {
      const client = yield* makeShopClient("http://shop.test")
      const logout = Effect.result(client.account.logout({ query: { csrf_token: "old" } }))
      const note = Effect.result(client.cartApi.setInvoiceNote({ payload: { invoiceNote: "ring twice" } }))
      const arrived = shop.arrived(first)
      const firstFiber = yield* Effect.forkChild(first === logoutPath ? logout : note)
      yield* Effect.promise(() => arrived)
      const secondFiber = yield* Effect.forkChild(first === logoutPath ? note : logout)
      yield* Effect.sleep(20)
      const seenBeforeRelease = shop.seen.map((s) => s.path)
      shop.release()
      const answers = [yield* Fiber.join(firstFiber), yield* Fiber.join(secondFiber)]
      return { answers: answers.map((answer) => answer._tag), seenBeforeRelease }
    }).pipe(
      Effect.provide(callPolicyLayer({ shopId: "CZ10MA", csrfToken: "old", cartId: undefined }).pipe(Layer.provideMerge(webHandlerHttpClient(shop.handler))))
    ))

  it("a call started while a logout is on its way waits for it and carries the new session's token: never refused", async () => {
    const shop = switchingShop(logoutPath)
    const { answers, seenBeforeRelease } = await noteAndLogout(shop, logoutPath)
    expect(answers).toEqual(["Success", "Success"])
    expect(seenBeforeRelease).toEqual([logoutPath])
    expect(shop.seen.map((s) => `${s.path} ${s.csrf}`)).toEqual([`${logoutPath} old`, "/api/session null", `${notePath} new`])
  })

  it("a logout waits for a state-changing call on its way, so that call's token is still the session's", async () => {
    const shop = switchingShop(notePath)
    const { answers, seenBeforeRelease } = await noteAndLogout(shop, notePath)
    expect(answers).toEqual(["Success", "Success"])
    expect(seenBeforeRelease).toEqual([notePath])
    expect(shop.seen.map((s) => `${s.path} ${s.csrf}`)).toEqual([`${notePath} old`, `${logoutPath} old`])
  })

  it("a logout's timeout counts from its sending, not from its wait for a call on its way", async () => {
    // The note is answered after 3 s, the logout 2.5 s after it is sent: 5.5 s in all, over a call's 5 s timeout.
    const shop = switchingShop(undefined, { [notePath]: 3000, [logoutPath]: 2500 })
    const { answers } = await noteAndLogout(shop, notePath)
    expect(answers).toEqual(["Success", "Success"])
    expect(shop.seen.map((s) => s.path)).toEqual([notePath, logoutPath])
  }, 15_000)
})
