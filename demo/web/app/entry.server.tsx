/**
 * Server rendering of the storefront: React 19 streaming (`renderToReadableStream`); crawlers get
 * the whole document at once. Exports the router context the serving process fills.
 */
import { isbot } from "isbot"
import { renderToReadableStream } from "react-dom/server"
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router"
import { NonceContext, nonceContext } from "./lib/nonce.ts"

export { apiContext } from "./lib/context.ts"
export { nonceContext } from "./lib/nonce.ts"

/** How long a streamed render may take before it is cut off. */
export const streamTimeout = 10_000

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider
) {
  let failed = false
  const nonce = loadContext?.get(nonceContext)
  const page = (
    <NonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} {...(nonce === undefined ? {} : { nonce })} />
    </NonceContext>
  )
  const body = await renderToReadableStream(page, {
    ...(nonce === undefined ? {} : { nonce }),
    signal: AbortSignal.timeout(streamTimeout),
    onError(error: unknown) {
      failed = true
      console.error(error)
    }
  })
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady
  headers.set("content-type", "text/html; charset=utf-8")
  return new Response(body, { status: failed ? 500 : status, headers })
}
