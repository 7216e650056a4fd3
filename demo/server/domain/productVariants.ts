/**
 * Product variants as the product API and the recently-viewed API answer them (spec §7 "Product API":
 * find-variants-by-id, find-variants, recommended-products, similar-products; "Recently-viewed API";
 * §2 product links `/{mainCategoryUrlKey}/{variantUrl}`), read from the catalogue tables.
 *
 * The product APIs run without the session middleware. A call is for the shop it names in
 * `x-shop-id` (the derived client always sends it), else the shop of the session its cookie names,
 * else for no shop in particular ({@link callerShop}); in a shop, other shops' variants are left out
 * (ids are unique across shops, so a caller naming no shop still gets each variant's own shop's data),
 * and recommendations always stay within the variant's shop.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { sessionCookie, shopIdHeader } from "../../../core/api/headers.ts"
import type { ProductVariant } from "../../../core/api/productApi.ts"
import { isShopId, type ShopId } from "../../../core/domain/shop.ts"
import { mediaUrl } from "../db/seed/images.ts"

/**
 * The shop a product-API call is for: the known shop its `x-shop-id` header names, else the shop
 * of the live session its cookie names, else undefined (no shop filter).
 */
export const callerShop: Effect.Effect<ShopId | undefined, SqlError, SqlClient.SqlClient | HttpServerRequest.HttpServerRequest> =
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const named = request.headers[shopIdHeader]
    if (named !== undefined && isShopId(named)) return named
    const cookie = request.cookies[sessionCookie]
    if (cookie === undefined || cookie === "") return undefined
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ shop_id: string }>`SELECT shop_id FROM sessions WHERE session_id = ${cookie} AND expires_at > now()`
    const shopId = rows[0]?.shop_id
    return shopId !== undefined && isShopId(shopId) ? shopId : undefined
  })

/** A condition on a `v` (variants) row: in `shopId`, or true without a shop. */
const inShop = (sql: SqlClient.SqlClient, shopId: ShopId | undefined) => (shopId === undefined ? sql`true` : sql`v.shop_id = ${shopId}`)

/** How many products a list call answers when the query names no count or limit. */
export const defaultProductCount = 10

/** The most products one list call answers, whatever it asks for. */
export const maxProductCount = 50

/** The most ids one find call reads; further ids are ignored. */
export const maxFindIds = 100

/** A count asked for, clamped to 1..{@link maxProductCount}, {@link defaultProductCount} when absent. */
export const productCount = (asked: number | undefined): number =>
  Math.min(maxProductCount, Math.max(1, asked ?? defaultProductCount))

interface VariantRow {
  readonly variant_id: number
  readonly product_id: number
  readonly title: string
  readonly url_key: string
  readonly variant_url: string
  readonly price: string | null
  readonly original_price: string | null
  readonly currency: string | null
  readonly media_id: string | null
  readonly availability_key: string | null
  readonly in_stock: number | null
  readonly brand: string
  readonly description: string
  readonly category_title: string
  readonly category_id: number
}

interface ParamRow {
  readonly variant_id: number
  readonly key: string
  readonly value: string
}

/**
 * The built-in properties find-variants may ask for (besides the variant's parameters, by key,
 * case-insensitively: `COLOR`, `storage`...): brand, description, category, categoryId, productId,
 * originalPrice, inStock.
 */
export const builtInProperties = ["brand", "description", "category", "categoryId", "productId", "originalPrice", "inStock"] as const

/** A JSON scalar a property holds. */
type JsonScalar = string | number | boolean | null

const builtIn = (row: VariantRow, name: string): JsonScalar | undefined => {
  switch (name) {
    case "brand":
      return row.brand
    case "description":
      return row.description
    case "category":
      return row.category_title
    case "categoryId":
      return row.category_id
    case "productId":
      return row.product_id
    case "originalPrice":
      return row.original_price === null ? null : Number(row.original_price)
    case "inStock":
      return row.in_stock ?? 0
    default:
      return undefined
  }
}

