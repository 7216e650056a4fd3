/**
 * The header's search box with suggestions (the combobox pattern): from 2 typed characters, 250 ms after the last
 * keystroke, the Catalogue service suggests products and categories; the arrow keys move through them,
 * Enter or a click follows one, Escape closes the list. Following a product records the search event of §7
 * (PUT /api/searching/put/) through the Searching service, as the search results page does.
 *
 * @module
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react"
import type { Suggestions } from "../../../core/api/catalogue.ts"
import { nextActiveSuggestion, shouldSuggest, suggestionDelayMs, type SuggestionKey } from "../../../core/domain/searching.ts"
import { useStorefront } from "../../storefront/StorefrontProvider.tsx"
import { useShopText } from "../../storefront/text.tsx"

/** One suggestion as the list shows it: a product (with the variant the search event names) or a category. */
interface Suggestion {
  readonly title: string
  readonly url: string
  readonly variantId?: number
}

const suggestionsOf = (answer: Suggestions): ReadonlyArray<Suggestion> => [
  ...answer.products.map(({ title, url, variantId }) => ({ title, url, variantId })),
  ...answer.categories.map(({ title, urlKey }) => ({ title, url: `/${urlKey}` }))
]

const keys: Readonly<Record<string, SuggestionKey>> = { ArrowDown: "down", ArrowUp: "up" }

/** Props of {@link SearchCombobox}. */
export interface SearchComboboxProps {
  /** The id of the input (for an outside label or a skip link). */
  readonly id?: string
  /** The name the input is submitted under. Default `q`. */
  readonly name?: string
  /** Opens a followed suggestion's url (the app's router). Default: a full page load. */
  readonly navigate?: (url: string) => void
  /** Extra classes of the wrapper. */
  readonly className?: string
}

/**
 * The search input with its suggestion list; put it in the app's search form (its submit searches the typed text).
 *
 * @example
 * ```tsx
 * <form action="/search" role="search"><SearchCombobox navigate={navigate} /><button>Search</button></form>
 * ```
 */
export function SearchCombobox({ id, name = "q", navigate = (url) => window.location.assign(url), className }: SearchComboboxProps) {
  const { t } = useShopText()
  const { runWith } = useStorefront()
  const ownId = useId()
  const inputId = id ?? `${ownId}-input`
  const listId = `${ownId}-list`
  const [text, setText] = useState("")
  const [suggestions, setSuggestions] = useState<ReadonlyArray<Suggestion>>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState<number | undefined>(undefined)
  const asked = useRef("")

  useEffect(() => {
    if (!shouldSuggest(text)) {
      setSuggestions([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      asked.current = text
      runWith((services) => services.Catalogue.use((catalogue) => catalogue.suggest(text.trim())), controller.signal)
        .then((answer) => {
          setSuggestions(suggestionsOf(answer))
          setActive(undefined)
          setOpen(true)
        })
        .catch(() => undefined)
    }, suggestionDelayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [text, runWith])

  const shown = open && suggestions.length > 0 && shouldSuggest(text)

  const follow = (suggestion: Suggestion) => {
    const variantId = suggestion.variantId
    if (variantId !== undefined) {
      void runWith((services) => services.Searching.use((searching) => searching.resultFollowed(asked.current, variantId))).catch(() => undefined)
    }
    setOpen(false)
    setText("")
    navigate(suggestion.url)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = keys[event.key]
    if (key !== undefined) {
      if (suggestions.length === 0) return
      event.preventDefault()
      setOpen(true)
      setActive((current) => nextActiveSuggestion(shown ? current : undefined, suggestions.length, key))
    } else if (event.key === "Escape" && shown) {
      event.preventDefault()
      setOpen(false)
      setActive(undefined)
    } else if (event.key === "Enter" && shown && active !== undefined) {
      const suggestion = suggestions[active]
      if (suggestion === undefined) return
      event.preventDefault()
      follow(suggestion)
    }
  }

  const optionId = (index: number) => `${ownId}-option-${index}`
  return (
    <div className={["sf-search-combobox", className ?? ""].join(" ").trim()}>
      <label htmlFor={inputId} className="visually-hidden">{t("sf_search")}</label>
      <input id={inputId} name={name} type="search" value={text} autoComplete="off" placeholder={t("sf_search_placeholder")}
        role="combobox" aria-autocomplete="list" aria-controls={listId} aria-expanded={shown}
        {...(shown && active !== undefined ? { "aria-activedescendant": optionId(active) } : {})}
        onChange={(event) => {
          setText(event.currentTarget.value)
          setActive(undefined)
          setOpen(true)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)} />
      <ul id={listId} className="suggestions" role="listbox" aria-label={t("sf_suggestions")} hidden={!shown}>
        {shown && suggestions.map((suggestion, index) => (
          <li key={`${suggestion.url}-${index}`} id={optionId(index)} role="option" aria-selected={index === active}
            className={index === active ? "active" : undefined}
            // Keeps the focus in the input (a blur would close the list before the click lands).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => follow(suggestion)}>
            {suggestion.title}
          </li>
        ))}
      </ul>
    </div>
  )
}
