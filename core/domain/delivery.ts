/**
 * Delivery rules (spec §3, §4, §5): delivery and method kinds, when deliveries count as set, the
 * reset modes, cash-and-carry branches and the marketplace free-delivery remainder.
 *
 * @module
 */

/** Delivery types (§3); `preferred_pup` is our wire name for "preferred pup". */
export const deliveryTypes = ["express", "post", "pup", "preferred_pup", "standard"] as const

/** A delivery type. */
export type DeliveryType = (typeof deliveryTypes)[number]

/** Whether a string is a delivery type. */
export const isDeliveryType = (value: string): value is DeliveryType => (deliveryTypes as ReadonlyArray<string>).includes(value)

/**
 * Delivery method kinds (§3), the `type` of a delivery method: pick-up point, privileged pick-up,
 * address delivery (wire names ours, as in the §3 Schemas).
 */
export const deliveryMethodKinds = ["pup", "privileged_pup", "address"] as const

/** A delivery method kind. */
export type DeliveryMethodKind = (typeof deliveryMethodKinds)[number]

/** The method kinds that are pick-up points (pups): their selections survive RESET_WITHOUT_PUPS. */
export const pupMethodKinds: ReadonlyArray<DeliveryMethodKind> = ["pup", "privileged_pup"]

/** The branch of a selected pick-up (§3 `selected.branch`). */
export interface Branch {
  readonly id?: string | number | null
  readonly cashAndCarry?: boolean | null
}

/** What a method has selected (§3 `selected`): the chosen option, e.g. a branch. */
export interface SelectedOption {
  /** The transport's id. */
  readonly id?: string | number | null
  readonly branch?: Branch | null
}

/** A transport that can serve a pick-up point (§3 `availablePupTransports`). */
export interface PupTransport {
  readonly id: string | number
  readonly icon?: string | null
}

/**
 * A delivery method (§3) of the kind `type`. `selected` is the selected option (an object), or a
 * flag; null, undefined and `false` mean nothing selected.
 */
export interface DeliveryMethod {
  readonly type?: string | null
  readonly selected?: SelectedOption | boolean | null
  readonly available?: boolean | null
  readonly availablePupTransports?: ReadonlyArray<PupTransport> | null
}

/** The fields of a delivery (§3) that the delivery rules read. */
export interface Delivery {
  readonly deliveryId?: string | number | null
  readonly deliveryMethods?: ReadonlyArray<DeliveryMethod | null | undefined> | null
  readonly isMarketplace?: boolean | null
  readonly marketplaceFreeDeliveryRemains?: unknown
}

const isMethod = (value: DeliveryMethod | null | undefined): value is DeliveryMethod =>
  typeof value === "object" && value !== null

/** The methods of a delivery, in the server's order; null entries are skipped. */
export const deliveryMethodsOf = (delivery: Delivery): ReadonlyArray<DeliveryMethod> =>
  (delivery.deliveryMethods ?? []).filter(isMethod)

/** A pick-up transport offered without an icon (§8 "missing pick-up icon is logged"). */
export interface MissingPickupIcon {
  /** The delivery that offers it. */
  readonly deliveryId: string
  /** The kind of the method that lists it (pup, privileged_pup). */
  readonly methodType: string
  /** The transport. */
  readonly transportId: string
}

/**
 * The pick-up transports of the deliveries that have no icon (§8): an absent, null or blank `icon`, in delivery,
 * method and transport order, each delivery's transport once.
 */
export const missingPickupIcons = (deliveries: ReadonlyArray<Delivery | null | undefined>): ReadonlyArray<MissingPickupIcon> =>
  deliveries.flatMap((delivery) => {
    if (delivery === null || delivery === undefined) return []
    const seen = new Set<string>()
    return deliveryMethodsOf(delivery).flatMap((method) =>
      (method.availablePupTransports ?? []).flatMap((transport) => {
        const transportId = String(transport.id)
        if ((typeof transport.icon === "string" && transport.icon.trim() !== "") || seen.has(transportId)) return []
        seen.add(transportId)
        return [{ deliveryId: String(delivery.deliveryId ?? ""), methodType: String(method.type ?? ""), transportId }]
      })
    )
  })

