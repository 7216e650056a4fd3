/**
 * The payment provider's screens of the shipping step (§7 terms, enrich, otp, get-revolving-offer-detail), shown once
 * the provider check of the selected CZN or CZG answered (§4): the revolving credit offer, the provider's terms with
 * an explicit acceptance, the extra data form, and the one-time code. Thin: which screens a method has and which one
 * is current are the core's rules (`providerScreensOf`, `currentProviderScreen`), the fields and their validation are
 * the contract's Schema (`applicantDataFields`), the progress and refusals are the checkout state's.
 *
 * @module
 */
import { useEffect, useId, useRef, useState } from "react"
import {
  type ApplicantField,
  applicantDataErrors,
  applicantEmployments,
  applicantFieldNames,
  normalizeApplicantValue,
  type RevolvingOffer
} from "../../../core/api/paymentProvider.ts"
import { currentProviderScreen, providerScreensOf, type ProviderScreen } from "../../../core/domain/payment.ts"
import type { MessageKey } from "../../../core/messages/catalogue.ts"
import { uiLanguageLocales } from "../../../core/messages/languages.ts"
import type { CheckoutState } from "../../../core/services/checkoutState.ts"
import { useShopText } from "../../storefront/text.tsx"
import { TextField } from "../forms/TextField.tsx"
import type { ProviderActions } from "./providerActions.ts"

const ignore = () => undefined

/** Props of {@link RevolvingOfferDetail}. */
export interface RevolvingOfferDetailProps {
  /** The offer (`CheckoutState.revolvingOffer`); undefined while it loads. */
  readonly offer: RevolvingOffer | undefined
}

/** The revolving credit offer: instalments, monthly payment, total, rates and limit, money in the shop's currency. */
export function RevolvingOfferDetail({ offer }: RevolvingOfferDetailProps) {
  const { t, text, money, language } = useShopText()
  const headingId = useId()
  const percent = (value: number) => `${new Intl.NumberFormat(uiLanguageLocales[language], { maximumFractionDigits: 2 }).format(value)} %`
  const rows: ReadonlyArray<readonly [string, string | undefined]> = offer === undefined ? [] : [
    [t("pp_offer_installments"), offer.installmentCount === undefined ? undefined : String(offer.installmentCount)],
    [t("pp_offer_monthly"), offer.installmentAmount === undefined ? undefined : money(offer.installmentAmount)],
    [t("pp_offer_total"), offer.totalAmount === undefined ? undefined : money(offer.totalAmount)],
    [t("pp_offer_rate"), offer.interestRate === undefined ? undefined : percent(offer.interestRate)],
    [t("pp_offer_apr"), offer.apr === undefined ? undefined : percent(offer.apr)],
    [t("pp_offer_limit"), offer.creditLimit === undefined ? undefined : money(offer.creditLimit)]
  ]
  return (
    <section className="provider-screen provider-offer" aria-labelledby={headingId} aria-busy={offer === undefined}>
      <h3 id={headingId}>{offer?.title ?? t("pp_offer_title")}</h3>
      {offer === undefined ? <p>{t("pp_offer_loading")}</p> : (
        <>
          <dl className="offer-terms">
            {rows.filter(([, value]) => value !== undefined).map(([label, value]) => (
              <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
            ))}
          </dl>
          {offer.text !== undefined && <p className="hint">{text(offer.text)}</p>}
        </>
      )}
    </section>
  )
}

/** Props of the screens that send something to the provider. */
export interface ProviderScreenProps {
  /** The selected method code (CZN, CZG). */
  readonly code: string
  /** What the screen sends to the provider (the Checkout service's provider calls). */
  readonly actions: ProviderActions
  /** The provider's refusal of this screen's last answer (a translation key), if any. */
  readonly refusal: string | undefined
}

/** Runs an action while `busy`. */
const useBusy = () => {
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(() => () => {
    mounted.current = false
  }, [])
  const during = (promise: Promise<unknown>) => {
    setBusy(true)
    void promise.catch(ignore).finally(() => {
      if (mounted.current) setBusy(false)
    })
  }
  return [busy, during] as const
}

