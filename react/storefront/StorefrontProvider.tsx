/**
 * The provider every storefront component lives under: it owns one Jotai store and, in the browser,
 * one Effect `ManagedRuntime` with the core's services ({@link Storefront.layer}); both are disposed
 * on unmount. On the server there is no runtime: components render the state the page's loader
 * hydrated into the store, so nothing is requested twice.
 *
 * ```tsx
 * <StorefrontProvider shop={shopById("CZ10MA")} baseUrl="" language="cs">
 *   <CartPage />
 * </StorefrontProvider>
 * ```
 *
 * @module
 */
import type { Effect, Layer } from "effect"
import { createStore, Provider as JotaiProvider, type PrimitiveAtom } from "jotai"
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react"
import type { Shop } from "../../core/domain/shop.ts"
import type { UiLanguage } from "../../core/messages/languages.ts"
import type { Storage } from "../../core/services/Storage.ts"
import type { StorefrontServices } from "../../core/storefront.ts"
import type { StorefrontTrackingOptions } from "../../core/storefrontAnalytics.ts"
import type { DataLayer } from "../../core/services/TagManager.ts"
import type { JotaiStore } from "./bridge.ts"
import type { StartedServices, StorefrontRuntime } from "./services.ts"
import { HydrationSnapshotContext } from "./storeValue.ts"

export type { StorefrontRuntime } from "./services.ts"

/** The module of the services, loaded after the page is interactive (`./services.ts`). */
export type ServicesModule = typeof import("./services.ts")

/** How an effect is run. */
export interface RunOptions {
  /**
   * Whether the call starts services that wait for the shopper (`start="interaction"`); default true. False for what
   * can wait (tracking events, below-the-fold lists): the effect runs once the services have started anyway.
   */
  readonly start?: boolean
}

/** What the provider hands to hooks. */
export interface StorefrontContextValue {
  /** The shop. */
  readonly shop: Shop
  /** The UI language of the texts. */
  readonly language: UiLanguage
  /** The Jotai store of this provider. */
  readonly store: JotaiStore
  /**
   * Puts state a page rendered with on the server (from its loader's data, during its render) into the store and into
   * the store's hydration snapshot (`storeValue.ts`), each only where `missing` says the value is not there yet: a
   * value written into the store alone would be missing from what hydration renders, and from the server's HTML.
   */
  readonly seed: <Value>(target: PrimitiveAtom<Value>, value: Value, missing: (current: Value) => boolean) => void
  /** The tracking options the provider was given (the virtual pageviews' texts). */
  readonly tracking?: StorefrontTrackingOptions | undefined
  /** Whether the tag manager pushes to `window.dataLayer` (`dataLayer="browser"`), which needs no services. */
  readonly browserDataLayer?: boolean
  /**
   * Runs an effect on the services once they are up (in the browser); rejects with an `AbortError`
   * when `signal` aborts first, interrupting the effect.
   */
  readonly run: <A, E>(effect: Effect.Effect<A, E, StorefrontServices>, signal?: AbortSignal, options?: RunOptions) => Promise<A>
  /**
   * Like {@link StorefrontContextValue.run}, with the effect built from the services module once it has loaded
   * (so a page that only reads state never loads Effect).
   */
  readonly runWith: <A, E>(
    build: (services: ServicesModule) => Effect.Effect<A, E, StorefrontServices>,
    signal?: AbortSignal,
    options?: RunOptions
  ) => Promise<A>
}

const StorefrontContext = createContext<StorefrontContextValue | undefined>(undefined)

/** State the page already has (from its loader), written into the store before the first render. */
export type InitialState = ReadonlyArray<readonly [PrimitiveAtom<any>, unknown]>

/** Props of {@link StorefrontProvider}. */
export interface StorefrontProviderProps {
  /** The shop. */
  readonly shop: Shop
  /** The shop's origin; empty for the page's own origin. */
  readonly baseUrl: string
  /** The UI language. */
  readonly language: UiLanguage
  /** The session's CSRF token and cart id as rendered by the server. */
  readonly session?: { readonly csrfToken?: string | undefined; readonly cartId?: number | undefined }
  /** Atom values known before the first render (server-rendered state). */
  readonly initial?: InitialState
  /** The storage port: `"browser"` (localStorage and cookies, loaded with the services), a layer, or memory when absent. */
  readonly storage?: Layer.Layer<Storage> | "browser"
  /** Replaces the services (tests: a layer over an in-process backend). */
  readonly layer?: Layer.Layer<StorefrontServices>
  /** Whether to start the services at all (false during server rendering); default true. */
  readonly live?: boolean
  /** Whether the services follow the server's live cart changes; default true. */
  readonly liveData?: boolean
  /** The tracking client, tag manager and cross-sell options (debug mode, virtual pageview texts). */
  readonly tracking?: StorefrontTrackingOptions
  /** The tag manager's data layer: `"browser"` (`window.dataLayer`, loaded with the services), a layer, or memory when absent. */
  readonly dataLayer?: Layer.Layer<DataLayer> | "browser"
  /**
   * When the services start: `"mount"` (default) as soon as the provider mounts; `"interaction"` on the shopper's
   * first interaction with the page (pointer press or move, touch, key, focus, wheel or scroll), on the first effect a component
   * runs, or once the browser has been idle for {@link deferredStartMs} after the page loaded, whichever comes first.
   * Loading and starting Effect and the API client is the page's biggest main-thread task, so a server-rendered page
   * defers it out of its loading.
   */
  readonly start?: "mount" | "interaction"
  readonly children?: ReactNode
}

