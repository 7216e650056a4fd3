/** Hydrates the server-rendered storefront once the texts of the shopper's UI language have loaded (one chunk). */
import { startTransition, StrictMode, type ErrorInfo } from "react"
import { hydrateRoot } from "react-dom/client"
import { HydratedRouter } from "react-router/dom"
import { fallbackUiLanguage, isUiLanguage } from "../../../core/messages/languages.ts"
import { loadCatalogue } from "../../../core/messages/load.ts"

/**
 * Reports an error React recovered from (a hydration mismatch re-renders the page on the client) with what names it:
 * the error's cause and the component stack, which a production build's error message leaves out; then reports it as
 * React would without this handler.
 */
const reportRecoverableError = (error: unknown, info: ErrorInfo): void => {
  const cause = error instanceof Error && error.cause !== undefined ? `\ncause: ${String(error.cause)}` : ""
  console.error(`recoverable error: ${String(error)}${cause}\ncomponent stack:${info.componentStack ?? " (none)"}`)
  globalThis.reportError(error)
}

const rendered = document.documentElement.dataset["uiLanguage"] ?? ""
const language = isUiLanguage(rendered) ? rendered : fallbackUiLanguage

loadCatalogue(language).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      { onRecoverableError: reportRecoverableError }
    )
  })
)
