/**
 * Catalogue browsing over the catalogue tables (ours, the spec is silent; docs/FEATURES.md
 * "Catalogue browsing"), always within one shop:
 *
 * - the shop's categories with their product counts (active products in the category and its
 *   descendants), in one statement;
 * - a page of products (a category's with its descendants', or a search's) in ONE statement: per
 *   active product its default variant (marked default, else the first by position, then id), the
 *   price range before the filters, the filters (price and stock of the listed variant; parameters
 *   matched by any variant of the product: values of one key OR, keys AND), the total by a count
 *   over the filtered set, and the page by its row numbers in the sort order;
 * - the parameter facets of the same products in one statement;
 * - search: every word (at most {@link maxSearchWords}) must occur in the product's title, brand or
 *   a parameter value of one of its variants, compared by `catalogue_fold` (case and the accents of
 *   the shops' languages ignored, migration 12);
 * - suggestions and one product's page.
 *
 * Sort orders: `popular` = units ordered over all orders, then newest, then product id (highest
 * first); `price_asc` / `price_desc` by the listed variant's price, then product id; `title` by the
 * folded title (byte order, the same on PGlite and PostgreSQL), then title, then product id;
 * `newest` by the product's creation time, then product id (highest first).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { Fragment } from "effect/sql/Statement"
import type {
  CategorySummary,
  ListingFilters,
  ParamFacet,
  ProductDetail,
  ProductParam,
  ProductSummary
} from "../../../core/api/catalogue.ts"
import { maxSuggestedCategories, maxSuggestedProducts } from "../../../core/api/catalogue.ts"
import { defaultListingSort, defaultPerPage, filtersByKey, type ListingSort, pageCountOf } from "../../../core/domain/listing.ts"
import { shopById, type ShopId } from "../../../core/domain/shop.ts"
import { cachedRead } from "../db/ReadCache.ts"
import { mediaUrl } from "../db/seed/images.ts"

/** The most words of a search text that count; further words are ignored. */
export const maxSearchWords = 8

/** A category of the shop with what the server needs besides its wire shape. */
export interface CategoryNode extends CategorySummary {
  /** Whether it is an adult category (`categories.adult`, §4). */
  readonly adult: boolean
  /** Whether its title contains every word of the text it was read for (always true without words). */
  readonly matches: boolean
}

interface SummaryRow {
  readonly variant_id: number
  readonly product_id: number
  readonly title: string
  readonly brand: string
  readonly category_url_key: string
  readonly variant_url: string
  readonly media_id: string | null
  readonly width: number | null
  readonly height: number | null
  readonly price: number
  readonly original_price: number | null
  readonly currency: string
  readonly vat_rate: number
  readonly in_stock: number | null
  readonly availability_key: string | null
  readonly adult_only: boolean
  readonly partner: string | null
}

/** A row of the page statement: the totals, and the product's columns (null on the row of an empty page). */
type PageRow = { readonly total: number; readonly min_price: number | null; readonly max_price: number | null } & (
  | SummaryRow
  | { readonly [K in keyof SummaryRow]: null }
)

const imageOf = (mediaId: string | null, width: number | null, height: number | null) =>
  mediaId === null || width === null || height === null ? null : { url: mediaUrl(mediaId), width, height }

const summaryOf = (row: SummaryRow): ProductSummary => ({
  variantId: row.variant_id,
  productId: row.product_id,
  title: row.title,
  brand: row.brand,
  url: `/${row.category_url_key}/${row.variant_url}`,
  image: imageOf(row.media_id, row.width, row.height),
  price: row.price,
  originalPrice: row.original_price,
  currency: row.currency,
  vatRate: row.vat_rate,
  inStock: row.in_stock ?? 0,
  availabilityKey: row.availability_key ?? "out_of_stock",
  adultOnly: row.adult_only,
  marketplacePartner: row.partner
})

/** The wire shape of a category (without the server's extra fields). */
export const categorySummaryOf = (node: CategorySummary): CategorySummary => ({
  categoryId: node.categoryId,
  parentId: node.parentId,
  code: node.code,
  urlKey: node.urlKey,
  title: node.title,
  productCount: node.productCount
})

/** The words of a search text: split at whitespace, at most {@link maxSearchWords}. */
export const searchWords = (text: string): ReadonlyArray<string> =>
  text.split(/\s+/).filter((word) => word.length > 0).slice(0, maxSearchWords)

