/**
 * The Jotai atoms that mirror the state each core service publishes. One store per provider (one per
 * request when rendering on the server); the bridge writes into them, components read slices.
 *
 * @module
 */
import { atom, type PrimitiveAtom } from "jotai"
/** An atom that remembers its initial value (`init`). */
export type WithInitialValue<Value> = { readonly init: Value }
import { accountStateFor, type AccountState } from "../../core/services/accountState.ts"
import { initialCartState, type CartState } from "../../core/services/cartState.ts"
import { initialCheckoutState, type CheckoutState } from "../../core/services/checkoutState.ts"
import type { ConsentState } from "../../core/services/Consent.ts"
import { initialWidgetsState, type WidgetsState } from "../../core/services/widgetsState.ts"
import { emptyWishlistState, type WishlistState } from "../../core/services/wishlistState.ts"
import type { PostOutlet } from "../../core/api/entities/outlet.ts"
import { initialOutletPicker } from "../../core/domain/outletPickerStart.ts"
import type { OutletsState } from "../../core/services/Outlets.ts"

/** The cart service's state. */
export const cartStateAtom: PrimitiveAtom<CartState> & WithInitialValue<CartState> = atom(initialCartState)
/** The checkout service's state. */
export const checkoutStateAtom: PrimitiveAtom<CheckoutState> & WithInitialValue<CheckoutState> = atom(initialCheckoutState)
/** The account service's state (a guest until the server says otherwise). */
export const accountStateAtom: PrimitiveAtom<AccountState> & WithInitialValue<AccountState> = atom(accountStateFor(undefined))
/** The wishlist service's state. */
export const wishlistStateAtom: PrimitiveAtom<WishlistState> & WithInitialValue<WishlistState> = atom(emptyWishlistState)
/** The header widgets' state (the cart drawer's items). */
export const widgetsStateAtom: PrimitiveAtom<WidgetsState> & WithInitialValue<WidgetsState> = atom(initialWidgetsState)
/** The consent service's state; undefined until the service has started in the browser. */
export const consentStateAtom: PrimitiveAtom<ConsentState | undefined> & WithInitialValue<ConsentState | undefined> = atom<ConsentState | undefined>(undefined)
/** The post outlet picker's state (the Outlets service's; nothing typed until the shopper types). */
export const outletsStateAtom: PrimitiveAtom<OutletsState> & WithInitialValue<OutletsState> = atom<OutletsState>({
  ...initialOutletPicker<PostOutlet>(),
  searching: false
})
