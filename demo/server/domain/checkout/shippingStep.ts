/**
 * The shipping step's answers and actions: selecting delivery methods, insurance, campaign and strategy (§7).
 *
 * @module
 */
import { Data, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { okStatus } from "../../../../core/api/entities/envelope.ts"
import type { Transport } from "../../../../core/api/entities/delivery.ts"
import type { DeliveryResponse, ResponseStatus } from "../../../../core/api/entities/envelope.ts"
import type { FlashMessage } from "../../../../core/api/entities/flash.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { mayEnterShipping } from "../../../../core/domain/checkout.ts"
import { type DeliveryMethodKind, isMethodSelected, type ResetMode, resetSelection } from "../../../../core/domain/delivery.ts"
import { genericErrorFlash } from "../../../../core/domain/flash.ts"
import { mutateCart } from "../cart/mutation.ts"
import { type DeliveryGroup } from "../deliveryGroups.ts"
import { checkoutFlashKeys, errorStatus, flash, okResponseStatus } from "./common.ts"
import { branchColumns, type BranchRow, type CheckoutContext, loadContext } from "./context.ts"
import { availableStrategies, billingMethodsFor, branchOf, buildDeliveries, campaign, campaignBarOf, cartOf, loadPupTypes, methodsOf, selectedMethodRow, transportAvailable } from "./deliveries.ts"
import { branchKindsOf, maxBranchResults } from "./pickupPoints.ts"

// -----------------------------------------------------------------------------------------------
// delivery-step answers and actions
// -----------------------------------------------------------------------------------------------

/** The delivery-step answer (§7): status, cart, customer, deliveries, billing methods and the delivery-step data. */
export const deliveryResponse = (ctx: CheckoutContext, status: ResponseStatus = okResponseStatus) =>
  Effect.gen(function*() {
    const deliveries = buildDeliveries(ctx)
    const transports = new Map<string, Transport>()
    for (const delivery of deliveries) {
      for (const transport of delivery.transports ?? []) if (!transports.has(transport.id)) transports.set(transport.id, transport)
    }
    return {
      status,
      cart: cartOf(ctx, deliveries),
      customer: ctx.customer,
      deliveries,
      billingMethods: yield* billingMethodsFor(ctx),
      campaignBar: campaignBarOf(ctx),
      searchSelection: { deliveries: ctx.groups.filter((group) => group.kind === "own").map((group) => group.id) },
      transports: [...transports.values()],
      availableDeliveryStrategies: availableStrategies(ctx),
      pupTypes: yield* loadPupTypes(ctx.session.shopId)
    } satisfies DeliveryResponse
  })

/** The delivery of the cart with this id, if any. */
export const findGroup = (ctx: CheckoutContext, deliveryId: string): DeliveryGroup | undefined =>
  ctx.groups.find((group) => group.id === deliveryId)

/** A refused delivery-step action: the flash messages to answer with (§8 "the server's flash messages"). */
export class DeliveryRefused extends Data.TaggedError("DeliveryRefused")<{ readonly flashes: ReadonlyArray<FlashMessage> }> {}

const refuse = (message: string) => new DeliveryRefused({ flashes: [flash(message)] })

/** Loads one branch of the shop (active or not); `undefined` for an unknown or malformed id. */
export const loadBranch = (shopId: string, branchId: string) =>
  Effect.gen(function*() {
    if (!/^[1-9][0-9]{0,8}$/.test(branchId)) return undefined
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<BranchRow>`
      SELECT ${sql.literal(branchColumns)} FROM branches WHERE branch_id = ${Number(branchId)} AND shop_id = ${shopId}`
    return rows[0]
  })

/** The select-delivery-method payload (§7). */
export interface MethodChoice {
  readonly deliveryId: string
  readonly type: DeliveryMethodKind
  readonly transportId: string
  readonly branchId?: string | undefined
}

/**
 * The selection a select-delivery-method payload asks for, or its refusal: a transport the delivery does not offer
 * for that kind, an unavailable one, a pick-up without a branch or with a branch that is unknown, closed or of
 * another kind, an address delivery without a shipping address.
 */
export const validateChoice = (ctx: CheckoutContext, group: DeliveryGroup, choice: MethodChoice) =>
  Effect.gen(function*() {
    const method = methodsOf(ctx, group).find((m) => m.method_kind === choice.type && m.transport_id === choice.transportId)
    if (method === undefined) return yield* refuse(checkoutFlashKeys.methodNotOffered)
    if (!transportAvailable(method, group)) return yield* refuse(checkoutFlashKeys.methodUnavailable)
    if (method.branch_kind !== null) {
      if (choice.branchId === undefined) return yield* refuse(checkoutFlashKeys.branchRequired)
      const branch = yield* loadBranch(ctx.session.shopId, choice.branchId)
      if (branch === undefined || !branch.active || branch.kind !== method.branch_kind) {
        return yield* refuse(checkoutFlashKeys.branchUnavailable)
      }
      return { method, branchId: branch.branch_id as number | null, addressId: null as number | null }
    }
    const shipping = ctx.shippingAddress
    if (shipping === undefined) return yield* refuse(checkoutFlashKeys.deliveryAddressRequired)
    return { method, branchId: null as number | null, addressId: shipping.address_id as number | null }
  })

/** Clears the selected billing method when the deliveries no longer allow it; answers the notice to show, if any. */
const dropIncompatiblePayment = (session: SessionData) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const code = ctx.state.billingMethodCode
    if (code === null) return [] as ReadonlyArray<FlashMessage>
    const method = (yield* billingMethodsFor(ctx))[code]
    if (method !== undefined && method.invalid !== true) return [] as ReadonlyArray<FlashMessage>
    const sql = yield* SqlClient.SqlClient
    yield* sql`UPDATE carts SET billing_method_code = NULL, billing_selection = NULL WHERE cart_id = ${session.cartId}`
    return [flash(checkoutFlashKeys.paymentReset, "notice")]
  })

