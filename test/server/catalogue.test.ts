/**
 * Catalogue browsing on the reference server (issue 11, ours; docs/FEATURES.md "Catalogue
 * browsing"): categories, listings, search, suggestions and product pages, each within the
 * session's shop, against one in-process backend on a seeded in-memory database. The database is
 * the oracle: what a listing shows is compared with what the catalogue tables hold.
 */
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { AdultContentGroup } from "../../core/api/adultContent.ts"
import type { CategorySummary, Listing, ProductDetail, SearchResults, Suggestions } from "../../core/api/catalogue.ts"
import { CatalogueGroup } from "../../core/api/catalogue.ts"
import { adultContentHeader } from "../../core/api/headers.ts"
import { listingSorts, type ListingSort, maxPerPage } from "../../core/domain/listing.ts"
import type { ShopId } from "../../core/domain/shop.ts"
import { AdultContentHandlers } from "../../demo/server/handlers/adultContent.ts"
import { CatalogueHandlers } from "../../demo/server/handlers/catalogue.ts"
import { backendFor, testBaseUrl } from "../support/server.ts"
import { countRows, dbProbe } from "../support/sideApis.ts"

const probe = dbProbe()
const backend = backendFor([CatalogueGroup, AdultContentGroup], Layer.mergeAll(CatalogueHandlers, AdultContentHandlers), probe.layer)
beforeAll(async () => {
  await backend.handler(new Request(`${testBaseUrl}/api/catalogue/categories`))
}, 240_000)
afterAll(() => backend.dispose())

const eurShops: ReadonlyArray<ShopId> = ["SK10MA", "HR10MA", "SI10SI"]

/** Rows of a query on the backend's database. */
const rowsOf = <A extends object>(text: string, params: ReadonlyArray<unknown> = []) =>
  Effect.runPromise(Effect.flatMap(probe.sql, (sql) => Effect.orDie(sql.unsafe<A>(text, params))))

const get = (path: string, shop: ShopId = "CZ10MA", cookie?: string) =>
  backend.handler(new Request(`${testBaseUrl}${path}`, {
    headers: { "x-requested-with": "XMLHttpRequest", "x-shop-id": shop, ...(cookie === undefined ? {} : { cookie }) }
  }))

const json = async <A>(path: string, shop: ShopId = "CZ10MA"): Promise<A> => {
  const response = await get(path, shop)
  expect(response.status, `${path} in ${shop}`).toBe(200)
  return (await response.json()) as A
}

const categoriesOf = (shop: ShopId) => json<{ categories: ReadonlyArray<CategorySummary> }>("/api/catalogue/categories", shop).then((a) => a.categories)

const listingOf = (shop: ShopId, category: string, params: Record<string, string | ReadonlyArray<string>> = {}) => {
  const search = new URLSearchParams({ category })
  for (const [key, value] of Object.entries(params)) {
    for (const v of typeof value === "string" ? [value] : value) search.append(key, v)
  }
  return json<Listing>(`/api/catalogue/listing?${search}`, shop)
}

/** Every product of a listing, walking its pages at the most products per page. */
const allPages = async (shop: ShopId, category: string, params: Record<string, string | ReadonlyArray<string>> = {}) => {
  const first = await listingOf(shop, category, { ...params, perPage: String(maxPerPage) })
  const rest = await Promise.all(
    Array.from({ length: first.pageCount - 1 }, (_, i) => listingOf(shop, category, { ...params, perPage: String(maxPerPage), page: String(i + 2) }))
  )
  return { first, products: [first, ...rest].flatMap((page) => page.products) }
}

/** The JS twin of the database's catalogue_fold for the seed's letters (migration 12). */
const fold = (text: string) =>
  text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l").replace(/đ/g, "d")

const topCategory = async (shop: ShopId) => {
  const categories = await categoriesOf(shop)
  return categories.filter((c) => c.parentId === null).sort((a, b) => b.productCount - a.productCount)[0]!
}

