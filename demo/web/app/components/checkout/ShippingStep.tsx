/**
 * The delivery and payment step (§2): a method for every delivery of the cart (pick-up points found
 * by search or from the list, cash-and-carry shops, parcel boxes, address delivery; marketplace
 * deliveries offer address delivery), the payments the shop offers for this cart (§5 filters in the
 * core: shop quirks, wallet support, disabled and invalid methods), the order consents, the invoice
 * note, and the order button.
 */
import { useEffect, useState } from "react"
import type { Delivery } from "../../../../../core/api/entities/delivery.ts"
import { isSelectable } from "../../../../../core/domain/payment.ts"
import { Cart } from "../../../../../core/services/Cart.ts"
import { useCheckout, useRun } from "../../../../../react/storefront/hooks.ts"
import { useShopText } from "../../lib/i18n.ts"

/** The shipping step. */
export function ShippingStep() {
  const checkout = useCheckout()
  const run = useRun()
  const { t, money } = useShopText()
  const state = checkout.state
  const [note, setNote] = useState("")
  const [placing, setPlacing] = useState(false)
  useEffect(() => {
    void checkout.run((c) => c.loadOrderConsents).catch(() => undefined)
    // Once per visit of the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const deliveries = state.deliveries.filter((d) => (d.deliveryMethods ?? []).length > 0)
  const payments = Object.entries(state.billingMethods)
  const placeOrder = async () => {
    setPlacing(true)
    if (note.trim() !== "") await run(Cart.use((c) => c.setInvoiceNote(note.trim()))).catch(() => undefined)
    await checkout.run((c) => c.nextStep).finally(() => setPlacing(false))
  }
  return (
    <form className="shipping-step" onSubmit={(e) => { e.preventDefault(); void placeOrder().catch(() => undefined) }}>
      {deliveries.map((delivery, index) => <DeliveryChoice key={delivery.deliveryId} delivery={delivery} index={index} count={deliveries.length} />)}
      <fieldset className="payments">
        <legend>{t("sf_payment")}</legend>
        {payments.map(([code, method]) => (
          <label key={code} className={isSelectable(method) ? "radio-card" : "radio-card disabled"}>
            <input type="radio" name="payment" value={code} checked={state.selectedPayment === code} disabled={!isSelectable(method)}
              onChange={() => void checkout.run((c) => c.selectBillingMethod({ billingMethodId: code })).catch(() => undefined)} />
            <span>{method.title ?? code}</span>
            <span className="price">{Number(method.price ?? 0) === 0 ? t("sf_free") : money(Number(method.price))}</span>
          </label>
        ))}
      </fieldset>
      {state.consents.length > 0 && (
        <fieldset className="consents">
          <legend>{t("sf_order_consents")}</legend>
          {state.consents.map((consent) => (
            <div key={consent.code}>
              <label className="check">
                <input type="checkbox" checked={consent.checked}
                  onChange={(e) => void checkout.run((c) => c.setConsent(consent.code, e.currentTarget.checked)).catch(() => undefined)} />
                {consent.text ?? consent.code}
              </label>
              {state.consentNotes[consent.code] !== undefined && <p className="hint">{state.consentNotes[consent.code]}</p>}
            </div>
          ))}
        </fieldset>
      )}
      <p className="field">
        <label htmlFor="invoice-note">{t("sf_invoice_note")}</label>
        <textarea id="invoice-note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      </p>
      <button type="submit" className="button primary big" disabled={placing} aria-busy={placing}>{t("sf_place_order")}</button>
    </form>
  )
}

/** The methods of one delivery: pick-up places (searchable list) and address transports. */
function DeliveryChoice({ delivery, index, count }: { readonly delivery: Delivery; readonly index: number; readonly count: number }) {
  const checkout = useCheckout()
  const { t, money } = useShopText()
  const deliveryId = String(delivery.deliveryId)
  const methods = (delivery.deliveryMethods ?? []).filter((m) => m.available !== false)
  const pupMethods = methods.filter((m) => m.type === "pup" || m.type === "privileged_pup")
  const pupTransports = new Set(pupMethods.flatMap((m) => (m.availablePupTransports ?? []).map((tr) => String(tr.id))))
  const addressTransports = methods.some((m) => m.type === "address")
    ? (delivery.transports ?? []).filter((tr) => !pupTransports.has(String(tr.id)))
    : []
  const selected = methods.find((m) => m.selected !== undefined && m.selected !== null)
  const [open, setOpen] = useState(false)
  const [term, setTerm] = useState("")
  const branches = open ? checkout.state.branches : []
  const search = (text: string) => {
    setTerm(text)
    if (text.trim().length >= 2) void checkout.run((c) => c.searchBranches(deliveryId, text.trim())).catch(() => undefined)
  }
  const choose = (type: "pup" | "privileged_pup" | "address", transportId: string, branchId?: string) =>
    void checkout.run((c) => c.selectDeliveryMethod({ deliveryId, type, transportId, ...(branchId === undefined ? {} : { branchId }) }))
      .then(() => setOpen(false), () => undefined)
  const title = delivery.isMarketplace === true
    ? t("sf_delivery_by", { partner: delivery.deliveredBy ?? "" })
    : count > 1 ? t("sf_delivery_n", { n: index + 1 }) : t("sf_delivery")
  return (
    <fieldset className="delivery">
      <legend>{title}</legend>
      {selected !== undefined && <p className="selected" role="status">{t("sf_selected")}: {selectedText(selected)}</p>}
      {pupMethods.length > 0 && (
        <div className="pup">
          <button type="button" className="button" aria-expanded={open} aria-controls={`branches-${deliveryId}`}
            onClick={() => {
              setOpen(!open)
              if (!open) void checkout.run((c) => c.loadBranches({ deliveryId })).catch(() => undefined)
            }}>
            {t("sf_choose_pickup")}
          </button>
          {open && (
            <div id={`branches-${deliveryId}`} className="branches">
              <label>{t("sf_search_pickup")}
                <input type="search" value={term} onChange={(e) => search(e.currentTarget.value)} autoComplete="off" />
              </label>
              <ul aria-label={t("sf_pickup_points")}>
                {branches.slice(0, 30).map((branch) => {
                  const method = pupMethods.find((m) => m.type === (branch.pupType === "box" ? "privileged_pup" : "pup")) ?? pupMethods[0]!
                  const transport = (method.availablePupTransports ?? [])[0]
                  return (
                    <li key={branch.id}>
                      <button type="button" className="link-button" disabled={transport === undefined}
                        onClick={() => transport !== undefined && choose(method.type as "pup" | "privileged_pup", String(transport.id), String(branch.id))}>
                        {branch.name ?? branch.id}{branch.cashAndCarry === true ? ` (${t("sf_cash_and_carry")})` : ""} — {branch.address ?? ""} {branch.city ?? ""}
                      </button>
                    </li>
                  )
                })}
              </ul>
            </div>
          )}
        </div>
      )}
      {addressTransports.map((transport) => (
        <label key={String(transport.id)} className="radio-card">
          <input type="radio" name={`delivery-${deliveryId}`} onChange={() => choose("address", String(transport.id))}
            checked={selected?.type === "address" && String((selected.selected as { id?: unknown } | undefined)?.id ?? "") === String(transport.id)} />
          <span>{transport.title ?? String(transport.id)}</span>
          <span className="price">{Number(transport.price ?? 0) === 0 ? t("sf_free") : money(Number(transport.price))}</span>
        </label>
      ))}
    </fieldset>
  )
}

const selectedText = (method: NonNullable<Delivery["deliveryMethods"]>[number]): string => {
  const selected = method.selected as { title?: string; branch?: { name?: string } } | true | undefined
  if (typeof selected !== "object" || selected === null) return method.title ?? ""
  return [selected.title, selected.branch?.name].filter((part) => part !== undefined).join(" — ")
}