/** Whether a method has something selected. */
export const isMethodSelected = (method: DeliveryMethod): boolean =>
  method.selected === true || (typeof method.selected === "object" && method.selected !== null)

/** The first selected method of a delivery, if any. */
export const selectedMethod = (delivery: Delivery): DeliveryMethod | undefined =>
  deliveryMethodsOf(delivery).find(isMethodSelected)

/**
 * Whether the deliveries count as set (§4): every delivery that has methods has one (at least one)
 * selected. Deliveries without methods do not count, so no deliveries are set.
 */
export const areDeliveriesSet = (deliveries: ReadonlyArray<Delivery>): boolean =>
  deliveries.every((delivery) => {
    const methods = deliveryMethodsOf(delivery)
    return methods.length === 0 || methods.some(isMethodSelected)
  })

/** Whether the branch selected by a method is a cash-and-carry branch (§3 `selected.branch.cashAndCarry`). */
export const selectedBranchIsCashAndCarry = (method: DeliveryMethod): boolean =>
  typeof method.selected === "object" && method.selected?.branch?.cashAndCarry === true

const numericString = /^-?\d+(\.\d+)?$/

/**
 * The marketplace free-delivery remainder (§5), only when numeric: a finite number, or a string of
 * a plain decimal number (e.g. "120.50"); anything else (NaN, Infinity, "", "abc") gives undefined.
 */
export const marketplaceFreeDeliveryRemains = (value: unknown): number | undefined => {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined
  if (typeof value === "string" && numericString.test(value)) return Number(value)
  return undefined
}

/** Reset mode that clears every selected delivery method (§4). */
export const RESET_ALL = 1

/** Reset mode that clears every selection except pick-up point selections (§4). */
export const RESET_WITHOUT_PUPS = 2

/** A reset mode. */
export type ResetMode = typeof RESET_ALL | typeof RESET_WITHOUT_PUPS

/** Whether a reset mode clears the selection of a method (a method without a kind is no pick-up point). */
export const resetClears = (mode: ResetMode, method: DeliveryMethod): boolean =>
  mode === RESET_ALL || !(pupMethodKinds as ReadonlyArray<string | null | undefined>).includes(method.type)

const cleared = (method: DeliveryMethod): DeliveryMethod => ({
  ...method,
  selected: typeof method.selected === "boolean" ? false : null
})

/**
 * The deliveries after a reset (§4). RESET_ALL clears the selection of every method; RESET_WITHOUT_PUPS
 * keeps the selections of pick-up point methods (`pup` and `privileged_pup`) and clears the
 * rest. A cleared `selected` becomes `false` when it was a flag, otherwise null; unselected methods,
 * all other fields and the order of deliveries and methods are kept.
 */
export const resetSelection = <D extends Delivery>(deliveries: ReadonlyArray<D>, mode: ResetMode): ReadonlyArray<D> =>
  deliveries.map((delivery) =>
    delivery.deliveryMethods === undefined || delivery.deliveryMethods === null
      ? delivery
      : // Only `selected` of methods changes, to a value the `Delivery` shape allows.
        ({
          ...delivery,
          deliveryMethods: delivery.deliveryMethods.map((method) =>
            isMethod(method) && isMethodSelected(method) && resetClears(mode, method) ? cleared(method) : method
          )
        } as D)
  )

/** The earliest delivery date (§3): a range from one ISO date to another. */
export interface DeliveryEarliestDate {
  readonly from: string
  readonly to: string
}

/** Whether the earliest delivery date is a single day (from equals to). */
export const isSingleDay = (date: DeliveryEarliestDate): boolean => date.from === date.to

/** A transport of a delivery (§3 `transports`): what carries it, by id. */
export interface Transport {
  readonly id: string | number
}

/** The fields of a delivery that the shopper's choice is built from (§3). */
export interface ChoosableDelivery<M extends DeliveryMethod, T extends Transport> {
  readonly deliveryMethods?: ReadonlyArray<M | null | undefined> | null
  readonly transports?: ReadonlyArray<T> | null
  readonly isMarketplace?: boolean | null
}

