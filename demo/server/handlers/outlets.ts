/**
 * The outlets group (spec §3 "Post outlet", §5 the search starts at 2 characters, §7 POST
 * /api/post-outlet/find, §9 max 15 shown): a ranked prefix search over the session shop's post
 * outlets.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { maxVisibleOutlets } from "../../../core/domain/outlet.ts"

/**
 * A text folded for searching: without diacritics (ł and đ too) and in lower case, so `plzen`
 * finds `Plzeň` and `lodz` finds `Łódź`.
 */
export const foldForSearch = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .toLowerCase()

const accented = "áàäâãåąćčçďđéèëêěęíìïîĺľłńňñóòöôõőŕřśšşťţúùüûůűýÿźžż"

/** The SQL `translate` arguments folding the accented letters of the shops' languages (both cases) like {@link foldForSearch}. */
export const foldTranslation: { readonly from: string; readonly to: string } = (() => {
  const chars = Array.from(accented + accented.toUpperCase()).filter((c, i, all) => all.indexOf(c) === i)
  const pairs = chars.map((c) => [c, foldForSearch(c)] as const).filter(([, folded]) => folded.length === 1)
  return { from: pairs.map(([c]) => c).join(""), to: pairs.map(([, f]) => f).join("") }
})()

/** A query as a LIKE prefix: folded, trimmed, with `\`, `%` and `_` escaped. */
export const likePrefix = (query: string): string => foldForSearch(query.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)

/** The digits of a query that is a postal code being typed (`110`, `110 0`, `00-9`), else undefined. */
export const zipDigitsOf = (query: string): string | undefined => {
  const compact = query.trim().replace(/[\s-]/g, "")
  return /^\d+$/.test(compact) ? compact : undefined
}

/**
 * The handlers of the outlets group: `find` searches the active post outlets of the session's shop
 * and answers at most {@link maxVisibleOutlets} (15), best first: a postal code starting with the
 * typed digits, then a city starting with the query, then a name or address starting with it, then
 * a word of the name or address starting with it (diacritics and case ignored); ties by city, postal
 * code and address. `purchasePrice` and `timestamp` do not change the result (every post outlet
 * takes parcels of any value; the timestamp is the client's own ordering aid).
 */
export const OutletsHandlers = HttpApiBuilder.group(
  ShopApi,
  "outlets",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const { from, to } = foldTranslation
    return handlers.handle("find", ({ payload }) =>
      Effect.gen(function*() {
        const session = yield* Session
        const q = likePrefix(payload.find)
        const digits = zipDigitsOf(payload.find) ?? ""
        const rows = yield* Effect.orDie(sql<{ post_address: string; zip: string }>`
          SELECT post_address, zip FROM (
            SELECT post_address, zip, city, branch_id,
              CASE
                WHEN ${digits} <> '' AND regexp_replace(zip, '[^0-9]', '', 'g') LIKE ${digits} || '%' THEN 0
                WHEN lower(translate(city, ${from}, ${to})) LIKE ${q} || '%' THEN 1
                WHEN lower(translate(name, ${from}, ${to})) LIKE ${q} || '%'
                  OR lower(translate(post_address, ${from}, ${to})) LIKE ${q} || '%' THEN 2
                WHEN lower(translate(name, ${from}, ${to})) LIKE '% ' || ${q} || '%'
                  OR lower(translate(post_address, ${from}, ${to})) LIKE '% ' || ${q} || '%' THEN 3
              END AS rank
            FROM branches
            WHERE shop_id = ${session.shopId} AND kind = 'post' AND active AND post_address IS NOT NULL
          ) ranked
          WHERE rank IS NOT NULL
          ORDER BY rank, city, zip, post_address, branch_id
          LIMIT ${maxVisibleOutlets}`)
        return { outlets: rows.map((row) => ({ postAddress: row.post_address, zip: row.zip })) }
      }))
  })
)
