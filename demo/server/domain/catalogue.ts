/**
 * Catalogue browsing over the catalogue tables (our addition where the spec is silent): categories
 * with product counts, a listing page and a search page in one statement each (the default variant
 * of every active product, the total by a window count), suggestions, and one product's page.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import {
  type CategorySummary,
  defaultPerPage,
  type ListingSort,
  type ProductDetail,
  type ProductParam,
  type ProductSummary
} from "../../../core/api/catalogue.ts"
import { mediaUrl } from "../db/seed/images.ts"

/** Filters and paging of a listing or search. */
export interface PageQuery {
  readonly sort?: ListingSort | undefined
  readonly page?: number | undefined
  readonly perPage?: number | undefined
  readonly minPrice?: number | undefined
  readonly maxPrice?: number | undefined
  readonly inStock?: "0" | "1" | undefined
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

interface PageRow extends SummaryRow {
  readonly total: number
  readonly min_price: number | null
  readonly max_price: number | null
}

const imageOf = (mediaId: string | null, width: number | null, height: number | null) =>
  mediaId === null ? null : { url: mediaUrl(mediaId), width: width ?? 400, height: height ?? 400 }

/** A summary row as the wire shape. */
export const summaryOf = (row: SummaryRow): ProductSummary => ({
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
  availabilityKey: row.availability_key ?? "unavailable",
  adultOnly: row.adult_only,
  marketplacePartner: row.partner
})

/** Every category of a shop with its active products (its own and its descendants'). */
export const categoriesOf = (shopId: string): Effect.Effect<ReadonlyArray<CategorySummary>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ category_id: number; parent_id: number | null; code: string; url_key: string; title: string; own: number }>`
      SELECT c.category_id, c.parent_id, c.code, c.url_key, c.title,
             (SELECT count(*)::int FROM products p WHERE p.main_category_id = c.category_id AND p.active) AS own
      FROM categories c WHERE c.shop_id = ${shopId}
      ORDER BY c.parent_id NULLS FIRST, c.position, c.category_id`
    const children = new Map<number | null, Array<number>>()
    for (const row of rows) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.category_id])
    const own = new Map(rows.map((row) => [row.category_id, row.own]))
    const countOf = (id: number): number => (own.get(id) ?? 0) + (children.get(id) ?? []).reduce((sum, child) => sum + countOf(child), 0)
    return rows.map((row) => ({
      categoryId: row.category_id,
      parentId: row.parent_id,
      code: row.code,
      urlKey: row.url_key,
      title: row.title,
      productCount: countOf(row.category_id)
    }))
  })

const pageOf = (query: PageQuery) => {
  const perPage = query.perPage ?? defaultPerPage
  const page = query.page ?? 1
  return { perPage, page, offset: (page - 1) * perPage, sort: query.sort ?? "popular" }
}

/**
 * One page of the default variants of the active products of a shop that `where` admits (a SQL
 * fragment over `p` products), sorted, filtered and counted in one statement.
 */
