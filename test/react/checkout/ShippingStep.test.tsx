// @vitest-environment happy-dom
/**
 * The shipping step as a shopper uses it: a pick-up point found by search (with place suggestions),
 * chosen from the list and from the map's markers; address and marketplace deliveries; payments with
 * disabled and invalid ones and child payments; order consents; the invoice note and the order.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, beforeAll, describe, expect, test } from "vitest"
import type { Branch, Delivery } from "../../../core/api/entities/delivery.ts"
import type { BillingMethods } from "../../../core/api/entities/payment.ts"
import { ShippingStep } from "../../../react/components/checkout/ShippingStep.tsx"
import type { ShippingActions } from "../../../react/components/checkout/shippingActions.ts"
import type { OutletsState } from "../../../core/services/Outlets.ts"
import type { OutletActions } from "../../../react/storefront/hooks.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { checkoutState, renderInShop, settled } from "./support.tsx"

afterEach(cleanup)

beforeAll(() => {
  // happy-dom lays nothing out: give the map a size so Leaflet computes bounds and draws markers.
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get() { return 800 } })
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get() { return 500 } })
})

const own: Delivery = {
  deliveryId: "11",
  deliveryMethods: [
    { type: "pup", available: true, availablePupTransports: [{ id: "5" }] },
    { type: "privileged_pup", available: true, availablePupTransports: [{ id: "6" }] },
    { type: "address", available: true }
  ],
  transports: [{ id: "5", title: "Pick-up" }, { id: "6", title: "Box" }, { id: "7", title: "Courier", price: 99 }]
}
const marketplace: Delivery = {
  deliveryId: "12",
  isMarketplace: true,
  deliveredBy: "Partner s.r.o.",
  deliveryMethods: [{ type: "address", available: true }, { type: "pup", available: false, availablePupTransports: [{ id: "9" }] }],
  transports: [{ id: "8", title: "Partner courier", price: 0 }, { id: "9", title: "Partner pick-up" }]
}
const branches: ReadonlyArray<Branch> = [
  { id: "101", name: "Praha Holešovice", city: "Praha", address: "Dělnická 1", lat: 50.1, lng: 14.44, pupType: "shop", cashAndCarry: true },
  { id: "102", name: "Praha Box Anděl", city: "Praha", lat: 50.07, lng: 14.4, pupType: "box" },
  { id: "103", name: "Brno Centrum", city: "Brno", lat: 49.19, lng: 16.6, pupType: "shop" }
]
const payments: BillingMethods = {
  CZC: { title: "Cash on delivery", price: 30 },
  CZK: { title: "Card", price: 0, childPayments: [{ code: "CZK_1", title: "Saved card" }, { code: "CZK_2", title: "New card" }] },
  CZL: { title: "Lengthy transfer", disabled: true },
  CZV: { title: "Voucher payment", invalid: true }
}

const actionsFor = (applies: (selection: { readonly transportId: string }) => boolean = () => true) => {
  const actions = {
    loadConsents: settled<[]>(),
    loadBranches: settled<[string]>(),
    searchBranches: settled<[string, string]>(),
    suggestPlaces: settled<[string]>(),
    selectDelivery: settled<[{ readonly transportId: string }], boolean>(applies),
    selectPayment: settled<[unknown]>(),
    setConsent: settled<[string, boolean]>(),
    dismissFlashes: settled<[]>(),
    placeOrder: settled<[string]>()
  }
  return actions satisfies ShippingActions
}

describe("ShippingStep", () => {
  test("a pick-up point through search and suggestions, then the list; address and marketplace deliveries", async () => {
    const user = userEvent.setup()
    const actions = actionsFor()
    const state = checkoutState({ step: "shipping", deliveries: [own, marketplace], billingMethods: payments })
    const { rerenderInShop, container } = renderInShop(<ShippingStep state={state} actions={actions} />)
    expect(actions.loadConsents.calls).toHaveLength(1)

    const first = screen.getByRole("group", { name: "Delivery 1" })
    const opener = within(first).getByRole("button", { name: "Choose a pick-up point" })
    expect(opener.getAttribute("aria-expanded")).toBe("false")
    await user.click(opener)
    expect(actions.loadBranches.calls).toEqual([["11"]])
    expect(opener.getAttribute("aria-expanded")).toBe("true")

    await user.type(within(first).getByRole("searchbox", { name: "Town, street or name" }), "Pr")
    expect(actions.searchBranches.calls).toEqual([["11", "Pr"]])
    expect(actions.suggestPlaces.calls).toEqual([["Pr"]])

    rerenderInShop(<ShippingStep state={{ ...state, branches, geoSuggestions: [{ title: "Praha", lat: 50.08, lng: 14.43 }] }} actions={actions} />)
    expect(within(first).getByRole("navigation", { name: "Suggestions" })).toBeTruthy()
    const list = within(first).getByRole("list", { name: "Pick-up points" })
    expect(within(list).getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Praha Holešovice (pay at the counter)", "Praha Box Anděl (Parcel box)", "Brno Centrum"
    ])
    await user.click(within(list).getByRole("button", { name: "Choose Praha Box Anděl (Parcel box)" }))
    expect(actions.selectDelivery.calls).toEqual([[{ deliveryId: "11", type: "privileged_pup", transportId: "6", branchId: "102" }]])

    // Address delivery: only the transport that serves no pick-up.
    const courier = within(first).getByRole("radio", { name: /Courier/ })
    expect(within(first).queryByRole("radio", { name: /Pick-up|Box/ })).toBeNull()
    await user.click(courier)
    expect(actions.selectDelivery.calls[1]).toEqual([{ deliveryId: "11", type: "address", transportId: "7" }])

    // The marketplace delivery: the partner delivers, to the address only.
    const partner = screen.getByRole("group", { name: "Delivery by Partner s.r.o." })
    expect(within(partner).queryByRole("button", { name: "Choose a pick-up point" })).toBeNull()
    expect(within(partner).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual(["Partner courierFree"])
    await expectNoAxeViolations(container)
  })

  test("a pick-up point chosen on the map (markers drawn offline, the list follows a chosen place)", async () => {
    const user = userEvent.setup()
    const actions = actionsFor()
    const state = checkoutState({ step: "shipping", deliveries: [own], branches, geoSuggestions: [{ title: "Brno", lat: 49.2, lng: 16.6 }], billingMethods: payments })
    const { container } = renderInShop(<ShippingStep state={state} actions={actions} />)
    await user.click(screen.getByRole("button", { name: "Choose a pick-up point" }))
    await user.click(screen.getByRole("button", { name: "Map", pressed: false }))
    const map = await screen.findByRole("region", { name: "Map of pick-up points" })
    // At the default zoom 8 around Prague, the two Prague branches are one cluster; Brno is a marker of its own.
    const brno = await within(map).findByRole("button", { name: "Choose Brno Centrum" })
    const cluster = within(map).getByRole("button", { name: "Pick-up points here: 2. Zoom in" })
    // Panning the map (towards Brno) redraws what it shows, keeping the markers still in view (a focused one keeps its focus).
    // (Leaflet reads the arrow's keyCode, which a browser sends and user-event does not.)
    const pane = map.querySelector<HTMLElement>(".leaflet-map-pane")!
    map.focus()
    fireEvent.keyDown(map, { key: "ArrowRight", code: "ArrowRight", keyCode: 39 })
    expect(pane.classList.contains("leaflet-pan-anim")).toBe(true)
    await waitFor(() => expect(pane.classList.contains("leaflet-pan-anim")).toBe(false))
    expect(brno.isConnected).toBe(true)
    // A marker is a button: Enter on the focused marker chooses its branch.
    brno.focus()
    await user.keyboard("{Enter}")
    expect(actions.selectDelivery.calls).toEqual([[{ deliveryId: "11", type: "pup", transportId: "5", branchId: "103" }]])

    // A cluster zooms in on click, until its branches are markers of their own.
    await user.click(screen.getByRole("button", { name: "Choose a pick-up point" }))
    await user.click(screen.getByRole("button", { name: "Map", pressed: false }))
    const reopened = await screen.findByRole("region", { name: "Map of pick-up points" })
    expect(cluster.isConnected).toBe(false)
    await user.click(await within(reopened).findByRole("button", { name: "Pick-up points here: 2. Zoom in" }))
    const holesovice = await within(reopened).findByRole("button", { name: "Choose Praha Holešovice" }, { timeout: 3000 })
    // Space, like Enter, activates a focused marker (a second click this soon would be Leaflet's double click).
    holesovice.focus()
    await user.keyboard(" ")
    expect(actions.selectDelivery.calls[1]).toEqual([{ deliveryId: "11", type: "pup", transportId: "5", branchId: "101" }])

    // Choosing a suggested place centres the map there and lists the nearest branches first.
    await user.click(screen.getByRole("button", { name: "Choose a pick-up point" }))
    await user.type(screen.getByRole("searchbox"), "Br")
    await user.click(screen.getByRole("button", { name: "Show Brno on the map" }))
    await waitFor(() => expect(screen.getByRole("list", { name: "Pick-up points" }).querySelector("button")?.textContent).toBe("Brno Centrum"))
    await expectNoAxeViolations(container)
  })

  test("a branch the first transport does not serve is tried with the next one until the shop applies it", async () => {
    const user = userEvent.setup()
    const actions = actionsFor((selection) => selection.transportId === "15")
    const twoTransports: Delivery = { ...own, deliveryMethods: [{ type: "pup", available: true, availablePupTransports: [{ id: "5" }, { id: "15" }] }] }
    renderInShop(<ShippingStep state={checkoutState({ step: "shipping", deliveries: [twoTransports], branches })} actions={actions} />)
    await user.click(screen.getByRole("button", { name: "Choose a pick-up point" }))
    await user.click(screen.getByRole("button", { name: "Choose Brno Centrum" }))
    await waitFor(() => expect(actions.selectDelivery.calls).toEqual([
      [{ deliveryId: "11", type: "pup", transportId: "5", branchId: "103" }],
      [{ deliveryId: "11", type: "pup", transportId: "15", branchId: "103" }]
    ]))
    // The refused try's message is cleared before the next try.
    expect(actions.dismissFlashes.calls).toHaveLength(1)
    await waitFor(() => expect(screen.getByRole("button", { name: "Choose a pick-up point" }).getAttribute("aria-expanded")).toBe("false"))
  })

  test("payments: disabled and invalid ones are shown with their reason and cannot be chosen; child payments of the chosen one", async () => {
    const user = userEvent.setup()
    const actions = actionsFor()
    const state = checkoutState({ step: "shipping", deliveries: [own], billingMethods: payments })
    const { rerenderInShop, container } = renderInShop(<ShippingStep state={state} actions={actions} />)
    const group = screen.getByRole("group", { name: "Payment" })
    const lengthy = within(group).getByRole("radio", { name: /Lengthy transfer/ })
    expect(lengthy).toHaveProperty("disabled", true)
    expect(lengthy.getAttribute("aria-describedby")).not.toBeNull()
    expect(document.getElementById(lengthy.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Not available today")
    expect(within(group).getByRole("radio", { name: /Voucher payment/ })).toHaveProperty("disabled", true)
    expect(within(group).getByText("Cannot be used with this order")).toBeTruthy()
    await user.click(within(group).getByRole("radio", { name: /Card/ }))
    expect(actions.selectPayment.calls).toEqual([[{ billingMethodId: "CZK" }]])
    rerenderInShop(<ShippingStep state={{ ...state, selectedPayment: "CZK" }} actions={actions} />)
    await user.click(screen.getByRole("radio", { name: "New card" }))
    expect(actions.selectPayment.calls[1]).toEqual([{ billingMethodId: "CZK", productCode: "CZK_2" }])
    await expectNoAxeViolations(container)
  })

  test("a cart of digital content only: no delivery to choose, the step says it is delivered electronically; payments stay", async () => {
    const digital: Delivery = { deliveryId: "digital", deliveryMethods: [] }
    const state = checkoutState({ step: "shipping", deliveries: [digital], hasDigitalContent: true, billingMethods: payments })
    const { container, rerenderInShop } = renderInShop(<ShippingStep state={state} actions={actionsFor()} />)
    const electronic = screen.getByRole("group", { name: "Electronic delivery" })
    expect(electronic.textContent).toContain("delivered electronically")
    expect(screen.queryByRole("group", { name: "Delivery" })).toBeNull()
    expect(screen.getByRole("group", { name: "Payment" })).toBeTruthy()
    await expectNoAxeViolations(container)
    rerenderInShop(<ShippingStep state={{ ...state, deliveries: [own, digital] }} actions={actionsFor()} />)
    expect(screen.getByRole("group", { name: "Delivery" })).toBeTruthy()
    expect(screen.getByRole("group", { name: "Electronic delivery" })).toBeTruthy()
    rerenderInShop(<ShippingStep state={{ ...state, deliveries: [own], hasDigitalContent: false }} actions={actionsFor()} />)
    expect(screen.queryByRole("group", { name: "Electronic delivery" })).toBeNull()
  })

  test("order consents, the invoice note and the order, by keyboard", async () => {
    const user = userEvent.setup()
    const actions = actionsFor()
    const state = checkoutState({
      step: "shipping", deliveries: [own], billingMethods: payments,
      consents: [{ code: "terms", text: "I accept the terms", checked: false }], consentNotes: { terms: "Read them first." }
    })
    const { container } = renderInShop(<ShippingStep state={state} actions={actions} />)
    screen.getByRole("checkbox", { name: "I accept the terms" }).focus()
    await user.keyboard(" ")
    expect(actions.setConsent.calls).toEqual([["terms", true]])
    await user.type(screen.getByRole("textbox", { name: "Note to the order" }), "Ring twice")
    await user.click(screen.getByRole("button", { name: "Place the order" }))
    await act(async () => undefined)
    expect(actions.placeOrder.calls).toEqual([["Ring twice"]])
    await expectNoAxeViolations(container)
  })

  test("a delivery to a post office offers the post outlet picker; the picked outlet is sent for that delivery", async () => {
    const user = userEvent.setup()
    const outlet = { postAddress: "Dlouhá 12, 110 00 Praha", zip: "11000" }
    const post: Delivery = {
      deliveryId: "11",
      deliveryMethods: [{ type: "pup", available: true, availablePupTransports: [{ id: "5" }, { id: "15" }] }, { type: "address", available: true }],
      transports: [{ id: "5", title: "Pick-up" }, { id: "15", type: "post", title: "Parcel to the post office", price: 0 }, { id: "7", title: "Courier", price: 99 }]
    }
    const keys = settled<[string]>()
    const outlets = {
      type: settled<[string]>(), key: keys, point: settled<[number]>(), choose: settled<[number]>(), blur: settled<[]>()
    } as unknown as OutletActions
    const selectPostOutlet = settled<[string, { readonly type: string; readonly transportId: string }, typeof outlet], boolean>(() => true)
    const actions = { ...actionsFor(), selectPostOutlet }
    const listed: OutletsState = { query: "Pr", outlets: [outlet], open: true, active: 0, selected: undefined, searching: false }
    const state = checkoutState({ step: "shipping", deliveries: [post], billingMethods: payments })
    const { rerenderInShop, container } = renderInShop(<ShippingStep state={state} actions={actions} outlets={{ state: listed, actions: outlets }} />)

    const group = screen.getByRole("group", { name: "Delivery" })
    // The picker is loaded when a delivery offers a post office.
    expect(await within(group).findByText("Parcel to the post office · Free")).toBeTruthy()
    await user.click(within(group).getByRole("button", { name: "Choose a post office" }))
    const combobox = within(group).getByRole("combobox", { name: "Post office: town, street or postal code" })
    expect(within(group).getByRole("option", { name: /Dlouhá 12/ }).getAttribute("aria-selected")).toBe("true")
    await user.keyboard("{Enter}")
    expect(keys.calls).toEqual([["enter"]])
    expect(actions.placeOrder.calls).toEqual([])
    await expectNoAxeViolations(container)

    // The service selected the outlet: it is sent for this delivery through its post transport.
    rerenderInShop(<ShippingStep state={state} actions={actions} outlets={{ state: { ...listed, open: false, active: undefined, selected: outlet }, actions: outlets }} />)
    await act(async () => undefined)
    expect(selectPostOutlet.calls).toEqual([["11", { type: "pup", transportId: "15" }, outlet]])
    expect(combobox.isConnected).toBe(false)

    // The cart has it now: shown, with a button to change it.
    const chosen: Delivery = {
      ...post,
      deliveryMethods: [
        { type: "pup", available: true, availablePupTransports: [{ id: "5" }, { id: "15" }], selected: { id: "15", title: "Parcel to the post office", branch: { id: "301", name: "Post Praha 1", address: outlet.postAddress, zip: "110 00", pupType: "post" } } },
        { type: "address", available: true }
      ]
    }
    rerenderInShop(<ShippingStep state={{ ...state, deliveries: [chosen] }} actions={actions} outlets={{ state: { ...listed, open: false, active: undefined, selected: outlet }, actions: outlets }} />)
    expect(within(group).getByText("Post office: Dlouhá 12, 110 00 Praha")).toBeTruthy()
    expect(within(group).getByRole("button", { name: "Change the post office" }).getAttribute("aria-expanded")).toBe("false")
    await expectNoAxeViolations(container)
  })
})
