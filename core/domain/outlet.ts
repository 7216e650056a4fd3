/**
 * The post outlet search (spec §3, §5, §7, §9): when to search, the search parameters, the shown
 * results and the keyboard-driven picker as a pure state machine.
 *
 * @module
 */

/** The fewest characters a post outlet search starts at (§5, §9). */
export const outletMinQueryLength = 2

/** The purchase price sent with the post outlet search (§9). */
export const outletPurchasePrice = 2500

/** The debounce of the post outlet search, in ms (§9). */
export const outletSearchDebounceMs = 500

/** The most post outlets shown (§9). */
export const maxVisibleOutlets = 15

/** The keys the outlet picker reacts to (§9). */
export const outletPickerKeys = ["tab", "enter", "escape", "up", "down"] as const

/** A key the outlet picker reacts to. */
export type OutletPickerKey = (typeof outletPickerKeys)[number]

/** A post outlet (§3). */
export interface PostOutlet {
  /** The outlet's address. */
  readonly postAddress: string
  /** The outlet's postal code. */
  readonly zip: string
}

/** Whether a query is searched (§5): at least 2 characters (code points) after trimming. */
export const shouldSearch = (query: string): boolean => Array.from(query.trim()).length >= outletMinQueryLength

/** The parameters of POST /api/post-outlet/find (§7). */
export interface OutletSearchParams {
  /** The trimmed query. */
  readonly find: string
  /** Always {@link outletPurchasePrice}. */
  readonly purchasePrice: number
  /** The request time, from the caller's clock. */
  readonly timestamp: number
}

/** The search parameters for a query (§7): the trimmed query, the purchase price 2500 and the given timestamp. */
export const outletSearchParams = (query: string, timestamp: number): OutletSearchParams => ({
  find: query.trim(),
  purchasePrice: outletPurchasePrice,
  timestamp
})

/** The outlets shown (§9): the first 15, in the server's order. */
export const visibleOutlets = <O extends PostOutlet>(outlets: ReadonlyArray<O>): ReadonlyArray<O> =>
  outlets.slice(0, maxVisibleOutlets)

/**
 * The picker's state: the typed query, the shown outlets (at most 15), whether the list is open,
 * the active (highlighted) index, and the selected outlet.
 */
export interface OutletPickerState<O extends PostOutlet = PostOutlet> {
  /** The query as typed. */
  readonly query: string
  /** The outlets shown, at most 15. */
  readonly outlets: ReadonlyArray<O>
  /** The list is open. */
  readonly open: boolean
  /** Index of the highlighted outlet in `outlets`. */
  readonly active: number | undefined
  /** The outlet picked. */
  readonly selected: O | undefined
}

/**
 * What the picker reacts to: a typed query, results arriving for a query, a key, a pointer on an
 * outlet (makes it active), a click on an outlet (selects it), and losing focus (closes).
 */
export type OutletPickerEvent<O extends PostOutlet = PostOutlet> =
  | {
      /** The shopper typed. */
      readonly type: "queryTyped"
      /** The whole query now typed. */
      readonly query: string
    }
  | {
      /** A search answered. */
      readonly type: "resultsArrived"
      /** The query the search was for. */
      readonly query: string
      /** The outlets found. */
      readonly outlets: ReadonlyArray<O>
    }
  | {
      /** A key was pressed. */
      readonly type: "key"
      /** Which key. */
      readonly key: OutletPickerKey
    }
  | {
      /** The pointer is over an outlet. */
      readonly type: "pointed"
      /** Its index among the shown outlets. */
      readonly index: number
    }
  | {
      /** An outlet was clicked. */
      readonly type: "chosen"
      /** Its index among the shown outlets. */
      readonly index: number
    }
  | {
      /** The input lost focus. */
      readonly type: "blurred"
    }

export { initialOutletPicker } from "./outletPickerStart.ts"

const isIndexOf = (index: number | undefined, length: number): index is number =>
  index !== undefined && Number.isInteger(index) && index >= 0 && index < length

/** The state with its invariants restored: at most 15 outlets, open only with outlets, a valid active index only while open. */
const normalize = <O extends PostOutlet>(state: OutletPickerState<O>): OutletPickerState<O> => {
  const outlets = visibleOutlets(state.outlets)
  const open = state.open && outlets.length > 0
  return { ...state, outlets, open, active: open && isIndexOf(state.active, outlets.length) ? state.active : undefined }
}

const closed = <O extends PostOutlet>(state: OutletPickerState<O>): OutletPickerState<O> => ({
  ...state,
  open: false,
  active: undefined
})

const select = <O extends PostOutlet>(state: OutletPickerState<O>, index: number | undefined): OutletPickerState<O> => {
  if (!isIndexOf(index, state.outlets.length)) return state
  return { ...closed(state), selected: state.outlets[index] }
}

const move = <O extends PostOutlet>(state: OutletPickerState<O>, step: 1 | -1): OutletPickerState<O> => {
  const n = state.outlets.length
  if (n === 0) return state
  const from = state.open ? state.active : undefined
  const active = from === undefined ? (step === 1 ? 0 : n - 1) : (from + step + n) % n
  return { ...state, open: true, active }
}

const onKey = <O extends PostOutlet>(state: OutletPickerState<O>, key: OutletPickerKey): OutletPickerState<O> => {
  switch (key) {
    case "down":
      return move(state, 1)
    case "up":
      return move(state, -1)
    case "enter":
      return state.open ? select(state, state.active) : state
    case "tab":
      return state.open && state.active !== undefined ? select(state, state.active) : closed(state)
    case "escape":
      return closed(state)
  }
}