describe("categories", () => {
  test.each(["CZ10MA", ...eurShops] as const)("%s: every category of the shop, by parent then position, counting its subtree's active products", async (shop) => {
    const categories = await categoriesOf(shop)
    const expected = await rowsOf<{ category_id: number; parent_id: number | null; url_key: string; count: number }>(`
      WITH RECURSIVE tree AS (
        SELECT category_id AS root, category_id FROM categories WHERE shop_id = $1
        UNION ALL SELECT t.root, c.category_id FROM tree t JOIN categories c ON c.parent_id = t.category_id
      )
      SELECT c.category_id, c.parent_id, c.url_key,
             (SELECT count(*)::int FROM tree t JOIN products p ON p.main_category_id = t.category_id AND p.active
              WHERE t.root = c.category_id) AS count
      FROM categories c WHERE c.shop_id = $1 ORDER BY c.parent_id NULLS FIRST, c.position, c.category_id`, [shop])
    expect(categories.map((c) => [c.categoryId, c.parentId, c.urlKey, c.productCount])).toEqual(
      expected.map((r) => [r.category_id, r.parent_id, r.url_key, r.count])
    )
    expect(categories.some((c) => c.parentId !== null && c.productCount > 0)).toBe(true)
  })
})

describe("a listing", () => {
  test("shows each active product of the category and its descendants once, as its default variant", async () => {
    const top = await topCategory("CZ10MA")
    const { first, products } = await allPages("CZ10MA", top.urlKey)
    const expected = await rowsOf<{ product_id: number; variant_id: number }>(`
      WITH RECURSIVE tree AS (
        SELECT category_id FROM categories WHERE category_id = $1
        UNION ALL SELECT c.category_id FROM tree t JOIN categories c ON c.parent_id = t.category_id
      )
      SELECT p.product_id,
             (SELECT v.variant_id FROM variants v WHERE v.product_id = p.product_id
              ORDER BY v.is_default DESC, v.position, v.variant_id LIMIT 1) AS variant_id
      FROM products p JOIN tree t ON t.category_id = p.main_category_id WHERE p.active`, [top.categoryId])
    expect(first.total).toBe(expected.length)
    expect(first.total).toBe(top.productCount)
    expect(first.category).toEqual(top)
    expect(first.breadcrumbs).toEqual([top])
    expect(first.children.map((c) => c.parentId)).toEqual(first.children.map(() => top.categoryId))
    expect(first.children.length).toBeGreaterThan(0)
    const listed = new Map(products.map((p) => [p.productId, p.variantId]))
    expect(listed.size).toBe(products.length)
    expect(listed).toEqual(new Map(expected.map((r) => [r.product_id, r.variant_id])))
    for (const product of products) {
      expect(product.url).toMatch(/^\/[^/]+\/[^/]+$/)
      expect(product.currency).toBe("CZK")
    }
  })

  test("a child category's breadcrumbs run from the top category to it", async () => {
    const categories = await categoriesOf("CZ10MA")
    const child = categories.find((c) => c.parentId !== null && c.productCount > 0)!
    const listing = await listingOf("CZ10MA", child.urlKey)
    expect(listing.breadcrumbs.map((c) => c.categoryId)).toEqual([child.parentId, child.categoryId])
    expect(listing.total).toBe(child.productCount)
  })

  test.each(listingSorts.map((s) => [s]))("sorted by %s: the pages partition the products, in the order the sort names", async (sort) => {
    const top = await topCategory("SK10MA")
    const { first, products } = await allPages("SK10MA", top.urlKey, { sort })
    expect(first.sort).toBe(sort)
    expect(products.length).toBe(first.total)
    expect(new Set(products.map((p) => p.productId)).size).toBe(first.total)
    const facts = new Map((await rowsOf<{ product_id: number; created_at: Date; units: number }>(`
      SELECT p.product_id, p.created_at, (SELECT coalesce(sum(oi.count), 0)::int FROM order_items oi WHERE oi.product_id = p.product_id) AS units
      FROM products p WHERE p.shop_id = 'SK10MA'`)).map((r) => [r.product_id, r]))
    const key: Record<ListingSort, (p: (typeof products)[number]) => ReadonlyArray<number | string>> = {
      popular: (p) => [-facts.get(p.productId)!.units, -facts.get(p.productId)!.created_at.getTime(), -p.productId],
      price_asc: (p) => [p.price, p.productId],
      price_desc: (p) => [-p.price, p.productId],
      title: (p) => [fold(p.title), p.title, p.productId],
      newest: (p) => [-facts.get(p.productId)!.created_at.getTime(), -p.productId]
    }
    const compare = (a: ReadonlyArray<number | string>, b: ReadonlyArray<number | string>): number => {
      for (let i = 0; i < a.length; i++) {
        if (a[i]! < b[i]!) return -1
        if (a[i]! > b[i]!) return 1
      }
      return 0
    }
    for (let i = 1; i < products.length; i++) {
      expect(compare(key[sort](products[i - 1]!), key[sort](products[i]!)), `${sort} at ${i}`).toBeLessThan(0)
    }
  })

  test("a page past the last is empty but keeps the total and the price range", async () => {
    const top = await topCategory("CZ10MA")
    const first = await listingOf("CZ10MA", top.urlKey, { perPage: "10" })
    const past = await listingOf("CZ10MA", top.urlKey, { perPage: "10", page: String(first.pageCount + 1) })
    expect(past.products).toEqual([])
    expect(past.total).toBe(first.total)
    expect(past.pageCount).toBe(Math.ceil(first.total / 10))
    expect(past.priceRange).toEqual(first.priceRange)
    expect(first.products.length).toBe(10)
    expect(first.perPage).toBe(10)
  })

  test("price and stock filters keep exactly the products that pass them; the price range ignores the filters", async () => {
    const top = await topCategory("HR10MA")
    const { first: unfiltered, products: all } = await allPages("HR10MA", top.urlKey)
    const prices = all.map((p) => p.price).sort((a, b) => a - b)
    expect(unfiltered.priceRange).toEqual({ min: prices[0], max: prices.at(-1) })
    const low = prices[Math.floor(prices.length / 4)]!
    const high = prices[Math.floor((prices.length * 3) / 4)]!
    const { first, products } = await allPages("HR10MA", top.urlKey, { minPrice: String(low), maxPrice: String(high), inStock: "true" })
    const expected = all.filter((p) => p.price >= low && p.price <= high && p.inStock > 0)
    expect(expected.length).toBeGreaterThan(0)
    expect(first.total).toBe(expected.length)
    expect(new Set(products.map((p) => p.productId))).toEqual(new Set(expected.map((p) => p.productId)))
    expect(first.priceRange).toEqual(unfiltered.priceRange)
    const off = await listingOf("HR10MA", top.urlKey, { inStock: "false" })
    expect(off.total).toBe(unfiltered.total)
  })

  test("facets count the products each value would show; values of one key OR, keys AND", async () => {
    const categories = await categoriesOf("CZ10MA")
    const leaves = categories.filter((c) => c.parentId !== null)
    const withFacets = await Promise.all(leaves.map((c) => listingOf("CZ10MA", c.urlKey)))
    const listing = withFacets.find((l) => l.facets.length >= 2 && l.facets.every((f) => f.values.length >= 2))!
    expect(listing, "a category with two facets").toBeDefined()
    const [a, b] = listing.facets as [Listing["facets"][number], Listing["facets"][number]]
    for (const facet of listing.facets) {
      for (const value of facet.values) {
        const chosen = await listingOf("CZ10MA", listing.category.urlKey, { param: `${facet.key}:${value.value}` })
        expect(chosen.total, `${facet.key}:${value.value}`).toBe(value.count)
      }
    }
    const variantsWith = async (key: string, values: ReadonlyArray<string>) =>
      new Set((await rowsOf<{ product_id: number }>(`
        SELECT DISTINCT v.product_id FROM variants v JOIN variant_params vp ON vp.variant_id = v.variant_id
        WHERE vp.key = $1 AND vp.value = ANY($2::text[])`, [key, values])).map((r) => r.product_id))
    const everyProduct = (await allPages("CZ10MA", listing.category.urlKey)).products.map((p) => p.productId)
    const aValues = [a.values[0]!.value, a.values[1]!.value]
    const withA = await variantsWith(a.key, aValues)
    const withB = await variantsWith(b.key, [b.values[0]!.value])
    const either = await allPages("CZ10MA", listing.category.urlKey, { param: aValues.map((v) => `${a.key}:${v}`) })
    expect(new Set(either.products.map((p) => p.productId))).toEqual(new Set(everyProduct.filter((id) => withA.has(id))))
    const both = await allPages("CZ10MA", listing.category.urlKey, { param: [...aValues.map((v) => `${a.key}:${v}`), `${b.key}:${b.values[0]!.value}`] })
    expect(new Set(both.products.map((p) => p.productId))).toEqual(new Set(everyProduct.filter((id) => withA.has(id) && withB.has(id))))
    // With a filter on A, A's own values still count without it; B's values count within it.
    const filtered = await listingOf("CZ10MA", listing.category.urlKey, { param: `${a.key}:${aValues[0]}` })
    const facetA = filtered.facets.find((f) => f.key === a.key)!
    expect(facetA.values.map((v) => v.count)).toEqual(a.values.map((v) => v.count))
    for (const value of filtered.facets.find((f) => f.key === b.key)!.values) {
      const chosen = await listingOf("CZ10MA", listing.category.urlKey, { param: [`${a.key}:${aValues[0]}`, `${b.key}:${value.value}`] })
      expect(chosen.total).toBe(value.count)
    }
  })

  test("an unknown category, or another shop's, is a 404", async () => {
    expect((await get("/api/catalogue/listing?category=no-such-category")).status).toBe(404)
    const sk = await categoriesOf("SK10MA")
    const cz = new Set((await categoriesOf("CZ10MA")).map((c) => c.urlKey))
    const foreign = sk.find((c) => !cz.has(c.urlKey))!
    expect((await get(`/api/catalogue/listing?category=${foreign.urlKey}`, "SK10MA")).status).toBe(200)
    const response = await get(`/api/catalogue/listing?category=${foreign.urlKey}`, "CZ10MA")
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ _tag: "NotFound" })
  })
})

