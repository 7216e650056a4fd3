// @vitest-environment happy-dom
/**
 * The post outlet picker as a shopper uses it, over the real Outlets service (its 500 ms debounce on fake timers)
 * with a scripted search: nothing is searched under 2 characters, one search 500 ms after the last keystroke, the
 * listbox driven by arrows, Enter, Escape and Tab (§9), a failed search keeps what is shown (§8), the chosen outlet
 * shown with a button to change it, and axe on the open combobox.
 */
import { act, cleanup, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Effect, Layer, ManagedRuntime } from "effect"
import { createStore, useAtomValue } from "jotai"
import { setImmediate as realSetImmediate } from "node:timers"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { ShopApiClient } from "../../../core/api/client.ts"
import type { PostOutlet } from "../../../core/api/entities/outlet.ts"
import type { OutletSearch } from "../../../core/api/outlets.ts"
import { Outlets } from "../../../core/services/Outlets.ts"
import { PostOutletPicker } from "../../../react/components/checkout/PostOutletPicker.tsx"
import { outletsStateAtom } from "../../../react/storefront/atoms.ts"
import { followState } from "../../../react/storefront/bridge.ts"
import type { OutletActions } from "../../../react/storefront/hooks.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { renderInShop } from "./support.tsx"

const praha: ReadonlyArray<PostOutlet> = [
  { postAddress: "Dlouhá 12, 110 00 Praha", zip: "11000" },
  { postAddress: "Vinohradská 80, 120 00 Praha", zip: "12000" },
  { postAddress: "Plzeňská 3, 150 00 Praha", zip: "150 00" }
]

type Answer = (find: string) => Effect.Effect<{ readonly outlets: ReadonlyArray<PostOutlet> }, Error>

/** The Outlets service over a search that records its bodies and answers by `answer`, followed into a Jotai store. */
const outletsService = (answer: { current: Answer }) => {
  const searches: Array<OutletSearch> = []
  const client = {
    outlets: {
      find: ({ payload }: { readonly payload: OutletSearch }) =>
        Effect.suspend(() => {
          searches.push(payload)
          return answer.current(payload.find)
        })
    }
  } as unknown as ShopApiClient["Service"]
  const runtime = ManagedRuntime.make(Outlets.layer.pipe(Layer.provide(Layer.succeed(ShopApiClient, client))))
  const store = createStore()
  const stop = followState(runtime, store, Effect.gen(function*() { return (yield* Outlets).state }), outletsStateAtom)
  const run = <A,>(f: (outlets: Outlets["Service"]) => Effect.Effect<A>) => runtime.runPromise(Outlets.use(f))
  const actions: OutletActions = {
    type: (query) => run((o) => o.type(query)),
    key: (key) => run((o) => o.key(key)),
    point: (index) => run((o) => o.point(index)),
    choose: (index) => run((o) => o.choose(index)),
    blur: () => run((o) => o.blur)
  }
  return { searches, store, actions, dispose: () => { stop(); void runtime.dispose() } }
}

let shopper: ReturnType<typeof userEvent.setup>
let disposers: Array<() => void> = []

beforeEach(() => {
  // The service's debounce runs on these timers.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] })
  // Testing Library drains its queue after each user event on a 0 ms timer, which it advances only when it sees
  // Jest's fake timers (`jest.advanceTimersByTime`): it gets Vitest's under that name.
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  shopper = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime })
})

afterEach(() => {
  cleanup()
  for (const dispose of disposers) dispose()
  disposers = []
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Lets the service's fibers and the bridge run what they have queued, without moving the clock. */
const settle = async () => {
  for (let round = 0; round < 6; round++) {
    await act(() => vi.advanceTimersByTimeAsync(0))
    await act(() => new Promise<void>((resolve) => realSetImmediate(() => resolve())))
  }
}

/** Moves the clock by `ms`, then lets everything settle. */
const wait = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms))
  await settle()
}

