/**
 * Renders a widget the way an app does: under a StorefrontProvider (services off unless a layer is given) in a shop
 * and UI language, with the plain link component.
 */
import { render, type RenderResult } from "@testing-library/react"
import type { Layer } from "effect"
import type { ReactElement, ReactNode } from "react"
import { shopById, type ShopId } from "../../../core/domain/shop.ts"
import type { UiLanguage } from "../../../core/messages/index.ts"
import type { StorefrontServices } from "../../../core/storefront.ts"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"

/** Where and how to render. */
export interface WidgetContext {
  readonly shopId?: ShopId
  readonly language?: UiLanguage
  /** The services; none (nothing starts) when absent. */
  readonly layer?: Layer.Layer<StorefrontServices>
}

/** Renders `ui` in a provider for the shop (default CZ10MA, English texts). */
export const renderWidget = (ui: ReactElement, { shopId = "CZ10MA", language = "en", layer }: WidgetContext = {}): RenderResult =>
  render(ui, {
    wrapper: ({ children }: { readonly children: ReactNode }) => (
      <StorefrontProvider shop={shopById(shopId)} baseUrl="" language={language} live={layer !== undefined}
        {...(layer === undefined ? {} : { layer })}>
        {children}
      </StorefrontProvider>
    )
  })
