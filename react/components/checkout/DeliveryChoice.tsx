/**
 * How one delivery of the cart goes (§2 shipping step): a pick-up point, cash-and-carry shop or
 * parcel box chosen with {@link PickupPointPicker}, a post office chosen with {@link PostOutletPicker}
 * (when the delivery has a transport of type `post` to a pick-up, and the caller gives the Outlets
 * service's state), or an address transport; a marketplace partner's delivery says who delivers. What is
 * offered is the core's rule (`deliveryOptions`, `postOutletChoices`).
 *
 * @module
 */
import { lazy, Suspense, useState } from "react"
import type { Branch, Delivery } from "../../../core/api/entities/delivery.ts"
import type { GeoSuggestion } from "../../../core/api/deliveries.ts"
import { deliveryOptions, pickupChoicesFor, selectedMethod } from "../../../core/domain/delivery.ts"
import type { PostOutlet } from "../../../core/api/entities/outlet.ts"
import { outletOfBranch, postOutletChoices, type PostOutletChoice } from "../../../core/domain/outlet.ts"
import type { OutletsState } from "../../../core/services/Outlets.ts"
import type { OutletActions } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"
import type { TileSource } from "./PickupMap.tsx"
import { PickupPointPicker } from "./PickupPointPicker.tsx"
import type { DeliverySelection } from "./shippingActions.ts"

// The post office picker loads when a delivery offers a post office.
const PostOutletPicker = lazy(() => import("./PostOutletPicker.tsx").then((module) => ({ default: module.PostOutletPicker })))

/** Props of {@link DeliveryChoice}. */
export interface DeliveryChoiceProps {
  readonly delivery: Delivery
  /** Its position among the deliveries with methods, and how many there are (for the title). */
  readonly index: number
  readonly count: number
  /** The branches last listed or found, and the places last suggested. */
  readonly branches: ReadonlyArray<Branch>
  readonly suggestions: ReadonlyArray<GeoSuggestion>
  readonly shippingPoint?: { readonly lat: number; readonly lng: number } | undefined
  readonly tiles?: TileSource | undefined
  /** Opens the pick-up point picker: list the delivery's branches. */
  readonly onOpenPickup: (deliveryId: string) => void
  /** Searches the delivery's branches and places for a typed text. */
  readonly onSearch: (deliveryId: string, term: string) => void
  /** Sends a selection; settles with whether the shop applied it. */
  readonly onSelect: (selection: DeliverySelection) => Promise<boolean>
  /** Clears the message of a refused try before the next try. */
  readonly onRetry?: (() => Promise<unknown>) | undefined
  /** The Outlets service's state and actions: with {@link onChooseOutlet}, a delivery to a post office offers the post outlet picker. */
  readonly outlets?: { readonly state: OutletsState; readonly actions: OutletActions } | undefined
  /** Sends a delivery to a post outlet; settles with whether the shop applied it. */
  readonly onChooseOutlet?: ((choice: PostOutletChoice, outlet: PostOutlet) => Promise<boolean>) | undefined
  readonly className?: string | undefined
}

const selectedText = (method: NonNullable<Delivery["deliveryMethods"]>[number] | undefined): string | undefined => {
  if (method === undefined || method === null) return undefined
  const selected = method.selected
  if (typeof selected !== "object" || selected === null) return method.title ?? undefined
  return [selected.title, selected.branch?.name].filter((part) => part !== undefined && part !== null).join(" — ")
}

