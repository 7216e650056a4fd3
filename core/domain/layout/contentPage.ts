/**
 * A shop content page (spec §7 shopContent: `content.body` is HTML for every page but the contact page), such as the
 * legal pages the footer menu links: the page's own first `<h1>` becomes its heading.
 *
 * @module
 */

/** A content page split into its heading (plain text) and the rest of its body (HTML, still to be sanitized). */
export interface ContentPageParts {
  readonly heading: string
  readonly body: string
}

const firstH1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i
const tags = /<[^>]*>/g

/**
 * The heading of a content page: the text of the body's first `<h1>` (its tags removed, trimmed), which the body then
 * leaves out; without one, the entry's `title` (or nothing) and the body unchanged.
 */
export const contentPageParts = (body: string, title: string | undefined): ContentPageParts => {
  const h1 = firstH1.exec(body)
  return {
    heading: (h1?.[1] ?? title ?? "").replace(tags, "").trim(),
    body: h1 === null ? body : body.replace(h1[0], "")
  }
}