/** A `LIKE` pattern finding `word` anywhere in a folded text (`%`, `_` and `\` in the word taken literally). */
const containsPattern = (sql: SqlClient.SqlClient, word: string) =>
  sql`'%' || catalogue_fold(${word.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`

/**
 * Every category of a shop, ordered by parent (top categories first), then position: with its
 * active products (its own and its descendants') and whether its title contains every word.
 */
export const categoryNodes = (
  shopId: ShopId,
  words: ReadonlyArray<string> = []
): Effect.Effect<ReadonlyArray<CategoryNode>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const matches = sql.and(words.map((word) => sql`catalogue_fold(c.title) LIKE ${containsPattern(sql, word)}`))
    const rows = yield* sql<{
      category_id: number
      parent_id: number | null
      code: string
      url_key: string
      title: string
      adult: boolean
      own: number
      matches: boolean
    }>`
      SELECT c.category_id, c.parent_id, c.code, c.url_key, c.title, c.adult, ${matches} AS matches,
             (SELECT count(*)::int FROM products p
              WHERE p.shop_id = c.shop_id AND p.main_category_id = c.category_id AND p.active) AS own
      FROM categories c WHERE c.shop_id = ${shopId}
      ORDER BY c.parent_id NULLS FIRST, c.position, c.category_id`
    const children = new Map<number, Array<number>>()
    for (const row of rows) {
      if (row.parent_id !== null) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.category_id])
    }
    const own = new Map(rows.map((row) => [row.category_id, row.own]))
    const counted = new Map<number, number>()
    const countOf = (id: number, seen: ReadonlySet<number>): number => {
      const known = counted.get(id)
      if (known !== undefined) return known
      const below = (children.get(id) ?? []).filter((child) => !seen.has(child))
      const count = (own.get(id) ?? 0) + below.reduce((sum, child) => sum + countOf(child, new Set([...seen, child])), 0)
      counted.set(id, count)
      return count
    }
    return rows.map((row) => ({
      categoryId: row.category_id,
      parentId: row.parent_id,
      code: row.code,
      urlKey: row.url_key,
      title: row.title,
      productCount: countOf(row.category_id, new Set([row.category_id])),
      adult: row.adult,
      matches: row.matches
    }))
  })

/** Every category of a shop (see {@link categoryNodes}) in its wire shape. */
const readCategories = (shopId: ShopId): Effect.Effect<ReadonlyArray<CategorySummary>, SqlError, SqlClient.SqlClient> =>
  Effect.map(categoryNodes(shopId), (nodes) => nodes.map(categorySummaryOf))

/** The ids of a category and all its descendants. */
export const subtreeIds = (nodes: ReadonlyArray<CategoryNode>, categoryId: number): ReadonlyArray<number> => {
  const ids = [categoryId]
  for (let at = 0; at < ids.length; at++) {
    for (const node of nodes) if (node.parentId === ids[at] && !ids.includes(node.categoryId)) ids.push(node.categoryId)
  }
  return ids
}

/** A category's path from its top category, ending with it. */
export const pathTo = (nodes: ReadonlyArray<CategoryNode>, categoryId: number): ReadonlyArray<CategoryNode> => {
  const path: Array<CategoryNode> = []
  for (let at = nodes.find((n) => n.categoryId === categoryId); at !== undefined && !path.includes(at);) {
    path.unshift(at)
    const parentId = at.parentId
    at = parentId === null ? undefined : nodes.find((n) => n.categoryId === parentId)
  }
  return path
}

/** The products a page is taken from: a fragment over `p` (products) admitting them. */
type ProductScope = Fragment

/** The products of the given categories. */
const inCategories = (sql: SqlClient.SqlClient, categoryIds: ReadonlyArray<number>): ProductScope =>
  sql.in("p.main_category_id", categoryIds)

/** The products matching every word in title, brand or a parameter value of a variant. */
const matchingWords = (sql: SqlClient.SqlClient, words: ReadonlyArray<string>): ProductScope =>
  sql.and(words.map((word) => {
    const pattern = containsPattern(sql, word)
    return sql`(catalogue_fold(p.title) LIKE ${pattern} OR catalogue_fold(p.brand) LIKE ${pattern} OR EXISTS (
      SELECT 1 FROM variants sv JOIN variant_params sp ON sp.variant_id = sv.variant_id
      WHERE sv.product_id = p.product_id AND catalogue_fold(sp.value) LIKE ${pattern}))`
  }))

