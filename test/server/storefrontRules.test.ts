/**
 * The storefront rules of issue 11, end to end on the whole reference backend in-process (every route of
 * demo/server/http/app.ts on a fresh seeded database), each case produced by the seed:
 *
 * - §4 adult content: an answer showing an adult-only product (the seed's wine and spirits, adult categories) carries
 *   the `adult-content` header until the shopper confirms; other answers never do;
 * - §5 "In CZ, CZ0 is removed when disabled": cash on delivery is disabled above its order limit, so CZ drops CZ0
 *   while SK shows SKD disabled;
 * - §4 'lengthy' payments: bank transfer is disabled when the shopper's last order changed state today (a seeded
 *   order is dated, one placed today is today's);
 * - §3 totals: the cart's total counts the delivery insurance, and the placed order's total is that total;
 * - order consents: texts and notes in the shop's language; the placed order records them.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpClient, HttpClientRequest, HttpRouter } from "effect/http"
import { bootstrapSession, makeShopClient, type ShopClient } from "../../core/api/client.ts"
import { adultContentHeader } from "../../core/api/headers.ts"
import { deliveryInsuranceFee } from "../../core/domain/cart.ts"
import type { ShopId } from "../../core/domain/shop.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { AppRoutes } from "../../demo/server/http/app.ts"
import { clientLayerFor, freshDatabase, testBaseUrl } from "../support/server.ts"
import { demoAccount, sqlProbe } from "./accountSupport.ts"

const probe = sqlProbe()
const web = HttpRouter.toWebHandler(
  Layer.mergeAll(AppRoutes, probe.layer).pipe(
    Layer.provide(freshDatabase()),
    Layer.provide(NodeHttpServer.layerHttpServices)
  ) as Layer.Layer<any, never, never>,
  { disableLogger: true }
)
const backend = { handler: (request: Request) => web.handler(request), dispose: () => web.dispose() }
beforeAll(async () => {
  await backend.handler(new Request(`${testBaseUrl}/api/session`))
}, 240_000)
afterAll(() => backend.dispose())

const sql = probe.use

/** An own-stock variant of a shop (adult-only or not) with 30 pieces in stock, the dearest under `maxPrice`. */
const variantWhere = (shopId: ShopId, adult: boolean, maxPrice = 1_000_000_000) =>
  sql((c) =>
    c<{ variant_id: number; price: number; category_id: number }>`
      SELECT v.variant_id, pr.price::float8 AS price, p.main_category_id AS category_id
      FROM variants v JOIN products p ON p.product_id = v.product_id JOIN prices pr ON pr.variant_id = v.variant_id
      JOIN stock s ON s.variant_id = v.variant_id
      WHERE v.shop_id = ${shopId} AND p.adult_only = ${adult} AND p.active AND p.marketplace_partner_id IS NULL
        AND p.material_type IS NULL AND s.in_stock >= 30 AND pr.price < ${maxPrice}
      ORDER BY pr.price DESC, v.variant_id LIMIT 1`).pipe(Effect.map((rows) => rows[0]!))

/** GET a path with the client's own cookie jar; answers the status and the adult-content header. */
const adultHeaderOf = (path: string) =>
  Effect.gen(function*() {
    const http = yield* HttpClient.HttpClient
    const response = yield* http.execute(HttpClientRequest.get(`${testBaseUrl}${path}`))
    return { status: response.status, header: response.headers[adultContentHeader] }
  })

const logIn = (client: ShopClient, key: string, shopId: ShopId = "CZ10MA") =>
  Effect.gen(function*() {
    yield* bootstrapSession(client)
    yield* client.account.login({ payload: { username: demoAccount(key, shopId), password: demoPassword } })
    return yield* bootstrapSession(client)
  })

const emptyCartOf = (cartId: number) =>
  sql((c) =>
    Effect.gen(function*() {
      yield* c`DELETE FROM cart_items WHERE cart_id = ${cartId}`
      yield* c`DELETE FROM cart_deliveries WHERE cart_id = ${cartId}`
      yield* c`UPDATE carts SET billing_method_code = NULL, billing_selection = NULL WHERE cart_id = ${cartId}`
    }))

