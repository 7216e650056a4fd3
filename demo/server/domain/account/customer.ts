/**
 * The customer data: the logged-in customer of a session and the customer as the client reads it (§3 Customer).
 *
 * @module
 */
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { Customer } from "../../../../core/api/entities/customer.ts"
import type { SessionData } from "../../../../core/api/security.ts"
import { shopById } from "../../../../core/domain/shop.ts"
import type { ShopId } from "../../../../core/domain/shop.ts"
import { checkoutAddresses } from "./addresses.ts"
import { loginRequired } from "./common.ts"
import { effectiveConsents } from "./consents.ts"

// -----------------------------------------------------------------------------------------------
// the caller
// -----------------------------------------------------------------------------------------------

interface CustomerRow {
  readonly customer_id: number
  readonly email: string
  readonly firstname: string
  readonly lastname: string
  readonly status: string
  readonly vip_type: string | null
  readonly loyalty_club: string | null
  readonly waiting_for_confirmation: boolean
  readonly allowed_nl: boolean
  readonly allowed_heureka: boolean
}

/** The logged-in customer of a session, as stored. */
export interface SessionCustomer {
  /** `customers.customer_id`. */
  readonly customerId: number
  /** The account's e-mail. */
  readonly email: string
  /** The first name. */
  readonly firstname: string
  /** The last name. */
  readonly lastname: string
  /** Registered but not confirmed yet (§6). */
  readonly waitingForConfirmation: boolean
}

const customerRowOf = (customerId: number, shopId: ShopId) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<CustomerRow>`
      SELECT c.customer_id, c.email, c.firstname, c.lastname, c.status, c.vip_type, c.loyalty_club,
             c.waiting_for_confirmation, c.allowed_nl, c.allowed_heureka
      FROM customers c
      WHERE c.customer_id = ${customerId} AND c.shop_id = ${shopId}
        AND c.deactivated_at IS NULL`
    return rows[0]
  })

/**
 * The customer logged in to a session, or none. A session whose customer belongs to another shop (the shop was
 * switched with the shop header) or was deactivated counts as a guest.
 */
export const sessionCustomer = (session: Pick<SessionData, "shopId" | "customerId">) =>
  Effect.gen(function*() {
    if (session.customerId === null) return Option.none<SessionCustomer>()
    const row = yield* customerRowOf(session.customerId, session.shopId)
    if (row === undefined) return Option.none<SessionCustomer>()
    return Option.some<SessionCustomer>({
      customerId: row.customer_id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      waitingForConfirmation: row.waiting_for_confirmation
    })
  })

/**
 * The session's customer, or {@link LoginRequired} for a guest (§6: wishlist, addresses, account calls need a
 * logged-in or waiting-for-confirmation customer).
 */
export const requireCustomer = (session: Pick<SessionData, "shopId" | "customerId">) =>
  Effect.flatMap(sessionCustomer(session), (customer) =>
    Option.isSome(customer) ? Effect.succeed(customer.value) : Effect.fail(loginRequired(shopById(session.shopId))))

// -----------------------------------------------------------------------------------------------
// the customer as the client reads it
// -----------------------------------------------------------------------------------------------

/** What {@link customerView} needs of a session. */
export type CustomerViewContext = Pick<SessionData, "sessionId" | "shopId" | "customerId" | "cartId">

/**
 * The §3 customer of a session: a guest (`id` null, not logged in, the session's consents) or the logged-in
 * customer with status, VIP program, loyalty club, newsletter flags, addresses, selected addresses and consents.
 * `isLogged` is false while the customer waits for confirmation (§6); `isAuth` is true for both.
 */
export const customerView = (context: CustomerViewContext) =>
  Effect.gen(function*() {
    const consents = yield* effectiveConsents(context)
    const row = context.customerId === null ? undefined : yield* customerRowOf(context.customerId, context.shopId)
    if (row === undefined) {
      return {
        id: null,
        isLogged: false,
        isAuth: false,
        isWaitingForConfirmation: false,
        vip: false,
        hasFilledAddress: false,
        ready: true,
        consents
      } satisfies Customer as Customer
    }
    const addresses = yield* checkoutAddresses(row.customer_id, context.cartId)
    const status = row.status === "2" ? "2" : "1"
    return {
      id: row.customer_id,
      firstname: row.firstname,
      lastname: row.lastname,
      status,
      isLogged: !row.waiting_for_confirmation,
      isAuth: true,
      isWaitingForConfirmation: row.waiting_for_confirmation,
      vipType: row.vip_type,
      vip: row.vip_type !== null,
      hasFilledAddress: addresses.hasFilledAddress,
      addresses: addresses.addresses,
      selectedAddresses: addresses.selectedAddresses,
      ready: true,
      allowedNl: row.allowed_nl,
      allowedHeureka: row.allowed_heureka,
      loyaltyClub: { registered: row.loyalty_club === "registered", trial: row.loyalty_club === "trial" },
      consents
    } satisfies Customer as Customer
  })