/** The active products of a shop in scope, each as its default variant with price, stock, image and partner. */
const defaultVariants = (sql: SqlClient.SqlClient, shopId: ShopId, scope: ProductScope, popularity: boolean) =>
  sql`
    SELECT p.product_id, v.variant_id, v.title, p.brand, cat.url_key AS category_url_key, v.variant_url,
           v.media_id, m.width, m.height, pr.price::float8 AS price, pr.original_price::float8 AS original_price,
           pr.currency, pr.vat_rate::float8 AS vat_rate, st.in_stock, st.availability_key, p.adult_only,
           mp.title AS partner, p.created_at,
           ${popularity ? sql`(SELECT coalesce(sum(oi.count), 0) FROM order_items oi WHERE oi.product_id = p.product_id)` : sql`0`} AS units
    FROM products p
    CROSS JOIN LATERAL (
      SELECT dv.variant_id, dv.title, dv.variant_url, dv.media_id FROM variants dv
      WHERE dv.product_id = p.product_id
      ORDER BY dv.is_default DESC, dv.position, dv.variant_id
      LIMIT 1
    ) v
    JOIN categories cat ON cat.category_id = p.main_category_id
    JOIN prices pr ON pr.variant_id = v.variant_id
    LEFT JOIN stock st ON st.variant_id = v.variant_id
    LEFT JOIN media m ON m.media_id = v.media_id
    LEFT JOIN marketplace_partners mp ON mp.partner_id = p.marketplace_partner_id
    WHERE p.shop_id = ${shopId} AND p.active AND ${scope}`

/** A product (`base` row) has a variant with `key` set to one of `values`. */
const hasParam = (sql: SqlClient.SqlClient, key: string, values: ReadonlyArray<string>) =>
  sql`EXISTS (SELECT 1 FROM variants fv JOIN variant_params fp ON fp.variant_id = fv.variant_id
              WHERE fv.product_id = base.product_id AND fp.key = ${key} AND fp.value IN ${sql.in(values)})`

/** The price and stock filters over a `base` row. */
const priceAndStock = (sql: SqlClient.SqlClient, query: ListingFilters): ReadonlyArray<Fragment> => [
  ...(query.minPrice === undefined ? [] : [sql`base.price >= ${query.minPrice}`]),
  ...(query.maxPrice === undefined ? [] : [sql`base.price <= ${query.maxPrice}`]),
  ...(query.inStock === true ? [sql`coalesce(base.in_stock, 0) > 0`] : [])
]

const orderOf = (sql: SqlClient.SqlClient, sort: ListingSort): Fragment => {
  switch (sort) {
    case "popular":
      return sql`units DESC, created_at DESC, product_id DESC`
    case "price_asc":
      return sql`price ASC, product_id ASC`
    case "price_desc":
      return sql`price DESC, product_id ASC`
    case "title":
      return sql`catalogue_fold(title) COLLATE "C", title COLLATE "C", product_id ASC`
    case "newest":
      return sql`created_at DESC, product_id DESC`
  }
}

/** The sorting and paging a query asks for, with the defaults filled in. */
export const pagingOf = (query: ListingFilters) => {
  const perPage = query.perPage ?? defaultPerPage
  const page = query.page ?? 1
  return { perPage, page, offset: (page - 1) * perPage, sort: query.sort ?? defaultListingSort }
}

/** One page of products in scope, with the total and the price range: ONE statement. */
const productPage = (shopId: ShopId, scope: ProductScope, query: ListingFilters) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const { perPage, page, offset, sort } = pagingOf(query)
    const filters = sql.and([
      ...priceAndStock(sql, query),
      ...filtersByKey(query.param ?? []).map(({ key, values }) => hasParam(sql, key, values))
    ])
    const rows = yield* sql<PageRow>`
      WITH base AS (${defaultVariants(sql, shopId, scope, sort === "popular")}),
      filtered AS (
        SELECT base.*, row_number() OVER (ORDER BY ${orderOf(sql, sort)})::int AS list_position
        FROM base WHERE ${filters}
      )
      SELECT totals.total, totals.min_price, totals.max_price,
             f.product_id, f.variant_id, f.title, f.brand, f.category_url_key, f.variant_url, f.media_id, f.width,
             f.height, f.price, f.original_price, f.currency, f.vat_rate, f.in_stock, f.availability_key,
             f.adult_only, f.partner
      FROM (SELECT (SELECT count(*)::int FROM filtered) AS total,
                   (SELECT min(price) FROM base) AS min_price,
                   (SELECT max(price) FROM base) AS max_price) totals
      LEFT JOIN filtered f ON f.list_position > ${offset} AND f.list_position <= ${offset + perPage}
      ORDER BY f.list_position`
    const first = rows[0]
    const total = first?.total ?? 0
    const products = rows.flatMap((row) => (row.variant_id === null ? [] : [summaryOf(row as SummaryRow)]))
    return {
      products,
      total,
      page,
      perPage,
      pageCount: pageCountOf(total, perPage),
      sort,
      priceRange: { min: first?.min_price ?? 0, max: first?.max_price ?? 0 }
    }
  })

