/**
 * Rendering a checkout component as a shopper sees it: inside a storefront provider that runs no
 * services (the components take their state and actions as props), in a shop and UI language.
 */
import { render } from "@testing-library/react"
import type { ReactElement } from "react"
import { shopById, type ShopId } from "../../../core/domain/shop.ts"
import type { UiLanguage } from "../../../core/messages/index.ts"
import { initialCheckoutState, type CheckoutState } from "../../../core/services/checkoutState.ts"
import { StorefrontProvider, type InitialState } from "../../../react/storefront/StorefrontProvider.tsx"

/** Renders `ui` in a provider of the shop (default CZ10MA, English). */
export const renderInShop = (ui: ReactElement, options: { readonly shopId?: ShopId; readonly language?: UiLanguage; readonly initial?: InitialState } = {}) => {
  const wrap = (element: ReactElement) => (
    <StorefrontProvider shop={shopById(options.shopId ?? "CZ10MA")} baseUrl="" language={options.language ?? "en"} live={false}
      {...(options.initial === undefined ? {} : { initial: options.initial })}>
      {element}
    </StorefrontProvider>
  )
  const rendered = render(wrap(ui))
  return { ...rendered, rerenderInShop: (next: ReactElement) => rendered.rerender(wrap(next)) }
}

/** A checkout state at a step with the given fields. */
export const checkoutState = (fields: Partial<CheckoutState>): CheckoutState => ({ ...initialCheckoutState, ...fields })

/** An action that records its calls and settles at once (with `answer(...args)`, default undefined). */
export const settled = <A extends ReadonlyArray<unknown>, R = unknown>(answer: (...args: A) => R = () => undefined as R) => {
  const calls: Array<A> = []
  const action = (...args: A): Promise<R> => {
    calls.push(args)
    return Promise.resolve(answer(...args))
  }
  return Object.assign(action, { calls })
}