const toVariant = (
  row: VariantRow,
  properties: ReadonlyArray<string> | undefined,
  params: ReadonlyArray<ParamRow>
): ProductVariant => {
  const variant: ProductVariant = {
    id: row.product_id,
    variantId: row.variant_id,
    title: row.title,
    mainCategoryUrlKey: row.url_key,
    variantUrl: row.variant_url,
    price: row.price === null ? 0 : Number(row.price),
    ...(row.currency === null ? {} : { currency: row.currency }),
    ...(row.media_id === null ? {} : { image: mediaUrl(row.media_id) }),
    ...(row.availability_key === null ? {} : { availability: row.availability_key })
  }
  if (properties === undefined) return variant
  const values: Record<string, JsonScalar> = {}
  for (const name of properties) {
    const known = builtIn(row, name)
    if (known !== undefined) {
      values[name] = known
      continue
    }
    const param = params.find((p) => p.variant_id === row.variant_id && p.key.toUpperCase() === name.toUpperCase())
    if (param !== undefined) values[name] = param.value
  }
  return { ...variant, properties: values }
}

/**
 * The variants with the given ids, in the order asked, each once; unknown ids, variants of
 * inactive products and, with `shopId`, other shops' variants are left out. With `properties`, each
 * variant carries the asked-for ones it has (see {@link builtInProperties}); unknown names are left out.
 */
export const variantsByIds = (
  ids: ReadonlyArray<number>,
  properties?: ReadonlyArray<string>,
  shopId?: ShopId
): Effect.Effect<ReadonlyArray<ProductVariant>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const unique = [...new Set(ids)].slice(0, maxFindIds)
    if (unique.length === 0) return []
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<VariantRow>`
      SELECT v.variant_id, v.product_id, v.title, c.url_key, v.variant_url, pr.price, pr.original_price, pr.currency,
             v.media_id, st.availability_key, st.in_stock, p.brand, p.description, c.title AS category_title,
             c.category_id
      FROM variants v
      JOIN products p ON p.product_id = v.product_id
      JOIN categories c ON c.category_id = p.main_category_id
      LEFT JOIN prices pr ON pr.variant_id = v.variant_id
      LEFT JOIN stock st ON st.variant_id = v.variant_id
      WHERE v.variant_id IN ${sql.in(unique)} AND p.active AND ${inShop(sql, shopId)}`
    const params = properties === undefined
      ? []
      : yield* sql<ParamRow>`SELECT variant_id, key, value FROM variant_params WHERE variant_id IN ${sql.in(unique)}`
    const byId = new Map(rows.map((row) => [row.variant_id, row]))
    return unique.flatMap((id) => {
      const row = byId.get(id)
      return row === undefined ? [] : [toVariant(row, properties, params)]
    })
  })

/**
 * Accessory categories per category code (ours): what goes with a product of the category. A
 * category without an entry takes the other categories under its parent.
 */
export const accessoryCategories: Readonly<Record<string, ReadonlyArray<string>>> = {
  smartphones: ["headphones", "smartwatches"],
  tablets: ["keyboards", "headphones"],
  smartwatches: ["smartphones", "headphones"],
  laptops: ["keyboards", "monitors", "antivirus", "office"],
  monitors: ["keyboards", "laptops"],
  keyboards: ["monitors"],
  televisions: ["headphones", "consoles"],
  headphones: ["smartphones", "tablets"],
  consoles: ["controllers", "games"],
  games: ["controllers", "consoles"],
  controllers: ["games"],
  antivirus: ["office"],
  office: ["antivirus"]
}

/**
 * Recommendations for a variant (§7 recommended-products): in-stock products of the same shop and
 * category (or, for `accessories`, of its accessory categories, see {@link accessoryCategories}),
 * other than the variant's own product, closest in price first (accessories: cheapest first); per
 * product its first in-stock variant. Empty for an unknown variant or, with `shopId`, another shop's.
 */
