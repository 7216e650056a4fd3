/**
 * The database layer of the reference backend: migrations, seed, transactions, LISTEN/NOTIFY and
 * durability on the embedded PGlite backend, and the same on PostgreSQL when DATABASE_URL is set.
 */
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Fiber, Layer, Redacted, Stream } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { contactTopicTree } from "../../core/domain/contact.ts"
import { allShops, shopById, type ShopId } from "../../core/domain/shop.ts"
import { formatZip, isValidZip } from "../../core/domain/zip.ts"
import * as Db from "../../demo/server/db/Database.ts"
import { PgliteClient } from "../../demo/server/db/PgliteClient.ts"
import { migrate, migrations, migrationsTable } from "../../demo/server/db/migrations/index.ts"
import { verifyPassword } from "../../demo/server/db/password.ts"
import { renderMediaSvg } from "../../demo/server/db/seed/images.ts"
import { demoAccounts, demoEmail, demoPassword, productsPerShop, seed, seedChecksum, seedIfEmpty } from "../../demo/server/db/seed/seed.ts"
import { serveUntilLost } from "../../demo/server/lifecycle.ts"
import { onTestDatabase } from "../support/testDatabases.ts"

const slow = 180_000

const publicTables = (sql: SqlClient.SqlClient) =>
  Effect.map(
    sql<{ readonly table_name: string }>`SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    (rows) => rows.map((row) => row.table_name)
  )

const requiredTables = [
  "shops", "categories", "products", "variants", "variant_params", "variant_images", "media", "prices", "stock",
  "marketplace_partners", "digital_content", "bundle_offers", "bonus_sets", "bonus_set_items", "pup_types", "branches",
  "delivery_methods", "delivery_payments", "billing_methods", "discount_codes", "banners", "banner_slides", "menu_items",
  "content_pages", "legal_texts", "customers", "customer_consents", "addresses", "sessions", "session_consents", "carts",
  "cart_items", "cart_item_bundles", "cart_discounts", "cart_deliveries", "idempotency_keys", "orders", "order_items",
  "wishlists", "wishlist_items", "legal_approvals", "tracking_events", "tracking_logs", "newsletter_subscriptions",
  "reviews", "search_events", "banner_events", "customer_api_keys", "customer_licenses", "captchas", "contact_messages"
]

/** Rough bounding boxes of the countries, for branch coordinates. */
const bounds: Record<string, readonly [latMin: number, latMax: number, lngMin: number, lngMax: number]> = {
  CZ: [48.5, 51.1, 12.0, 18.9],
  SK: [47.7, 49.7, 16.8, 22.6],
  HR: [42.3, 46.6, 13.4, 19.5],
  HU: [45.7, 48.6, 16.1, 22.9],
  PL: [49.0, 54.9, 14.1, 24.2],
  SI: [45.4, 46.9, 13.3, 16.7]
}

const expectedBillingCodes: Record<ShopId, ReadonlyArray<string>> = {
  CZ10MA: ["CZU", "CZN", "CZG", "CZ0"],
  SK10MA: ["SKU"],
  HR10MA: [],
  HU10MA: ["HUU"],
  PL10MA: ["PLU"],
  PL20MA: ["PLU"],
  SI10SI: ["SIU_c", "SIU_cw"]
}

describe("migrations", () => {
  it.live("apply on a fresh in-memory PGlite and are idempotent on re-run", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const applied = yield* migrate
      assert.deepStrictEqual(applied.map(([id]) => id), Object.keys(migrations).map((key) => Number(key.slice(0, 4))))
      const tables = yield* publicTables(sql)
      for (const table of [...requiredTables, migrationsTable]) assert.include(tables, table)

      const again = yield* migrate
      assert.deepStrictEqual(again, [])
      assert.deepStrictEqual(yield* publicTables(sql), tables)
      const recorded = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM ${sql(migrationsTable)}`
      assert.strictEqual(recorded[0]?.n, Object.keys(migrations).length)
    }).pipe(Effect.provide(Db.layerMemoryWith({ contents: "empty" }))), slow)
})

describe("seed", () => {
  it.live("is deterministic: two fresh databases get the same checksum, and a second run seeds nothing", () =>
    Effect.gen(function*() {
      // The first fresh database is the seeded template every test restores: the test run's global setup (or, when
      // this file runs alone, the layer) seeded it in a database of its own; this test seeds the second.
      const template = yield* seedChecksum.pipe(Effect.provide(Db.layerMemory))
      const fresh = yield* Effect.gen(function*() {
        const report = yield* seed
        const checksum = yield* seedChecksum
        const again = yield* seedIfEmpty
        return { report, checksum, again }
      }).pipe(Effect.provide(Db.layerMemoryWith({ contents: "migrated" })))
      assert.strictEqual(fresh.checksum, template)
      assert.isUndefined(fresh.again)
      console.info(`seed: ${Object.values(fresh.report.rows).reduce((a, b) => a + b, 0)} rows, build ${fresh.report.buildMs} ms, write ${fresh.report.writeMs} ms`)
    }), slow)
})