/**
 * Runs a delivery-step change as a cart change (the cart engine's `mutateCart`: locked, one transaction, version
 * bumped, live-data notification) and answers the deliveries after it, with its refusal as an error status (§8),
 * or its notices.
 */
const afterChange = <R>(
  session: SessionData,
  change: Effect.Effect<ReadonlyArray<FlashMessage>, DeliveryRefused | SqlError, R>
) =>
  Effect.gen(function*() {
    const status = yield* mutateCart(session.cartId, () => change).pipe(
      Effect.map((notices): ResponseStatus => (notices.length === 0 ? okResponseStatus : { status: okStatus, flashMessages: notices })),
      Effect.catchTag("DeliveryRefused", (refused) => Effect.succeed(errorStatus(...refused.flashes))),
      Effect.catchTag("CartNotFound", () => Effect.succeed(errorStatus(genericErrorFlash())))
    )
    return yield* deliveryResponse(yield* loadContext(session), status)
  })

/** Selects a delivery method (§7 select-delivery-method); `undefined` when the delivery is unknown (404). */
export const selectDeliveryMethod = (session: SessionData, choice: MethodChoice) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, choice.deliveryId)
    if (group === undefined) return undefined
    return yield* afterChange(session, Effect.gen(function*() {
      if (group.kind === "digital") return yield* refuse(checkoutFlashKeys.methodNotOffered)
      const chosen = yield* validateChoice(ctx, group, choice)
      const sql = yield* SqlClient.SqlClient
      yield* sql`
        INSERT INTO cart_deliveries (cart_id, delivery_key, delivery_method_id, branch_id, address_id)
        VALUES (${session.cartId}, ${group.id}, ${chosen.method.delivery_method_id}, ${chosen.branchId}, ${chosen.addressId})
        ON CONFLICT (cart_id, delivery_key) DO UPDATE SET delivery_method_id = excluded.delivery_method_id,
          branch_id = excluded.branch_id, address_id = excluded.address_id, selected_at = now()`
      return yield* dropIncompatiblePayment(session)
    }))
  })

/** Adds or removes the insurance of a delivery (§7); needs a selected method; `undefined` when unknown (404). */
export const selectDeliveryInsurance = (session: SessionData, deliveryId: string, selected: boolean) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    return yield* afterChange(session, Effect.gen(function*() {
      if (!ctx.selections.has(group.id)) return yield* refuse(checkoutFlashKeys.insuranceNeedsMethod)
      const sql = yield* SqlClient.SqlClient
      yield* sql`UPDATE cart_deliveries SET insurance = ${selected} WHERE cart_id = ${session.cartId} AND delivery_key = ${group.id}`
      return [] as ReadonlyArray<FlashMessage>
    }))
  })

/** Chooses or drops the campaign (§7 select-campaign); an unknown campaign is refused with a flash. */
export const selectCampaign = (session: SessionData, campaignId: string, selected: boolean) =>
  afterChange(session, Effect.gen(function*() {
    if (campaignId !== campaign.id) return yield* refuse(checkoutFlashKeys.campaignUnknown)
    const sql = yield* SqlClient.SqlClient
    yield* sql`UPDATE carts SET campaign_id = ${selected ? campaignId : null} WHERE cart_id = ${session.cartId}`
    return [] as ReadonlyArray<FlashMessage>
  }))

/** Chooses a delivery strategy (§7 delivery-strategy); one the cart is not offered is refused with a flash. */
export const selectStrategy = (session: SessionData, strategy: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    return yield* afterChange(session, Effect.gen(function*() {
      if (!(availableStrategies(ctx) as ReadonlyArray<string>).includes(strategy)) return yield* refuse(checkoutFlashKeys.strategyUnavailable)
      const sql = yield* SqlClient.SqlClient
      yield* sql`UPDATE carts SET delivery_strategy = ${strategy} WHERE cart_id = ${session.cartId}`
      return [] as ReadonlyArray<FlashMessage>
    }))
  })

