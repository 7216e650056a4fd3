/**
 * Order placement: the order's problems, placing it in one transaction and next-step (§2, §4).
 *
 * @module
 */
import { randomInt } from "node:crypto"
import { Data, Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { FlashMessage } from "../../../../core/api/entities/flash.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { type CheckoutStep, effectiveStep, type FlowNumber, mayEnterShipping, stepLocation, stepOfFlowNumber } from "../../../../core/domain/checkout.ts"
import { areDeliveriesSet, pupMethodKinds } from "../../../../core/domain/delivery.ts"
import { isSelectable } from "../../../../core/domain/payment.ts"
import { billingAddressView, shippingAddressView } from "../account/addresses.ts"
import { sessionCustomer } from "../account/customer.ts"
import { lastOrderSessionKey } from "../cart/errors.ts"
import { orderConsentsOf } from "../cart/orderConsents.ts"
import { lineValue } from "../deliveryGroups.ts"
import { withIdempotencyKey } from "../idempotency.ts"
import { checkoutFlashKeys, errorStatus, flash, loginRequiredFor, okResponseStatus, readRecord } from "./common.ts"
import { type CheckoutContext, loadContext } from "./context.ts"
import { billingMethodsFor, branchOf, buildDeliveries, digitalDeliveredBy, selectedMethodRow, selectionPrice, transportEarliestDate } from "./deliveries.ts"
import { stockNeedsOf } from "./lines.ts"
import { lastSessionOrder, loadOrderById, newConfirmationToken, sessionOrdersKey } from "./orders.ts"
import { isProviderChecked, loadProviderCheck, otpRequiredCodes, providerRefusal } from "./provider.ts"
import { selectionProblem } from "./shippingStep.ts"
import { confirmationAnswer, showableStep, stepAnswer } from "./steps.ts"

/** Stock is short for the order: the variants lacking pieces (everything rolled back). */
export class StockShort extends Data.TaggedError("StockShort")<{ readonly variantIds: ReadonlyArray<number> }> {}

/** The cart was ordered meanwhile (a concurrent placement without the same idempotency key). */
export class CartNotOpen extends Data.TaggedError("CartNotOpen")<{}> {}

/**
 * What is still missing before the order can be placed, as flash messages (empty: ready): articles, a filled
 * address, every delivery set (core `areDeliveriesSet`) with selections that still hold, a selectable billing
 * method (core `isSelectable`), and for CZN/CZG an approved provider check with accepted terms (and the one-time
 * code for CZG).
 */
export const orderProblems = (ctx: CheckoutContext) =>
  Effect.gen(function*() {
    if (ctx.state.lines.length === 0) return [flash(checkoutFlashKeys.cartEmpty)]
    if (ctx.customer.hasFilledAddress !== true) return [flash(checkoutFlashKeys.addressRequired, "danger", "form")]
    if (!areDeliveriesSet(buildDeliveries(ctx))) return [flash(checkoutFlashKeys.deliveryNotSelected)]
    const stale = ctx.groups.flatMap((group) => {
      const problem = selectionProblem(ctx, group)
      return problem === undefined ? [] : [problem]
    })
    if (stale[0] !== undefined) return [flash(stale[0])]
    const code = ctx.state.billingMethodCode
    if (code === null) return [flash(checkoutFlashKeys.paymentNotSelected)]
    const method = (yield* billingMethodsFor(ctx))[code]
    if (method === undefined || !isSelectable(method)) return [flash(checkoutFlashKeys.paymentNotAllowed)]
    if (isProviderChecked(code)) {
      const check = yield* loadProviderCheck(ctx.state.cartId, code)
      if (check === undefined || check.state !== "approved" || providerRefusal(ctx, code) !== undefined) {
        return [flash(checkoutFlashKeys.paymentCheckRequired)]
      }
      if (check.terms_accepted !== true) return [flash(checkoutFlashKeys.paymentTermsRequired)]
      if (otpRequiredCodes.includes(code) && !check.otp_confirmed) return [flash(checkoutFlashKeys.paymentOtpRequired)]
    }
    return [] as ReadonlyArray<FlashMessage>
  })

/**
 * Places the order from the session's cart in one transaction (§4, SERVER.md): marks the cart ordered (refused when
 * it no longer is open), decrements the stock of every variant (refusing, and rolling everything back, when one is
 * short), creates the order (number from `order_number_seq`, confirmation token, pick-up code for a pick-up,
 * the cart engine's total, which counts the delivery insurance; the order consents as the delivery step shows them) and
 * its items, uses up the applied discount codes, gives the
 * session a new open cart and records the order in the session. Answers the order id.
 */
export const placeOrder = (ctx: CheckoutContext) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const session = ctx.session
    const customer = yield* sessionCustomer(session)
    return yield* sql.withTransaction(Effect.gen(function*() {
      const ordered = yield* sql<{ cart_id: number }>`
        UPDATE carts SET status = 'ordered', updated_at = now(), version = version + 1
        WHERE cart_id = ${ctx.state.cartId} AND status = 'open' RETURNING cart_id`
      if (ordered.length === 0) return yield* new CartNotOpen()
      const needs = new Map<number, number>()
      for (const line of ctx.state.lines) {
        for (const [variantId, pieces] of stockNeedsOf(line)) needs.set(variantId, (needs.get(variantId) ?? 0) + pieces)
      }
      const short: Array<number> = []
      for (const [variantId, pieces] of [...needs].sort(([a], [b]) => a - b)) {
        const updated = yield* sql<{ variant_id: number }>`
          UPDATE stock SET in_stock = in_stock - ${pieces},
            availability_key = CASE WHEN in_stock - ${pieces} = 0 THEN 'out_of_stock'
                                    WHEN in_stock - ${pieces} <= 3 THEN 'low_stock' ELSE availability_key END
          WHERE variant_id = ${variantId} AND in_stock >= ${pieces} RETURNING variant_id`
        if (updated.length === 0) short.push(variantId)
      }
      if (short.length > 0) return yield* new StockShort({ variantIds: short })
      const deliveries = ctx.groups.map((group) => {
        const method = selectedMethodRow(ctx, group)
        const selection = ctx.selections.get(group.id)
        const branch = selection === undefined || selection.branch_id === null ? undefined : ctx.branches.get(selection.branch_id)
        return {
          deliveryId: group.id,
          deliveredBy: group.kind === "marketplace" ? group.partnerTitle : group.kind === "digital" ? digitalDeliveredBy : ctx.state.shopName,
          isMarketplace: group.kind === "marketplace",
          cartItemIds: group.lines.map((line) => line.itemId),
          ...(method === undefined || selection === undefined
            ? {}
            : {
              method: method.code,
              methodKind: method.method_kind,
              transportId: method.transport_id,
              deliveryType: method.delivery_type,
              title: method.title,
              price: selectionPrice(ctx, group) ?? 0,
              insurance: selection.insurance,
              earliestDate: transportEarliestDate(ctx, method, group),
              ...(branch === undefined ? {} : { branchId: branch.branch_id, branch: branchOf(branch) }),
              ...(selection.address_id === null ? {} : { addressId: selection.address_id })
            })
        }
      })
      const pickup = deliveries.some((d) => d.methodKind !== undefined && (pupMethodKinds as ReadonlyArray<string>).includes(d.methodKind))
      const total = ctx.totals.total
      const totalNoVat = ctx.totals.totalNoVat
      const addresses = {
        billing: ctx.billingAddress === undefined ? null : billingAddressView(ctx.billingAddress),
        shipping: ctx.shippingAddress === undefined ? null : shippingAddressView(ctx.shippingAddress)
      }
      const customerData = {
        email: Option.isSome(customer) ? customer.value.email : null,
        firstname: ctx.customer.firstname ?? null,
        lastname: ctx.customer.lastname ?? null,
        ...readRecord(ctx.row.customer_data)
      }
      const consents = yield* orderConsentsOf(ctx.state.cartId)
      const inserted = yield* sql<{ order_id: number }>`
        INSERT INTO orders (order_number, shop_id, customer_id, cart_id, confirmation_token, currency, total, total_no_vat,
                            discount_total, billing_method_code, billing_selection, deliveries, addresses, customer_data,
                            invoice_note, pickup_code, consents)
        VALUES (nextval('order_number_seq')::text, ${session.shopId}, ${session.customerId}, ${ctx.state.cartId},
                ${newConfirmationToken()}, ${ctx.shop.currency}, ${total}, ${totalNoVat}, ${ctx.totals.discounts.value},
                ${ctx.state.billingMethodCode},
                ${ctx.state.billingSelection === null ? null : JSON.stringify(ctx.state.billingSelection)}::jsonb,
                ${JSON.stringify(deliveries)}::jsonb, ${JSON.stringify(addresses)}::jsonb, ${JSON.stringify(customerData)}::jsonb,
                ${ctx.state.invoiceNote}, ${pickup ? String(randomInt(100_000, 1_000_000)) : null},
                ${JSON.stringify(consents)}::jsonb)
        RETURNING order_id`
      const orderId = inserted[0]!.order_id
      for (const line of ctx.state.lines) {
        const product = line.productId === null ? undefined : ctx.details.products.get(line.productId)
        yield* sql`
          INSERT INTO order_items (order_id, article_type, variant_id, bonus_set_id, product_id, title, brand, category_path,
                                   count, unit_price, total_price, bundles, marketplace_partner_id)
          VALUES (${orderId}, ${line.articleType}, ${line.variantId}, ${line.bonusSetId}, ${line.productId}, ${line.title},
                  ${product?.brand ?? null}, ${product?.categoryPath ?? null}, ${line.count}, ${line.unitPrice}, ${lineValue(line)},
                  ${JSON.stringify(line.bundles.filter((bundle) => bundle.active === true))}::jsonb, ${line.partnerId})`
      }
      yield* sql`UPDATE discount_codes SET used_count = used_count + 1
                 WHERE discount_id IN (SELECT discount_id FROM cart_discounts WHERE cart_id = ${ctx.state.cartId})`
      const fresh = yield* sql<{ cart_id: number }>`
        INSERT INTO carts (shop_id, customer_id) VALUES (${session.shopId}, ${session.customerId}) RETURNING cart_id`
      yield* sql`
        UPDATE sessions SET cart_id = ${fresh[0]!.cart_id}, last_seen_at = now(),
          data = jsonb_set(
                   jsonb_set(data, ARRAY[${sessionOrdersKey}::text],
                             coalesce(data -> ${sessionOrdersKey}, '[]'::jsonb) || to_jsonb(${orderId}::integer)),
                   ARRAY[${lastOrderSessionKey}::text], to_jsonb(${orderId}::integer))
        WHERE session_id = ${session.sessionId}`
      return orderId
    }))
  })

