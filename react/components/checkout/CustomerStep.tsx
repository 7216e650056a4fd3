/**
 * The customer step (§2 step 2): a logged-in customer picks a billing address (or adds one); a new
 * shopper logs in (the app's login form, given as `loginForm`) or creates an account with the
 * address in one form. Then who orders and the chosen addresses go to the cart and the step moves
 * on. The payloads are the core's (`addressPayload`, `checkoutCustomerPayload`).
 *
 * @example
 * ```tsx
 * function Customer() {
 *   const { state } = useCheckout()
 *   const customer = useCustomer()
 *   return <CustomerStep state={state} loggedIn={customer.customer?.isLogged === true}
 *     actions={useCustomerActions()} loginForm={<MyLoginForm />} />
 * }
 * ```
 *
 * @module
 */
import { useEffect, useState, type ReactNode } from "react"
import {
  addressFormProblems,
  addressPayload,
  checkoutCustomerPayload,
  emptyAddressForm,
  type AddressFormFields,
  type AddressFormProblem
} from "../../../core/domain/customer.ts"
import type { CheckoutState } from "../../../core/services/checkoutState.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"
import { AddressFields } from "./AddressFields.tsx"
import type { CustomerActions } from "./customerActions.ts"

/** Props of {@link CustomerStep}. */
export interface CustomerStepProps {
  readonly state: CheckoutState
  /** Whether the shopper is logged in. */
  readonly loggedIn: boolean
  readonly actions: CustomerActions
  /** The app's login form (shown on the "log in" tab). */
  readonly loginForm: ReactNode
  readonly className?: string | undefined
}

const ignore = () => undefined

const failureText = (failure: unknown, text: (keyOrText: string) => string, fallback: string): string => {
  const flashes = (failure as { readonly flashes?: ReadonlyArray<{ readonly message: string }> } | undefined)?.flashes ?? []
  return flashes.map((flash) => text(flash.message)).join(" ") || fallback
}