describe("shops are separate", () => {
  test("the three EUR shops never list, find or suggest another shop's products", async () => {
    for (const shop of eurShops) {
      const owned = new Set((await rowsOf<{ variant_id: number }>(`SELECT variant_id FROM variants WHERE shop_id = $1`, [shop])).map((r) => r.variant_id))
      const top = await topCategory(shop)
      const { products } = await allPages(shop, top.urlKey)
      const everything = await json<SearchResults>(`/api/catalogue/search?q=%20&perPage=${maxPerPage}`, shop)
      const brand = products[0]!.brand
      const byBrand = await json<SearchResults>(`/api/catalogue/search?q=${encodeURIComponent(brand)}&perPage=${maxPerPage}`, shop)
      const suggested = await json<Suggestions>(`/api/catalogue/suggest?q=${encodeURIComponent(brand)}`, shop)
      for (const product of [...products, ...everything.products, ...byBrand.products, ...suggested.products]) {
        expect(owned.has(product.variantId), `${product.variantId} listed in ${shop}`).toBe(true)
        expect(product.currency).toBe("EUR")
      }
      const active = await rowsOf<{ n: number }>(`SELECT count(*)::int AS n FROM products WHERE shop_id = $1 AND active`, [shop])
      expect(everything.total).toBe(active[0]!.n)
    }
  })

  test("a product page of one shop is a 404 in another", async () => {
    const [sk, si] = [eurShops[0]!, eurShops[2]!]
    const product = (await json<SearchResults>("/api/catalogue/search?q=%20&perPage=1", sk)).products[0]!
    const [, category, variant] = product.url.split("/")
    const path = `/api/catalogue/product?category=${category}&variant=${variant}`
    expect((await get(path, sk)).status).toBe(200)
    expect((await get(path, si)).status).toBe(404)
  })
})