const productPage = (shopId: string, where: ReturnType<SqlClient.SqlClient["unsafe"]> | any, query: PageQuery) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const { perPage, page, offset, sort } = pageOf(query)
    const order = {
      popular: sql`popularity DESC, product_id DESC`,
      price_asc: sql`price ASC, product_id`,
      price_desc: sql`price DESC, product_id`,
      title: sql`title ASC, product_id`,
      newest: sql`created_at DESC, product_id DESC`
    }[sort]
    const rows = yield* sql<PageRow>`
      WITH base AS (
        SELECT DISTINCT ON (p.product_id)
               p.product_id, v.variant_id, v.title, p.brand, cat.url_key AS category_url_key, v.variant_url,
               v.media_id, m.width, m.height, pr.price::float8 AS price, pr.original_price::float8 AS original_price,
               pr.currency, pr.vat_rate::float8 AS vat_rate, st.in_stock, st.availability_key, p.adult_only,
               mp.title AS partner, p.created_at,
               (SELECT COALESCE(sum(oi.count), 0) FROM order_items oi WHERE oi.product_id = p.product_id) AS popularity
        FROM products p
        JOIN variants v ON v.product_id = p.product_id
        JOIN categories cat ON cat.category_id = p.main_category_id
        JOIN prices pr ON pr.variant_id = v.variant_id
        LEFT JOIN stock st ON st.variant_id = v.variant_id
        LEFT JOIN media m ON m.media_id = v.media_id
        LEFT JOIN marketplace_partners mp ON mp.partner_id = p.marketplace_partner_id
        WHERE p.shop_id = ${shopId} AND p.active AND ${where}
        ORDER BY p.product_id, v.is_default DESC, v.position, v.variant_id
      ),
      range AS (SELECT min(price) AS min_price, max(price) AS max_price FROM base),
      filtered AS (
        SELECT * FROM base
        WHERE (${query.minPrice ?? null}::float8 IS NULL OR price >= ${query.minPrice ?? null}::float8)
          AND (${query.maxPrice ?? null}::float8 IS NULL OR price <= ${query.maxPrice ?? null}::float8)
          AND (${query.inStock === "1"} = false OR COALESCE(in_stock, 0) > 0)
      )
      SELECT f.*, count(*) OVER ()::int AS total, r.min_price, r.max_price
      FROM filtered f CROSS JOIN range r
      ORDER BY ${order}
      LIMIT ${perPage} OFFSET ${offset}`
    const first = rows[0]
    const total = first?.total ?? 0
    const range = first === undefined
      ? (yield* sql<{ min_price: number | null; max_price: number | null }>`SELECT NULL::float8 AS min_price, NULL::float8 AS max_price`)[0]
      : first
    return {
      products: rows.map(summaryOf),
      total,
      page,
      perPage,
      pageCount: Math.max(1, Math.ceil(total / perPage)),
      sort,
      priceRange: { min: range?.min_price ?? 0, max: range?.max_price ?? 0 }
    }
  })

/** A category listing page; undefined when the shop has no such category. */
export const listing = (shopId: string, categoryUrlKey: string, query: PageQuery) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const categories = yield* categoriesOf(shopId)
    const category = categories.find((c) => c.urlKey === categoryUrlKey)
    if (category === undefined) return undefined
    const descendants = new Set<number>([category.categoryId])
    for (let grew = true; grew;) {
      grew = false
      for (const c of categories) {
        if (c.parentId !== null && descendants.has(c.parentId) && !descendants.has(c.categoryId)) {
          descendants.add(c.categoryId)
          grew = true
        }
      }
    }
    const page = yield* productPage(shopId, sql.in("p.main_category_id", [...descendants]), query)
    const breadcrumbs: Array<CategorySummary> = []
    for (let at: CategorySummary | undefined = category; at !== undefined; at = categories.find((c) => c.categoryId === at!.parentId)) {
      breadcrumbs.unshift(at)
      if (at.parentId === null) break
    }
    return {
      category,
      breadcrumbs,
      children: categories.filter((c) => c.parentId === category.categoryId),
      ...page
    }
  })

/** The words of a search, lower-cased, at most 8. */
export const searchWords = (text: string): ReadonlyArray<string> =>
  text.toLowerCase().split(/\s+/).filter((word) => word.length > 0).slice(0, 8)

const matching = (sql: SqlClient.SqlClient, words: ReadonlyArray<string>) =>
  words.length === 0
    ? sql`true`
    : sql.and(words.map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      return sql`(lower(p.title) LIKE ${pattern} OR lower(p.brand) LIKE ${pattern} OR EXISTS (
        SELECT 1 FROM variants sv JOIN variant_params vp ON vp.variant_id = sv.variant_id
        WHERE sv.product_id = p.product_id AND lower(vp.value) LIKE ${pattern}))`
    }))

/** A search results page. */
export const search = (shopId: string, text: string, query: PageQuery) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const page = yield* productPage(shopId, matching(sql, searchWords(text)), query)
    return { query: text, ...page }
  })

/** Up to 6 products and 4 categories matching a search box's text. */
export const suggest = (shopId: string, text: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const words = searchWords(text)
    const page = yield* productPage(shopId, matching(sql, words), { perPage: 6 })
    const categories = (yield* categoriesOf(shopId))
      .filter((c) => words.every((word) => c.title.toLowerCase().includes(word)))
      .slice(0, 4)
    return { products: page.products, categories }
  })

interface DetailRow extends SummaryRow {
  readonly description: string
  readonly main_category_id: number
  readonly digital: boolean
}

