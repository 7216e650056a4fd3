/**
 * The customer step (§2): a logged-in customer picks a billing address (or adds one); a new shopper
 * logs in or creates an account with the address in one form (zip in the shop's format, §5). Then
 * the contact data and the chosen address go to the cart (update-customer) and the step moves on.
 */
import { Link } from "react-router"
import { useEffect, useId, useState } from "react"
import { isValidZip, formatZip } from "../../../../../core/domain/zip.ts"
import { Account } from "../../../../../core/services/Account.ts"
import { useCheckout, useCustomer, useRun } from "../../../../../react/storefront/hooks.ts"
import { useShopText } from "../../lib/i18n.ts"
import { LoginForm } from "../LoginForm.tsx"

/** The customer step; `onDone` moves to the next step. */
export function CustomerStep({ onDone }: { readonly onDone: () => void }) {
  const customer = useCustomer()
  const checkout = useCheckout()
  const { t } = useShopText()
  const loggedIn = customer.customer?.isLogged === true || checkout.state.customer?.isLogged === true
  const [mode, setMode] = useState<"login" | "register">("login")
  // The new customer's form stays until its address is saved (logging in happens half-way).
  const [registering, setRegistering] = useState(false)
  useEffect(() => {
    if (loggedIn) void checkout.run((c) => c.loadAddresses).catch(() => undefined)
  }, [loggedIn, checkout])
  if (loggedIn && !registering) return <AddressChoice onDone={onDone} />
  return (
    <div className="customer-step">
      <div role="tablist" aria-label={t("sf_how_to_continue")} className="tabs">
        <button type="button" role="tab" aria-selected={mode === "login"} onClick={() => setMode("login")}>{t("sf_login")}</button>
        <button type="button" role="tab" aria-selected={mode === "register"} onClick={() => setMode("register")}>{t("sf_new_customer")}</button>
      </div>
      {mode === "login" ? <LoginForm onLoggedIn={() => void checkout.run((c) => c.load).catch(() => undefined)} /> : <RegisterWithAddress onBusy={setRegistering} />}
    </div>
  )
}

/** The customer's billing addresses; the chosen one goes to the cart with the contact data. */
function AddressChoice({ onDone }: { readonly onDone: () => void }) {
  const checkout = useCheckout()
  const { t } = useShopText()
  const billing = checkout.state.addresses?.addresses.billing ?? []
  const chosenShipping = checkout.state.addresses?.selectedAddresses?.shipping
  const shippingAddresses = [...(checkout.state.addresses?.addresses.shipping ?? [])]
    .sort((a, b) => (a.addressId === chosenShipping ? -1 : b.addressId === chosenShipping ? 1 : 0))
  const selected = checkout.state.addresses?.selectedAddresses?.billing ?? billing[0]?.billingProfileId
  const [choice, setChoice] = useState<number | undefined>(undefined)
  const [adding, setAdding] = useState(false)
  const [sending, setSending] = useState(false)
  const current = choice ?? (selected === null ? undefined : selected)
  const person = checkout.state.customer
  const proceed = async () => {
    const chosen = billing.find((a) => a.billingProfileId === current)
    if (chosen === undefined) return
    setSending(true)
    await checkout.run((c) => c.updateCustomer({
      email: chosen.email ?? "",
      firstname: chosen.firstname ?? person?.firstname ?? "",
      lastname: chosen.lastname ?? person?.lastname ?? "",
      ...(chosen.phone === undefined ? {} : { phone: chosen.phone }),
      selectedAddresses: {
        billing: chosen.billingProfileId,
        ...(shippingAddresses[0] === undefined ? {} : { shipping: shippingAddresses[0].addressId })
      }
    })).finally(() => setSending(false))
    onDone()
  }
  if (billing.length === 0 || adding) return <AddressForm onSaved={() => { setAdding(false); void checkout.run((c) => c.loadAddresses) }} />
  return (
    <form className="address-choice" onSubmit={(e) => { e.preventDefault(); void proceed().catch(() => undefined) }}>
      <fieldset>
        <legend>{t("sf_billing_address")}</legend>
        {billing.map((a) => (
          <label key={a.billingProfileId} className="radio-card">
            <input type="radio" name="billing" value={a.billingProfileId} checked={current === a.billingProfileId}
              onChange={() => setChoice(a.billingProfileId)} />
            <span>{a.firstname} {a.lastname}, {a.street}, {a.zip} {a.city}</span>
          </label>
        ))}
      </fieldset>
      <p><button type="button" className="link-button" onClick={() => setAdding(true)}>{t("sf_add_address")}</button></p>
      <button type="submit" className="button primary big" disabled={current === undefined || sending} aria-busy={sending}>{t("sf_continue")}</button>
    </form>
  )
}

interface AddressFields {
  firstname: string
  lastname: string
  street: string
  city: string
  zip: string
  phone: string
}

