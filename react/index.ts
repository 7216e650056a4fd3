/**
 * React 19 bindings of the storefront core: accessible components that render the core's rules and
 * never decide one themselves.
 *
 * @module
 */
export { QuantityInput, type QuantityInputLabels, type QuantityInputProps } from "./QuantityInput.tsx"
export {
  StorefrontProvider,
  useStorefront,
  type InitialState,
  type StorefrontContextValue,
  type StorefrontProviderProps,
  type StorefrontRuntime,
  type ServicesModule
} from "./storefront/StorefrontProvider.tsx"
export {
  useCart,
  useCartActions,
  useCartEntity,
  useCartLine,
  useCartLineIds,
  useCheckout,
  useConsent,
  useCustomer,
  useRun,
  useRunWith,
  useWidgets,
  useWishlists,
  type CartActions,
  type CheckoutHandle,
  type CustomerHandle,
  type ServiceHandle
} from "./storefront/hooks.ts"
export {
  accountStateAtom,
  cartStateAtom,
  checkoutStateAtom,
  consentStateAtom,
  widgetsStateAtom,
  wishlistStateAtom,
  type WithInitialValue
} from "./storefront/atoms.ts"
export { followState, type JotaiStore } from "./storefront/bridge.ts"
export { browserStorageLayer } from "./storefront/browserStorage.ts"
/** The Effect half of the bindings (services, runtime, start), loaded by the provider after hydration. */
export * as Services from "./storefront/services.ts"
export {
  LinkProvider,
  PlainLink,
  useLink,
  useShopText,
  type LinkComponent,
  type LinkProps,
  type ShopText
} from "./storefront/text.tsx"