describe("search and suggestions", () => {
  test("every word must occur in the title, brand or a parameter, ignoring case and accents", async () => {
    const rows = await rowsOf<{ title: string; brand: string }>(`
      SELECT p.title, p.brand FROM products p WHERE p.shop_id = 'CZ10MA' AND p.active AND p.title ~ '[áčďéěíňóřšťúůýž]' ORDER BY p.product_id LIMIT 1`)
    const accented = rows[0]!.title.split(" ").find((word) => /[áčďéěíňóřšťúůýž]/.test(word))!
    const typed = fold(accented).toUpperCase()
    const brand = rows[0]!.brand
    const results = await json<SearchResults>(`/api/catalogue/search?q=${encodeURIComponent(`${typed} ${brand.toLowerCase()}`)}&perPage=${maxPerPage}`)
    expect(results.query).toBe(`${typed} ${brand.toLowerCase()}`)
    const params = new Map<number, ReadonlyArray<string>>()
    for (const row of await rowsOf<{ product_id: number; value: string }>(`
      SELECT v.product_id, vp.value FROM variants v JOIN variant_params vp ON vp.variant_id = v.variant_id WHERE v.shop_id = 'CZ10MA'`)) {
      params.set(row.product_id, [...(params.get(row.product_id) ?? []), row.value])
    }
    const titles = new Map((await rowsOf<{ product_id: number; title: string; brand: string }>(`
      SELECT product_id, title, brand FROM products WHERE shop_id = 'CZ10MA'`)).map((r) => [r.product_id, r]))
    const matches = (productId: number, word: string) => {
      const row = titles.get(productId)!
      return [row.title, row.brand, ...(params.get(productId) ?? [])].some((text) => fold(text).includes(fold(word)))
    }
    const expected = [...titles.keys()].filter((id) => matches(id, typed) && matches(id, brand))
    expect(expected.length).toBeGreaterThan(0)
    expect(results.total).toBe(expected.length)
    expect(expected.length).toBeLessThanOrEqual(maxPerPage)
    expect(new Set(results.products.map((p) => p.productId))).toEqual(new Set(expected))
  })

  test("the database folds every title, brand, parameter value and category title as the test's fold does", async () => {
    const rows = await rowsOf<{ text: string; folded: string }>(`
      SELECT text, catalogue_fold(text) AS folded FROM (
        SELECT title AS text FROM products UNION SELECT brand FROM products UNION SELECT value FROM variant_params
        UNION SELECT title FROM categories UNION SELECT title FROM variants
      ) texts`)
    expect(rows.length).toBeGreaterThan(1000)
    expect(rows.filter((row) => row.folded !== fold(row.text))).toEqual([])
  })

  test("a search for nothing the shop has finds nothing, and '%' is taken literally", async () => {
    const none = await json<SearchResults>("/api/catalogue/search?q=zzqqxxnothing")
    expect(none).toMatchObject({ products: [], total: 0, page: 1, pageCount: 1, priceRange: { min: 0, max: 0 }, facets: [] })
    expect((await json<SearchResults>("/api/catalogue/search?q=%25")).total).toBe(0)
  })

  test("suggestions: at most 6 products and 4 categories, all matching the text", async () => {
    const categories = await categoriesOf("CZ10MA")
    const child = categories.find((c) => c.parentId !== null && c.productCount > 0)!
    const word = child.title.split(" ")[0]!
    const answer = await json<Suggestions>(`/api/catalogue/suggest?q=${encodeURIComponent(fold(word).toUpperCase())}`)
    expect(answer.categories.length).toBeGreaterThan(0)
    expect(answer.categories.length).toBeLessThanOrEqual(4)
    for (const category of answer.categories) expect(fold(category.title)).toContain(fold(word))
    const wide = await json<Suggestions>("/api/catalogue/suggest?q=a")
    expect(wide.products.length).toBe(6)
    expect(wide.categories.length).toBeLessThanOrEqual(4)
  })
})