/**
 * next-step (§4, §7): leaves `from` for the next step. Preview goes to customer (not with an empty cart); customer
 * goes to shipping (401 without a customer who may enter shipping, §6; a flash without a filled address, §2);
 * shipping places the order ({@link orderProblems}, {@link placeOrder}) and answers the confirmation; confirmation
 * answers the last order again. A refusal is a flash that keeps the step (§4). Honours the idempotency key (the
 * cart engine's `withIdempotencyKey`): a retry answers the first answer and places nothing; the key reused with
 * another step answers a flash.
 */
export const nextStep = (session: SessionData, from: FlowNumber, idempotencyKey: string | undefined) =>
  withIdempotencyKey(`cartStep.nextStep:${session.sessionId}`, idempotencyKey, Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const current = stepOfFlowNumber(from) ?? "preview"
    const keep = (step: CheckoutStep, flashes: ReadonlyArray<FlashMessage>) => stepAnswer(ctx, step, errorStatus(...flashes))
    const customer = ctx.customer
    switch (current) {
      case "preview": {
        if (ctx.state.lines.length === 0) return yield* keep("preview", [flash(checkoutFlashKeys.cartEmpty)])
        return yield* stepAnswer(ctx, "customer", okResponseStatus)
      }
      case "customer": {
        if (ctx.state.lines.length === 0) return yield* keep("customer", [flash(checkoutFlashKeys.cartEmpty)])
        if (!mayEnterShipping(customer)) return yield* loginRequiredFor(session, stepLocation("shipping", ctx.shop))
        if (effectiveStep("shipping", customer) !== "shipping") {
          return yield* keep("customer", [flash(checkoutFlashKeys.addressRequired, "danger", "form")])
        }
        return yield* stepAnswer(ctx, "shipping", okResponseStatus)
      }
      case "shipping": {
        if (!mayEnterShipping(customer)) return yield* loginRequiredFor(session, stepLocation("shipping", ctx.shop))
        const problems = yield* orderProblems(ctx)
        if (problems.length > 0) return yield* keep("shipping", problems)
        const placed = yield* placeOrder(ctx).pipe(
          Effect.map((orderId): number | string => orderId),
          Effect.catchTag("StockShort", () => Effect.succeed<number | string>(checkoutFlashKeys.stockInsufficient)),
          Effect.catchTag("CartNotOpen", () => Effect.succeed<number | string>(checkoutFlashKeys.cartAlreadyOrdered))
        )
        if (typeof placed === "string") return yield* keep("shipping", [flash(placed)])
        const order = yield* loadOrderById(session.shopId, placed)
        if (order === undefined) return yield* Effect.die(new Error("the placed order is gone"))
        return yield* confirmationAnswer(session, order, customer)
      }
      case "confirmation": {
        const order = yield* lastSessionOrder(session)
        if (order !== undefined) return yield* confirmationAnswer(session, order, customer)
        return yield* stepAnswer(ctx, showableStep(ctx, "confirmation"), okResponseStatus)
      }
    }
  }), { fingerprint: { step: from } })
