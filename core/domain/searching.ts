/**
 * Search events (spec §7 PUT /api/searching/put/ with event, token, type, itemId). The spec shows the fields only;
 * the names and the token are ours: following a search result is the event `resultClick` of an item of type
 * `product` (its variant id), and the token ties the events of one search together: the query as the shopper
 * meant it (trimmed, inner white space collapsed, lower case, at most 100 characters).
 *
 * @module
 */

/** The event sent when the shopper follows a search result (ours). */
export const searchResultClick = "resultClick"

/** The item type of a product result (ours). */
export const searchProductItem = "product"

/** The longest token, in characters (the search page reads at most 100 characters of the query). */
export const searchTokenMaxLength = 100

/** A search event as the searching call takes it (§7). */
export interface SearchEvent {
  readonly event: string
  readonly token: string
  readonly type: string
  readonly itemId: number
}

/** The token of a search (ours): the query trimmed, its white space runs made one space, lower case, cut at 100. */
export const searchToken = (query: string): string =>
  Array.from(query.trim().replace(/\s+/g, " ").toLowerCase()).slice(0, searchTokenMaxLength).join("")

/**
 * The event of following a product result of a search (§7): undefined when the query is blank (no search was made)
 * or the variant id is not a positive whole number (nothing to name).
 */
export const searchResultEvent = (query: string, variantId: number): SearchEvent | undefined => {
  const token = searchToken(query)
  if (token === "" || !Number.isSafeInteger(variantId) || variantId <= 0) return undefined
  return { event: searchResultClick, token, type: searchProductItem, itemId: variantId }
}

/** The fewest characters (after trimming) a search box's text needs before suggestions are asked for (ours). */
export const suggestionMinLength = 2

/** How long after the last keystroke suggestions are asked for, in milliseconds (ours). */
export const suggestionDelayMs = 250

/** Whether a search box's text is long enough to ask for suggestions: at least 2 characters after trimming. */
export const shouldSuggest = (text: string): boolean => Array.from(text.trim()).length >= suggestionMinLength

/** A key that moves through a suggestion list. */
export type SuggestionKey = "down" | "up"

/**
 * The suggestion a key makes active in a list of `count` (the combobox pattern): down from none is the first, up
 * from none the last, down past the last and up past the first wrap round. None in an empty list. (Home and End stay
 * with the text, as in an editable combobox.)
 */
export const nextActiveSuggestion = (active: number | undefined, count: number, key: SuggestionKey): number | undefined => {
  if (!Number.isSafeInteger(count) || count <= 0) return undefined
  const current = active !== undefined && Number.isSafeInteger(active) && active >= 0 && active < count ? active : undefined
  if (key === "down") return current === undefined || current === count - 1 ? 0 : current + 1
  return current === undefined || current === 0 ? count - 1 : current - 1
}