export const recommendedFor = (
  variantId: number,
  count: number,
  accessories: boolean,
  shopId?: ShopId
): Effect.Effect<ReadonlyArray<ProductVariant>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const base = yield* sql<{ product_id: number; shop_id: string; category_id: number; code: string; parent_id: number | null; price: string | null }>`
      SELECT p.product_id, p.shop_id, c.category_id, c.code, c.parent_id, pr.price
      FROM variants v JOIN products p ON p.product_id = v.product_id
      JOIN categories c ON c.category_id = p.main_category_id
      LEFT JOIN prices pr ON pr.variant_id = v.variant_id
      WHERE v.variant_id = ${variantId} AND ${inShop(sql, shopId)}`
    const origin = base[0]
    if (origin === undefined) return []
    let categoryIds: ReadonlyArray<number> = [origin.category_id]
    if (accessories) {
      const codes = accessoryCategories[origin.code]
      const rows = codes === undefined
        ? yield* sql<{ category_id: number }>`
            SELECT category_id FROM categories
            WHERE shop_id = ${origin.shop_id} AND parent_id IS NOT DISTINCT FROM ${origin.parent_id}
              AND category_id <> ${origin.category_id}`
        : yield* sql<{ category_id: number }>`
            SELECT category_id FROM categories WHERE shop_id = ${origin.shop_id} AND code IN ${sql.in(codes)}`
      categoryIds = rows.map((row) => row.category_id)
      if (categoryIds.length === 0) return []
    }
    const price = origin.price === null ? 0 : Number(origin.price)
    const picked = yield* sql<{ variant_id: number }>`
      SELECT variant_id FROM (
        SELECT DISTINCT ON (p.product_id) v.variant_id, pr.price
        FROM products p
        JOIN variants v ON v.product_id = p.product_id
        JOIN stock st ON st.variant_id = v.variant_id AND st.in_stock > 0
        JOIN prices pr ON pr.variant_id = v.variant_id
        WHERE p.shop_id = ${origin.shop_id} AND p.active AND p.product_id <> ${origin.product_id}
          AND p.main_category_id IN ${sql.in(categoryIds)}
        ORDER BY p.product_id, v.position, v.variant_id
      ) candidates
      ORDER BY ${accessories ? sql`price` : sql`abs(price - ${price})`}, variant_id
      LIMIT ${count}`
    return yield* variantsByIds(picked.map((row) => row.variant_id))
  })

/**
 * Products similar to a product (§7 similar-products): other active products of the same shop and
 * category, closest in price first, each as its default variant. Empty for an unknown product or,
 * with `shopId`, another shop's.
 */
export const similarTo = (
  productId: number,
  limit: number,
  shopId?: ShopId
): Effect.Effect<ReadonlyArray<ProductVariant>, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const picked = yield* sql<{ variant_id: number }>`
      WITH origin AS (
        SELECT p.product_id, p.shop_id, p.main_category_id, coalesce(pr.price, 0) AS price
        FROM products p
        LEFT JOIN variants dv ON dv.product_id = p.product_id AND dv.is_default
        LEFT JOIN prices pr ON pr.variant_id = dv.variant_id
        WHERE p.product_id = ${productId} AND ${shopId === undefined ? sql`true` : sql`p.shop_id = ${shopId}`}
        LIMIT 1
      )
      SELECT v.variant_id
      FROM origin
      JOIN products p ON p.shop_id = origin.shop_id AND p.main_category_id = origin.main_category_id
        AND p.product_id <> origin.product_id AND p.active
      JOIN variants v ON v.product_id = p.product_id AND v.is_default
      LEFT JOIN prices pr ON pr.variant_id = v.variant_id
      ORDER BY abs(coalesce(pr.price, 0) - origin.price), v.variant_id
      LIMIT ${limit}`
    return yield* variantsByIds(picked.map((row) => row.variant_id))
  })