/**
 * The parameter facets of the products in scope, in one statement: every key with at least two
 * values among them (keys by their first position on a variant, then key), its values in the
 * shop's collation with numbers in numeric order, each counting the products that pass every
 * other filter and have a variant with the value.
 */
const facetsOf = (shopId: ShopId, scope: ProductScope, query: ListingFilters) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const keyed = filtersByKey(query.param ?? [])
    const passes = sql.and(priceAndStock(sql, query))
    const matched = keyed.length === 0
      ? sql`ARRAY[]::boolean[]`
      : sql`ARRAY[${sql.csv(keyed.map(({ key, values }) => hasParam(sql, key, values)))}]`
    const otherKeys = sql.and(keyed.map(({ key }, index) => sql`(pv.key = ${key} OR f.matched[${index + 1}])`))
    const rows = yield* sql<{ key: string; value: string; title: string; css: string | null; key_position: number; count: number }>`
      WITH base AS (${defaultVariants(sql, shopId, scope, false)}),
      flags AS (SELECT base.product_id, ${passes} AS passes, ${matched} AS matched FROM base),
      pv AS (
        SELECT v.product_id, vp.key, vp.value, min(vp.title) AS title, min(vp.css) AS css, min(vp.position) AS key_position
        FROM base JOIN variants v ON v.product_id = base.product_id JOIN variant_params vp ON vp.variant_id = v.variant_id
        GROUP BY v.product_id, vp.key, vp.value
      )
      SELECT pv.key, pv.value, min(pv.title) AS title, min(pv.css) AS css, min(pv.key_position)::int AS key_position,
             (count(*) FILTER (WHERE f.passes AND ${otherKeys}))::int AS count
      FROM pv JOIN flags f ON f.product_id = pv.product_id
      GROUP BY pv.key, pv.value`
    const collator = new Intl.Collator(shopById(shopId).locale, { numeric: true })
    const byKey = new Map<string, { title: string; position: number; values: Array<ParamFacet["values"][number]> }>()
    for (const row of rows) {
      const facet = byKey.get(row.key) ?? { title: row.title, position: row.key_position, values: [] }
      facet.position = Math.min(facet.position, row.key_position)
      facet.values.push({ value: row.value, css: row.css, count: row.count })
      byKey.set(row.key, facet)
    }
    return [...byKey]
      .filter(([, facet]) => facet.values.length >= 2)
      .sort(([a, x], [b, y]) => x.position - y.position || (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, facet]): ParamFacet => ({
        key,
        title: facet.title,
        values: facet.values.sort((a, b) => collator.compare(a.value, b.value) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      }))
  })

/**
 * A category listing page of a shop and whether it shows adult content (an adult category on its
 * path or an adult-only product on the page, §4); undefined when the shop has no category with that url key.
 */
const readListing = (shopId: ShopId, categoryUrlKey: string, query: ListingFilters) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const nodes = yield* categoryNodes(shopId)
    const category = nodes.find((node) => node.urlKey === categoryUrlKey)
    if (category === undefined) return undefined
    const scope = inCategories(sql, subtreeIds(nodes, category.categoryId))
    const page = yield* productPage(shopId, scope, query)
    const facets = yield* facetsOf(shopId, scope, query)
    const breadcrumbs = pathTo(nodes, category.categoryId)
    return {
      answer: {
        category: categorySummaryOf(category),
        breadcrumbs: breadcrumbs.map(categorySummaryOf),
        children: nodes.filter((node) => node.parentId === category.categoryId).map(categorySummaryOf),
        ...page,
        facets
      },
      showsAdultContent: breadcrumbs.some((node) => node.adult) || page.products.some((product) => product.adultOnly)
    }
  })

