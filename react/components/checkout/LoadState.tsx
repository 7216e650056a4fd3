/**
 * The cart's and the checkout's call state (§4 the loading flag, §4 and §8 the fatal error flag): the content is
 * marked busy while a call is in flight, and a cart that could not be resolved is announced with a way to try again.
 *
 * @module
 */
import { useStoreValue } from "../../storefront/storeValue.ts"
import type { ReactNode } from "react"
import { cartStateAtom, checkoutStateAtom } from "../../storefront/atoms.ts"
import { useCartActions, useCheckout } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link LoadState}. */
export interface LoadStateProps {
  /** A call is in flight (the content is `aria-busy`). */
  readonly loading: boolean
  /** The cart could not be resolved: the alert and the retry button show. */
  readonly fatalError: boolean
  /** Loads again (the retry button); no button without it. */
  readonly onRetry?: (() => void) | undefined
  /** Extra class. */
  readonly className?: string | undefined
  /** The content whose state this is. */
  readonly children?: ReactNode
}

/**
 * The content, busy while loading, with the fatal-error alert above it.
 *
 * @example
 * ```tsx
 * <LoadState loading={state.loading} fatalError={state.fatalError} onRetry={reload}><CartLines /></LoadState>
 * ```
 */
export function LoadState({ loading, fatalError, onRetry, className, children }: LoadStateProps) {
  const { t } = useShopText()
  return (
    <div className={["load-state", className].filter(Boolean).join(" ")} aria-busy={loading}>
      {fatalError && (
        <div role="alert" className="flash danger fatal-error">
          <span>{t("sig_cart_fatal")}</span>
          {onRetry !== undefined && (
            <button type="button" className="button" disabled={loading} onClick={onRetry}>{t("sig_retry")}</button>
          )}
        </div>
      )}
      {children}
    </div>
  )
}

const ignore = () => undefined

/**
 * {@link LoadState} of the cart service: busy during any cart call, the fatal error with a retry that loads the cart
 * again.
 *
 * @example
 * ```tsx
 * <CartLoadState><CartLines /></CartLoadState>
 * ```
 */
export function CartLoadState({ className, children }: { readonly className?: string; readonly children?: ReactNode }) {
  const state = useStoreValue(cartStateAtom)
  const { load } = useCartActions()
  return (
    <LoadState loading={state.loading} fatalError={state.fatalError} onRetry={() => void load().catch(ignore)} className={className}>
      {children}
    </LoadState>
  )
}

/**
 * {@link LoadState} of the checkout service: busy during any checkout call, the fatal error with a retry that loads
 * the checkout again.
 *
 * @example
 * ```tsx
 * <CheckoutLoadState><ShippingStep /></CheckoutLoadState>
 * ```
 */
export function CheckoutLoadState({ className, children }: { readonly className?: string; readonly children?: ReactNode }) {
  const state = useStoreValue(checkoutStateAtom)
  const checkout = useCheckout()
  return (
    <LoadState loading={state.loading} fatalError={state.fatalError} onRetry={() => void checkout.run((c) => c.load).catch(ignore)}
      className={className}>
      {children}
    </LoadState>
  )
}