/**
 * Clears selections by reset mode (§4, §7 clean-selected-delivery) with the domain's `resetSelection`: RESET_ALL
 * clears every selection, RESET_WITHOUT_PUPS keeps pick-up point selections; of one delivery or of all. A named
 * delivery the cart does not have is refused with a flash (the contract has no 404 here).
 */
export const cleanSelectedDelivery = (session: SessionData, mode: ResetMode, deliveryId?: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    if (deliveryId !== undefined && findGroup(ctx, deliveryId) === undefined) {
      return yield* deliveryResponse(ctx, errorStatus(flash(checkoutFlashKeys.deliveryUnknown)))
    }
    const deliveries = buildDeliveries(ctx).filter((delivery) => deliveryId === undefined || delivery.deliveryId === deliveryId)
    const cleared = resetSelection(deliveries, mode)
      .filter((delivery) => !(delivery.deliveryMethods ?? []).some(isMethodSelected))
      .map((delivery) => delivery.deliveryId)
      .filter((id) => ctx.selections.has(id))
    return yield* afterChange(session, Effect.gen(function*() {
      if (cleared.length > 0) {
        const sql = yield* SqlClient.SqlClient
        yield* sql`DELETE FROM cart_deliveries WHERE cart_id = ${session.cartId} AND delivery_key IN ${sql.in(cleared)}`
      }
      return [] as ReadonlyArray<FlashMessage>
    }))
  })

/** Clears the selection of one delivery (§7 deselect delivery); `undefined` when the delivery is unknown. */
export const deselectDelivery = (session: SessionData, deliveryId: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    if (findGroup(ctx, deliveryId) === undefined) return undefined
    return yield* afterChange(session, Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`DELETE FROM cart_deliveries WHERE cart_id = ${session.cartId} AND delivery_key = ${deliveryId}`
      return [] as ReadonlyArray<FlashMessage>
    }))
  })

/**
 * Why the selection of a delivery no longer holds, if it does not: its transport is no longer offered or
 * available, or its branch closed.
 */
export const selectionProblem = (ctx: CheckoutContext, group: DeliveryGroup): string | undefined => {
  const selection = ctx.selections.get(group.id)
  if (selection === undefined) return undefined
  const method = selectedMethodRow(ctx, group)
  if (method === undefined || !transportAvailable(method, group)) return checkoutFlashKeys.deliveryNoLongerAvailable
  if (method.branch_kind !== null) {
    const branch = selection.branch_id === null ? undefined : ctx.branches.get(selection.branch_id)
    if (branch === undefined || !branch.active || branch.kind !== method.branch_kind) return checkoutFlashKeys.deliveryNoLongerAvailable
  }
  return undefined
}

/**
 * Checks the selected method of one delivery (§7 check-delivery-method, read-only): a selection that no longer
 * holds answers a warning flash with status error. `undefined` when the delivery is unknown.
 */
export const checkDeliveryMethod = (session: SessionData, deliveryId: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const problem = selectionProblem(ctx, group)
    return yield* deliveryResponse(ctx, problem === undefined ? okResponseStatus : errorStatus(flash(problem, "warning")))
  })

/**
 * The branches the customer used in earlier orders for the kinds of branch this delivery offers (§3
 * customerHistory), most recent first; `"login"` for a guest (§6), `undefined` when the delivery is unknown.
 */
export const customerHistory = (session: SessionData, deliveryId: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    if (!mayEnterShipping(ctx.customer)) return "login" as const
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<BranchRow>`
      SELECT b.branch_id, b.code, b.kind, b.pup_type_id, b.name, b.street, b.city, b.zip, b.post_address, b.lat, b.lng,
             b.cash_and_carry, b.opening_hours, b.active
      FROM (
        SELECT (d ->> 'branchId')::integer AS branch_id, max(o.created_at) AS used_at
        FROM orders o, jsonb_array_elements(o.deliveries) d
        WHERE o.customer_id = ${session.customerId} AND o.shop_id = ${session.shopId}
          AND jsonb_typeof(d -> 'branchId') = 'number'
        GROUP BY 1
      ) h JOIN branches b ON b.branch_id = h.branch_id
      WHERE b.active
      ORDER BY h.used_at DESC, b.branch_id
      LIMIT ${maxBranchResults}`
    const kinds = new Set(branchKindsOf(ctx, group))
    const history = rows.filter((row) => kinds.has(row.kind)).map(branchOf)
    return { ...(yield* deliveryResponse(ctx)), customerHistory: history, history }
  })