describe("adult content (§4)", () => {
  it.effect("the seed has an adult category in every shop: the categories of its adult-only products", () =>
    Effect.gen(function*() {
      const rows = yield* sql((c) =>
        c<{ shop_id: string; adult: number; mismatched: number }>`
          SELECT c.shop_id, count(*) FILTER (WHERE c.adult)::int AS adult,
                 count(*) FILTER (WHERE c.adult <> EXISTS (SELECT 1 FROM products p WHERE p.main_category_id = c.category_id AND p.adult_only))::int AS mismatched
          FROM categories c GROUP BY c.shop_id ORDER BY c.shop_id`)
      assert.lengthOf(rows, 7)
      for (const row of rows) {
        assert.isAbove(row.adult, 0, `${row.shop_id} has an adult category`)
        assert.strictEqual(row.mismatched, 0, `${row.shop_id}: a category is adult exactly when its products are`)
      }
    }))

  it.effect("an answer with an adult-only product carries the header until the shopper confirms; others never do", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const adult = yield* variantWhere("CZ10MA", true)
      const plain = yield* variantWhere("CZ10MA", false)
      const adultPath = `/product-api/find-variants-by-id?ids=${plain.variant_id},${adult.variant_id}`
      assert.deepStrictEqual(yield* adultHeaderOf(adultPath), { status: 200, header: "1" })
      assert.deepStrictEqual(yield* adultHeaderOf(`/product-api/find-variants-by-id?ids=${plain.variant_id}`), { status: 200, header: undefined })
      assert.strictEqual((yield* adultHeaderOf(`/recently-viewed-api/find-products?ids=${adult.variant_id}`)).header, "1")
      yield* client.adultContent.confirm({ query: { do: "confirmAdultContent", confirm: "1" } })
      assert.deepStrictEqual(yield* adultHeaderOf(adultPath), { status: 200, header: undefined })
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a customer who allowed adult content (the 'adult' demo account) never gets the header; others do", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const adult = yield* variantWhere("CZ10MA", true)
      yield* logIn(client, "silver")
      assert.strictEqual((yield* adultHeaderOf(`/product-api/find-variants-by-id?ids=${adult.variant_id}`)).header, "1")
      const session = yield* bootstrapSession(client)
      yield* client.account.logout({ query: { csrf_token: session.csrfToken } })
      yield* logIn(client, "adult")
      assert.isUndefined((yield* adultHeaderOf(`/product-api/find-variants-by-id?ids=${adult.variant_id}`)).header)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("cash on delivery above its limit (§5: in CZ, CZ0 is removed when disabled)", () => {
  for (const [shopId, code, removed, limit] of [["CZ10MA", "CZ0", true, 50_000], ["SK10MA", "SKD", false, 2000]] as const) {
    it.effect(`${shopId}: ${code} is offered under the limit; above it ${removed ? "it is removed" : "it shows disabled"}`, () =>
      Effect.gen(function*() {
        const client = yield* makeShopClient(testBaseUrl)
        const session = yield* logIn(client, "gold", shopId)
        yield* emptyCartOf(session.cartId)
        const variant = yield* variantWhere(shopId, false, limit / 2)
        assert.isAbove(variant.price * 30, limit)
        yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 1 } })
        const under = yield* client.cartApi.loadCart()
        assert.isTrue((under.cart?.cartPrice ?? Infinity) <= limit, "one piece is under the limit")
        assert.strictEqual(under.billingMethods?.[code]?.disabled, false)
        yield* client.cart.changeAmount({ payload: { id: under.cart!.articles![0]!.cartItemId as number, amount: 30 } })
        const over = yield* client.cartApi.loadCart()
        assert.isAbove(over.cart?.cartPrice ?? 0, limit)
        if (removed) assert.notProperty(over.billingMethods ?? {}, code)
        else assert.strictEqual(over.billingMethods?.[code]?.disabled, true)
        const refused = yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: code } })
        assert.strictEqual(refused.status?.status, "error")
      }).pipe(Effect.provide(clientLayerFor(backend, shopId))))
  }
})

/** Gold's purchase in CZ10MA: shop pick-up, paid at the shop; answers the confirmation. */
const purchase = (client: ShopClient, cartId: number, insured: boolean) =>
  Effect.gen(function*() {
    yield* emptyCartOf(cartId)
    const variant = yield* variantWhere("CZ10MA", false)
    yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 1 } })
    const branches = yield* client.deliveries.branchesBasic({ query: { deliveryId: "own", pupTypeId: "shop" } })
    yield* client.deliveries.selectDeliveryMethod({
      payload: { deliveryId: "own", type: "pup", transportId: "shop-pickup-cz", branchId: branches.branches![0]!.id }
    })
    if (insured) yield* client.deliveries.selectDeliveryInsurance({ payload: { deliveryId: "own", selected: true } })
    yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZU" } })
    const shown = yield* client.cartApi.loadCart()
    const placed = yield* client.cartStep.nextStep({ payload: { step: 3 } })
    assert.strictEqual(placed.step, 4, JSON.stringify(placed.status))
    return { shown, placed }
  })

