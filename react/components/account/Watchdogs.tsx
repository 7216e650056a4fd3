/**
 * The product watchdog (§2 clientWatchdog; ours): the customer's watched products, those whose price reached the
 * limit or that are back in stock first (the core's `sortWatchdogs`, `watchdogAlerts`), each with its price now,
 * what is watched and a button to stop watching; and {@link WatchProduct}, the product page's form to watch one.
 *
 * @module
 */
import { useId, useState, type FormEvent } from "react"
import type { Watchdog } from "../../../core/api/watchdog.ts"
import { sortWatchdogs, watchdogAlerts, watchdogRequestProblem } from "../../../core/domain/watchdog.ts"
import { useRunWith } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"
import { failureText } from "./failure.ts"

const factsOf = (watchdog: Watchdog) => ({
  price: Number(watchdog.price),
  inStock: watchdog.inStock,
  priceLimit: watchdog.priceLimit === null ? null : Number(watchdog.priceLimit),
  watchAvailability: watchdog.watchAvailability,
  createdTs: Number(watchdog.createdTs),
  watchdogId: Number(watchdog.watchdogId)
})

/** Props of {@link Watchdogs}. */
export interface WatchdogsProps {
  /** The watchdogs as the page loaded them. */
  readonly initial: ReadonlyArray<Watchdog>
}

/**
 * The watchdog page's list.
 *
 * @example
 * ```tsx
 * <Watchdogs initial={list.watchdogs} />
 * ```
 */
export function Watchdogs({ initial }: WatchdogsProps) {
  const { t, text, money } = useShopText()
  const Link = useLink()
  const run = useRunWith()
  const [watchdogs, setWatchdogs] = useState(initial)
  const [busy, setBusy] = useState<number | undefined>(undefined)
  const [message, setMessage] = useState("")
  const remove = (watchdog: Watchdog) => {
    setBusy(watchdog.watchdogId)
    setMessage("")
    run((m) => m.AccountProducts.use((s) => s.unwatch(watchdog.watchdogId)))
      .then(() => {
        setWatchdogs((shown) => shown.filter((w) => w.watchdogId !== watchdog.watchdogId))
        setMessage(t("ap_watchdog_removed", { title: watchdog.title }))
      }, (error: unknown) => setMessage(failureText(error, text, t("unknown_error")) ?? ""))
      .finally(() => setBusy(undefined))
  }
  const sorted = sortWatchdogs(watchdogs.map((watchdog) => ({ ...factsOf(watchdog), watchdog }))).map((entry) => entry.watchdog)
  return (
    <div className="sf-watchdogs">
      <p>{t("ap_watchdog_intro")}</p>
      {sorted.length === 0 ? <p>{t("ap_watchdog_empty")}</p> : (
        <ul className="sf-account-cards">
          {sorted.map((watchdog) => {
            const alerts = watchdogAlerts(factsOf(watchdog))
            return (
              <li key={watchdog.watchdogId} className={`sf-account-card${alerts.fired ? " sf-account-card--fired" : ""}`}>
                <h2>{watchdog.url === undefined ? watchdog.title : <Link to={watchdog.url}>{watchdog.title}</Link>}</h2>
                <dl className="sf-facts">
                  <dt>{t("ap_watchdog_price_now")}</dt>
                  <dd>{money(Number(watchdog.price))} · {watchdog.inStock ? t("ap_watchdog_in_stock") : t("ap_watchdog_out_of_stock")}</dd>
                </dl>
                <ul className="sf-watch-conditions">
                  {watchdog.priceLimit === null ? null : (
                    <li>
                      {t("ap_watchdog_limit", { price: money(Number(watchdog.priceLimit)) })} ·{" "}
                      <strong>{alerts.priceReached ? t("ap_watchdog_price_reached") : t("ap_watchdog_waiting")}</strong>
                    </li>
                  )}
                  {watchdog.watchAvailability
                    ? (
                      <li>
                        {t("ap_watchdog_availability")} ·{" "}
                        <strong>{alerts.inStock ? t("ap_watchdog_in_stock") : t("ap_watchdog_waiting")}</strong>
                      </li>
                    )
                    : null}
                </ul>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy === watchdog.watchdogId}
                  aria-busy={busy === watchdog.watchdogId}
                  onClick={() => remove(watchdog)}
                >
                  {t("ap_watchdog_remove", { title: watchdog.title })}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <p role="status" className="sf-watchdog-status">{message}</p>
    </div>
  )
}

/** Props of {@link WatchProduct}. */
export interface WatchProductProps {
  /** The variant shown. */
  readonly variantId: number
  /** Its price now (the limit field starts below it). */
  readonly price: number
  /** The shopper is logged in (may watch). */
  readonly loggedIn: boolean
  /** The page to come back to after logging in. */
  readonly returnTo: string
}

/**
 * The product page's "watch this product" form: a price to wait for and/or availability (a guest gets a login link).
 *
 * @example
 * ```tsx
 * <WatchProduct variantId={variant.variantId} price={variant.price} loggedIn={loggedIn} returnTo={pathname} />
 * ```
 */
export function WatchProduct({ variantId, price, loggedIn, returnTo }: WatchProductProps) {
  const { t, text, shop } = useShopText()
  const Link = useLink()
  const run = useRunWith()
  const headingId = useId()
  const [watchPrice, setWatchPrice] = useState(true)
  const [limit, setLimit] = useState(String(Math.max(1, Math.floor(price * 0.9))))
  const [watchStock, setWatchStock] = useState(false)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState("")
  const [done, setDone] = useState(false)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const request = { variantId, priceLimit: watchPrice ? Number(limit.replace(",", ".")) : null, watchAvailability: watchStock }
    if (watchdogRequestProblem(request) !== undefined) {
      setDone(false)
      return setMessage(t("ap_watch_choose"))
    }
    setBusy(true)
    setMessage("")
    run((m) => m.AccountProducts.use((s) => s.watch(request)))
      .then(() => {
        setDone(true)
        setMessage(t("ap_watch_done"))
      }, (error: unknown) => {
        setDone(false)
        setMessage(failureText(error, text, t("unknown_error")) ?? "")
      })
      .finally(() => setBusy(false))
  }
  return (
    <section className="sf-watch-product" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("ap_watch_title")}</h2>
      {loggedIn
        ? (
          <form onSubmit={submit} aria-labelledby={headingId}>
            <label className="checkbox">
              <input type="checkbox" checked={watchPrice} onChange={(event) => setWatchPrice(event.currentTarget.checked)} />{" "}
              {t("ap_watch_price")}
            </label>
            <label className="sf-field">
              <span className="visually-hidden">{t("ap_watch_price")}</span>
              <input
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                name="priceLimit"
                value={limit}
                disabled={!watchPrice}
                onChange={(event) => setLimit(event.currentTarget.value)}
              />{" "}{shop.currency}
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={watchStock} onChange={(event) => setWatchStock(event.currentTarget.checked)} />{" "}
              {t("ap_watch_stock")}
            </label>
            <button type="submit" className="button" disabled={busy} aria-busy={busy}>{busy ? t("loading") : t("ap_watch_submit")}</button>
          </form>
        )
        : <p><Link to={`${shop.urlKeys.login}?return=${encodeURIComponent(returnTo)}`}>{t("ap_watch_login")}</Link></p>}
      <p role="status">
        {message}
        {done ? <> <Link to={shop.urlKeys.clientWatchdog}>{t("ap_watch_open")}</Link></> : null}
      </p>
    </section>
  )
}