describe("a product page", () => {
  test("answers the variant asked for with its siblings, one default, its images, services and path", async () => {
    const top = await topCategory("CZ10MA")
    const { products } = await allPages("CZ10MA", top.urlKey)
    const listed = products[0]!
    const multi = await rowsOf<{ variant_url: string; url_key: string; product_id: number; variant_id: number }>(`
      SELECT v.variant_url, c.url_key, p.product_id, v.variant_id FROM variants v JOIN products p ON p.product_id = v.product_id
      JOIN categories c ON c.category_id = p.main_category_id
      WHERE v.shop_id = 'CZ10MA' AND NOT v.is_default AND p.active ORDER BY v.variant_id LIMIT 1`)
    const other = multi[0]!
    const { product } = await json<{ product: ProductDetail }>(`/api/catalogue/product?category=${other.url_key}&variant=${other.variant_url}`)
    expect(product.variantId).toBe(other.variant_id)
    expect(product.productId).toBe(other.product_id)
    expect(product.url).toBe(`/${other.url_key}/${other.variant_url}`)
    expect(product.variants.length).toBeGreaterThan(1)
    expect(product.variants.filter((v) => v.isDefault).length).toBe(1)
    expect(product.variants.some((v) => v.variantId === product.variantId && !v.isDefault)).toBe(true)
    expect(product.breadcrumbs.at(-1)!.urlKey).toBe(other.url_key)
    expect(product.breadcrumbs[0]!.parentId).toBeNull()
    expect(product.images.length).toBeGreaterThan(0)
    const [, category, variant] = listed.url.split("/")
    const page = (await json<{ product: ProductDetail }>(`/api/catalogue/product?category=${category}&variant=${variant}`)).product
    expect(page.variants.find((v) => v.isDefault)!.variantId).toBe(listed.variantId)
    expect({ ...page, description: undefined }).toMatchObject({ ...listed, description: undefined })
    const bundles = await rowsOf<{ n: number }>(`SELECT count(*)::int AS n FROM bundle_offers WHERE product_id = $1`, [listed.productId])
    expect(page.bundles.length).toBe(bundles[0]!.n)
  })

  test("a wrong category, an unknown variant or a missing part is a 404 or a 400", async () => {
    const listed = (await json<SearchResults>("/api/catalogue/search?q=%20&perPage=1")).products[0]!
    const [, category, variant] = listed.url.split("/")
    const other = (await categoriesOf("CZ10MA")).find((c) => c.urlKey !== category)!
    expect((await get(`/api/catalogue/product?category=${other.urlKey}&variant=${variant}`)).status).toBe(404)
    expect((await get(`/api/catalogue/product?category=${category}&variant=no-such-variant`)).status).toBe(404)
    expect((await get(`/api/catalogue/product?category=${category}`)).status).toBe(400)
  })
})

