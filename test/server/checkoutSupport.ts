/**
 * Test helpers of the checkout-area server tests (deliveries, cartStep, paymentProvider, confirmation, tagData,
 * crossSell): one in-process backend serving the account, cart, cart-api and checkout groups on a seeded in-memory
 * database, a probe of its `SqlClient`, clients whose idempotency keys the test controls, and the steps of a
 * purchase (log in, empty the customer's cart, add a variant, choose a pick-up point and a payment).
 */
import { Effect, Layer } from "effect"
import type { SqlClient } from "effect/sql"
import { AccountGroup } from "../../core/api/account.ts"
import { CartGroup } from "../../core/api/cart.ts"
import { CartApiGroup } from "../../core/api/cartApi.ts"
import { CartStepGroup } from "../../core/api/cartStep.ts"
import {
  bootstrapSession,
  CallPolicyClient,
  cookieJarLayer,
  IdempotencyKeys,
  makeShopClient,
  ShopCallState,
  type ShopClient,
  webHandlerHttpClient
} from "../../core/api/client.ts"
import { ConfirmationGroup } from "../../core/api/confirmation.ts"
import { CrossSellGroup } from "../../core/api/crossSell.ts"
import { DeliveriesGroup } from "../../core/api/deliveries.ts"
import { OrderTrackingGroup } from "../../core/api/orderTracking.ts"
import { PaymentProviderGroup } from "../../core/api/paymentProvider.ts"
import { TagDataGroup } from "../../core/api/tagData.ts"
import type { ShopId } from "../../core/domain/shop.ts"
import { AccountHandlers } from "../../demo/server/handlers/account.ts"
import { CartHandlers } from "../../demo/server/handlers/cart.ts"
import { CartApiHandlers } from "../../demo/server/handlers/cartApi.ts"
import { CartStepHandlers } from "../../demo/server/handlers/cartStep.ts"
import { ConfirmationHandlers } from "../../demo/server/handlers/confirmation.ts"
import { CrossSellHandlers } from "../../demo/server/handlers/crossSell.ts"
import { DeliveriesHandlers } from "../../demo/server/handlers/deliveries.ts"
import { OrderTrackingHandlers } from "../../demo/server/handlers/orderTracking.ts"
import { PaymentProviderHandlers } from "../../demo/server/handlers/paymentProvider.ts"
import { TagDataHandlers } from "../../demo/server/handlers/tagData.ts"
import { type Backend, backendFor, testBaseUrl } from "../support/server.ts"
import { groupsOf, logInAs, sqlProbe } from "./accountSupport.ts"

/** A backend serving the checkout area (and account, cart, cart-api to buy with), with its SQL probe. */
export const checkoutBackend = () => {
  const probe = sqlProbe()
  const backend = backendFor(
    groupsOf(
      AccountGroup,
      CartGroup,
      CartApiGroup,
      DeliveriesGroup,
      CartStepGroup,
      PaymentProviderGroup,
      ConfirmationGroup,
      OrderTrackingGroup,
      TagDataGroup,
      CrossSellGroup
    ),
    Layer.mergeAll(
      AccountHandlers,
      CartHandlers,
      CartApiHandlers,
      DeliveriesHandlers,
      CartStepHandlers,
      PaymentProviderHandlers,
      ConfirmationHandlers,
      OrderTrackingHandlers,
      TagDataHandlers,
      CrossSellHandlers
    ) as Layer.Layer<any, any, any>,
    probe.layer as Layer.Layer<any, any, any>
  )
  return { backend, sql: probe.use }
}

/** Runs SQL on a backend's database. */
export type SqlUse = <A, E>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>) => Effect.Effect<A, E>

/** The idempotency key the next call of a {@link keyedClientLayer} client sends; tests set it. */
export interface KeyControl {
  key: string
}

/**
 * A client layer like `clientLayerFor`, but whose idempotency keys come from `control.key`: a test repeats a call
 * with the same key (a retry) or changes it (a new call).
 */
export const keyedClientLayer = (backend: Backend, control: KeyControl, shopId: ShopId = "CZ10MA") =>
  CallPolicyClient.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        ShopCallState.layer({ shopId, csrfToken: undefined, cartId: undefined }),
        Layer.succeed(IdempotencyKeys, { next: Effect.sync(() => control.key) })
      )
    ),
    Layer.provideMerge(cookieJarLayer()),
    Layer.provide(webHandlerHttpClient(backend.handler))
  )

/** A variant of the shop's own stock (not marketplace, not digital, not adult) with its price and stock. */
export interface VariantPick {
  readonly variantId: number
  readonly productId: number
  readonly price: number
  readonly inStock: number
}

