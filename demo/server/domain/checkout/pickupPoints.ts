/**
 * Pick-up points: branch search, suggestions, details and availability (§7).
 *
 * @module
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SessionData } from "../../../../core/api/security.ts"
import { type DeliveryGroup } from "../deliveryGroups.ts"
import { escapeLike, okResponseStatus, readRecord } from "./common.ts"
import { branchColumns, type BranchRow, type CheckoutContext, loadContext } from "./context.ts"
import { branchOf, methodsOf, transportAvailable, transportEarliestDate } from "./deliveries.ts"
import { deliveryResponse, findGroup, loadBranch } from "./shippingStep.ts"

/** How many branches a branch search answers at most. */
export const maxBranchResults = 15

/** How many preferred and new branches the branch list carries. */
export const featuredBranchCount = 3

// -----------------------------------------------------------------------------------------------
// branch search
// -----------------------------------------------------------------------------------------------

/** The branch kinds a delivery can be picked up at. */
export const branchKindsOf = (ctx: CheckoutContext, group: DeliveryGroup): ReadonlyArray<string> => [
  ...new Set(methodsOf(ctx, group).flatMap((method) => (method.branch_kind === null ? [] : [method.branch_kind])))
]

const squaredDistance = (a: { readonly lat: number; readonly lng: number }, b: { readonly lat: number; readonly lng: number }) =>
  (a.lat - b.lat) ** 2 + ((a.lng - b.lng) * Math.cos((a.lat * Math.PI) / 180)) ** 2

/** Places for the typed query (§7 geo-suggestions): cities or zips of the shop's branches, with their centre. */
export const geoSuggestions = (session: SessionData, query: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const cityPattern = `${escapeLike(query)}%`
    const zipPattern = `${escapeLike(query.replace(/[\s-]+/g, ""))}%`
    const rows = yield* sql<{ city: string; lat: number; lng: number; zip: string }>`
      SELECT city, avg(lat)::float8 AS lat, avg(lng)::float8 AS lng, min(zip) AS zip
      FROM branches
      WHERE shop_id = ${session.shopId} AND active
        AND (city ILIKE ${cityPattern} OR regexp_replace(zip, '[ -]', '', 'g') LIKE ${zipPattern})
      GROUP BY city ORDER BY city LIMIT 10`
    return rows.map((row) => ({ title: row.city, lat: row.lat, lng: row.lng, zip: row.zip }))
  })

/**
 * The branches of a delivery (§7 branches-basic), optionally of one pick-up type, with the pick-up types, the
 * preferred branches (the cash-and-carry shops nearest the shipping address, else the shop's fallback location)
 * and the new branches (the latest added); `undefined` when the delivery is unknown.
 */
export const branchesBasic = (session: SessionData, deliveryId: string, pupTypeId?: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const sql = yield* SqlClient.SqlClient
    const kinds = branchKindsOf(ctx, group)
    const rows = kinds.length === 0 ? [] : yield* sql<BranchRow>`
      SELECT ${sql.literal(branchColumns)} FROM branches
      WHERE shop_id = ${session.shopId} AND active AND kind IN ${sql.in(kinds)}
        AND (${pupTypeId ?? null}::text IS NULL OR pup_type_id = ${pupTypeId ?? null})
      ORDER BY branch_id`
    const shipping = ctx.shippingAddress
    const centre = shipping !== undefined && shipping.lat !== null && shipping.lng !== null
      ? { lat: shipping.lat, lng: shipping.lng }
      : ctx.shop.fallbackLocation
    const preferred = rows
      .filter((row) => row.cash_and_carry)
      .sort((a, b) => squaredDistance(a, centre) - squaredDistance(b, centre))
      .slice(0, featuredBranchCount)
    const newest = [...rows].sort((a, b) => b.branch_id - a.branch_id).slice(0, featuredBranchCount)
    return {
      ...(yield* deliveryResponse(ctx)),
      branches: rows.map(branchOf),
      preferredBranches: preferred.map(branchOf),
      newBranches: newest.map(branchOf),
      searchSelection: { deliveries: [group.id] }
    }
  })

/** Branches of the delivery whose name, address, zip or code contains the term (§7); `undefined` when unknown. */
export const autoCompleteBranches = (session: SessionData, deliveryId: string, term: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const sql = yield* SqlClient.SqlClient
    const kinds = branchKindsOf(ctx, group)
    const pattern = `%${escapeLike(term)}%`
    const rows = kinds.length === 0 ? [] : yield* sql<BranchRow>`
      SELECT ${sql.literal(branchColumns)} FROM branches
      WHERE shop_id = ${session.shopId} AND active AND kind IN ${sql.in(kinds)}
        AND (name ILIKE ${pattern} OR street ILIKE ${pattern} OR city ILIKE ${pattern} OR zip ILIKE ${pattern}
             OR code ILIKE ${pattern})
      ORDER BY name, branch_id LIMIT ${maxBranchResults}`
    return { ...(yield* deliveryResponse(ctx)), branches: rows.map(branchOf), searchSelection: { deliveries: [group.id] } }
  })

const openingHoursOf = (value: unknown): ReadonlyArray<{ readonly day: string; readonly hours: string }> =>
  Object.entries(readRecord(value)).flatMap(([day, hours]) => (typeof hours === "string" ? [{ day, hours }] : []))

const transportForBranch = (ctx: CheckoutContext, group: DeliveryGroup, branch: BranchRow) =>
  methodsOf(ctx, group).find((method) => method.branch_kind === branch.kind)

/** One branch with its details (§7 branch-detail); `"delivery"` / `"branch"` say which is unknown. */
export const branchDetail = (session: SessionData, deliveryId: string, branchId: string) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return "delivery" as const
    const branch = yield* loadBranch(session.shopId, branchId)
    if (branch === undefined || !branch.active) return "branch" as const
    const transport = transportForBranch(ctx, group, branch)
    return {
      status: okResponseStatus,
      branch: {
        ...branchOf(branch),
        description: branch.post_address ?? `${branch.street}, ${branch.zip} ${branch.city}`,
        openingHours: openingHoursOf(branch.opening_hours),
        ...(transport === undefined ? {} : { earliestDate: transportEarliestDate(ctx, transport, group) })
      }
    }
  })

/**
 * Which of the asked branches can serve the delivery (§7 branches-confirm-availability): active, of a kind the
 * delivery offers, with an available transport; unknown ids answer unavailable. `undefined` when the delivery is
 * unknown.
 */
export const confirmBranchAvailability = (session: SessionData, deliveryId: string, branchIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const ctx = yield* loadContext(session)
    const group = findGroup(ctx, deliveryId)
    if (group === undefined) return undefined
    const sql = yield* SqlClient.SqlClient
    const numeric = [...new Set(branchIds.filter((id) => /^[1-9][0-9]{0,8}$/.test(id)).map(Number))]
    const rows = numeric.length === 0 ? [] : yield* sql<BranchRow>`
      SELECT ${sql.literal(branchColumns)} FROM branches WHERE shop_id = ${session.shopId} AND branch_id IN ${sql.in(numeric)}`
    return {
      status: okResponseStatus,
      branches: branchIds.map((id) => {
        const branch = rows.find((row) => String(row.branch_id) === id)
        const transport = branch === undefined || !branch.active ? undefined : transportForBranch(ctx, group, branch)
        return transport === undefined || !transportAvailable(transport, group)
          ? { id, available: false }
          : { id, available: true, earliestDate: transportEarliestDate(ctx, transport, group) }
      })
    }
  })
