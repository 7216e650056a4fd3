/**
 * The customer's digital content (§2 clientDigitalContent): each bought digital product with its order, pieces and
 * licence keys (valid, expired or never expiring, by the core's `licenseState`), and the customer's API key (§7
 * createCustomerApiKey, updateCustomerApiKey): create or replace it (the secret shows once), enable or disable it.
 * The page renders the list and the keys it loaded; keys it could not load are fetched on request.
 *
 * @module
 */
import { useId, useState } from "react"
import type { CustomerApiKey, DigitalContentList as DigitalContentListData, LicenseKey } from "../../../core/api/digitalContent.ts"
import { licenseState } from "../../../core/domain/digitalContent.ts"
import { uiLanguageLocales } from "../../../core/messages/languages.ts"
import { useRunWith } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"
import { failureText } from "./failure.ts"

/** The key of an item's licence keys in {@link DigitalContentProps.keys}: `purchaseId:productId`. */
export const licenseKeysKey = (item: { readonly purchaseId: number; readonly productId: number }): string =>
  `${item.purchaseId}:${item.productId}`

/** Props of {@link DigitalContent}. */
export interface DigitalContentProps {
  /** The list as the page loaded it. */
  readonly initial: DigitalContentListData
  /** The licence keys the page loaded, by {@link licenseKeysKey}. */
  readonly keys: Readonly<Record<string, ReadonlyArray<LicenseKey>>>
  /** Today (`YYYY-MM-DD`, the server's day, so the rendered states hydrate as they are). */
  readonly today: string
}

/**
 * The digital content page's body.
 *
 * @example
 * ```tsx
 * <DigitalContent initial={list} keys={keys} today="2026-11-27" />
 * ```
 */
export function DigitalContent({ initial, keys: loadedKeys, today }: DigitalContentProps) {
  const { t, language } = useShopText()
  const dates = new Intl.DateTimeFormat(uiLanguageLocales[language], { dateStyle: "medium", timeZone: "UTC" })
  const day = (iso: string) => dates.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso))
  return (
    <div className="sf-digital-content">
      <p>{t("ap_digital_intro")}</p>
      {initial.items.length === 0
        ? <p>{t("ap_digital_empty")}</p>
        : (
          <ul className="sf-account-cards">
            {initial.items.map((item) => (
              <li key={licenseKeysKey(item)} className="sf-account-card">
                <h2>{item.title}</h2>
                <p className="sf-muted">
                  {t("ap_order_of", { orderId: item.orderId, date: day(item.orderedAt) })} · {t("ap_pieces", { count: item.count })}
                  {item.licenseType === "key" || item.licenseType === "account" || item.licenseType === "download"
                    ? <> · {t(`ap_license_type_${item.licenseType}`)}</>
                    : null}
                  {item.platform === undefined ? null : <> · {item.platform}</>}
                </p>
                <LicenseKeys item={item} loaded={loadedKeys[licenseKeysKey(item)]} today={today} day={day} />
              </li>
            ))}
          </ul>
        )}
      <ApiKeyPanel initial={initial.apiKey} />
    </div>
  )
}

function LicenseKeys({ item, loaded, today, day }: {
  readonly item: DigitalContentListData["items"][number]
  readonly loaded: ReadonlyArray<LicenseKey> | undefined
  readonly today: string
  readonly day: (iso: string) => string
}) {
  const { t, text } = useShopText()
  const run = useRunWith()
  const headingId = useId()
  const [keys, setKeys] = useState(loaded)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState("")
  const load = () => {
    setBusy(true)
    setMessage("")
    run((m) => m.AccountProducts.use((s) => s.licenseKeys(item.purchaseId, item.productId)))
      .then(setKeys, (error: unknown) => setMessage(failureText(error, text, t("unknown_error")) ?? ""))
      .finally(() => setBusy(false))
  }
  if (keys === undefined) {
    return (
      <>
        <button type="button" className="button" disabled={busy} aria-busy={busy} onClick={load}>
          {busy ? t("loading") : t("ap_show_keys")}
        </button>
        <p role="status">{message}</p>
      </>
    )
  }
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t("ap_license_keys")}</h3>
      {keys.length === 0 ? <p>{t("ap_no_keys")}</p> : (
        <ul className="sf-license-keys">
          {keys.map((key) => {
            const state = licenseState(key.validTo, today)
            return (
              <li key={key.key}>
                <code className="sf-license-key">{key.key}</code>{" "}
                <span className={`sf-license-state sf-license-state--${state}`}>
                  {state === "perpetual"
                    ? t("ap_license_perpetual")
                    : t(state === "valid" ? "ap_license_valid_until" : "ap_license_expired", { date: day(String(key.validTo)) })}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

function ApiKeyPanel({ initial }: { readonly initial: CustomerApiKey | null }) {
  const { t, text } = useShopText()
  const run = useRunWith()
  const headingId = useId()
  const [apiKey, setApiKey] = useState(initial)
  const [name, setName] = useState("")
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState("")
  const failed = (error: unknown) => setMessage(failureText(error, text, t("unknown_error")) ?? "")
  const create = () => {
    setBusy(true)
    setMessage("")
    run((m) => m.AccountProducts.use((s) => s.createApiKey(name)))
      .then((created) => {
        setApiKey({ ...created, key: `sk_…${created.key.slice(-4)}` })
        setName("")
        setMessage(t("ap_api_key_secret", { key: created.key }))
      }, failed)
      .finally(() => setBusy(false))
  }
  const toggle = (current: CustomerApiKey) => {
    setBusy(true)
    setMessage("")
    run((m) => m.AccountProducts.use((s) => s.setApiKeyActive(current.apiKeyId, current.active !== true)))
      .then(setApiKey, failed)
      .finally(() => setBusy(false))
  }
  return (
    <section className="sf-api-key" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("ap_api_key")}</h2>
      <p>{t("ap_api_key_intro")}</p>
      {apiKey === null ? <p>{t("ap_api_key_none")}</p> : (
        <p>
          <code>{apiKey.key}</code>{apiKey.name === undefined ? null : <> · {apiKey.name}</>} ·{" "}
          <strong>{apiKey.active === true ? t("ap_api_key_active") : t("ap_api_key_inactive")}</strong>{" "}
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => toggle(apiKey)}>
            {apiKey.active === true ? t("ap_api_key_disable") : t("ap_api_key_enable")}
          </button>
        </p>
      )}
      <div className="sf-api-key-create">
        <label className="sf-field">{t("ap_api_key_name")}
          <input type="text" name="apiKeyName" maxLength={80} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        </label>
        <button type="button" className="button primary" disabled={busy} aria-busy={busy} onClick={create}>
          {apiKey === null ? t("ap_api_key_create") : t("ap_api_key_replace")}
        </button>
      </div>
      <p role="status" className="sf-api-key-status">{message}</p>
    </section>
  )
}