/** A search results page of a shop (a blank text matches every active product). */
const readSearch = (shopId: ShopId, text: string, query: ListingFilters) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const scope = matchingWords(sql, searchWords(text))
    const page = yield* productPage(shopId, scope, query)
    const facets = yield* facetsOf(shopId, scope, query)
    return {
      answer: { query: text, ...page, facets },
      showsAdultContent: page.products.some((product) => product.adultOnly)
    }
  })

/**
 * Suggestions for a search box: the most popular products matching the text (at most 6), and the
 * categories whose title contains every word (at most 4, the most products first, then in tree order).
 */
const readSuggest = (shopId: ShopId, text: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const words = searchWords(text)
    const page = yield* productPage(shopId, matchingWords(sql, words), { perPage: maxSuggestedProducts, sort: "popular" })
    const nodes = yield* categoryNodes(shopId, words)
    const categories = nodes
      .map((node, order) => ({ node, order }))
      .filter(({ node }) => node.matches)
      .sort((a, b) => b.node.productCount - a.node.productCount || a.order - b.order)
      .slice(0, maxSuggestedCategories)
      .map(({ node }) => categorySummaryOf(node))
    return {
      answer: { products: page.products, categories },
      showsAdultContent: page.products.some((product) => product.adultOnly)
    }
  })

interface DetailRow extends SummaryRow {
  readonly description: string
  readonly main_category_id: number
  readonly digital: boolean
}

interface VariantRow {
  readonly variant_id: number
  readonly title: string
  readonly variant_url: string
  readonly media_id: string | null
  readonly width: number | null
  readonly height: number | null
  readonly price: number
  readonly in_stock: number | null
  readonly availability_key: string | null
  readonly is_default: boolean
}

/**
 * One product's page by its link's parts (§2 `/{mainCategoryUrlKey}/{variantUrl}`); undefined
 * when the shop has no active product's variant at that url under that main category.
 */
const readProductDetail = (shopId: ShopId, categoryUrlKey: string, variantUrl: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<DetailRow>`
      SELECT p.product_id, v.variant_id, v.title, p.brand, cat.url_key AS category_url_key, v.variant_url,
             v.media_id, m.width, m.height, pr.price::float8 AS price, pr.original_price::float8 AS original_price,
             pr.currency, pr.vat_rate::float8 AS vat_rate, st.in_stock, st.availability_key, p.adult_only,
             mp.title AS partner, p.description, p.main_category_id, (p.material_type IS NOT DISTINCT FROM 'digital-content') AS digital
      FROM variants v
      JOIN products p ON p.product_id = v.product_id
      JOIN categories cat ON cat.category_id = p.main_category_id
      JOIN prices pr ON pr.variant_id = v.variant_id
      LEFT JOIN stock st ON st.variant_id = v.variant_id
      LEFT JOIN media m ON m.media_id = v.media_id
      LEFT JOIN marketplace_partners mp ON mp.partner_id = p.marketplace_partner_id
      WHERE v.shop_id = ${shopId} AND v.variant_url = ${variantUrl} AND cat.url_key = ${categoryUrlKey}
        AND p.shop_id = ${shopId} AND p.active`
    const row = rows[0]
    if (row === undefined) return undefined
    const variants = yield* sql<VariantRow>`
      SELECT v.variant_id, v.title, v.variant_url, v.media_id, m.width, m.height, pr.price::float8 AS price,
             st.in_stock, st.availability_key, v.is_default
      FROM variants v
      JOIN prices pr ON pr.variant_id = v.variant_id
      LEFT JOIN stock st ON st.variant_id = v.variant_id
      LEFT JOIN media m ON m.media_id = v.media_id
      WHERE v.product_id = ${row.product_id}
      ORDER BY v.position, v.variant_id`
    const params = yield* sql<ProductParam & { readonly variant_id: number }>`
      SELECT vp.variant_id, vp.key, vp.title, vp.value, vp.css, vp.measure
      FROM variant_params vp JOIN variants v ON v.variant_id = vp.variant_id
      WHERE v.product_id = ${row.product_id}
      ORDER BY vp.variant_id, vp.position, vp.key`
    const images = yield* sql<{ media_id: string; width: number; height: number }>`
      SELECT vi.media_id, m.width, m.height FROM variant_images vi JOIN media m ON m.media_id = vi.media_id
      WHERE vi.variant_id = ${row.variant_id} ORDER BY vi.position`
    const bundles = yield* sql<{ bundle_id: number; type: ProductDetail["bundles"][number]["type"]; title: string; price: number }>`
      SELECT bundle_id, type, title, price::float8 AS price FROM bundle_offers WHERE product_id = ${row.product_id}
      ORDER BY position, bundle_id`
    const nodes = yield* categoryNodes(shopId)
    const paramsOf = (variantId: number): ReadonlyArray<ProductParam> =>
      params.filter((p) => p.variant_id === variantId).map(({ key, title, value, css, measure }) => ({ key, title, value, css, measure }))
    const defaultId = (variants.find((variant) => variant.is_default) ?? variants[0])?.variant_id
    const main = imageOf(row.media_id, row.width, row.height)
    const detail: ProductDetail = {
      ...summaryOf(row),
      description: row.description,
      images: images.length > 0
        ? images.map((image) => ({ url: mediaUrl(image.media_id), width: image.width, height: image.height }))
        : main === null ? [] : [main],
      params: paramsOf(row.variant_id),
      variants: variants.map((variant) => ({
        variantId: variant.variant_id,
        title: variant.title,
        url: `/${row.category_url_key}/${variant.variant_url}`,
        price: variant.price,
        inStock: variant.in_stock ?? 0,
        availabilityKey: variant.availability_key ?? "out_of_stock",
        params: paramsOf(variant.variant_id),
        image: imageOf(variant.media_id, variant.width, variant.height),
        isDefault: variant.variant_id === defaultId
      })),
      bundles: bundles.map((b) => ({ bundleId: b.bundle_id, type: b.type, title: b.title, price: b.price })),
      breadcrumbs: pathTo(nodes, row.main_category_id).map(categorySummaryOf),
      digitalContent: row.digital
    }
    return { answer: detail, showsAdultContent: row.adult_only }
  })

