/**
 * Rendering a header component as the storefront does: under a provider for a shop (its services not started, the
 * state given as server-rendered atoms), the header's drawers, a viewport width, and the English texts to find
 * things by.
 */
import { act, cleanup, render } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { ReactElement } from "react"
import { afterEach, beforeEach, vi } from "vitest"
import { shopById, type ShopId } from "../../../core/domain/shop.ts"
import { translate, type MessageKey, type UiLanguage } from "../../../core/messages/index.ts"
import { DrawersProvider } from "../../../react/components/header/drawers.tsx"
import { StorefrontProvider, type InitialState } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectNoAxeViolations } from "../../support/axe.ts"

/**
 * Testing Library settles each user action by waiting a 0 ms timeout, which it advances itself only under Jest's
 * fake timers: give it Vitest's, so user actions settle while a test drives the clock.
 */
;(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) }

// The drawers' contents and the menu layer load on first opening (React.lazy); loaded here once, a lazy part
// resolves within the user action that opens it, as it does in a browser that already fetched the chunk.
await Promise.all([
  import("../../../react/components/header/CartPanel.tsx"),
  import("../../../react/components/header/WishlistPanel.tsx"),
  import("../../../react/components/header/LoginForm.tsx"),
  import("../../../react/components/header/AccountMenu.tsx"),
  import("../../../react/components/header/MenuLayer.tsx")
])

/** Sets the window's width (the device class follows it). */
export const setViewportWidth = (width: number) => {
  Object.defineProperty(window, "innerWidth", { value: width, configurable: true, writable: true })
}

/** The text of a key in a language (default English). */
export const text = (key: MessageKey, params?: Record<string, string | number>, language: UiLanguage = "en") =>
  (translate as (l: UiLanguage, k: string, p?: object) => string)(language, key, params)

/** Renders `ui` in a shop's provider and the header's drawers. */
export const renderInShop = (
  ui: ReactElement,
  options: { readonly shopId?: ShopId; readonly language?: UiLanguage; readonly initial?: InitialState } = {}
) =>
  render(
    <StorefrontProvider shop={shopById(options.shopId ?? "CZ10MA")} baseUrl="" language={options.language ?? "en"} live={false}
      {...(options.initial === undefined ? {} : { initial: options.initial })}>
      <DrawersProvider>{ui}</DrawersProvider>
    </StorefrontProvider>
  )

/**
 * axe on an element; axe schedules its own timers, so under fake timers it runs on real ones and the fake clock
 * resumes afterwards (call it when no delay of the component is pending).
 */
export const expectAccessible = async (context: Element): Promise<void> => {
  const faked = vi.isFakeTimers()
  if (faked) vi.useRealTimers()
  try {
    await expectNoAxeViolations(context)
  } finally {
    if (faked) vi.useFakeTimers()
  }
}

/** Lets a lazy part that has just been asked for render (its module is already loaded). */
export const settle = () => act(async () => {})

/**
 * Every test of the file on fake timers at desktop width, with a user-event shopper that advances them; the returned
 * function gives the current test's shopper.
 */
export const fakeTimerShopper = (): (() => ReturnType<typeof userEvent.setup>) => {
  let shopper: ReturnType<typeof userEvent.setup>
  beforeEach(() => {
    vi.useFakeTimers()
    setViewportWidth(1280)
    shopper = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime })
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })
  return () => shopper
}