layer(Db.layerMemory, { timeout: slow })("the seeded data", (it) => {
  const perShop = <A extends Record<string, unknown>>(query: (sql: SqlClient.SqlClient) => Effect.Effect<ReadonlyArray<A>, unknown>) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* query(sql)
      return new Map(rows.map((row) => [row["shop_id"] as string, row]))
    })

  it.effect("has the seven shops of the shop table", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ readonly shop_id: string; readonly currency: string; readonly url_keys: Record<string, string> }>`SELECT shop_id, currency, url_keys FROM shops ORDER BY shop_id`
      assert.deepStrictEqual(rows.map((row) => row.shop_id), allShops.map((shop) => shop.shopId).sort())
      for (const row of rows) {
        const shop = shopById(row.shop_id as ShopId)
        assert.strictEqual(row.currency, shop.currency)
        assert.deepStrictEqual(row.url_keys, { ...shop.urlKeys })
      }
    }))

  it.effect("has categories with local url keys and at least 300 products with variants per shop", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const counts = yield* perShop((sql) =>
        sql<{ readonly shop_id: string; readonly products: number; readonly variants: number; readonly categories: number; readonly multi: number }>`
          SELECT s.shop_id,
            (SELECT count(*)::integer FROM products p WHERE p.shop_id = s.shop_id) AS products,
            (SELECT count(*)::integer FROM variants v WHERE v.shop_id = s.shop_id) AS variants,
            (SELECT count(*)::integer FROM categories c WHERE c.shop_id = s.shop_id) AS categories,
            (SELECT count(*)::integer FROM (SELECT product_id FROM variants v WHERE v.shop_id = s.shop_id GROUP BY product_id HAVING count(*) > 1) m) AS multi
          FROM shops s`)
      assert.strictEqual(counts.size, 7)
      for (const [shopId, row] of counts) {
        assert.isAtLeast(row.products, 300, shopId)
        assert.strictEqual(row.products, productsPerShop)
        assert.isAbove(row.variants, row.products, shopId)
        assert.isAbove(row.multi, 50, shopId)
        assert.isAtLeast(row.categories, 20, shopId)
      }
      const keys = yield* sql<{ readonly url_key: string }>`SELECT url_key FROM categories`
      for (const { url_key } of keys) assert.match(url_key, /^[a-z0-9]+(-[a-z0-9]+)*$/)
      const czech = yield* sql<{ readonly url_key: string }>`SELECT url_key FROM categories WHERE shop_id = 'CZ10MA'`
      assert.include(czech.map((row) => row.url_key), "mobilni-telefony")
      const polish = yield* sql<{ readonly url_key: string }>`SELECT url_key FROM categories WHERE shop_id = 'PL10MA'`
      assert.include(polish.map((row) => row.url_key), "pralki")
      const orphans = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM variants v
        LEFT JOIN prices p USING (variant_id) LEFT JOIN stock s USING (variant_id) LEFT JOIN media m ON m.media_id = v.media_id
        WHERE p.variant_id IS NULL OR s.variant_id IS NULL OR m.media_id IS NULL`
      assert.strictEqual(orphans[0]?.n, 0)
      const urls = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM variants WHERE variant_url !~ '^[a-z0-9]+(-[a-z0-9]+)*$'`
      assert.strictEqual(urls[0]?.n, 0)
    }))

  it.effect("prices each shop in its currency with realistic magnitudes", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const mismatched = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM prices p JOIN shops s USING (shop_id) WHERE p.currency <> s.currency`
      assert.strictEqual(mismatched[0]?.n, 0)
      const medians = yield* perShop((sql) =>
        sql<{ readonly shop_id: string; readonly median: string }>`SELECT shop_id, (percentile_cont(0.5) WITHIN GROUP (ORDER BY price))::numeric(12,2)::text AS median FROM prices GROUP BY shop_id`)
      const median = (shopId: ShopId) => Number(medians.get(shopId)?.median)
      // One median product costs a few hundred euros: ~25x that in CZK, ~400x in HUF, ~4.3x in PLN.
      for (const shopId of ["SK10MA", "HR10MA", "SI10SI"] as const) assert.isTrue(median(shopId) > 60 && median(shopId) < 800, shopId)
      assert.isTrue(median("CZ10MA") > 25 * 60 && median("CZ10MA") < 25 * 800)
      assert.isTrue(median("HU10MA") > 400 * 60 && median("HU10MA") < 400 * 800)
      assert.isTrue(median("PL10MA") > 4 * 60 && median("PL10MA") < 5 * 800)
      const ratio = median("HU10MA") / median("CZ10MA")
      assert.isTrue(ratio > 10 && ratio < 25, `HUF/CZK ${ratio}`)
      const fractions = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM prices WHERE currency IN ('CZK', 'HUF') AND price <> round(price)`
      assert.strictEqual(fractions[0]?.n, 0)
      const sale = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM prices WHERE original_price IS NOT NULL AND original_price <= price`
      assert.strictEqual(sale[0]?.n, 0)
    }))

  it.effect("has stock levels (some zero, some low), COLOR swatches and renderable images", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const stock = yield* perShop((sql) =>
        sql<{ readonly shop_id: string; readonly zero: number; readonly low: number; readonly swatches: number }>`
          SELECT v.shop_id,
            count(*) FILTER (WHERE s.in_stock = 0)::integer AS zero,
            count(*) FILTER (WHERE s.in_stock BETWEEN 1 AND 3)::integer AS low,
            count(DISTINCT vp.variant_id)::integer AS swatches
          FROM variants v JOIN stock s USING (variant_id)
          LEFT JOIN variant_params vp ON vp.variant_id = v.variant_id AND vp.key = 'COLOR' AND vp.css ~ '^#[0-9A-Fa-f]{6}$'
          GROUP BY v.shop_id`)
      for (const [shopId, row] of stock) {
        assert.isAbove(row.zero, 10, shopId)
        assert.isAbove(row.low, 10, shopId)
        assert.isAbove(row.swatches, 200, shopId)
      }
      const media = yield* sql<{ readonly media_id: string; readonly kind: string; readonly shape: string; readonly label: string; readonly color1: string; readonly color2: string; readonly width: number; readonly height: number }>`
        SELECT m.* FROM media m JOIN variants v ON v.media_id = m.media_id ORDER BY v.variant_id LIMIT 1`
      const svg = renderMediaSvg(media[0]!)
      assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      assert.notMatch(svg, /https?:\/\/(?!www\.w3\.org)/)
    }))

  it.effect("has marketplace partners, digital content and all four bundle types with prices", () =>
    Effect.gen(function*() {
      const rows = yield* perShop((sql) =>
        sql<{ readonly shop_id: string; readonly partners: number; readonly partner_products: number; readonly digital: number; readonly digital_products: number; readonly bundle_types: number; readonly unpriced: number }>`
          SELECT s.shop_id,
            (SELECT count(*)::integer FROM marketplace_partners m WHERE m.shop_id = s.shop_id) AS partners,
            (SELECT count(*)::integer FROM products p WHERE p.shop_id = s.shop_id AND p.marketplace_partner_id IS NOT NULL) AS partner_products,
            (SELECT count(*)::integer FROM digital_content d WHERE d.shop_id = s.shop_id) AS digital,
            (SELECT count(*)::integer FROM products p WHERE p.shop_id = s.shop_id AND p.material_type = 'digital-content') AS digital_products,
            (SELECT count(DISTINCT type)::integer FROM bundle_offers b WHERE b.shop_id = s.shop_id) AS bundle_types,
            (SELECT count(*)::integer FROM bundle_offers b WHERE b.shop_id = s.shop_id AND b.price <= 0) AS unpriced
          FROM shops s`)
      for (const [shopId, row] of rows) {
        assert.isAtLeast(row.partners, 4, shopId)
        assert.isAbove(row.partner_products, 10, shopId)
        assert.isAbove(row.digital, 10, shopId)
        assert.isAbove(row.digital_products, 10, shopId)
        assert.strictEqual(row.bundle_types, 4, shopId)
        assert.strictEqual(row.unpriced, 0, shopId)
      }
    }))

  it.effect("has branch networks inside each country, with post outlets in the shop's zip format", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const branches = yield* sql<{ readonly shop_id: string; readonly kind: string; readonly zip: string; readonly post_address: string | null; readonly lat: number; readonly lng: number; readonly cash_and_carry: boolean; readonly privileged: boolean; readonly pup_type_id: string }>`
        SELECT shop_id, kind, zip, post_address, lat, lng, cash_and_carry, privileged, pup_type_id FROM branches`
      for (const shop of allShops) {
        const own = branches.filter((branch) => branch.shop_id === shop.shopId)
        assert.isAbove(own.filter((branch) => branch.cash_and_carry).length, 3, shop.shopId)
        assert.isAbove(own.filter((branch) => branch.privileged).length, 3, shop.shopId)
        const posts = own.filter((branch) => branch.kind === "post")
        assert.isAbove(posts.length, 10, shop.shopId)
        const [latMin, latMax, lngMin, lngMax] = bounds[shop.country]!
        for (const branch of own) {
          assert.isTrue(branch.lat > latMin && branch.lat < latMax && branch.lng > lngMin && branch.lng < lngMax, `${shop.shopId} ${branch.lat},${branch.lng}`)
          assert.isTrue(isValidZip(branch.zip, shop), `${shop.shopId} zip ${branch.zip}`)
          assert.strictEqual(formatZip(branch.zip, shop), branch.zip)
        }
        for (const post of posts) {
          assert.isNotNull(post.post_address)
          assert.include(post.post_address ?? "", post.zip)
        }
      }
      const czechZip = branches.find((branch) => branch.shop_id === "CZ10MA")!.zip
      assert.match(czechZip, /^\d{3} \d{2}$/)
      const polishZip = branches.find((branch) => branch.shop_id === "PL10MA")!.zip
      assert.match(polishZip, /^\d{2}-\d{3}$/)
    }))

  it.effect("has every delivery type and the spec's billing methods in each shop", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const deliveries = yield* sql<{ readonly shop_id: string; readonly delivery_type: string; readonly price: string }>`SELECT shop_id, delivery_type, price FROM delivery_methods`
      const billing = yield* sql<{ readonly shop_id: string; readonly code: string; readonly parent_code: string | null; readonly lengthy: boolean }>`SELECT shop_id, code, parent_code, lengthy FROM billing_methods`
      for (const shop of allShops) {
        const types = new Set(deliveries.filter((row) => row.shop_id === shop.shopId).map((row) => row.delivery_type))
        assert.deepStrictEqual([...types].sort(), ["express", "post", "preferred_pup", "pup", "standard"])
        const own = billing.filter((row) => row.shop_id === shop.shopId)
        const codes = own.map((row) => row.code)
        for (const code of expectedBillingCodes[shop.shopId]) assert.include(codes, code, shop.shopId)
        assert.isTrue(codes.some((code) => code.endsWith("w")), `${shop.shopId} has a wallet payment`)
        assert.isTrue(own.some((row) => row.lengthy), `${shop.shopId} has a lengthy payment`)
      }
      assert.isTrue(billing.some((row) => row.shop_id === "CZ10MA" && row.parent_code === "CZG"), "CZ has child payments")
    }))

  it.effect("has discount codes of types G, D and A, banners with slides, menus, the contact tree and legal texts", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      for (const shop of allShops) {
        const types = yield* sql<{ readonly type: string }>`SELECT DISTINCT type FROM discount_codes WHERE shop_id = ${shop.shopId} ORDER BY type`
        assert.deepStrictEqual(types.map((row) => row.type), ["A", "D", "G"])
        const slides = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM banner_slides s JOIN banners b USING (banner_id) WHERE b.shop_id = ${shop.shopId} AND b.placement = 'home_slider'`
        assert.isAtLeast(slides[0]?.n ?? 0, 3)
        const menu = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM menu_items WHERE shop_id = ${shop.shopId} AND menu = 'main' AND sheet_html IS NOT NULL`
        assert.isAtLeast(menu[0]?.n ?? 0, 5)
        const contact = yield* sql<{ readonly body: string; readonly config: { readonly maxFileSize: number } }>`SELECT body, config FROM content_pages WHERE shop_id = ${shop.shopId} AND title = 'contact'`
        const tree = contactTopicTree(contact[0]?.body)
        assert.isAtLeast(tree.length, 3)
        const third = tree.flatMap((a) => a.children).flatMap((b) => b.children)
        assert.isAbove(third.length, 5)
        assert.isTrue([...tree, ...tree.flatMap((a) => a.children), ...third].some((node) => node.txt !== undefined))
        assert.isAbove(contact[0]?.config.maxFileSize ?? 0, 0)
        const legal = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM legal_texts WHERE shop_id = ${shop.shopId} AND active AND requires_approval`
        assert.strictEqual(legal[0]?.n, 1)
      }
    }))

  it.effect("has the demo accounts in every shop, with scrypt hashes of the demo password", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const customers = yield* sql<{ readonly customer_id: number; readonly shop_id: string; readonly email: string; readonly password_hash: string; readonly status: string; readonly vip_type: string | null; readonly loyalty_club: string | null; readonly waiting_for_confirmation: boolean; readonly adult_allowed: boolean; readonly uncleared: number; readonly addresses: number }>`
        SELECT c.*,
          (SELECT count(*)::integer FROM legal_texts l WHERE l.shop_id = c.shop_id AND l.active AND l.requires_approval
            AND NOT EXISTS (SELECT 1 FROM legal_approvals a WHERE a.customer_id = c.customer_id AND a.legal_id = l.legal_id)) AS uncleared,
          (SELECT count(*)::integer FROM addresses a WHERE a.customer_id = c.customer_id) AS addresses
        FROM customers c`
      assert.strictEqual(customers.length, allShops.length * demoAccounts.length)
      for (const shop of allShops) {
        for (const account of demoAccounts) {
          const row = customers.find((c) => c.shop_id === shop.shopId && c.email === demoEmail(account.key, shop.country))
          assert.isDefined(row, `${shop.shopId} ${account.key}`)
          assert.strictEqual(row!.status, account.status)
          assert.strictEqual(row!.vip_type, account.vipType)
          assert.strictEqual(row!.loyalty_club, account.loyaltyClub)
          assert.strictEqual(row!.waiting_for_confirmation, account.waitingForConfirmation)
          assert.strictEqual(row!.adult_allowed, account.adultAllowed)
          assert.strictEqual(row!.uncleared > 0, account.unclearedLegal, `${shop.shopId} ${account.key} legal`)
          assert.strictEqual(row!.addresses > 0, account.hasAddresses)
          assert.match(row!.password_hash, /^scrypt\$16384\$8\$1\$/)
        }
      }
      const silver = customers.find((c) => c.email === "silver@example.cz")!
      assert.isTrue(yield* verifyPassword(demoPassword, silver.password_hash))
      assert.isFalse(yield* verifyPassword("wrong", silver.password_hash))
      const wishlist = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM wishlist_items i JOIN wishlists w USING (wishlist_id)
        JOIN customers c USING (customer_id) WHERE c.email = 'gold@example.cz' AND w.is_main`
      assert.isAbove(wishlist[0]?.n ?? 0, 5)
    }))

  it.effect("moved the identity sequences past the seeded ids", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const inserted = yield* sql<{ readonly product_id: number }>`INSERT INTO products (shop_id, main_category_id, brand, title, description)
        SELECT 'CZ10MA', min(category_id), 'Test', 'Test', 'Test' FROM categories RETURNING product_id`
      const max = yield* sql<{ readonly n: number }>`SELECT max(product_id)::integer AS n FROM products`
      assert.strictEqual(inserted[0]?.product_id, max[0]?.n)
      const order = yield* sql<{ readonly n: bigint }>`SELECT nextval('order_number_seq') AS n`
      assert.isTrue(order[0]!.n > 100_000n)
    }))
})

/** The driver's two modes: PGlite in the test's thread, and in a worker thread of its own (`PGLITE_WORKER`). */
const modes = [{ mode: "in-process", worker: false }, { mode: "worker thread", worker: true }] as const

/** Each test of a shared database starts from an empty log: what another test wrote is not its own. */
const emptyLog = (sql: SqlClient.SqlClient) => sql`DELETE FROM tracking_logs`

// One database per mode for these tests (a worker and its PGlite cost about a second to start): each test works on
// rows of its own, or empties the table it counts first.
describe.each(modes)("PGlite client ($mode)", ({ worker }) => {
  layer(Db.layerMemoryWith({ contents: "migrated", worker }), { timeout: slow, excludeTestServices: true })((it) => {
    it.effect("rolls a failed transaction back and commits a successful one", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* emptyLog(sql)
        const count = Effect.map(sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM tracking_logs`, (rows) => rows[0]?.n)
        const failed = yield* sql.withTransaction(
          Effect.gen(function*() {
            yield* sql`INSERT INTO tracking_logs (message) VALUES ('rolled back')`
            assert.strictEqual(yield* count, 1)
            return yield* Effect.fail("boom" as const)
          })
        ).pipe(Effect.flip)
        assert.strictEqual(failed, "boom")
        assert.strictEqual(yield* count, 0)

        yield* sql.withTransaction(sql`INSERT INTO tracking_logs (message) VALUES ('committed')`)
        assert.strictEqual(yield* count, 1)

        // A nested transaction is a savepoint: its failure rolls back only its own work.
        yield* sql.withTransaction(
          Effect.gen(function*() {
            yield* sql`INSERT INTO tracking_logs (message) VALUES ('outer')`
            yield* sql.withTransaction(Effect.andThen(sql`INSERT INTO tracking_logs (message) VALUES ('inner')`, Effect.fail("inner"))).pipe(
              Effect.ignore
            )
          })
        )
        const messages = yield* sql<{ readonly message: string }>`SELECT message FROM tracking_logs ORDER BY log_id`
        assert.deepStrictEqual(messages.map((row) => row.message), ["committed", "outer"])

        // A statement error swallowed inside the transaction still aborts it: COMMIT fails.
        const aborted = yield* sql.withTransaction(
          Effect.gen(function*() {
            yield* sql`INSERT INTO tracking_logs (message) VALUES ('lost')`
            yield* sql`INSERT INTO shops (shop_id) VALUES (NULL)`.pipe(Effect.ignore)
          })
        ).pipe(Effect.flip)
        assert.strictEqual(aborted._tag, "SqlError")
        assert.strictEqual(yield* count, 2)
      }))

    it.effect("serializes concurrent transactions on the single connection", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`INSERT INTO idempotency_keys (scope, key, status_code) VALUES ('test', 'counter', 0)`
        yield* Effect.forEach(
          Array.from({ length: 20 }, (_, i) => i),
          () =>
            sql.withTransaction(
              Effect.gen(function*() {
                const [row] = yield* sql<{ readonly status_code: number }>`SELECT status_code FROM idempotency_keys WHERE scope = 'test' AND key = 'counter'`
                yield* Effect.yieldNow
                yield* sql`UPDATE idempotency_keys SET status_code = ${(row?.status_code ?? 0) + 1} WHERE scope = 'test' AND key = 'counter'`
              })
            ),
          { concurrency: "unbounded", discard: true }
        )
        const [row] = yield* sql<{ readonly status_code: number }>`SELECT status_code FROM idempotency_keys WHERE scope = 'test' AND key = 'counter'`
        assert.strictEqual(row?.status_code, 20)
      }))

    it.effect("decodes and binds values like @effect/sql-pg", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<Record<string, unknown>>`SELECT 1::int8 AS big, 2.50::numeric AS num, DATE '2025-01-02' AS day,
          TIMESTAMPTZ '2025-01-02T03:04:05Z' AS ts, '{"a":[1]}'::jsonb AS doc, ${3} AS int4, ${true} AS flag`
        assert.strictEqual(row?.["big"], 1n)
        assert.strictEqual(row?.["num"], "2.50")
        assert.strictEqual(row?.["day"], "2025-01-02")
        assert.deepStrictEqual(row?.["ts"], new Date("2025-01-02T03:04:05Z"))
        assert.deepStrictEqual(row?.["doc"], { a: [1] })
        assert.strictEqual(row?.["int4"], 3)
        assert.strictEqual(row?.["flag"], true)
        // Like a real server, a number parameter is an int4: comparing it with text is an error.
        const error = yield* sql`SELECT 1 FROM shops WHERE shop_id = ${5}`.pipe(Effect.flip)
        assert.strictEqual(error.reason._tag, "SqlSyntaxError")
        const unique = yield* sql`INSERT INTO captchas (captcha_id, answer, expires_at) VALUES ('A', 'x', now()), ('A', 'y', now())`.pipe(Effect.flip)
        assert.strictEqual(unique.reason._tag, "UniqueViolation")
      }))

    it.effect("a statement outside a transaction never lands inside another fiber's transaction", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* emptyLog(sql)
        const inTransaction = sql.withTransaction(
          Effect.gen(function*() {
            for (let i = 0; i < 5; i++) {
              yield* sql`INSERT INTO tracking_logs (message) VALUES ('inside')`
              yield* Effect.sleep("1 millis")
            }
            return yield* Effect.fail("rolled back" as const)
          })
        ).pipe(Effect.flip)
        const outside = Effect.forEach(
          Array.from({ length: 30 }, (_, i) => i),
          (i) => Effect.andThen(Effect.sleep(`${i % 7} millis`), sql`INSERT INTO tracking_logs (message) VALUES ('outside')`),
          { concurrency: "unbounded", discard: true }
        )
        yield* Effect.all([inTransaction, outside, inTransaction], { concurrency: "unbounded" })
        const counts = yield* sql<{ readonly message: string; readonly n: number }>`SELECT message, count(*)::integer AS n
          FROM tracking_logs GROUP BY message ORDER BY message`
        assert.deepStrictEqual(counts.map((row) => [row.message, row.n]), [["outside", 30]])
      }))

    // The subscription is scoped inside the test: a LISTEN must end before its database closes.
    it.effect("a NOTIFY reaches a LISTEN stream; a rolled-back one does not", () =>
      Effect.scoped(Effect.gen(function*() {
        const db = yield* Db.Database
        const sql = yield* SqlClient.SqlClient
        const stream = yield* db.subscribe(Db.cartChangedChannel)
        const received = yield* stream.pipe(Stream.take(3), Stream.runCollect, Effect.forkChild)
        yield* db.notify(Db.cartChangedChannel, JSON.stringify({ cartId: 1 }))
        yield* sql.withTransaction(Effect.andThen(db.notify(Db.cartChangedChannel, "rolled back"), Effect.fail("no"))).pipe(Effect.ignore)
        yield* sql.withTransaction(db.notify(Db.cartChangedChannel, "committed"))
        yield* db.notify(Db.cartChangedChannel, "last")
        const payloads = yield* Fiber.join(received).pipe(Effect.timeout("10 seconds"))
        assert.deepStrictEqual(payloads, [JSON.stringify({ cartId: 1 }), "committed", "last"])
        const invalid = yield* db.notify("Not a channel", "x").pipe(Effect.flip)
        assert.strictEqual(invalid._tag, "SqlError")
      })))

    // The driver writes a prepared statement's protocol messages and reads its answer itself (pgliteProtocol.ts), and
    // the worker answers the requests that reach it together in one message: every answer must still be its own.
    it.effect("statements run at once each get their own answer, parameters back byte for byte, and their notifications in order", () =>
      Effect.scoped(Effect.gen(function*() {
        const db = yield* Db.Database
        const sql = yield* SqlClient.SqlClient
        const texts = Array.from({ length: 40 }, (_, i) => i % 5 === 0 ? `${"Mobilní telefon ž€😀 \\ \"quoted\" ".repeat(300)}${i}` : `line ${i} ž€😀`)
        const stream = yield* db.subscribe(Db.cartChangedChannel)
        const received = yield* stream.pipe(Stream.take(texts.length), Stream.runCollect, Effect.forkChild)
        const answers = yield* Effect.forEach(
          texts,
          (text, i) => sql<{ readonly echo: string; readonly nothing: null; readonly i: number }>`SELECT ${text} AS echo, NULL AS nothing, ${i} AS i,
            pg_notify(${Db.cartChangedChannel}, ${`note ${i}`}) AS notified`,
          { concurrency: "unbounded" }
        )
        assert.deepStrictEqual(answers.map((rows) => rows.map((row) => [row.echo, row.nothing, row.i])), texts.map((text, i) => [[text, null, i]]))
        const payloads = yield* Fiber.join(received).pipe(Effect.timeout("10 seconds"))
        assert.deepStrictEqual(payloads, texts.map((_, i) => `note ${i}`))
        const values = yield* sql`SELECT ${"ž"} AS a, 2::int8 AS b`.values
        assert.deepStrictEqual(values, [["ž", 2n]])
        const unique = yield* sql`INSERT INTO captchas (captcha_id, answer, expires_at) VALUES ('B', 'x', now()), ('B', 'y', now())`.pipe(Effect.flip)
        assert.strictEqual(unique.reason._tag === "UniqueViolation" ? unique.reason.constraint : unique.reason._tag, "captchas_pkey")
      })))

    it.effect("bytea parameters (empty, one byte, every byte value, 64 KB; alone and as a bytea[]) come back exactly", () => byteaRoundTrips)

    it.effect("observeStatements sees every statement sent to the database, one round trip each", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const client = yield* PgliteClient
        const seen: Array<string> = []
        const stop = client.observeStatements((text) => seen.push(text.trim()))
        yield* sql`SELECT 1 AS one`
        yield* sql.withTransaction(sql`INSERT INTO tracking_logs (message) VALUES ('observed')`)
        stop()
        yield* sql`SELECT 2 AS two`
        assert.deepStrictEqual(seen.map((text) => text.split(" ")[0]!.toUpperCase()), ["SELECT", "BEGIN", "INSERT", "COMMIT"])
      }))
  })
})

