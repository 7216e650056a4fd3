/** Hydrates the server-rendered storefront once the texts of the shopper's UI language have loaded (one chunk). */
import { startTransition, StrictMode } from "react"
import { hydrateRoot } from "react-dom/client"
import { HydratedRouter } from "react-router/dom"
import { formatNumber } from "../../../core/domain/money.ts"
import { fallbackUiLanguage, isUiLanguage, uiLanguageLocales } from "../../../core/messages/languages.ts"
import { loadCatalogue } from "../../../core/messages/load.ts"

const rendered = document.documentElement.dataset["uiLanguage"] ?? ""
const language = isUiLanguage(rendered) ? rendered : fallbackUiLanguage

// A page's first Intl.NumberFormat sets up the engine's number formatting (about 100 ms of a 4x slowed main thread):
// done in a task of its own while the catalogue loads, it is not part of hydration's longest task. The formatter it
// makes is the one the page's texts format their numbers with (memoised by the core).
setTimeout(() => formatNumber(0, uiLanguageLocales[language]), 0)

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
