/**
 * The details of the cart's lines the checkout needs (stock needs, line details).
 *
 * @module
 */
import { type CartLine, type CartState } from "../cart/reading.ts"

// -----------------------------------------------------------------------------------------------
// cart lines
// -----------------------------------------------------------------------------------------------

/** What a line takes from stock: variant id to pieces (a bonus set: each of its variants). */
export const stockNeedsOf = (line: CartLine): ReadonlyArray<readonly [variantId: number, pieces: number]> =>
  line.articleType === "bonus_set"
    ? line.setVariants.map((variant) => [variant.variantId, (variant.count ?? 1) * line.count] as const)
    : line.variantId === null ? [] : [[line.variantId, line.count] as const]

/** Catalogue details of the cart's products and partners the cart engine does not read. */
export interface LineDetails {
  /** Brand and category path (`parent/leaf`) per product id. */
  readonly products: ReadonlyMap<number, { readonly brand: string; readonly categoryPath: string }>
  /** Days until restocked, per cart item (0 when in stock). */
  readonly restockDays: ReadonlyMap<number, number>
  /** A partner's delivery days, per partner id. */
  readonly partnerDays: ReadonlyMap<number, number>
}

/** The products, restock days and partner days of the cart state, keyed for line lookups. */
export const lineDetailsOf = (state: CartState): LineDetails => {
  const { products, restockDays, partnerDays } = state.checkout
  return {
    products: new Map(products.map((row) => [row.product_id, { brand: row.brand, categoryPath: row.category_path }])),
    restockDays: new Map(state.lines.map((line) => [
      line.itemId,
      line.stock >= line.count
        ? 0
        : Math.max(1, ...stockNeedsOf(line).map(([variantId]) => restockDays.get(variantId) ?? 0))
    ])),
    partnerDays
  }
}
