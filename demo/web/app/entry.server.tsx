/**
 * Server rendering of the storefront: React 19 streaming (`renderToReadableStream`); crawlers get
 * the whole document at once. Exports the router context the serving process fills.
 */
import { isbot } from "isbot"
import { renderToReadableStream } from "react-dom/server"
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router"
import { registerAllCatalogues } from "../../../core/messages/index.ts"
import { NonceContext, nonceOf } from "./lib/nonce.ts"
import { Footer } from "./components/Footer.tsx"
import { Header } from "./components/Header.tsx"
import { ShellContext } from "./lib/shell.ts"
import { modulesAfterFirstPaintStream } from "./lib/modulePreloads.ts"
import styles from "./app.css?inline"

// The server renders every shopper's language; a browser loads only its own (entry.client.tsx).
registerAllCatalogues()

export { apiContext } from "./lib/context.ts"
export { nonceContext } from "./lib/nonce.ts"

/** The size below which a finished part of the page is sent in place (the header and its menu are about 25 kB). */
export const shellChunkBytes = 256 * 1024

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
  const nonce = nonceOf(loadContext)
  const page = (
    <NonceContext value={nonce}>
      <ShellContext.Provider value={{ Header, Footer, styles }}>
        <ServerRouter context={routerContext} url={request.url} {...(nonce === undefined ? {} : { nonce })} />
      </ShellContext.Provider>
    </NonceContext>
  )
  const body = await renderToReadableStream(page, {
    ...(nonce === undefined ? {} : { nonce }),
    signal: AbortSignal.timeout(streamTimeout),
    // A finished Suspense boundary bigger than this is sent after the shell and moved in by a script; the header's
    // (a boundary, so it can hydrate from its own chunk) must stay in place, in the first bytes.
    progressiveChunkSize: shellChunkBytes,
    onError(error: unknown) {
      failed = true
      console.error(error)
    }
  })
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady
  headers.set("content-type", "text/html; charset=utf-8")
  // The first paint needs no script: the first load's modules are asked for once the page has painted.
  return new Response(body.pipeThrough(modulesAfterFirstPaintStream()), { status: failed ? 500 : status, headers })
}
