// @vitest-environment happy-dom
/**
 * The React binding layer: the one bridge from a service's SubscriptionRef to a Jotai atom (follows,
 * stops when asked), and fine-grained cart atoms: changing one line of a 30-line cart re-renders that
 * line and the totals only (counted with React's Profiler).
 */
import { act, cleanup, render, screen } from "@testing-library/react"
import { Context, Effect, Layer, ManagedRuntime, SubscriptionRef } from "effect"
import { atom, createStore } from "jotai"
import { Profiler, type ReactNode } from "react"
import { afterEach, describe, expect, test } from "vitest"
import type { CartArticle } from "../../core/api/entities/cart.ts"
import { shopById } from "../../core/domain/shop.ts"
import { initialCartState, type CartState } from "../../core/services/Cart.ts"
import { cartStateAtom } from "../../react/storefront/atoms.ts"
import { followState } from "../../react/storefront/bridge.ts"
import { useCartEntity, useCartLine, useCartLineIds } from "../../react/storefront/hooks.ts"
import { StorefrontProvider, useStorefront } from "../../react/storefront/StorefrontProvider.tsx"

afterEach(cleanup)

class Counter extends Context.Service<Counter, SubscriptionRef.SubscriptionRef<number>>()("test/Counter") {
  static readonly layer = Layer.effect(Counter, SubscriptionRef.make(0))
}

describe("followState: a service's published state in a Jotai atom", () => {
  test("every value the service publishes reaches the atom; after stop, none does", async () => {
    const runtime = ManagedRuntime.make(Counter.layer)
    const store = createStore()
    const mirror = atom(-1)
    const stop = followState(runtime, store, Effect.gen(function*() { return yield* Counter }), mirror)
    const settle = () => new Promise((done) => setTimeout(done, 10))
    await settle()
    expect(store.get(mirror)).toBe(0)
    for (const value of [1, 2, 3]) {
      await runtime.runPromise(Effect.gen(function*() { yield* SubscriptionRef.set(yield* Counter, value) }))
      await settle()
      expect(store.get(mirror)).toBe(value)
    }
    stop()
    await settle()
    await runtime.runPromise(Effect.gen(function*() { yield* SubscriptionRef.set(yield* Counter, 99) }))
    await settle()
    expect(store.get(mirror)).toBe(3)
    await runtime.dispose()
  })
})

const article = (id: number, count: number): CartArticle => ({
  articleId: id,
  cartItemId: id,
  count,
  title: `Product ${id}`,
  availability: { inStock: 30 }
})

const cartOf = (counts: ReadonlyArray<number>): CartState => ({
  ...initialCartState,
  cart: { articles: counts.map((count, index) => article(index + 1, count)), total: { total: counts.reduce((a, b) => a + b, 0) } }
})

const renders = new Map<string, number>()
const counted = (id: string, children: ReactNode) => (
  <Profiler id={id} onRender={() => renders.set(id, (renders.get(id) ?? 0) + 1)}>{children}</Profiler>
)

function Line({ lineId }: { readonly lineId: string }) {
  const line = useCartLine(lineId)
  return <li>{line?.article.title}: {line?.count}</li>
}

function Totals() {
  const cart = useCartEntity()
  return <p role="status">total {cart?.total?.total}</p>
}

function Lines() {
  const ids = useCartLineIds()
  return <ul>{ids.map((id) => <span key={id}>{counted(`line-${id}`, <Line lineId={id} />)}</span>)}</ul>
}

describe("fine-grained cart atoms", () => {
  test("changing one line of a 30-line cart re-renders that line and the totals, nothing else", () => {
    const counts = Array.from({ length: 30 }, () => 1)
    let store: ReturnType<typeof createStore> | undefined
    function Grab({ children }: { readonly children: ReactNode }) {
      store = useStorefront().store
      return <>{children}</>
    }
    render(
      <StorefrontProvider shop={shopById("CZ10MA")} baseUrl="" language="en" live={false} initial={[[cartStateAtom, cartOf(counts)]]}>
        <Grab>
          <Lines />
          {counted("totals", <Totals />)}
        </Grab>
      </StorefrontProvider>
    )
    expect(screen.getByText("Product 17: 1")).toBeInTheDocument()
    renders.clear()
    act(() => {
      const next = [...counts]
      next[16] = 5
      store!.set(cartStateAtom, cartOf(next))
    })
    expect(screen.getByText("Product 17: 5")).toBeInTheDocument()
    expect(screen.getByRole("status")).toHaveTextContent("total 34")
    expect(Object.fromEntries(renders)).toEqual({ "line-17": 1, totals: 1 })
  })
})

