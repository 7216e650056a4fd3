/**
 * The contact page (§2 "Contact form page", §3 fields, §4 topic picker and info box, §5 validation, §9 at most 5
 * attachments): the shop's three-level topic tree, the info box with 'show phone' / 'show form', the form with up
 * to 5 attachments and the image captcha, and the order-tracking help link where the shop has it (the Czech one).
 * The chosen topics live in the URL (`selected_1..3`), so the picker works without JavaScript too; the form posts
 * to this route's action, which sends the multipart submission to the API.
 */
import { useEffect, useState } from "react"
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs
} from "react-router"
import { captchaReloadUrl } from "../../../../core/domain/captcha.ts"
import {
  contactFormFields,
  contactTopicTree,
  customNumberField,
  emptySelection,
  infoBoxText,
  orderTrackingHelpLink,
  selectTopic,
  topicLevels,
  type TopicSelection
} from "../../../../core/domain/contact.ts"
import { shopPagesOf } from "../../../../core/domain/shopPages.ts"
import { AttachmentsField } from "../../../../react/components/forms/AttachmentsField.tsx"
import { CaptchaField } from "../../../../react/components/forms/CaptchaField.tsx"
import { ContactInfoBox } from "../../../../react/components/forms/ContactInfoBox.tsx"
import { ContactTopicPicker } from "../../../../react/components/forms/ContactTopicPicker.tsx"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { TextField } from "../../../../react/components/forms/TextField.tsx"
import { cookieHeaders } from "../lib/api.server.ts"
import { checkedForm, field, pagePathOf, pageSession } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { PageError } from "../components/PageError.tsx"

/** The content title of the contact page (§7 findByTitle). */
const contactContentTitle = "contact"

/** The selection in a URL's or form's `selected_1..3`, each level kept only when the level above is a valid choice. */
const selectionOf = (values: (name: string) => string | null, tree: ReturnType<typeof contactTopicTree>): TopicSelection =>
  topicLevels.reduce<TopicSelection>((selection, level) => {
    const key = values(`selected_${level}`)
    return key === null || key === "" ? selection : selectTopic(selection, level, key, tree)
  }, emptySelection)

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const url = new URL(request.url)
  if (pagePathOf(request) !== shopPagesOf(shop.shopId).contact) throw data(null, { status: 404 })
  const { caller, session } = await pageSession(request, context, shop)
  const [content, captcha] = await Promise.all([
    caller.call((client) => client.content.findByTitle({ query: { title: contactContentTitle } })),
    caller.call((client) => client.captcha.get({ query: {} })).catch(() => undefined)
  ])
  const tree = contactTopicTree(JSON.parse(content.content.body))
  return data({
    csrfToken: session.csrfToken,
    tree,
    selection: selectionOf((name) => url.searchParams.get(name), tree),
    config: content.config,
    captcha
  }, { headers: cookieHeaders(caller) })
}

type ContactResult =
  | { readonly sent: true }
  | {
    readonly error: "required" | "invalidEmail" | "captcha" | "tooLarge" | "tooOften" | "failed"
    readonly field?: string
    readonly values: Readonly<Record<string, string>>
  }

const keptFields = ["firstname", "lastname", "email", "customNumber", "feedback"] as const

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = preferencesOf(request)
  const { form, caller } = await checkedForm(request, context, shop)
  const values = Object.fromEntries(keptFields.map((name) => [name, field(form, name)]))
  const answer = (result: ContactResult) => data(result, { headers: cookieHeaders(caller) })
  const content = await caller.call((client) => client.content.findByTitle({ query: { title: contactContentTitle } }))
  const tree = contactTopicTree(JSON.parse(content.content.body))
  const selection = selectionOf((name) => field(form, name), tree)
  const outgoing = new FormData()
  for (const [name, value] of contactFormFields({ ...values, bot2: field(form, "bot2") }, selection, field(form, "bot2i"), {})) {
    outgoing.append(name, value)
  }
  for (const file of form.getAll("attachments")) {
    if (typeof file !== "string" && (file.size > 0 || file.name !== "")) outgoing.append("attachments", file, file.name)
  }
  const outcome = await caller.call((client) => client.contact.submit({ payload: outgoing as never }))
    .then(() => undefined, (error: unknown) => error)
  if (outcome === undefined) return answer({ sent: true })
  const tag = typeof outcome === "object" && outcome !== null && "_tag" in outcome ? String(outcome._tag) : ""
  const refused = tag === "Unprocessable" ? (outcome as { readonly field?: string }).field : undefined
  const error: Exclude<ContactResult, { sent: true }>["error"] = tag === "PayloadTooLarge" ? "tooLarge"
    : tag === "TooManyRequests" ? "tooOften"
    : refused === "bot2" ? "captcha"
    : refused === "email" ? "invalidEmail"
    : refused !== undefined ? "required"
    : "failed"
  return answer({ error, ...(refused === undefined ? {} : { field: refused }), values })
}

