/**
 * The purchase of a placed cart as the confirmation shows it.
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { Cart, CartArticle } from "../../../../core/api/entities/cart.ts"
import { checkoutStepTable } from "../../../../core/domain/checkout.ts"
import { mediaUrl } from "../../db/seed/images.ts"
import { lastOrderSessionKey } from "./errors.ts"
import { round2 } from "./money.ts"
import { shopOf } from "../account/common.ts"
import { objectOf, productLink } from "./reading.ts"

/**
 * The order placed in a session (§3 `purchaseId`, `confirmationUrl`, `purchase {orderId, items}`): the order named by
 * `sessions.data.lastOrderId` ({@link lastOrderSessionKey}), else the order of the session's cart; `undefined` when
 * the session placed none. `orderId` is the order number; the confirmation url is the cart's confirmation step with
 * the order's confirmation token.
 */
export const loadPurchase = (
  sessionId: string,
  cartId: number
): Effect.Effect<Cart | undefined, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const orders = yield* sql<{
      readonly order_id: number
      readonly order_number: string
      readonly confirmation_token: string
      readonly shop_id: string
      readonly cart_id: number | null
      readonly consents: unknown
    }>`
      SELECT o.order_id, o.order_number, o.confirmation_token, o.shop_id, o.cart_id, o.consents FROM orders o
      WHERE o.order_id = (SELECT CASE WHEN s.data->>${lastOrderSessionKey} ~ '^[0-9]+$'
                                      THEN (s.data->>${lastOrderSessionKey})::int END
                          FROM sessions s WHERE s.session_id = ${sessionId})
         OR o.cart_id = ${cartId}
      ORDER BY o.created_at DESC, o.order_id DESC LIMIT 1`
    const order = orders[0]
    if (order === undefined) return undefined
    const items = yield* sql<{
      readonly order_item_id: number
      readonly article_type: "variant" | "bonus_set"
      readonly variant_id: number | null
      readonly bonus_set_id: number | null
      readonly count: number
      readonly marketplace_partner_id: number | null
      readonly title: string
      readonly unit_price: number
      readonly variant_url: string | null
      readonly category_url_key: string | null
      readonly media_id: string | null
      readonly width: number | null
      readonly height: number | null
    }>`
      SELECT oi.order_item_id, oi.article_type, oi.variant_id, oi.bonus_set_id, oi.count, oi.marketplace_partner_id,
             oi.title, oi.unit_price::float8 AS unit_price,
             v.variant_url, cat.url_key AS category_url_key, m.media_id, m.width, m.height
      FROM order_items oi
      LEFT JOIN variants v ON v.variant_id = oi.variant_id
      LEFT JOIN products p ON p.product_id = v.product_id
      LEFT JOIN categories cat ON cat.category_id = p.main_category_id
      LEFT JOIN media m ON m.media_id = v.media_id
      WHERE oi.order_id = ${order.order_id} ORDER BY oi.order_item_id`
    const shop = shopOf(order.shop_id)
    return {
      cartId: String(order.cart_id ?? cartId),
      purchaseId: order.order_id,
      confirmationUrl:
        `${shop.urlKeys.cart}${checkoutStepTable.confirmation.locationSuffix}?token=${encodeURIComponent(order.confirmation_token)}`,
      purchase: {
        orderId: order.order_number,
        consents: Object.fromEntries(Object.entries(objectOf(order.consents)).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean")),
        items: items.map((item): CartArticle => {
          const url = productLink(item.category_url_key, item.variant_url)
          return {
            articleId: item.order_item_id,
            count: item.count,
            ...(item.variant_id === null ? {} : { variantId: item.variant_id }),
            ...(item.bonus_set_id === null ? {} : { bonusSetId: item.bonus_set_id }),
            marketplacePartnerId: item.marketplace_partner_id === null ? null : String(item.marketplace_partner_id),
            title: item.title,
            ...(url === undefined ? {} : { url }),
            ...(item.media_id === null || item.width === null || item.height === null
              ? {}
              : { image: { url: mediaUrl(item.media_id), width: item.width, height: item.height } }),
            unitPrice: item.unit_price,
            linePrice: round2(item.unit_price * item.count),
            currency: shop.currency,
            type: item.article_type
          }
        })
      }
    }
  })