/** The choice of one delivery. */
export function DeliveryChoice(props: DeliveryChoiceProps) {
  const { delivery } = props
  const { t, money } = useShopText()
  const deliveryId = String(delivery.deliveryId)
  const { pickupMethods, addressTransports, marketplace } = deliveryOptions(delivery)
  const chosen = selectedMethod(delivery) as NonNullable<Delivery["deliveryMethods"]>[number] | undefined
  const chosenTransport = chosen?.type === "address" && typeof chosen.selected === "object" && chosen.selected !== null
    ? String((chosen.selected as { readonly id?: unknown }).id ?? "")
    : undefined
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const pickerId = `pickup-${deliveryId}`
  // Tries the selections in order until the shop applies one (the wire does not say which transport serves a branch).
  const select = (selections: ReadonlyArray<DeliverySelection>) => {
    setBusy(true)
    const attempt = async () => {
      for (const [index, selection] of selections.entries()) {
        if (index > 0) await props.onRetry?.()
        if (await props.onSelect(selection)) return true
      }
      return false
    }
    void attempt().then((applied) => applied && setOpen(false), () => undefined).finally(() => setBusy(false))
  }
  const postChoices = postOutletChoices(delivery)
  const chosenOutlet = chosen !== undefined && typeof chosen.selected === "object" && chosen.selected !== null &&
      postChoices.some((choice) => choice.type === chosen.type && choice.transportId === String(chosen.selected?.id ?? ""))
    ? outletOfBranch(chosen.selected.branch)
    : undefined
  const postTransport = (delivery.transports ?? []).find((transport) => postChoices.some((choice) => choice.transportId === String(transport.id)))
  const postTitle = postTransport?.title === undefined
    ? undefined
    : `${postTransport.title} · ${Number(postTransport.price ?? 0) === 0 ? t("sf_free") : money(Number(postTransport.price))}`
  // Tries the post transports in order until the shop applies one, as for a branch.
  const chooseOutlet = async (outlet: PostOutlet): Promise<boolean> => {
    const send = props.onChooseOutlet
    if (send === undefined) return false
    setBusy(true)
    try {
      for (const [index, choice] of postChoices.entries()) {
        if (index > 0) await props.onRetry?.()
        if (await send(choice, outlet)) return true
      }
      return false
    } finally {
      setBusy(false)
    }
  }
  const choose = (branch: Branch) => select(pickupChoicesFor(pickupMethods, branch).map((choice) => ({ deliveryId, ...choice })))
  const title = marketplace
    ? t("sf_delivery_by", { partner: delivery.deliveredBy ?? "" })
    : props.count > 1 ? t("sf_delivery_n", { n: props.index + 1 }) : t("sf_delivery")
  const selected = selectedText(chosen)
  return (
    <fieldset className={["delivery", props.className].filter(Boolean).join(" ")} aria-busy={busy}>
      <legend>{title}</legend>
      {selected !== undefined && <p className="selected" role="status">{t("sf_selected")}: {selected}</p>}
      {pickupMethods.length > 0 && (
        <div className="pup">
          <button type="button" className="button" aria-expanded={open} aria-controls={pickerId}
            onClick={() => {
              if (!open) props.onOpenPickup(deliveryId)
              setOpen(!open)
            }}>
            {t("sf_choose_pickup")}
          </button>
          {open && (
            <PickupPointPicker id={pickerId} branches={props.branches} suggestions={props.suggestions} shippingPoint={props.shippingPoint}
              tiles={props.tiles} onSearch={(term) => props.onSearch(deliveryId, term)} onChoose={choose} />
          )}
        </div>
      )}
      {postChoices.length > 0 && props.outlets !== undefined && props.onChooseOutlet !== undefined && (
        <Suspense fallback={<p className="spinner" role="status">{t("loading")}</p>}>
          <PostOutletPicker state={props.outlets.state} actions={props.outlets.actions} chosen={chosenOutlet} onChoose={chooseOutlet}
            title={postTitle} />
        </Suspense>
      )}
      {addressTransports.length > 0 && (
        <div role="radiogroup" aria-label={t("pu_address_delivery")} className="transports">
          {addressTransports.map((transport) => (
            <label key={String(transport.id)} className="radio-card">
              <input type="radio" name={`delivery-${deliveryId}`} checked={chosenTransport === String(transport.id)}
                onChange={() => select([{ deliveryId, type: "address", transportId: String(transport.id) }])} />
              <span>{transport.title ?? String(transport.id)}</span>
              <span className="price">{Number(transport.price ?? 0) === 0 ? t("sf_free") : money(Number(transport.price))}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  )
}