/** The customer step. */
export function CustomerStep({ state, loggedIn, actions, loginForm, className }: CustomerStepProps) {
  const { t } = useShopText()
  const [mode, setMode] = useState<"login" | "register">("login")
  // The new customer's form stays until its address is saved (the login happens half-way).
  const [registering, setRegistering] = useState(false)
  useEffect(() => {
    if (loggedIn && !registering) void actions.loadAddresses().catch(ignore)
    // Once per login, and once more when a new customer's address is saved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loggedIn, registering])
  const classes = ["customer-step", className].filter(Boolean).join(" ")
  if (loggedIn && !registering) return <div className={classes}><AddressChoice state={state} actions={actions} /></div>
  return (
    <div className={classes}>
      <div role="group" aria-label={t("sf_how_to_continue")} className="tabs">
        <button type="button" aria-pressed={mode === "login"} onClick={() => setMode("login")}>{t("sf_login")}</button>
        <button type="button" aria-pressed={mode === "register"} onClick={() => setMode("register")}>{t("sf_new_customer")}</button>
      </div>
      {mode === "login" ? loginForm : <RegisterWithAddress actions={actions} onBusy={setRegistering} />}
    </div>
  )
}

/** The customer's billing addresses; the chosen one goes to the cart with the contact data. */
function AddressChoice({ state, actions }: { readonly state: CheckoutState; readonly actions: CustomerActions }) {
  const { t, text } = useShopText()
  const billing = state.addresses?.addresses.billing ?? []
  const chosenShipping = state.addresses?.selectedAddresses?.shipping
  const shipping = state.addresses?.addresses.shipping ?? []
  const shippingId = (shipping.find((a) => a.addressId === chosenShipping) ?? shipping[0])?.addressId
  const preselected = state.addresses?.selectedAddresses?.billing ?? billing[0]?.billingProfileId
  const [choice, setChoice] = useState<number | undefined>(undefined)
  const [adding, setAdding] = useState(false)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const current = choice ?? (preselected === null ? undefined : preselected)
  if (state.addresses !== undefined && (billing.length === 0 || adding)) {
    return <AddressForm actions={actions} onSaved={() => {
      setAdding(false)
      void actions.loadAddresses().catch(ignore)
    }} />
  }
  return (
    <form className="address-choice" onSubmit={(e) => {
      e.preventDefault()
      const chosen = billing.find((a) => a.billingProfileId === current)
      if (chosen === undefined) return
      setSending(true)
      setError(undefined)
      void actions.proceed(checkoutCustomerPayload(chosen, state.customer, shippingId))
        .catch((failure: unknown) => setError(failureText(failure, text, t("unknown_error"))))
        .finally(() => setSending(false))
    }}>
      <fieldset>
        <legend>{t("sf_billing_address")}</legend>
        {billing.map((a) => (
          <label key={a.billingProfileId} className="radio-card">
            <input type="radio" name="billing" value={a.billingProfileId} checked={current === a.billingProfileId}
              onChange={() => setChoice(a.billingProfileId)} />
            <span>{[a.companyName, `${a.firstname ?? ""} ${a.lastname ?? ""}`.trim(), a.street, `${a.zip ?? ""} ${a.city ?? ""}`.trim()].filter((p) => p !== undefined && p !== "").join(", ")}</span>
          </label>
        ))}
      </fieldset>
      {error !== undefined && <p role="alert" className="field-error">{error}</p>}
      <p><button type="button" className="link-button" onClick={() => setAdding(true)}>{t("sf_add_address")}</button></p>
      <button type="submit" className="button primary big" disabled={current === undefined || sending} aria-busy={sending}>{t("sf_continue")}</button>
    </form>
  )
}

/** Adds an address (billing and shipping) to the logged-in customer's account. */
function AddressForm({ actions, onSaved }: { readonly actions: CustomerActions; readonly onSaved: () => void }) {
  const { t, shop, text } = useShopText()
  const [value, setValue] = useState<AddressFormFields>(emptyAddressForm)
  const [problems, setProblems] = useState<ReadonlyArray<AddressFormProblem>>([])
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  return (
    <form className="address-form" noValidate onSubmit={(e) => {
      e.preventDefault()
      const found = addressFormProblems(value, shop)
      setProblems(found)
      if (found.length > 0) return
      setBusy(true)
      setError(undefined)
      void actions.saveAddress(addressPayload(value, shop))
        .then(onSaved, (failure: unknown) => setError(failureText(failure, text, t("unknown_error"))))
        .finally(() => setBusy(false))
    }}>
      <AddressFields value={value} onChange={setValue} problems={problems} />
      {error !== undefined && <p role="alert" className="field-error">{error}</p>}
      <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>{t("sf_save_address")}</button>
    </form>
  )
}

/** A new customer: account and address in one form, then straight on. */
function RegisterWithAddress({ actions, onBusy }: { readonly actions: CustomerActions; readonly onBusy: (busy: boolean) => void }) {
  const { t, shop, text } = useShopText()
  const Link = useLink()
  const [value, setValue] = useState<AddressFormFields>(emptyAddressForm)
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [problems, setProblems] = useState<ReadonlyArray<AddressFormProblem>>([])
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  return (
    <form className="register-form" onSubmit={(e) => {
      e.preventDefault()
      const found = addressFormProblems(value, shop)
      setProblems(found)
      if (found.length > 0) return
      setBusy(true)
      onBusy(true)
      setError(undefined)
      void actions.register({ email, password, firstname: value.firstname.trim(), lastname: value.lastname.trim() }, addressPayload(value, shop, email))
        .catch((failure: unknown) => setError(failureText(failure, text, t("unknown_error"))))
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
      <AddressFields value={value} onChange={setValue} problems={problems} />
      {error !== undefined && <p role="alert" className="field-error">{error}</p>}
      <button type="submit" className="button primary big" disabled={busy} aria-busy={busy}>{t("sf_register_and_continue")}</button>
      <p className="hint"><Link to={shop.urlKeys.login}>{t("sf_have_account")}</Link></p>
    </form>
  )
}