// -----------------------------------------------------------------------------------------------
// cached reads
// -----------------------------------------------------------------------------------------------

/**
 * A catalogue read through the process's read cache under `key` (demo/server/db/ReadCache.ts): the
 * database drops it whenever the catalogue, stock or a price changes (migrations 11 and 13).
 */
const cachedCatalogue = <A>(key: string, read: Effect.Effect<A, SqlError, SqlClient.SqlClient>) =>
  cachedRead((cache) => cache.catalogue, key, read)

/** Every category of a shop as the storefront lists them, with active product counts (cached). */
export const categoriesOf = (shopId: ShopId): Effect.Effect<ReadonlyArray<CategorySummary>, SqlError, SqlClient.SqlClient> =>
  Effect.map(cachedCatalogue(`categories:${shopId}`, readCategories(shopId)), (found) => found ?? [])

/**
 * A category listing page of a shop and whether it shows adult content (cached per shop, category
 * and query); undefined when the shop has no category with that url key.
 */
export const listing = (shopId: ShopId, categoryUrlKey: string, query: ListingFilters) =>
  cachedCatalogue(`listing:${shopId}:${categoryUrlKey}:${JSON.stringify(query)}`, readListing(shopId, categoryUrlKey, query))

/** A search results page of a shop (a blank text matches every active product; cached per shop, text and query). */
export const search = (shopId: ShopId, text: string, query: ListingFilters) =>
  Effect.map(
    cachedCatalogue(`search:${shopId}:${JSON.stringify([text, query])}`, readSearch(shopId, text, query)),
    (found) => found!
  )

/** Suggestions for a search box: popular matching products and matching categories (cached per shop and text). */
export const suggest = (shopId: ShopId, text: string) =>
  Effect.map(cachedCatalogue(`suggest:${shopId}:${JSON.stringify(text)}`, readSuggest(shopId, text)), (found) => found!)

/** One product's page by its link's parts (cached); undefined when the shop has no such active product. */
export const productDetail = (shopId: ShopId, categoryUrlKey: string, variantUrl: string) =>
  cachedCatalogue(
    `product:${shopId}:${JSON.stringify([categoryUrlKey, variantUrl])}`,
    readProductDetail(shopId, categoryUrlKey, variantUrl)
  )