/** The address as the account calls take it: the zip in the shop's format, the shop's country; no empty phone. */
const address = (value: AddressFields, shop: { readonly zipPattern: string; readonly country: string }) => {
  const { phone, ...rest } = value
  return { ...rest, ...(phone.trim() === "" ? {} : { phone }), zip: formatZip(value.zip, shop.zipPattern), country: shop.country }
}

const emptyAddress: AddressFields = { firstname: "", lastname: "", street: "", city: "", zip: "", phone: "" }

/** The address fields with the shop's zip format check (§5). */
function AddressInputs({ value, onChange, zipError }: { readonly value: AddressFields; readonly onChange: (v: AddressFields) => void; readonly zipError: boolean }) {
  const { t, shop } = useShopText()
  const id = useId()
  const field = (name: keyof AddressFields, label: string, extra: Record<string, string | boolean> = {}) => (
    <p className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} name={name} value={value[name]} required={name !== "phone"}
        onChange={(e) => onChange({ ...value, [name]: e.currentTarget.value })} {...extra} />
    </p>
  )
  return (
    <>
      {field("firstname", t("sf_first_name"), { autoComplete: "given-name" })}
      {field("lastname", t("sf_last_name"), { autoComplete: "family-name" })}
      {field("street", t("sf_street"), { autoComplete: "street-address" })}
      {field("city", t("sf_city"), { autoComplete: "address-level2" })}
      {field("zip", t("sf_zip", { pattern: shop.zipPattern }), { autoComplete: "postal-code", inputMode: "numeric", "aria-invalid": zipError })}
      {zipError && <p className="field-error" role="alert">{t("sf_zip_invalid", { pattern: shop.zipPattern })}</p>}
      {field("phone", t("sf_phone"), { autoComplete: "tel", type: "tel" })}
    </>
  )
}

/** Adds a billing address to the logged-in customer's account. */
function AddressForm({ onSaved }: { readonly onSaved: () => void }) {
  const run = useRun()
  const { t, shop } = useShopText()
  const customer = useCustomer()
  const [value, setValue] = useState<AddressFields>(emptyAddress)
  const [zipError, setZipError] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  return (
    <form className="address-form" onSubmit={(e) => {
      e.preventDefault()
      if (!isValidZip(value.zip, shop.zipPattern)) return setZipError(true)
      setZipError(false)
      void run(Account.use((a) => a.setBillingAddress(address(value, shop) as never)))
        .then(() => run(Account.use((a) => a.setShippingAddress(address(value, shop) as never))))
        .then(onSaved, () => setError(t("unknown_error")))
    }}>
      <AddressInputs value={value} onChange={setValue} zipError={zipError} />
      {error !== undefined && <p role="alert" className="field-error">{error}</p>}
      <button type="submit" className="button primary">{t("sf_save_address")}</button>
    </form>
  )
}

/** A new customer: account and billing address in one form, then straight on. */
function RegisterWithAddress({ onBusy }: { readonly onBusy: (busy: boolean) => void }) {
  const run = useRun()
  const checkout = useCheckout()
  const { t, shop, text } = useShopText()
  const [value, setValue] = useState<AddressFields>(emptyAddress)
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [zipError, setZipError] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  return (
    <form className="register-form" onSubmit={(e) => {
      e.preventDefault()
      if (!isValidZip(value.zip, shop.zipPattern)) return setZipError(true)
      setZipError(false)
      setBusy(true)
      onBusy(true)
      setError(undefined)
      void run(Account.use((a) => a.register({ email, password, firstname: value.firstname, lastname: value.lastname })))
        .then(() => run(Account.use((a) => a.setBillingAddress({ ...address(value, shop), email } as never))))
        .then(() => run(Account.use((a) => a.setShippingAddress({ ...address(value, shop), email } as never))))
        .then(() => checkout.run((c) => c.load))
        .catch((failure: { flashes?: ReadonlyArray<{ message: string }>; message?: string }) =>
          setError((failure.flashes ?? []).map((f) => text(f.message)).join(" ") || t("unknown_error")))
        .finally(() => {
          setBusy(false)
          onBusy(false)
        })
    }}>
      <p className="field">
        <label htmlFor="reg-email">{t("sf_email")}</label>
        <input id="reg-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      </p>
      <p className="field">
        <label htmlFor="reg-password">{t("sf_password")}</label>
        <input id="reg-password" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
      </p>
      <AddressInputs value={value} onChange={setValue} zipError={zipError} />
      {error !== undefined && <p role="alert" className="field-error">{error}</p>}
      <button type="submit" className="button primary big" disabled={busy} aria-busy={busy}>{t("sf_register_and_continue")}</button>
      <p className="hint"><Link to={shop.urlKeys.login}>{t("sf_have_account")}</Link></p>
    </form>
  )
}