describe("'lengthy' payments (§4) and the totals (§3)", () => {
  it.effect("bank transfer is offered while the last order is dated; once an order changes state today it is disabled", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const session = yield* logIn(client, "gold")
      const seeded = yield* sql((c) =>
        c<{ day: string }>`SELECT to_char(max(state_changed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM orders
                           WHERE customer_id = ${session.customerId!}`)
      const before = yield* client.cartApi.loadCart()
      assert.strictEqual(before.billingMethods?.["CZB"]?.lengthy, true)
      assert.strictEqual(before.billingMethods?.["CZB"]?.orderStateDate, seeded[0]!.day, "the seeded order is dated")
      assert.notStrictEqual(seeded[0]!.day, new Date().toISOString().slice(0, 10))
      assert.strictEqual(before.billingMethods?.["CZB"]?.disabled, false)

      yield* purchase(client, session.cartId, false)
      const next = yield* bootstrapSession(client)
      const variant = yield* variantWhere("CZ10MA", false)
      yield* client.cart.addToCart({ payload: { variantId: variant.variant_id, amount: 1 } })
      const after = yield* client.cartApi.loadCart()
      assert.strictEqual(after.billingMethods?.["CZB"]?.orderStateDate, new Date().toISOString().slice(0, 10))
      assert.strictEqual(after.billingMethods?.["CZB"]?.disabled, true, "a lengthy payment is disabled on the order state date")
      assert.strictEqual(after.billingMethods?.["CZC"]?.disabled, false, "other payments stay")
      const refused = yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZB" } })
      assert.strictEqual(refused.status?.status, "error")
      yield* emptyCartOf(next.cartId)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("the cart's total counts the delivery insurance, and the placed order's total is that total", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const session = yield* logIn(client, "vip")
      const { shown, placed } = yield* purchase(client, session.cartId, true)
      const cart = shown.cart!
      const insurance = deliveryInsuranceFee(cart.cartPrice!)
      assert.isAbove(insurance, 0)
      assert.strictEqual(cart.total?.total, Math.round((cart.cartPrice! + insurance) * 100) / 100, "shop pick-up is free, paying at the shop too")
      const order = yield* sql((c) =>
        c<{ total: number; consents: unknown }>`SELECT total::float8 AS total, consents FROM orders WHERE order_id = ${placed.cart!.purchaseId!}`)
      assert.strictEqual(order[0]!.total, cart.total?.total)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("the order history (ours: GET /api/account/orders)", () => {
  it.effect("a placed order comes first with its lines (product links), deliveries, payment, state date and consents", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const session = yield* logIn(client, "loyalty")
      const before = yield* client.account.orderHistory({ query: {} })
      const { placed } = yield* purchase(client, session.cartId, false)
      const after = yield* client.account.orderHistory({ query: { limit: 1 } })
      assert.strictEqual(after.total, before.total + 1)
      const order = after.orders[0]!
      assert.strictEqual(order.orderId, placed.cart?.purchase?.orderId)
      assert.strictEqual(order.state, "new")
      assert.strictEqual(order.stateDate, new Date().toISOString().slice(0, 10))
      assert.strictEqual(order.billingMethod, "CZU")
      assert.match(order.items[0]?.url ?? "", /^\/[^/]+\/[^/]+$/)
      assert.strictEqual(order.deliveries[0]?.methodKind, "pup")
      assert.isString(order.deliveries[0]?.branchName)
      assert.deepStrictEqual(Object.keys(order.consents ?? {}).sort(), ["marketing_1p", "personal_data_3p"])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a guest gets 401 LoginRequired; a limit outside 1..50 is refused", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      assert.strictEqual((yield* Effect.flip(client.account.orderHistory({ query: {} })))._tag, "LoginRequired")
      const raw = yield* Effect.promise(() => backend.handler(new Request(`${testBaseUrl}/api/account/orders?limit=0`)))
      assert.strictEqual(raw.status, 400)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("order consents", () => {
  it.effect("texts and notes are the shop language's; the placed order records them as the delivery step showed them", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* logIn(client, "silver", "SK10MA")
      const consents = yield* client.cartApi.orderConsents()
      assert.deepStrictEqual(consents.consents?.map((c) => [c.code, c.text]), [
        ["marketing_1p", "Chcem dostávať novinky a ponuky e-mailom"],
        ["personal_data_3p", "Súhlasím s odovzdaním svojich údajov partnerom na ponuky na mieru"]
      ])
      const notes = yield* client.cartApi.orderConsentNotes()
      assert.match(notes.notes?.["marketing_1p"] ?? "", /^Súhlas môžete kedykoľvek odvolať/)
      yield* client.consents.submitConsents({ query: { given: ["personal_data_3p"], refused: ["marketing_1p"] } })
      const again = yield* client.cartApi.orderConsents()
      assert.deepStrictEqual(again.consents?.map((c) => [c.code, c.checked]), [["marketing_1p", false], ["personal_data_3p", true]])
    }).pipe(Effect.provide(clientLayerFor(backend, "SK10MA"))))
})