const setup = (options: { readonly chosen?: PostOutlet; readonly applies?: boolean } = {}) => {
  const answer = { current: ((find: string) => Effect.succeed({ outlets: find.startsWith("Pr") ? praha : [] })) as Answer }
  const service = outletsService(answer)
  disposers.push(service.dispose)
  const chosen: Array<PostOutlet> = []
  const submitted = vi.fn()
  const onChoose = (outlet: PostOutlet) => {
    chosen.push(outlet)
    return Promise.resolve(options.applies ?? true)
  }
  function Picker({ current }: { readonly current?: PostOutlet | undefined }) {
    const state = useAtomValue(outletsStateAtom, { store: service.store })
    return (
      <form aria-label="Shipping" onSubmit={(event) => { event.preventDefault(); submitted() }}>
        <PostOutletPicker state={state} actions={service.actions} chosen={current} onChoose={onChoose} />
        <button type="submit">Order</button>
      </form>
    )
  }
  const view = renderInShop(<Picker current={options.chosen} />)
  return { ...service, answer, chosen, submitted, rerender: (current?: PostOutlet) => view.rerenderInShop(<Picker current={current} />) }
}

const combobox = () => screen.getByRole("combobox", { name: "Post office: town, street or postal code" })
const options = () => within(screen.getByRole("listbox", { name: "Post offices", hidden: true })).queryAllByRole("option")
const activeOption = () => {
  const id = combobox().getAttribute("aria-activedescendant")
  return id === null ? undefined : document.getElementById(id)
}
const status = () => screen.getByRole("status")