/** The provider's terms with a checkbox the shopper must tick and a button that records the acceptance. */
export function ProviderTerms({ code, actions, refusal }: ProviderScreenProps) {
  const { t, text } = useShopText()
  const headingId = useId()
  const [checked, setChecked] = useState(false)
  const [missing, setMissing] = useState(false)
  const [busy, during] = useBusy()
  const errorId = `${headingId}-error`
  const error = missing ? t("pp_terms_required") : refusal === undefined ? undefined : text(refusal)
  return (
    <form className="provider-screen provider-terms" aria-labelledby={headingId} noValidate onSubmit={(e) => {
      e.preventDefault()
      if (!checked) {
        setMissing(true)
        return
      }
      during(actions.acceptTerms(code))
    }}>
      <h3 id={headingId} tabIndex={-1}>{t("pp_terms_title")}</h3>
      <p>{t("pp_terms_text")}</p>
      <label className="check">
        <input type="checkbox" checked={checked} aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : errorId}
          onChange={(e) => {
            setChecked(e.currentTarget.checked)
            setMissing(false)
          }} />
        {t("pp_terms_accept")}
      </label>
      {error !== undefined && <p id={errorId} role="alert" className="field-error">{error}</p>}
      <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>{t("pp_terms_submit")}</button>
    </form>
  )
}

const fieldErrorKeys = {
  phone: "pp_phone_invalid",
  birthDate: "pp_birthDate_invalid",
  monthlyIncome: "pp_monthlyIncome_invalid",
  employment: "pp_employment_invalid"
} as const satisfies Record<ApplicantField, MessageKey>

const employmentKeys = {
  employed: "pp_employment_employed",
  selfEmployed: "pp_employment_selfEmployed",
  retired: "pp_employment_retired",
  student: "pp_employment_student",
  other: "pp_employment_other"
} as const satisfies Record<(typeof applicantEmployments)[number], MessageKey>

/** The extra data form: the contract's fields, validated with its Schema before sending, an error under each field. */
export function ProviderDataForm({ code, actions, refusal }: ProviderScreenProps) {
  const { t, text } = useShopText()
  const headingId = useId()
  const [values, setValues] = useState<{ readonly [field: string]: string }>({})
  const [errors, setErrors] = useState<ReadonlyArray<ApplicantField>>([])
  const [busy, during] = useBusy()
  const firstInvalid = useRef<HTMLFormElement>(null)
  const set = (field: ApplicantField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => e.filter((f) => f !== field))
  }
  const errorOf = (field: ApplicantField) => errors.includes(field) ? t(fieldErrorKeys[field]) : undefined
  const employmentId = `${headingId}-employment`
  const employmentError = errorOf("employment")
  return (
    <form ref={firstInvalid} className="provider-screen provider-data" aria-labelledby={headingId} noValidate onSubmit={(e) => {
      e.preventDefault()
      const invalid = applicantDataErrors(values)
      setErrors(invalid)
      if (invalid.length > 0) {
        const first = firstInvalid.current?.querySelector<HTMLElement>(`[name="${invalid[0]}"]`)
        first?.focus()
        return
      }
      const data = Object.fromEntries(applicantFieldNames.map((field) => [field, normalizeApplicantValue(field, values[field] ?? "")]))
      during(actions.sendData(code, data))
    }}>
      <h3 id={headingId} tabIndex={-1}>{t("pp_data_title")}</h3>
      <p>{t("pp_data_intro")}</p>
      <TextField label={t("pp_phone")} name="phone" type="tel" autoComplete="tel" inputMode="tel" required
        value={values["phone"] ?? ""} error={errorOf("phone")} onChange={(e) => set("phone", e.currentTarget.value)} />
      <TextField label={t("pp_birth_date")} name="birthDate" type="date" autoComplete="bday" required
        value={values["birthDate"] ?? ""} error={errorOf("birthDate")} onChange={(e) => set("birthDate", e.currentTarget.value)} />
      <TextField label={t("pp_monthly_income")} name="monthlyIncome" inputMode="numeric" required
        value={values["monthlyIncome"] ?? ""} error={errorOf("monthlyIncome")} onChange={(e) => set("monthlyIncome", e.currentTarget.value)} />
      <div className={employmentError === undefined ? "form-field" : "form-field form-field--invalid"}>
        <label htmlFor={employmentId}>{t("pp_employment")}</label>
        <select id={employmentId} name="employment" required value={values["employment"] ?? ""}
          aria-invalid={employmentError === undefined ? undefined : true}
          aria-describedby={employmentError === undefined ? undefined : `${employmentId}-error`}
          onChange={(e) => set("employment", e.currentTarget.value)}>
          <option value="">{t("pp_employment_choose")}</option>
          {applicantEmployments.map((employment) => <option key={employment} value={employment}>{t(employmentKeys[employment])}</option>)}
        </select>
        {employmentError !== undefined && <p id={`${employmentId}-error`} className="field-error">{employmentError}</p>}
      </div>
      {refusal !== undefined && <p role="alert" className="flash danger">{text(refusal)}</p>}
      <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>{t("pp_data_submit")}</button>
    </form>
  )
}

/** Props of {@link ProviderOtpForm}. */
export interface ProviderOtpFormProps extends ProviderScreenProps {
  /** A demo provider's code, shown in a notice (the reference backend sends no text message); absent for a real one. */
  readonly demoCode?: string | undefined
}