/**
 * The picker after an event.
 * - queryTyped: stores the query, clears the selection and the active index; a query too short
 *   to search (§5) also empties and closes the list.
 * - resultsArrived: ignored unless for the current query (trimmed), so late results of an older
 *   query never show; otherwise shows the first 15 (§9), opening the list when there are any and
 *   nothing is selected, with nothing active.
 * - down / up: move the active outlet, wrapping around at the ends; from nothing active, down
 *   goes to the first and up to the last; a closed list with outlets opens.
 * - enter: selects the active outlet and closes; with nothing active it does nothing.
 * - tab: selects the active outlet if there is one, otherwise closes (focus moves on either way).
 * - escape and blurred: close without selecting.
 * - pointed: makes a shown outlet active; chosen: selects a shown outlet (like enter).
 * The input state is normalised first, so for any input: at most 15 outlets, the active index is
 * a valid index of the shown outlets or undefined, and it is undefined while closed.
 */
export const outletPickerReducer = <O extends PostOutlet>(
  input: OutletPickerState<O>,
  event: OutletPickerEvent<O>
): OutletPickerState<O> => {
  const state = normalize(input)
  switch (event.type) {
    case "queryTyped":
      return shouldSearch(event.query)
        ? { ...state, query: event.query, active: undefined, selected: undefined }
        : { query: event.query, outlets: [], open: false, active: undefined, selected: undefined }
    case "resultsArrived": {
      if (event.query.trim() !== state.query.trim() || !shouldSearch(state.query)) return state
      const outlets = visibleOutlets(event.outlets)
      return { ...state, outlets, open: outlets.length > 0 && state.selected === undefined, active: undefined }
    }
    case "key":
      return onKey(state, event.key)
    case "pointed":
      return state.open && isIndexOf(event.index, state.outlets.length) ? { ...state, active: event.index } : state
    case "chosen":
      return state.open ? select(state, event.index) : state
    case "blurred":
      return closed(state)
  }
}

/** A pick-up branch as the branch lists give it (§3): its id, and for a post outlet its `address` (the postAddress) and `zip`. */
export interface OutletBranch {
  readonly id: string | number
  readonly address?: string | null | undefined
  readonly zip?: string | number | null | undefined
}

const zipDigits = (zip: string | number | null | undefined): string => String(zip ?? "").replace(/[^0-9]/g, "")

/**
 * The branch that is a post outlet (§3 post outlet): its address is the outlet's postAddress (ignoring surrounding
 * whitespace) and its postal code has the same digits (so `110 00` and `11000` are one zip). The first such
 * branch, in list order.
 */
export const outletBranch = <B extends OutletBranch>(branches: ReadonlyArray<B>, outlet: PostOutlet): B | undefined =>
  branches.find((branch) =>
    (branch.address ?? "").trim() === outlet.postAddress.trim() && zipDigits(branch.zip) === zipDigits(outlet.zip) && zipDigits(outlet.zip) !== ""
  )

/** The post outlet a branch is (its address and zip), if it has both. */
export const outletOfBranch = (branch: OutletBranch | null | undefined): PostOutlet | undefined => {
  const postAddress = branch?.address?.trim() ?? ""
  const zip = String(branch?.zip ?? "").trim()
  return postAddress === "" || zip === "" ? undefined : { postAddress, zip }
}

/** The transports of a delivery as the delivery rules read them (§3 transports): id and delivery type. */
export interface TypedTransport {
  readonly id: string | number
  readonly type?: string | null | undefined
}

/** The methods of a delivery as {@link postOutletChoices} reads them (§3 deliveryMethods). */
export interface PickupMethodLike {
  readonly type?: string | null | undefined
  readonly available?: boolean | null | undefined
  readonly availablePupTransports?: ReadonlyArray<{ readonly id: string | number }> | null | undefined
}

/** A delivery to a post outlet: the pick-up method kind and the transport to send with the outlet's branch (§7 select-delivery-method). */
export interface PostOutletChoice {
  readonly type: "pup" | "privileged_pup"
  readonly transportId: string
}

/**
 * The deliveries to a post outlet a delivery offers (§3 delivery type `post` served by a pick-up method): each
 * available pick-up method's transport whose delivery type is `post`, in the server's order, once each.
 */
export const postOutletChoices = (delivery: {
  readonly deliveryMethods?: ReadonlyArray<PickupMethodLike | null | undefined> | null | undefined
  readonly transports?: ReadonlyArray<TypedTransport> | null | undefined
}): ReadonlyArray<PostOutletChoice> => {
  const post = new Set((delivery.transports ?? []).filter((transport) => transport.type === "post").map((transport) => String(transport.id)))
  const seen = new Set<string>()
  return (delivery.deliveryMethods ?? []).flatMap((method) => {
    if (method === null || method === undefined || method.available === false) return []
    if (method.type !== "pup" && method.type !== "privileged_pup") return []
    const type = method.type
    return (method.availablePupTransports ?? []).flatMap((transport) => {
      const transportId = String(transport.id)
      if (!post.has(transportId) || seen.has(transportId)) return []
      seen.add(transportId)
      return [{ type, transportId }]
    })
  })
}

/**
 * An outlet as one line of text (§3 postAddress, zip; §5 zip display): its postAddress, followed by the zip in the
 * shop's pattern in brackets unless the address already holds the zip (formatted, or as its digits).
 */
export const outletText = (outlet: PostOutlet, formattedZip: string): string => {
  const address = outlet.postAddress.trim()
  const digits = zipDigits(outlet.zip)
  const holdsZip = (formattedZip !== "" && address.includes(formattedZip)) || (digits !== "" && zipDigits(address).includes(digits))
  return holdsZip || formattedZip === "" ? address : `${address} (${formattedZip})`
}