/** One product's page by its URL parts; undefined when the shop has no such product there. */
export const productDetail = (shopId: string, categoryUrlKey: string, variantUrl: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<DetailRow>`
      SELECT p.product_id, v.variant_id, v.title, p.brand, cat.url_key AS category_url_key, v.variant_url,
             v.media_id, m.width, m.height, pr.price::float8 AS price, pr.original_price::float8 AS original_price,
             pr.currency, pr.vat_rate::float8 AS vat_rate, st.in_stock, st.availability_key, p.adult_only,
             mp.title AS partner, p.description, p.main_category_id, (p.material_type = 'digital-content') AS digital
      FROM variants v
      JOIN products p ON p.product_id = v.product_id
      JOIN categories cat ON cat.category_id = p.main_category_id
      JOIN prices pr ON pr.variant_id = v.variant_id
      LEFT JOIN stock st ON st.variant_id = v.variant_id
      LEFT JOIN media m ON m.media_id = v.media_id
      LEFT JOIN marketplace_partners mp ON mp.partner_id = p.marketplace_partner_id
      WHERE v.shop_id = ${shopId} AND v.variant_url = ${variantUrl} AND cat.url_key = ${categoryUrlKey} AND p.active`
    const row = rows[0]
    if (row === undefined) return undefined
    const siblings = yield* sql<SummaryRow & { is_default: boolean }>`
      SELECT p.product_id, v.variant_id, v.title, p.brand, cat.url_key AS category_url_key, v.variant_url, v.media_id,
             m.width, m.height, pr.price::float8 AS price, pr.original_price::float8 AS original_price, pr.currency,
             pr.vat_rate::float8 AS vat_rate, st.in_stock, st.availability_key, p.adult_only, NULL::text AS partner, v.is_default
      FROM variants v JOIN products p ON p.product_id = v.product_id
      JOIN categories cat ON cat.category_id = p.main_category_id
      JOIN prices pr ON pr.variant_id = v.variant_id
      LEFT JOIN stock st ON st.variant_id = v.variant_id
      LEFT JOIN media m ON m.media_id = v.media_id
      WHERE v.product_id = ${row.product_id} ORDER BY v.position, v.variant_id`
    const params = yield* sql<ProductParam & { variant_id: number }>`
      SELECT vp.variant_id, vp.key, vp.title, vp.value, vp.css, vp.measure FROM variant_params vp
      JOIN variants v ON v.variant_id = vp.variant_id WHERE v.product_id = ${row.product_id}
      ORDER BY vp.variant_id, vp.position`
    const images = yield* sql<{ media_id: string; width: number; height: number }>`
      SELECT vi.media_id, m.width, m.height FROM variant_images vi JOIN media m ON m.media_id = vi.media_id
      WHERE vi.variant_id = ${row.variant_id} ORDER BY vi.position`
    const bundles = yield* sql<{ bundle_id: number; type: ProductDetail["bundles"][number]["type"]; title: string; price: number }>`
      SELECT bundle_id, type, title, price::float8 AS price FROM bundle_offers WHERE product_id = ${row.product_id}
      ORDER BY position, bundle_id`
    const categories = yield* categoriesOf(shopId)
    const breadcrumbs: Array<CategorySummary> = []
    for (let at = categories.find((c) => c.categoryId === row.main_category_id); at !== undefined;
      at = at.parentId === null ? undefined : categories.find((c) => c.categoryId === at!.parentId)) breadcrumbs.unshift(at)
    const paramsOf = (variantId: number): ReadonlyArray<ProductParam> =>
      params.filter((p) => p.variant_id === variantId).map(({ key, title, value, css, measure }) => ({ key, title, value, css, measure }))
    const main = imageOf(row.media_id, row.width, row.height)
    const detail: ProductDetail = {
      ...summaryOf(row),
      description: row.description,
      images: images.length > 0 ? images.map((i) => ({ url: mediaUrl(i.media_id), width: i.width, height: i.height })) : main === null ? [] : [main],
      params: paramsOf(row.variant_id),
      variants: siblings.map((s) => ({
        variantId: s.variant_id,
        title: s.title,
        url: `/${s.category_url_key}/${s.variant_url}`,
        price: s.price,
        inStock: s.in_stock ?? 0,
        availabilityKey: s.availability_key ?? "unavailable",
        params: paramsOf(s.variant_id),
        image: imageOf(s.media_id, s.width, s.height),
        isDefault: s.is_default
      })),
      bundles: bundles.map((b) => ({ bundleId: b.bundle_id, type: b.type, title: b.title, price: b.price })),
      breadcrumbs,
      digitalContent: row.digital === true
    }
    return detail
  })