export function meta() {
  return [{ title: "Contact | Storefront" }]
}

export default function Contact() {
  const { csrfToken, tree, selection: loaded, config, captcha } = useLoaderData<typeof loader>()
  // The choice shows at once; the URL (and with it the loader) follows.
  const [selection, setSelection] = useState<TopicSelection>(loaded)
  useEffect(() => setSelection(loaded), [loaded])
  const result = useActionData<typeof action>() as ContactResult | undefined
  const busy = useNavigation().state === "submitting"
  const [, setSearchParams] = useSearchParams()
  const location = useLocation()
  const { t, shop } = useShopText()
  const pages = shopPagesOf(shop.shopId)
  const failed = result !== undefined && "error" in result ? result : undefined
  const kept = failed?.values ?? {}
  const customNumber = customNumberField(tree, selection)
  const trackingHelp = orderTrackingHelpLink(shop)
  const fieldError = (name: string) =>
    failed?.field === name ? (failed.error === "invalidEmail" ? t("frm_invalid-email") : t("frm_required")) : undefined
  const notice = failed === undefined ? undefined
    : failed.error === "tooLarge" && config !== undefined
      ? t("pg_contact_too_large", { file: config.maxFileSizeFormatted, total: config.maxPostSizeFormatted })
    : failed.error === "tooOften" ? t("pg_contact_too_often")
    : failed.error === "captcha" ? t("pg_contact_captcha_wrong")
    : failed.error === "failed" || failed.error === "tooLarge" ? t("pg_failed")
    : undefined
  const reloadTo = captchaReloadUrl(`${location.pathname}${location.search}`, captcha?.id ?? "")
  return (
    <section className="contact-page">
      <h1>{t("pg_contact_title")}</h1>
      {trackingHelp === undefined ? null : <p className="contact-page__help"><Link to={trackingHelp}>{t("pg_contact_order_tracking")}</Link></p>}
      <Form method="get" className="contact-page__topics" preventScrollReset replace>
        <ContactTopicPicker
          tree={tree}
          selection={selection}
          onChange={(next) => {
            setSelection(next)
            setSearchParams(
              Object.fromEntries(topicLevels.flatMap((level) => {
                const key = next[`selected_${level}`]
                return key === undefined ? [] : [[`selected_${level}`, key]]
              })),
              { replace: true, preventScrollReset: true }
            )
          }}
        />
      </Form>
      {result !== undefined && "sent" in result ? <FormNotice tone="success">{t("pg_contact_sent")}</FormNotice> : null}
      {notice === undefined ? null : <FormNotice tone="error">{notice}</FormNotice>}
      <ContactInfoBox text={infoBoxText(tree, selection)} phone={pages.customerServicePhone}>
        <Form method="post" encType="multipart/form-data" className="stack-form contact-form" key={result !== undefined && "sent" in result ? "sent" : "form"}>
          <p className="form-hint">{t("frm_required-fields")}</p>
          <input type="hidden" name={csrfField} value={csrfToken} />
          {topicLevels.map((level) => (
            <input key={level} type="hidden" name={`selected_${level}`} value={selection[`selected_${level}`] ?? ""} />
          ))}
          <div className="form-row">
            <TextField label={t("sf_first_name")} name="firstname" autoComplete="given-name" required defaultValue={kept["firstname"] ?? ""} error={fieldError("firstname")} />
            <TextField label={t("sf_last_name")} name="lastname" autoComplete="family-name" required defaultValue={kept["lastname"] ?? ""} error={fieldError("lastname")} />
          </div>
          <TextField label={t("sf_email")} name="email" type="email" autoComplete="email" required defaultValue={kept["email"] ?? ""} error={fieldError("email")} />
          <TextField
            label={customNumber?.label ?? t("pg_contact_custom_number")}
            name="customNumber"
            placeholder={customNumber?.placeholder}
            defaultValue={kept["customNumber"] ?? ""}
            hint={t("pg_optional")}
          />
          <TextField label={t("pg_contact_message")} name="feedback" multiline rows={6} required defaultValue={kept["feedback"] ?? ""} error={fieldError("feedback")} />
          {config === undefined ? null : <AttachmentsField limits={config} />}
          {captcha === undefined ? null : (
            <CaptchaField captcha={captcha} reloadTo={reloadTo} error={failed?.error === "captcha" ? t("pg_contact_captcha_wrong") : undefined} />
          )}
          <button type="submit" className="button primary" disabled={busy}>{t("pg_contact_send")}</button>
        </Form>
      </ContactInfoBox>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