interface Deferred<A> {
  readonly promise: Promise<A>
  readonly resolve: (value: A) => void
}

const deferred = <A,>(): Deferred<A> => {
  let resolve!: (value: A) => void
  const promise = new Promise<A>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/** What runs once the services have started. */
interface Running {
  readonly module: ServicesModule
  readonly services: StartedServices
}

/** How long after the page's `load` event a deferred start waits for the shopper before it starts the services anyway (then in the browser's idle time). */
export const deferredStartMs = 4000

/** The interactions that start deferred services. */
const startingEvents = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const

/** Calls `begin` on the first interaction, or in idle time `deferredStartMs` after the page's load; returns a cancel. */
const onFirstInteraction = (begin: () => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle: number | undefined
  const fire = () => {
    cancel()
    begin()
  }
  const idleThen = () => {
    timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(fire, { timeout: deferredStartMs })
      else fire()
    }, deferredStartMs)
  }
  const cancel = () => {
    for (const name of startingEvents) window.removeEventListener(name, fire, true)
    window.removeEventListener("load", idleThen)
    clearTimeout(timer)
    if (idle !== undefined) window.cancelIdleCallback(idle)
  }
  for (const name of startingEvents) window.addEventListener(name, fire, { capture: true, passive: true })
  if (document.readyState === "complete") idleThen()
  else window.addEventListener("load", idleThen, { once: true })
  return cancel
}

const abortError = () => new DOMException("The operation was aborted", "AbortError")

/**
 * Resolves in a later task of the event loop (`scheduler.yield` where there is one, else a message to itself), so the
 * browser can handle input and paint between two long pieces of work.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { readonly scheduler?: { readonly yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === "function") return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(undefined)
  })
}

/** Provides the services and the store to the components below. */
export function StorefrontProvider(props: StorefrontProviderProps) {
  const { shop, baseUrl, language, session, initial, storage, layer, live = true, liveData = true, tracking, dataLayer, start = "mount", children } = props
  const [[store, snapshot]] = useState(() => {
    const created = createStore()
    const rendered = createStore()
    for (const [target, value] of initial ?? []) {
      created.set(target, value)
      rendered.set(target, value)
    }
    return [created, rendered] as const
  })
  const ready = useRef(deferred<Running>())
  // Starts the services now (a deferred start waiting for the shopper); a no-op once started. Before the provider's
  // effect has run (children's effects run first) it notes that an effect is waiting, and the services start at once.
  const wanted = useRef(false)
  const begin = useRef<() => void>(() => {
    wanted.current = true
  })

  useEffect(() => {
    if (!live) return
    const waiting = ready.current
    let active = true
    let started: StartedServices | undefined
    let begun = false
    // The services (and the Effect runtime they run on) load after the page is interactive: the first paint
    // needs none of them, the page's state comes from the server.
    const load = () => import("./services.ts").then(async (module) => {
      // Evaluating the services' module and starting them are the page's two longest tasks: one after the other.
      await nextTask()
      if (!active) return
      const options = layer ?? {
        shop,
        baseUrl,
        liveData,
        ...(session === undefined ? {} : { session }),
        ...(storage === undefined ? {} : { storage: storage === "browser" ? module.browserStorageLayer : storage }),
        ...(tracking === undefined ? {} : { tracking }),
        ...(dataLayer === undefined ? {} : { dataLayer: dataLayer === "browser" ? module.browserDataLayerLayer : dataLayer })
      }
      const services = await module.startServices(store, options)
      if (!active) return services.stop()
      started = services
      waiting.resolve({ module, services })
    }).catch(() => undefined)
    const startNow = () => {
      if (begun || !active) return
      begun = true
      void load()
    }
    begin.current = startNow
    const cancel = start === "interaction" && !wanted.current ? onFirstInteraction(startNow) : (startNow(), () => undefined)
    return () => {
      active = false
      cancel()
      begin.current = () => {
        wanted.current = true
      }
      // Calls made from now on wait for the next start (StrictMode mounts effects twice).
      if (ready.current === waiting) ready.current = deferred<Running>()
      started?.stop()
    }
    // The services live as long as the shop and origin stay the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shop.shopId, baseUrl, live])

  const value = useMemo<StorefrontContextValue>(() => ({
    shop,
    language,
    store,
    seed: (target, value, missing) => {
      for (const written of [store, snapshot]) if (missing(written.get(target))) written.set(target, value)
    },
    tracking,
    browserDataLayer: dataLayer === "browser",
    run: (effect, signal, options) => {
      if (signal?.aborted) return Promise.reject(abortError())
      if (options?.start !== false) begin.current()
      return ready.current.promise.then(({ services }) => services.run(effect, signal))
    },
    runWith: (build, signal, options) => {
      if (signal?.aborted) return Promise.reject(abortError())
      if (options?.start !== false) begin.current()
      return ready.current.promise.then(({ module, services }) => services.run(build(module), signal))
    }
    // The tracking options and the data layer are read when an event is built, as the services read them at their start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [shop, language, store, snapshot])

  return (
    <StorefrontContext.Provider value={value}>
      <HydrationSnapshotContext value={snapshot}>
        <JotaiProvider store={store}>{children}</JotaiProvider>
      </HydrationSnapshotContext>
    </StorefrontContext.Provider>
  )
}

/** The provider's context; throws outside a {@link StorefrontProvider}. */
export const useStorefront = (): StorefrontContextValue => {
  const value = useContext(StorefrontContext)
  if (value === undefined) throw new Error("useStorefront must be used under a <StorefrontProvider>")
  return value
}