/** The one-time code entry: a wrong code shows the provider's refusal and the shopper tries again. */
export function ProviderOtpForm({ code, actions, refusal, demoCode }: ProviderOtpFormProps) {
  const { t, text } = useShopText()
  const headingId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const input = () => formRef.current?.querySelector<HTMLInputElement>("input[name=otp]")
  const [value, setValue] = useState("")
  const [malformed, setMalformed] = useState(false)
  const [busy, during] = useBusy()
  const error = malformed ? t("pp_otp_format") : refusal === undefined ? undefined : text(refusal)
  useEffect(() => {
    if (refusal !== undefined) input()?.select()
  }, [refusal])
  return (
    <form ref={formRef} className="provider-screen provider-otp" aria-labelledby={headingId} noValidate onSubmit={(e) => {
      e.preventDefault()
      const entered = value.trim()
      if (!/^[0-9]{4,8}$/.test(entered)) {
        setMalformed(true)
        input()?.focus()
        return
      }
      during(actions.confirmOtp(code, entered))
    }}>
      <h3 id={headingId} tabIndex={-1}>{t("pp_otp_title")}</h3>
      <p>{t("pp_otp_intro")}</p>
      {demoCode !== undefined && <p className="flash notice demo-provider" role="note">{t("pp_demo_notice", { code: demoCode })}</p>}
      <TextField label={t("pp_otp_label")} name="otp" inputMode="numeric" autoComplete="one-time-code" required
        maxLength={8} value={value} error={error}
        onChange={(e) => {
          setValue(e.currentTarget.value)
          setMalformed(false)
        }} />
      <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>{t("pp_otp_submit")}</button>
    </form>
  )
}

/** Props of {@link PaymentProviderScreens}. */
export interface PaymentProviderScreensProps {
  /** The checkout's state (selected method, provider check, offer, progress, refusals). */
  readonly state: CheckoutState
  readonly actions: ProviderActions
  /** A demo provider's one-time code to show (see {@link ProviderOtpFormProps.demoCode}). */
  readonly demoOtpCode?: string | undefined
  readonly className?: string | undefined
}

const refusalOf = (state: CheckoutState, screen: ProviderScreen) =>
  state.providerRefusal?.screen === screen ? state.providerRefusal.message : undefined

/**
 * The provider's screens of the selected method once its check answered: the offer (CZG) above the current screen,
 * the steps already done as confirmations; focus moves to each new screen's heading. Nothing for a method without
 * screens or before the check answered.
 *
 * @example
 * ```tsx
 * <PaymentProviderScreens state={state} actions={useProviderActions()} />
 * ```
 */
export function PaymentProviderScreens({ state, actions, demoOtpCode, className }: PaymentProviderScreensProps) {
  const { t } = useShopText()
  const code = state.selectedPayment
  const screens = providerScreensOf(code)
  const ready = code !== undefined && screens.length > 0 && state.paymentProvider === "done"
  const current = currentProviderScreen(code, state.providerProgress)
  const wantsOffer = ready && screens.includes("offer") && state.revolvingOffer === undefined
  const container = useRef<HTMLDivElement>(null)
  const shown = useRef<ProviderScreen | undefined>(undefined)
  useEffect(() => {
    if (wantsOffer) void actions.loadRevolvingOffer().catch(ignore)
  }, [wantsOffer, actions])
  useEffect(() => {
    if (!ready) return
    if (shown.current !== undefined && shown.current !== current) {
      container.current?.querySelector<HTMLElement>(current === undefined ? ".provider-done" : "h3[tabindex]")?.focus()
    }
    shown.current = current
  }, [ready, current])
  if (!ready) return null
  const done = state.providerProgress
  return (
    <div ref={container} className={["provider-screens", className].filter(Boolean).join(" ")}>
      {screens.includes("offer") && <RevolvingOfferDetail offer={state.revolvingOffer} />}
      {current !== undefined && done.termsAccepted && <p className="flash success">{t("pp_terms_accepted")}</p>}
      {current !== undefined && done.dataSent && <p className="flash success">{t("pp_data_sent")}</p>}
      {current === "terms" && <ProviderTerms code={code} actions={actions} refusal={refusalOf(state, "terms")} />}
      {current === "data" && <ProviderDataForm code={code} actions={actions} refusal={refusalOf(state, "data")} />}
      {current === "otp" && <ProviderOtpForm code={code} actions={actions} refusal={refusalOf(state, "otp")} demoCode={demoOtpCode} />}
      {current === undefined && (
        <p role="status" tabIndex={-1} className="flash success provider-done">
          {screens.includes("otp") ? t("pp_otp_confirmed") : t("pp_terms_accepted")}
        </p>
      )}
    </div>
  )
}