/**
 * What a delivery offers the shopper on the shipping step (§2): the pick-up methods (pick-up
 * points and privileged pick-ups, chosen with a branch), the address transports (the delivery's
 * transports that serve no pick-up) and whether a marketplace partner delivers it.
 */
export interface DeliveryOptions<M extends DeliveryMethod, T extends Transport> {
  readonly pickupMethods: ReadonlyArray<M>
  readonly addressTransports: ReadonlyArray<T>
  readonly marketplace: boolean
}

const isPickupKind = (type: string | null | undefined): boolean =>
  (pupMethodKinds as ReadonlyArray<string | null | undefined>).includes(type)

/**
 * The delivery options of a delivery (§2, §3): only available methods count; address transports are
 * offered only when an address method is available, and never a transport that serves a pick-up
 * (of any method, available or not).
 */
export const deliveryOptions = <M extends DeliveryMethod, T extends Transport>(
  delivery: ChoosableDelivery<M, T>
): DeliveryOptions<M, T> => {
  const methods = (delivery.deliveryMethods ?? []).filter((method): method is M => isMethod(method) && method.available !== false)
  const pickupMethods = methods.filter((method) => isPickupKind(method.type))
  const pickupTransports = new Set(
    (delivery.deliveryMethods ?? []).filter((method): method is M => isMethod(method)).flatMap((method) => (method.availablePupTransports ?? []).map((transport) => String(transport.id)))
  )
  const addressTransports = methods.some((method) => method.type === "address")
    ? (delivery.transports ?? []).filter((transport) => !pickupTransports.has(String(transport.id)))
    : []
  return { pickupMethods, addressTransports, marketplace: delivery.isMarketplace === true }
}

/** A pick-up place as the branch lists give it (§3 branch `pupType`: `box` for a parcel box). */
export interface PickupBranch {
  readonly id: string | number
  readonly pupType?: string | null
}

/** The choice sent to select-delivery-method for a branch (§7). */
export interface PickupChoice {
  readonly type: "pup" | "privileged_pup"
  readonly transportId: string
  readonly branchId: string
}

/**
 * The pick-up choices for a branch, in the order to try them (§7 select-delivery-method): a parcel
 * box goes by the privileged pick-up method, any other branch by the pick-up point method, each
 * transport of that method in order, then the transports of the other pick-up methods. The wire
 * does not say which transport serves which kind of branch, so the shop's answer decides: the first
 * choice it accepts is the one.
 */
export const pickupChoicesFor = (pickupMethods: ReadonlyArray<DeliveryMethod>, branch: PickupBranch): ReadonlyArray<PickupChoice> => {
  const wanted = branch.pupType === "box" ? "privileged_pup" : "pup"
  const pickups = pickupMethods.filter((m) => isPickupKind(m.type))
  const ordered = [...pickups.filter((m) => m.type === wanted), ...pickups.filter((m) => m.type !== wanted)]
  return ordered.flatMap((method) =>
    (method.availablePupTransports ?? []).map((transport) => ({
      type: method.type as PickupChoice["type"],
      transportId: String(transport.id),
      branchId: String(branch.id)
    }))
  )
}

/** The first pick-up choice for a branch ({@link pickupChoicesFor}), if any. */
export const pickupChoiceFor = (pickupMethods: ReadonlyArray<DeliveryMethod>, branch: PickupBranch): PickupChoice | undefined =>
  pickupChoicesFor(pickupMethods, branch)[0]

/**
 * Whether the shop applied a selection (§7 select-delivery-method): the delivery's selected method
 * is of the asked kind with the asked branch (a pick-up) or the asked transport (address delivery).
 */
export const isSelectionApplied = (
  deliveries: ReadonlyArray<Delivery>,
  selection: { readonly deliveryId: string; readonly type: string; readonly transportId: string; readonly branchId?: string }
): boolean => {
  const delivery = deliveries.find((d) => String(d.deliveryId) === selection.deliveryId)
  const method = delivery === undefined ? undefined : selectedMethod(delivery)
  if (method === undefined || method.type !== selection.type || typeof method.selected !== "object" || method.selected === null) return false
  const selected = method.selected
  return selection.branchId !== undefined
    ? String(selected.branch?.id ?? "") === selection.branchId
    : String(selected.id ?? "") === selection.transportId
}
