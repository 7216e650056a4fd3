/**
 * A part of a page whose code is a chunk of its own, loaded after the page's first-load JavaScript (React.lazy), while
 * the server renders it in place. The route's loader calls `preload` on the server, so the server's render finds the
 * part loaded and writes its HTML where it belongs (no fallback, nothing moved in later by a script); in the browser
 * its Suspense boundary keeps that HTML until the chunk has loaded, then hydrates on its own, in a task of its own,
 * after the rest of the page.
 *
 * @module
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react"

/** A lazily loaded part of a page. */
export interface LazyPart<P extends object> {
  /** The component to render under a `<Suspense>`. */
  readonly Component: LazyExoticComponent<ComponentType<P>>
  /** Loads its code (once); once loaded, rendering it no longer suspends. */
  readonly preload: () => Promise<void>
}

/** A thenable that calls back at once, so React.lazy renders an already loaded component without suspending. */
const settledNow = <A>(value: A): Promise<A> =>
  ({ then: (fulfilled: (value: A) => unknown) => fulfilled(value) }) as unknown as Promise<A>

/** A page part loaded by `load` (a dynamic import picking its component). */
export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> => {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then((component) => (loaded = component), (error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
  const Component = lazy(() => loaded === undefined
    ? preload().then((component) => ({ default: component }))
    : settledNow({ default: loaded }))
  return { Component, preload: () => preload().then(() => undefined) }
}
