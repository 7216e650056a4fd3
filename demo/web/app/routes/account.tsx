/**
 * My account (§2 clientMyAccount with the anchors #detail and #addresses): the account menu of the shop (the
 * entries the shop enables, §2), the customer's details (the billing profile, editable unless the server marks it
 * not editable, §3 profile -1), the shipping addresses (edit and add), and the recent orders. The forms post to this
 * route's action, so they work without JavaScript; the server checks every address (zip formats per country, §5).
 */
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router"
import type { BillingAddress, ShippingAddress } from "../../../../core/api/entities/address.ts"
import type { AccountMenuKey } from "../../../../core/domain/customer.ts"
import { notEditableBillingProfileId } from "../../../../core/api/entities/address.ts"
import type { Shop } from "../../../../core/domain/shop.ts"
import { shopPagesOf } from "../../../../core/domain/shopPages.ts"
import { AccountMenu } from "../../../../react/components/header/AccountMenu.tsx"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { TextField } from "../../../../react/components/forms/TextField.tsx"
import { cookieHeaders, hasSessionCookie } from "../lib/api.server.ts"
import { checkedForm, field, pagePathOf, pageSession } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useRootData, useShopText } from "../lib/i18n.ts"
import { orderStates } from "../../../../core/api/account.ts"
import { PageError } from "../components/PageError.tsx"

/** The account menu entries this storefront has pages for (the others are listed as not built in docs/FEATURES.md). */
const builtEntries: ReadonlySet<AccountMenuKey> = new Set(["accountData", "addresses", "clientPurchaseList", "orderTracking", "clientWishlist", "logout", "clientDigitalContent", "clientWatchdog", "clientRankingList"])

/** The club pages of the account (loyalty clubs, VIP club, questionnaires, cards), shown where the shop enables them. */
const clubEntries: ReadonlySet<AccountMenuKey> = new Set(["clientLoyaltyClubs", "clientVipClub", "clientQuestionaireList", "manageCardList"])

const cartUrlOf = (shop: Shop) => shop.urlKeys.cart.replace(/^\/+|\/+$/g, "")

const loginRedirect = (shop: Shop, request: Request) =>
  redirect(`${shop.urlKeys.login}?return=${encodeURIComponent(pagePathOf(request))}`)

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  if (!hasSessionCookie(request)) throw loginRedirect(shop, request)
  const { caller, session } = await pageSession(request, context, shop)
  const [orders, addresses] = await Promise.all([
    caller.call((client) => client.account.orderHistory({ query: { limit: 3 } as never })).catch(() => undefined),
    caller.call((client) => client.account.loadAddresses({ params: { cartUrl: cartUrlOf(shop) } })).catch(() => undefined)
  ])
  if (orders === undefined || addresses === undefined) throw loginRedirect(shop, request)
  return data({ orders, addresses: addresses.addresses, csrfToken: session.csrfToken }, { headers: cookieHeaders(caller) })
}

const addressFields = ["firstname", "lastname", "street", "city", "zip", "phone"] as const

/** The company fields of a business billing profile (§3 billing form flags); the registration number only where the shop takes one. */
const companyFieldsOf = (shop: Shop) =>
  (["companyName", ...(shop.features.companyRegistrationNumber ? ["companyRegistrationNumber" as const] : []), "companyTaxNumber"] as const)

/** Whether an order state has its own label and style (the states of the order history). */
const isOrderState = (state: string): state is (typeof orderStates)[number] => (orderStates as ReadonlyArray<string>).includes(state)

