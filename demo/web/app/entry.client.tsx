/** Hydrates the server-rendered storefront once the texts of the shopper's UI language have loaded (one chunk). */
import { startTransition, StrictMode } from "react"
import { hydrateRoot } from "react-dom/client"
import { HydratedRouter } from "react-router/dom"
import { fallbackUiLanguage, isUiLanguage } from "../../../core/messages/languages.ts"
import { loadCatalogue } from "../../../core/messages/load.ts"

const rendered = document.documentElement.dataset["uiLanguage"] ?? ""
const language = isUiLanguage(rendered) ? rendered : fallbackUiLanguage

loadCatalogue(language).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    )
  })
)