describe("bad queries", () => {
  test.each([
    "listing?category=x&sort=cheapest",
    "listing?category=x&page=0",
    "listing?category=x&page=10001",
    "listing?category=x&perPage=61",
    "listing?category=x&perPage=abc",
    "listing?category=x&minPrice=-1",
    "listing?category=x&minPrice=10&maxPrice=5",
    "listing?category=x&inStock=yes",
    "listing?category=x&param=COLOR",
    "listing?category=x&param=:red",
    "listing?category=x&param=BAD%20KEY:red",
    "listing",
    "search?q=",
    `search?q=${"a".repeat(101)}`,
    "search?q=a&sort=popularity",
    "suggest",
    "product?variant=x"
  ])("%s answers 400 with problem details", async (path) => {
    const response = await get(`/api/catalogue/${path}`)
    expect(response.status).toBe(400)
    expect(response.headers.get("content-type")).toMatch(/json/)
  })
})

describe("read-only", () => {
  test("cookie-less reads store no session and set no cookie", async () => {
    const top = await topCategory("CZ10MA")
    const product = (await json<SearchResults>("/api/catalogue/search?q=%20&perPage=1")).products[0]!
    const [, category, variant] = product.url.split("/")
    const before = await Effect.runPromise(countRows(probe, "sessions"))
    const carts = await Effect.runPromise(countRows(probe, "carts"))
    for (const path of [
      "categories",
      `listing?category=${top.urlKey}`,
      "search?q=a",
      "suggest?q=a",
      `product?category=${category}&variant=${variant}`
    ]) {
      const response = await get(`/api/catalogue/${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get("set-cookie"), path).toBeNull()
    }
    expect(await Effect.runPromise(countRows(probe, "sessions"))).toBe(before)
    expect(await Effect.runPromise(countRows(probe, "carts"))).toBe(carts)
  })
})

describe("adult content (§4)", () => {
  test("a listing or page showing adult-only products carries the header until the shopper confirms; others never do", async () => {
    const categories = await categoriesOf("CZ10MA")
    const adult = await rowsOf<{ url_key: string }>(`SELECT url_key FROM categories WHERE shop_id = 'CZ10MA' AND adult ORDER BY category_id LIMIT 1`)
    const plain = categories.find((c) => c.parentId !== null && c.productCount > 0 && c.urlKey !== adult[0]!.url_key)!
    const adultListing = `/api/catalogue/listing?category=${adult[0]!.url_key}`
    const adultProduct = (await listingOf("CZ10MA", adult[0]!.url_key)).products[0]!
    expect(adultProduct.adultOnly).toBe(true)
    const [, category, variant] = adultProduct.url.split("/")
    const adultPage = `/api/catalogue/product?category=${category}&variant=${variant}`
    expect((await get(adultListing)).headers.get(adultContentHeader)).toBe("1")
    expect((await get(adultPage)).headers.get(adultContentHeader)).toBe("1")
    expect((await get(`/api/catalogue/listing?category=${plain.urlKey}`)).headers.get(adultContentHeader)).toBeNull()
    const session = await get("/api/session")
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0]!
    const { csrfToken } = (await session.json()) as { csrfToken: string }
    expect((await get(adultListing, "CZ10MA", cookie)).headers.get(adultContentHeader)).toBe("1")
    const confirmed = await backend.handler(new Request(`${testBaseUrl}/api/adult-content/?do=confirmAdultContent&confirm=1`, {
      headers: { cookie, "x-csrf-token": csrfToken, "x-requested-with": "XMLHttpRequest", "x-shop-id": "CZ10MA" }
    }))
    expect(confirmed.status).toBe(200)
    expect((await get(adultListing, "CZ10MA", cookie)).headers.get(adultContentHeader)).toBeNull()
    expect((await get(adultPage, "CZ10MA", cookie)).headers.get(adultContentHeader)).toBeNull()
  })
})
