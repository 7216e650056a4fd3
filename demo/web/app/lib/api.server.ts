/**
 * Route loaders call the shop API through the core's derived client: in process when the serving
 * process handed its API over ({@link apiContext}), over fetch otherwise (`npm run dev`). The
 * shopper's cookie goes with every call; cookies the API sets come back to the page's response.
 *
 * @module
 */
import { Context, Effect, Layer, ManagedRuntime } from "effect"
import { HttpClient, HttpClientRequest, HttpClientResponse } from "effect/http"
import type { RouterContextProvider } from "react-router"
import { callPolicyLayer, ShopApiClient, type ShopClient } from "../../../../core/api/client.ts"
import { sessionCookie } from "../../../../core/api/headers.ts"
import { adultContentHeader, isAdultContentHeaderSet } from "../../../../core/domain/layout/adultGate.ts"
import type { Shop } from "../../../../core/domain/shop.ts"
import { apiContext } from "./context.ts"

const internalOrigin = "http://storefront.internal"

/** What a loader needs to call the API for the shopper. */
export interface ShopCaller {
  /** Runs `f` with the shop API client; rejects with the failure. */
  readonly call: <A, E>(f: (client: ShopClient) => Effect.Effect<A, E>) => Promise<A>
  /** Set-Cookie values the API answered, to pass on with the page. */
  readonly setCookies: ReadonlyArray<string>
  /** Whether an answer so far asked for the adult-content gate (its `adult-content` header, §4). */
  readonly adultContent: () => boolean
}

/** The serving process's in-process API; none under `npm run dev` (Vite serves the pages, loaders fetch). */
const inProcessApiOf = (context: Readonly<RouterContextProvider>) => {
  try {
    return context.get(apiContext)
  } catch {
    return undefined
  }
}

/** Where one caller's answers leave their cookies and adult-content flags: the calls of its loader only. */
interface AnswerSink {
  readonly answered: (response: Response) => void
}

/** The sink of the call running on the current fiber (set by {@link ShopCaller.call}). */
const CurrentSink = Context.Reference<AnswerSink | undefined>("demo/web/CurrentSink", { defaultValue: () => undefined })

/** A page request's derived client, shared by its loaders (root and route). */
type RequestClient = ManagedRuntime.ManagedRuntime<ShopApiClient, never>

/**
 * The derived client of each page request in progress. Deriving the client from the contract costs tens of ms of CPU
 * (more than the in-process call itself), so a request's loaders share one, built on the first call, with its call
 * state (a CSRF token learnt on one call serves the next, as in a browser); the entry goes with the request.
 */
const requestClients = new WeakMap<Request, RequestClient>()

/** The client of one page request: the shopper's cookie goes with every call, over the in-process API when there. */
const requestClient = (request: Request, context: Readonly<RouterContextProvider>, shop: Shop): RequestClient => {
  const known = requestClients.get(request)
  if (known !== undefined) return known
  const inProcess = inProcessApiOf(context)
  const cookie = request.headers.get("cookie")
  const transport = Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((outgoing, _url, signal, fiber) => {
      const sink = fiber.getRef(CurrentSink)
      return HttpClientRequest.toWeb(outgoing, { signal }).pipe(
        Effect.flatMap((web) => Effect.promise(() => send(web, sink))),
        Effect.map((response) => HttpClientResponse.fromWeb(outgoing, response)),
        Effect.orDie
      )
    })
  )
  const send = async (outgoing: Request, sink: AnswerSink | undefined): Promise<Response> => {
    const headers = new Headers(outgoing.headers)
    if (cookie !== null) headers.set("cookie", cookie)
    const origin = inProcess === undefined ? process.env["STOREFRONT_API"] ?? "http://127.0.0.1:3001" : internalOrigin
    const url = new URL(outgoing.url)
    const forwarded = new Request(`${origin}${url.pathname}${url.search}`, {
      method: outgoing.method,
      headers,
      ...(outgoing.body === null ? {} : { body: await outgoing.arrayBuffer() })
    })
    const response = inProcess === undefined ? await fetch(forwarded) : await inProcess.handler(forwarded)
    sink?.answered(response)
    return response
  }
  const client = ManagedRuntime.make(
    ShopApiClient.layer(internalOrigin).pipe(
      Layer.provide(callPolicyLayer({ shopId: shop.shopId, csrfToken: undefined, cartId: undefined })),
      Layer.provide(transport)
    )
  )
  requestClients.set(request, client)
  return client
}

/** A caller of the shop API for one page request in `shop`; its cookies and adult-content flag are its own calls'. */
export const shopCaller = (request: Request, context: Readonly<RouterContextProvider>, shop: Shop): ShopCaller => {
  const client = requestClient(request, context, shop)
  const setCookies: Array<string> = []
  let adultContent = false
  const sink: AnswerSink = {
    answered: (response) => {
      for (const value of response.headers.getSetCookie()) setCookies.push(value)
      if (isAdultContentHeaderSet(response.headers.get(adultContentHeader))) adultContent = true
    }
  }
  return {
    call: (f) => client.runPromise(ShopApiClient.use(f).pipe(Effect.provideService(CurrentSink, sink))),
    setCookies,
    adultContent: () => adultContent
  }
}

/** Response headers carrying the cookies a caller collected. */
export const cookieHeaders = (caller: ShopCaller): Headers => {
  const headers = new Headers()
  for (const value of caller.setCookies) headers.append("set-cookie", value)
  return headers
}


/** Whether the request carries the shop's session cookie (a visitor without one has no cart or account yet). */
export const hasSessionCookie = (request: Request): boolean =>
  (request.headers.get("cookie") ?? "").split(";").some((part) => part.trim().startsWith(`${sessionCookie}=`))
