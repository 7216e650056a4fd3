/**
 * The pages of a shop that have no named URL in the spec (§2 lists none for them; ours): where the contact page and
 * the pet form live in each shop, and the customer-service phone the contact page's 'show phone' reveals (§4).
 *
 * @module
 */
import type { ShopId } from "./shop.ts"

/** A shop's own pages. */
export interface ShopPages {
  /** The contact page (§2 "Contact form page"). */
  readonly contact: string
  /** The pet form (§1). */
  readonly petForm: string
  /** The customer-service phone shown on the contact page. */
  readonly customerServicePhone: string
}

/** The table of {@link ShopPages}, one row per shop. */
export const shopPages: { readonly [K in ShopId]: ShopPages } = {
  CZ10MA: { contact: "/kontakt", petForm: "/muj-ucet/mazlicci", customerServicePhone: "+420 225 000 000" },
  SK10MA: { contact: "/kontakt", petForm: "/moj-ucet/milacikovia", customerServicePhone: "+421 225 000 000" },
  HR10MA: { contact: "/kontakt", petForm: "/moj-racun/ljubimci", customerServicePhone: "+385 225 000 000" },
  HU10MA: { contact: "/kapcsolat", petForm: "/fiokom/hazi-kedvencek", customerServicePhone: "+36 225 000 000" },
  PL10MA: { contact: "/kontakt", petForm: "/moje-konto/zwierzeta", customerServicePhone: "+48 225 000 000" },
  PL20MA: { contact: "/kontakt", petForm: "/moje-konto/zwierzeta", customerServicePhone: "+48 225 000 000" },
  SI10SI: { contact: "/kontakt", petForm: "/moj-racun/hisni-ljubljenci", customerServicePhone: "+386 225 000 000" }
}

/** The own pages of a shop. */
export const shopPagesOf = (shopId: ShopId): ShopPages => shopPages[shopId]