type AccountResult =
  | { readonly saved: "billing" | "shipping" | "newsletter" }
  | { readonly newsletterFailed: true }
  | { readonly failed: "billing" | "shipping"; readonly id: string; readonly field?: string; readonly message: string }

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = preferencesOf(request)
  const { form, caller } = await checkedForm(request, context, shop)
  const answer = (result: AccountResult) => data(result, { headers: cookieHeaders(caller) })
  if (field(form, "intent") === "newsletter") {
    const subscribed = field(form, "subscribed") === "on"
    const updated = await caller.call((client) => client.newsletter.updateSubscription({ payload: { subscribed } })).then(() => true, () => false)
    return answer(updated ? { saved: "newsletter" } : { newsletterFailed: true })
  }
  const kind = field(form, "intent") === "billing" ? "billing" : "shipping"
  const id = field(form, "id")
  const values = Object.fromEntries(addressFields.flatMap((name) => {
    const value = field(form, name).trim()
    return value === "" && name === "phone" ? [] : [[name, value]]
  }))
  const business = kind === "billing" && field(form, "businessArea") === "on"
  const company = Object.fromEntries(companyFieldsOf(shop).flatMap((name) => {
    const value = field(form, name).trim()
    return value === "" ? [] : [[name, value]]
  }))
  const address = { ...values, country: shop.country, ...(kind === "billing" ? { businessArea: business, ...(business ? company : {}) } : {}) }
  const saving = kind === "billing"
    ? caller.call((client) => client.account.setBillingAddress({ payload: { data: { ...address, ...(id === "" ? {} : { billingProfileId: Number(id) }) } } }))
    : caller.call((client) => client.account.setShippingAddress({ payload: { data: { ...address, ...(id === "" ? {} : { addressId: Number(id) }) } } }))
  const outcome = await saving.then(() => undefined, (error: unknown) => error)
  if (outcome === undefined) return answer({ saved: kind })
  const refused = typeof outcome === "object" && outcome !== null && "field" in outcome ? String((outcome as { field?: unknown }).field ?? "") : ""
  const message = typeof outcome === "object" && outcome !== null && "message" in outcome ? String((outcome as { message?: unknown }).message) : ""
  if (typeof outcome === "object" && outcome !== null && "_tag" in outcome && outcome._tag === "LoginRequired") throw loginRedirect(shop, request)
  return answer({ failed: kind, id, ...(refused === "" ? {} : { field: refused }), message })
}

export function meta() {
  return [{ title: "My account | Storefront" }, { name: "robots", content: "noindex" }]
}

const companyLabels = { companyName: "pu_company_name", companyRegistrationNumber: "pu_company_registration_number", companyTaxNumber: "pu_company_tax_number" } as const

/** One address form (billing profile or shipping address); `id` empty for a new one. */
function AddressForm({ kind, id, address, editable, result, csrfToken }: {
  readonly kind: "billing" | "shipping"
  readonly id: string
  readonly address: Partial<BillingAddress | ShippingAddress> | undefined
  readonly editable: boolean
  readonly result: AccountResult | undefined
  readonly csrfToken: string
}) {
  const { t, shop } = useShopText()
  const busy = useNavigation().state === "submitting"
  const failedHere = result !== undefined && "failed" in result && result.failed === kind && result.id === id ? result : undefined
  const errorOf = (name: string) => failedHere?.field === name ? (name === "zip" ? t("sf_zip_invalid", { pattern: shop.zipPattern }) : failedHere.message) : undefined
  const value = (name: (typeof addressFields)[number]) => String((address as Record<string, unknown> | undefined)?.[name] ?? "")
  const labels = { firstname: t("sf_first_name"), lastname: t("sf_last_name"), street: t("sf_street"), city: t("sf_city"), zip: t("sf_zip", { pattern: shop.zipPattern }), phone: t("sf_phone") }
  const complete = { firstname: "given-name", lastname: "family-name", street: "street-address", city: "address-level2", zip: "postal-code", phone: "tel" } as const
  return (
    <Form method="post" className="stack-form" preventScrollReset>
      <input type="hidden" name={csrfField} value={csrfToken} />
      <input type="hidden" name="intent" value={kind} />
      <input type="hidden" name="id" value={id} />
      {failedHere !== undefined && failedHere.field === undefined ? <FormNotice tone="error">{failedHere.message || t("pg_failed")}</FormNotice> : null}
      <fieldset disabled={!editable} className="form-row address-fields">
        {addressFields.map((name) => (
          <TextField
            key={name}
            label={labels[name]}
            name={name}
            autoComplete={complete[name]}
            required={name !== "phone"}
            type={name === "phone" ? "tel" : "text"}
            defaultValue={value(name)}
            error={errorOf(name)}
          />
        ))}
      </fieldset>
      {kind === "billing" ? (
        <fieldset disabled={!editable} className="form-row company-fields">
          <legend>{t("clubs_company_details")}</legend>
          <label className="check">
            <input type="checkbox" name="businessArea" defaultChecked={(address as Partial<BillingAddress> | undefined)?.businessArea === true} />
            {t("pu_business_address")}
          </label>
          {companyFieldsOf(shop).map((name) => (
            <TextField
              key={name}
              label={t(companyLabels[name])}
              name={name}
              autoComplete={name === "companyName" ? "organization" : "off"}
              defaultValue={String((address as Record<string, unknown> | undefined)?.[name] ?? "")}
              error={errorOf(name)}
            />
          ))}
        </fieldset>
      ) : null}
      {!editable ? <p className="hint">{t("clubs_not_editable")}</p> : null}
      {editable ? <button type="submit" className="button primary" disabled={busy}>{id === "" ? t("sf_add_address") : t("pg_save")}</button> : null}
    </Form>
  )
}