describe("PostOutletPicker", () => {
  test("searches from 2 characters, 500 ms after the last keystroke, and shows the zip in the shop's pattern", async () => {
    const picker = setup()
    const opener = screen.getByRole("button", { name: "Choose a post office" })
    expect(opener.getAttribute("aria-expanded")).toBe("false")
    await shopper.click(opener)
    expect(opener.getAttribute("aria-expanded")).toBe("true")
    expect(document.activeElement).toBe(combobox())
    expect(combobox().getAttribute("aria-controls")).toBe(screen.getByRole("listbox", { hidden: true }).id)

    await shopper.type(combobox(), "P")
    await wait(1000)
    expect(picker.searches).toEqual([])
    expect(combobox().getAttribute("aria-expanded")).toBe("false")
    expect(status().textContent).toBe("")

    await shopper.type(combobox(), "r")
    await wait(499)
    expect(picker.searches).toEqual([])
    expect(status().textContent).toBe("Searching post offices…")
    await wait(1)
    expect(picker.searches).toHaveLength(1)
    expect(picker.searches[0]).toMatchObject({ find: "Pr", purchasePrice: 2500 })
    expect(combobox().getAttribute("aria-expanded")).toBe("true")
    expect(options().map((option) => option.textContent)).toEqual([
      "110 00Dlouhá 12, 110 00 Praha",
      "120 00Vinohradská 80, 120 00 Praha",
      "150 00Plzeňská 3, 150 00 Praha"
    ])
    expect(status().textContent).toBe("3 post offices found")
    // Typing on restarts the debounce: one search, for the last query.
    await shopper.type(combobox(), "ah")
    await wait(300)
    await shopper.type(combobox(), "a")
    await wait(499)
    expect(picker.searches).toHaveLength(1)
    await wait(1)
    expect(picker.searches.map((search) => search.find)).toEqual(["Pr", "Praha"])
  })

  test("arrows move the active option with wrap-around, Escape closes, Enter chooses without submitting the form", async () => {
    const picker = setup()
    await shopper.click(screen.getByRole("button", { name: "Choose a post office" }))
    await shopper.type(combobox(), "Pr")
    await wait(500)
    expect(activeOption()).toBeUndefined()

    await shopper.keyboard("{ArrowDown}")
    await settle()
    expect(activeOption()?.textContent).toContain("Dlouhá 12")
    expect(activeOption()?.getAttribute("aria-selected")).toBe("true")
    await shopper.keyboard("{ArrowDown}")
    await settle()
    expect(activeOption()?.textContent).toContain("Vinohradská 80")
    await shopper.keyboard("{ArrowUp}{ArrowUp}")
    await settle()
    expect(activeOption()?.textContent).toContain("Plzeňská 3")
    expect(options().filter((option) => option.getAttribute("aria-selected") === "true")).toHaveLength(1)
    await expectNoAxeViolationsOnRealTimers()

    await shopper.keyboard("{Escape}")
    await settle()
    expect(combobox().getAttribute("aria-expanded")).toBe("false")
    expect(combobox().hasAttribute("aria-activedescendant")).toBe(false)
    expect(picker.chosen).toEqual([])

    await shopper.keyboard("{ArrowDown}")
    await settle()
    expect(combobox().getAttribute("aria-expanded")).toBe("true")
    expect(activeOption()?.textContent).toContain("Dlouhá 12")
    await shopper.keyboard("{Enter}")
    await settle()
    expect(picker.chosen).toEqual([praha[0]])
    expect(picker.submitted).not.toHaveBeenCalled()
    // Applied: the picker folds back to its button, which has the focus.
    const opener = screen.getByRole("button", { name: "Choose a post office" })
    expect(opener.getAttribute("aria-expanded")).toBe("false")
    expect(document.activeElement).toBe(opener)

    picker.rerender(praha[0])
    expect(screen.getByText("Post office: Dlouhá 12, 110 00 Praha")).toBeTruthy()
    const change = screen.getByRole("button", { name: "Change the post office" })
    await shopper.click(change)
    expect(change.getAttribute("aria-expanded")).toBe("true")
    // Escape with the list closed folds the picker back, the chosen outlet stays.
    await shopper.keyboard("{Escape}")
    expect(change.getAttribute("aria-expanded")).toBe("false")
    expect(document.activeElement).toBe(change)
  })

  test("Tab chooses the active outlet; with none active it only closes; a click chooses", async () => {
    const picker = setup()
    await shopper.click(screen.getByRole("button", { name: "Choose a post office" }))
    await shopper.type(combobox(), "Pr")
    await wait(500)
    await shopper.keyboard("{Tab}")
    await settle()
    expect(picker.chosen).toEqual([])

    await shopper.click(combobox())
    await shopper.keyboard("{ArrowDown}{ArrowDown}")
    await settle()
    await shopper.keyboard("{Tab}")
    await settle()
    expect(picker.chosen).toEqual([praha[1]])
  })

  test("a click on an option chooses it; a refused outlet says so and the picker stays open", async () => {
    const picker = setup({ applies: false })
    await shopper.click(screen.getByRole("button", { name: "Choose a post office" }))
    await shopper.type(combobox(), "Pr")
    await wait(500)
    await shopper.click(options()[2]!)
    await settle()
    expect(picker.chosen).toEqual([praha[2]])
    expect(screen.getByRole("alert").textContent).toBe("This post office cannot take the parcel. Please choose another one.")
    expect(combobox()).toBeTruthy()
  })

  test("a failed search keeps the outlets shown (§8)", async () => {
    const picker = setup()
    await shopper.click(screen.getByRole("button", { name: "Choose a post office" }))
    await shopper.type(combobox(), "Pr")
    await wait(500)
    expect(options()).toHaveLength(3)
    picker.answer.current = () => Effect.fail(new Error("503"))
    await shopper.type(combobox(), "a")
    await wait(500)
    expect(picker.searches.map((search) => search.find)).toEqual(["Pr", "Pra"])
    expect(options()).toHaveLength(3)
    expect(combobox().getAttribute("aria-expanded")).toBe("true")
    expect(status().textContent).toBe("3 post offices found")
    expect(screen.queryByRole("alert")).toBeNull()
  })
})

/** axe schedules its own timers: it runs on real ones, the fake clock resumes afterwards. */
const expectNoAxeViolationsOnRealTimers = async () => {
  vi.useRealTimers()
  try {
    await expectNoAxeViolations(document.body)
  } finally {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] })
  }
}