/** The cheapest own-stock variant with at least `minStock` pieces (and at most `maxPrice`), skipping `skip`. */
export const ownVariant = (sql: SqlUse, options: { readonly minStock: number; readonly minPrice?: number; readonly skip?: ReadonlyArray<number>; readonly shopId?: ShopId }) =>
  sql((client) =>
    Effect.map(
      client<{ variant_id: number; product_id: number; price: number; in_stock: number }>`
        SELECT v.variant_id, v.product_id, pr.price::float8 AS price, s.in_stock
        FROM variants v
        JOIN products p ON p.product_id = v.product_id
        JOIN prices pr ON pr.variant_id = v.variant_id
        JOIN stock s ON s.variant_id = v.variant_id
        WHERE v.shop_id = ${options.shopId ?? "CZ10MA"} AND p.marketplace_partner_id IS NULL AND p.material_type IS NULL
          AND NOT p.adult_only AND p.active AND s.in_stock >= ${options.minStock} AND pr.price >= ${options.minPrice ?? 0}
          AND NOT (v.variant_id = ANY(${[0, ...(options.skip ?? [])]}::integer[]))
        ORDER BY pr.price, v.variant_id LIMIT 1`,
      (rows) => {
        const row = rows[0]
        if (row === undefined) throw new Error("no variant fits")
        return { variantId: row.variant_id, productId: row.product_id, price: row.price, inStock: row.in_stock } satisfies VariantPick
      }
    ))

/** A marketplace variant with stock. */
export const marketplaceVariant = (sql: SqlUse) =>
  sql((client) =>
    Effect.map(
      client<{ variant_id: number; partner_id: number }>`
        SELECT v.variant_id, p.marketplace_partner_id AS partner_id
        FROM variants v JOIN products p ON p.product_id = v.product_id JOIN stock s ON s.variant_id = v.variant_id
        WHERE v.shop_id = 'CZ10MA' AND p.marketplace_partner_id IS NOT NULL AND s.in_stock >= 2 AND p.active
        ORDER BY v.variant_id LIMIT 1`,
      (rows) => ({ variantId: rows[0]!.variant_id, partnerId: rows[0]!.partner_id })
    ))

/** The stock of a variant now. */
export const stockOf = (sql: SqlUse, variantId: number) =>
  sql((client) => Effect.map(client<{ in_stock: number }>`SELECT in_stock FROM stock WHERE variant_id = ${variantId}`, (rows) => rows[0]!.in_stock))

/** How many orders a customer has. */
export const orderCountOf = (sql: SqlUse, customerId: number) =>
  sql((client) =>
    Effect.map(client<{ n: number }>`SELECT count(*)::integer AS n FROM orders WHERE customer_id = ${customerId}`, (rows) => rows[0]!.n))

/** Empties the session's cart (items, deliveries, payment, discounts, provider checks). */
export const emptyCart = (sql: SqlUse, cartId: number) =>
  sql((client) =>
    Effect.gen(function*() {
      yield* client`DELETE FROM cart_items WHERE cart_id = ${cartId}`
      yield* client`DELETE FROM cart_deliveries WHERE cart_id = ${cartId}`
      yield* client`DELETE FROM cart_discounts WHERE cart_id = ${cartId}`
      yield* client`DELETE FROM payment_provider_checks WHERE cart_id = ${cartId}`
      yield* client`UPDATE carts SET billing_method_code = NULL, billing_selection = NULL, delivery_strategy = NULL,
                    campaign_id = NULL WHERE cart_id = ${cartId}`
    }))

/** Logs in with a demo account and empties its cart; answers the session (customer id, cart id). */
export const loggedInWithEmptyCart = (client: ShopClient, sql: SqlUse, key: string) =>
  Effect.gen(function*() {
    const { session } = yield* logInAs(client, key)
    yield* emptyCart(sql, session.cartId)
    return { customerId: session.customerId!, cartId: session.cartId }
  })

/** A shop (cash-and-carry) branch of the shop, through branches-basic of the own delivery. */
export const shopBranch = (client: ShopClient) =>
  Effect.gen(function*() {
    const list = yield* client.deliveries.branchesBasic({ query: { deliveryId: "own", pupTypeId: "shop" } })
    return list.branches![0]!
  })

/** Chooses shop pick-up at the first shop branch for the own delivery. */
export const chooseShopPickup = (client: ShopClient) =>
  Effect.gen(function*() {
    const branch = yield* shopBranch(client)
    const answer = yield* client.deliveries.selectDeliveryMethod({
      payload: { deliveryId: "own", type: "pup", transportId: "shop-pickup-cz", branchId: branch.id }
    })
    return { branch, answer }
  })

/** A fresh client on the backend with a bootstrapped session. */
export const freshClient = Effect.gen(function*() {
  const client = yield* makeShopClient(testBaseUrl)
  yield* bootstrapSession(client)
  return client
})

/**
 * A whole purchase through the derived client: log in as `key` with an empty cart, add one piece of an own-stock
 * variant, shop pick-up, at-shop payment (CZU), next-step from shipping. Answers the confirmation step's answer and
 * what was bought.
 */
export const purchaseAs = (client: ShopClient, sql: SqlUse, key: string) =>
  Effect.gen(function*() {
    const { customerId } = yield* loggedInWithEmptyCart(client, sql, key)
    const variant = yield* ownVariant(sql, { minStock: 3 })
    yield* client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1 } })
    const { branch } = yield* chooseShopPickup(client)
    yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZU" } })
    const confirmed = yield* client.cartStep.nextStep({ payload: { step: 3 } })
    if (confirmed.step !== 4) throw new Error(`no order placed: ${JSON.stringify(confirmed.status)}`)
    yield* bootstrapSession(client)
    return {
      customerId,
      variant,
      branch,
      purchaseId: confirmed.cart!.purchaseId!,
      orderNumber: confirmed.cart!.purchase!.orderId,
      confirmationUrl: confirmed.cart!.confirmationUrl!,
      confirmed
    }
  })
