/**
 * The financing group (spec §7 /api/finance-offer/financial-offers and /api/financing/
 * billing-methods, installment-variants, installment-variant): instalment plans of the session
 * shop's revolving billing methods, computed by the terms of its currency (see the financing domain).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { BillingMethod } from "../../../core/api/entities/payment.ts"
import { NotFound } from "../../../core/api/errors.ts"
import type { FinancialOffer, InstallmentVariant } from "../../../core/api/financing.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { formatPrice } from "../../../core/domain/money.ts"
import { type Shop, shopById, type ShopId } from "../../../core/domain/shop.ts"
import { countOfChildCode, financingTerms, type InstallmentPlan, installmentPlan, productCodeFor } from "../domain/financing.ts"

interface MethodRow {
  readonly code: string
  readonly parent_code: string | null
  readonly title: string
  readonly price: string
  readonly disabled: boolean
  readonly revolving: boolean
}

/** A revolving billing method with its instalment children. */
interface FinancingMethod {
  readonly code: string
  readonly title: string
  readonly fee: number
  readonly disabled: boolean
  readonly children: ReadonlyArray<{ readonly code: string; readonly title: string; readonly count: number }>
}

const loadMethods = (sql: SqlClient.SqlClient, shopId: ShopId) =>
  Effect.map(
    Effect.orDie(sql<MethodRow>`
      SELECT b.code, b.parent_code, b.title, b.price, b.disabled, b.provider_check = 'revolving' AS revolving
      FROM billing_methods b
      LEFT JOIN billing_methods parent ON parent.shop_id = b.shop_id AND parent.code = b.parent_code
      WHERE b.shop_id = ${shopId} AND b.active
        AND (b.provider_check = 'revolving' OR (parent.provider_check = 'revolving' AND parent.active))
      ORDER BY b.position, b.code`),
    (rows): ReadonlyArray<FinancingMethod> =>
      rows.filter((row) => row.revolving && row.parent_code === null).map((row) => ({
        code: row.code,
        title: row.title,
        fee: Number(row.price),
        disabled: row.disabled,
        children: rows.flatMap((child) => {
          const count = child.parent_code === row.code ? countOfChildCode(row.code, child.code) : undefined
          return count === undefined ? [] : [{ code: child.code, title: child.title, count }]
        }).sort((a, b) => a.count - b.count)
      }))
  )

const countsOf = (method: FinancingMethod, shop: Shop): ReadonlyArray<number> =>
  method.children.length > 0 ? method.children.map((child) => child.count) : financingTerms[shop.currency].defaultCounts

const productCodeOf = (method: FinancingMethod, count: number): string =>
  method.children.find((child) => child.count === count)?.code ?? productCodeFor(method.code, count)

const variantOf = (method: FinancingMethod, plan: InstallmentPlan, shop: Shop): InstallmentVariant => ({
  productCode: productCodeOf(method, plan.installmentCount),
  installmentCount: plan.installmentCount,
  monthlyPayment: plan.monthlyPayment,
  depositAmount: plan.depositAmount,
  totalAmount: plan.totalAmount,
  rpsn: plan.rpsn,
  title: `${plan.installmentCount} × ${formatPrice(plan.monthlyPayment, shop)}`
})

const plansOf = (method: FinancingMethod, shop: Shop, price: number, deposit: number): ReadonlyArray<InstallmentPlan> =>
  method.disabled
    ? []
    : countsOf(method, shop).flatMap((count) => {
      const plan = installmentPlan(shop.currency, price, deposit, count)
      return plan === undefined ? [] : [plan]
    })

/**
 * The handlers of the financing group (all read-only, for the session's shop):
 * - `financialOffers`: one offer per plan of every revolving method for the price (none for a
 *   `variantId` the shop does not sell, nor where the shop has no revolving method);
 * - `billingMethods`: the revolving methods keyed by code, `disabled` when no plan fits the price,
 *   with their instalment children (`disabled` when that plan does not fit);
 * - `installmentVariants`: the plans of a method for a price and deposit (404 for an unknown
 *   method; an empty list when none fits);
 * - `installmentVariant`: one plan (404 when the method is unknown or the count is not offered for
 *   the price and deposit).
 */
export const FinancingHandlers = HttpApiBuilder.group(
  ShopApi,
  "financing",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const methodOf = (shopId: ShopId, code: string) =>
      Effect.gen(function*() {
        const method = (yield* loadMethods(sql, shopId)).find((m) => m.code === code)
        if (method === undefined) return yield* new NotFound({ message: "This billing method offers no instalments." })
        return method
      })
    return handlers
      .handle("financialOffers", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const shop = shopById(session.shopId)
          if (query.variantId !== undefined) {
            const sold = yield* Effect.orDie(sql<{ ok: boolean }>`
              SELECT true AS ok FROM variants v JOIN products p ON p.product_id = v.product_id
              WHERE v.variant_id = ${query.variantId} AND v.shop_id = ${session.shopId} AND p.active`)
            if (sold.length === 0) return { offers: [] }
          }
          const offers: Array<FinancialOffer> = []
          for (const method of yield* loadMethods(sql, session.shopId)) {
            for (const plan of plansOf(method, shop, query.price, 0)) {
              offers.push({
                code: productCodeOf(method, plan.installmentCount),
                title: `${plan.installmentCount} × ${formatPrice(plan.monthlyPayment, shop)}`,
                installmentCount: plan.installmentCount,
                monthlyPayment: plan.monthlyPayment,
                interestRate: plan.interestRate,
                rpsn: plan.rpsn,
                description: `${method.title}: ${formatPrice(plan.totalAmount, shop)}`
              })
            }
          }
          return { offers }
        }))
      .handle("billingMethods", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const shop = shopById(session.shopId)
          const billingMethods: Record<string, BillingMethod> = {}
          for (const method of yield* loadMethods(sql, session.shopId)) {
            const plans = plansOf(method, shop, query.price, 0)
            billingMethods[method.code] = {
              title: method.title,
              price: method.fee,
              selected: false,
              disabled: plans.length === 0,
              childPayments: method.children.map((child) => ({
                code: child.code,
                title: child.title,
                selected: false,
                disabled: !plans.some((plan) => plan.installmentCount === child.count)
              }))
            }
          }
          return { billingMethods }
        }))
      .handle("installmentVariants", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const shop = shopById(session.shopId)
          const method = yield* methodOf(session.shopId, query.billingMethodId)
          const plans = plansOf(method, shop, query.price, query.depositAmount ?? 0)
          return { variants: plans.map((plan) => variantOf(method, plan, shop)) }
        }))
      .handle("installmentVariant", ({ query }) =>
        Effect.gen(function*() {
          const session = yield* Session
          const shop = shopById(session.shopId)
          const method = yield* methodOf(session.shopId, query.billingMethodId)
          const plan = plansOf(method, shop, query.price, query.depositAmount ?? 0).find(
            (p) => p.installmentCount === query.installmentCount
          )
          if (plan === undefined) {
            return yield* new NotFound({ message: "No such instalment plan for this price." })
          }
          return { variant: variantOf(method, plan, shop) }
        }))
  })
)