describe.each(modes)("durability ($mode)", ({ worker }) => {
  it.live("data written to a data directory survives closing and reopening it", () =>
    Effect.gen(function*() {
      const dataDir = mkdtempSync(join(tmpdir(), "storefront-pglite-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dataDir, { recursive: true, force: true })))
      // In-process: created from the empty template's dump and migrated; in a worker: from the migrated one (the
      // migrations' path is the same there, the worker's writes and its close are what this proves).
      const create = Db.layerPglite({ dataDir, loadDataDir: yield* Db.memoryTemplate(worker ? "migrated" : "empty"), seed: false, worker })
      const reopen = Db.layerPglite({ dataDir, seed: false, worker })
      yield* Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`INSERT INTO tracking_logs (message) VALUES ('written before close')`
        yield* sql.withTransaction(sql`INSERT INTO tracking_logs (message) VALUES ('written in a transaction')`)
      }).pipe(Effect.provide(create))
      const messages = yield* Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const db = yield* Db.Database
        assert.strictEqual(db.location, dataDir)
        const applied = yield* migrate
        assert.deepStrictEqual(applied, [])
        return yield* sql<{ readonly message: string }>`SELECT message FROM tracking_logs ORDER BY log_id`
      }).pipe(Effect.provide(reopen))
      assert.deepStrictEqual(messages.map((row) => row.message), ["written before close", "written in a transaction"])
    }), slow)
})