export default function MyAccount() {
  const { orders, addresses, csrfToken } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as AccountResult | undefined
  const { t, shop, money } = useShopText()
  const { customer } = useRootData()
  const busy = useNavigation().state === "submitting"
  const billing = addresses.billing ?? []
  const shipping = addresses.shipping ?? []
  return (
    <section className="account-page">
      <h1>{t("sf_my_account")}</h1>
      <AccountMenu csrfToken={csrfToken} customer={customer ?? null} include={(key) => builtEntries.has(key) || clubEntries.has(key)}
        extraItems={[{ to: shopPagesOf(shop.shopId).petForm, label: t("pg_pets_title") }]} />
      {result !== undefined && "saved" in result ? <FormNotice tone="success">{t(result.saved === "newsletter" ? "clubs_newsletter_saved" : "pg_saved")}</FormNotice> : null}
      {result !== undefined && "newsletterFailed" in result ? <FormNotice tone="error">{t("pg_failed")}</FormNotice> : null}
      {shop.features.accountData ? (
        <section id="detail" className="account-section" aria-labelledby="detail-title">
          <h2 id="detail-title">{t("account_menu_accountData")}</h2>
          {customer === undefined ? null : (
            <dl className="customer-detail">
              <dt>{t("sf_first_name")}</dt><dd>{customer.firstname ?? ""}</dd>
              <dt>{t("sf_last_name")}</dt><dd>{customer.lastname ?? ""}</dd>
            </dl>
          )}
          <h3>{t("clubs_billing_profiles")}</h3>
          {billing.length === 0
            ? <AddressForm kind="billing" id="" address={undefined} editable result={result} csrfToken={csrfToken} />
            : billing.map((profile) => (
              <AddressForm
                key={profile.billingProfileId}
                kind="billing"
                id={String(profile.billingProfileId)}
                address={profile}
                editable={profile.billingProfileId !== notEditableBillingProfileId}
                result={result}
                csrfToken={csrfToken}
              />
            ))}
          <p><Link to={`${shop.urlKeys.passwordRecovery}?return=${encodeURIComponent(shop.urlKeys.clientMyAccount)}`}>{t("pg_recovery_new_title")}</Link></p>
        </section>
      ) : null}
      <section id="addresses" className="account-section" aria-labelledby="addresses-title">
        <h2 id="addresses-title">{t("account_menu_addresses")}</h2>
        {shipping.map((address) => (
          <AddressForm key={address.addressId} kind="shipping" id={String(address.addressId)} address={address} editable result={result} csrfToken={csrfToken} />
        ))}
        <h3>{t("sf_add_address")}</h3>
        <AddressForm key={`new-${shipping.length}`} kind="shipping" id="" address={undefined} editable result={result} csrfToken={csrfToken} />
      </section>
      <section className="account-section" aria-labelledby="newsletter-title">
        <h2 id="newsletter-title">{t("clubs_newsletter")}</h2>
        <Form method="post" className="stack-form newsletter-form" preventScrollReset>
          <input type="hidden" name={csrfField} value={csrfToken} />
          <input type="hidden" name="intent" value="newsletter" />
          <label className="check">
            <input type="checkbox" name="subscribed" defaultChecked={customer?.allowedNl === true} key={String(customer?.allowedNl)} />
            {t("clubs_newsletter_subscribe")}
          </label>
          <button type="submit" className="button" disabled={busy}>{t("clubs_newsletter_save")}</button>
        </Form>
      </section>
      <section className="account-section" aria-labelledby="orders-title">
        <h2 id="orders-title">{t("sf_recent_orders")}</h2>
        {orders.orders.length === 0 ? <p>{t("order_history_empty")}</p> : (
          <ul className="orders">
            {orders.orders.map((o) => (
              <li key={String(o.orderId)}>
                #{String(o.orderId)} · {money(Number(o.total))} · <span className={`order-state order-state--${String(o.state)}`}>{isOrderState(String(o.state)) ? t(`order_state_${String(o.state) as (typeof orderStates)[number]}`) : String(o.state)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