describe("PGlite client in a worker thread", () => {
  it.live("a failure keeps its SQLSTATE and fields across the thread; the worker's death fails the statement in flight and every later one with a ConnectionError, and stops the server", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE pairs (id integer PRIMARY KEY, name text NOT NULL)`
      const unique = yield* sql`INSERT INTO pairs VALUES (1, 'a'), (1, 'b')`.pipe(Effect.flip)
      assert.strictEqual(unique.reason._tag, "UniqueViolation")
      assert.strictEqual((unique.reason as { readonly constraint?: string }).constraint, "pairs_pkey")
      assert.strictEqual((unique.reason.cause as { readonly code?: string }).code, "23505")
      const missing = yield* sql`INSERT INTO pairs (id) VALUES (2)`.pipe(Effect.flip)
      assert.strictEqual(missing.reason._tag, "ConstraintError")
      assert.strictEqual((missing.reason.cause as { readonly code?: string }).code, "23502")

      const client = yield* PgliteClient
      const thread = client.thread
      assert.isDefined(thread)
      assert.isUndefined(client.pglite)
      // what main.ts runs: the server stops with the loss instead of answering every request with an error
      const stopped: Array<string> = []
      const serving = yield* serveUntilLost(Layer.succeed(Db.Database, yield* Db.Database), (error) => stopped.push(error.reason._tag)).pipe(
        Effect.flip,
        Effect.forkChild
      )
      const running = yield* sql`SELECT pg_sleep(30)`.pipe(Effect.flip, Effect.forkChild)
      yield* Effect.sleep("200 millis")
      assert.isUndefined(serving.pollUnsafe())
      yield* Effect.promise(() => thread!.terminate())
      const inFlight = yield* Fiber.join(running).pipe(Effect.timeout("10 seconds"))
      assert.strictEqual(inFlight.reason._tag, "ConnectionError")
      assert.match(inFlight.reason.message, /worker thread exited/)
      const stop = yield* Fiber.join(serving).pipe(Effect.timeout("10 seconds"))
      assert.strictEqual(stop._tag, "SqlError")
      assert.strictEqual((stop as SqlError).reason._tag, "ConnectionError")
      assert.deepStrictEqual(stopped, ["ConnectionError"])
      const later = yield* sql`SELECT 1`.pipe(Effect.flip, Effect.timeout("10 seconds"))
      assert.strictEqual(later.reason._tag, "ConnectionError")
      const inTransaction = yield* sql.withTransaction(sql`SELECT 1`).pipe(Effect.flip, Effect.timeout("10 seconds"))
      assert.strictEqual(inTransaction._tag, "SqlError")
    }).pipe(Effect.provide(Db.layerMemoryWith({ contents: "empty", worker: true }))), slow)
})

const databaseUrl = process.env["DATABASE_URL"]

/** Byte strings a bytea parameter carries exactly: none, one byte, every byte value, 64 KB of every byte value. */
const byteStrings: ReadonlyArray<Uint8Array> = [
  new Uint8Array(0),
  Uint8Array.of(0),
  Uint8Array.from({ length: 256 }, (_, i) => i),
  Uint8Array.from({ length: 64 * 1024 }, (_, i) => (i * 7 + (i >> 8)) & 0xff)
]

/**
 * Each of {@link byteStrings} bound as a bytea (a Uint8Array parameter), alone and in a bytea[], comes back exactly and
 * is what the server read (its length and MD5), as the stored idempotent answers are bound (migration 24).
 */
const byteaRoundTrips = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex")
  const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex")
  for (const bytes of byteStrings) {
    const [row] = yield* sql<{ readonly echo: Uint8Array; readonly n: number; readonly digest: string }>`
      SELECT ${bytes}::bytea AS echo, length(${bytes}::bytea) AS n, md5(${bytes}::bytea) AS digest`
    assert.strictEqual(hex(row!.echo), hex(bytes))
    assert.deepStrictEqual([row!.n, row!.digest], [bytes.length, md5(bytes)])
  }
  const rows = yield* sql<{ readonly b: Uint8Array; readonly digest: string }>`
    SELECT b, md5(b) AS digest FROM unnest(${[...byteStrings]}::bytea[]) WITH ORDINALITY AS u(b, i) ORDER BY i`
  assert.deepStrictEqual(rows.map((row) => [hex(row.b), row.digest]), byteStrings.map((bytes) => [hex(bytes), md5(bytes)]))
})

describe.skipIf(databaseUrl === undefined || databaseUrl.trim() === "")("PostgreSQL backend (DATABASE_URL)", () => {
  it.live("applies the migrations, seeds an empty database and answers queries and notifications", () =>
    Effect.scoped(Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const db = yield* Db.Database
      assert.strictEqual(db.backend, "pg")
      assert.deepStrictEqual(yield* migrate, [])
      const counts = yield* sql<{ readonly shop_id: string; readonly n: number }>`SELECT shop_id, count(*)::integer AS n FROM products GROUP BY shop_id ORDER BY shop_id`
      assert.strictEqual(counts.length, 7)
      for (const row of counts) assert.isAtLeast(row.n, 300)
      const [variant] = yield* sql<{ readonly variant_url: string; readonly price: string; readonly big: bigint; readonly day: string }>`
        SELECT v.variant_url, p.price, 1::int8 AS big, DATE '2025-01-02' AS day FROM variants v JOIN prices p USING (variant_id) ORDER BY variant_id LIMIT 1`
      assert.match(variant!.variant_url, /-d\d+$/)
      assert.match(variant!.price, /^\d+\.\d{2}$/)
      assert.strictEqual(variant!.big, 1n)
      assert.strictEqual(variant!.day, "2025-01-02")

      const stream = yield* db.subscribe(Db.cartChangedChannel)
      const received = yield* stream.pipe(Stream.take(1), Stream.runCollect, Effect.forkChild)
      yield* sql.withTransaction(db.notify(Db.cartChangedChannel, "from pg"))
      assert.deepStrictEqual(yield* Fiber.join(received).pipe(Effect.timeout("10 seconds")), ["from pg"])

      // migration 20: a server with lz4 compresses an idempotency key's stored answer with it
      const [lz4] = yield* sql<{ readonly offered: boolean; readonly compression: string }>`
        SELECT 'lz4' = ANY (s.enumvals) AS offered, a.attcompression::text AS compression
        FROM pg_settings s, pg_attribute a
        WHERE s.name = 'default_toast_compression' AND a.attrelid = 'idempotency_keys'::regclass AND a.attname = 'response'`
      assert.strictEqual(lz4!.compression, lz4!.offered ? "l" : "")
      yield* byteaRoundTrips

      const failed = yield* sql.withTransaction(Effect.andThen(sql`INSERT INTO tracking_logs (message) VALUES ('pg rollback')`, Effect.fail("x"))).pipe(Effect.flip)
      assert.strictEqual(failed, "x")
      const [left] = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM tracking_logs WHERE message = 'pg rollback'`
      assert.strictEqual(left?.n, 0)
    })).pipe(Effect.provide(onTestDatabase(databaseUrl ?? "", (url) => Db.layerPg({ url: Redacted.make(url) })))), slow)
})
