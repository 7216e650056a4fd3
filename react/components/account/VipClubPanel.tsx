/**
 * The VIP club of the account (§1 VIP and VIP-plus customers, §2 clientVipClub, §3 vip_program, vip_plus_program):
 * the customer's programme and its benefits, and the VIP notice, which closes for 365 days with a cookie (§9, the
 * core's `closeNotice`).
 *
 * @module
 */
import { useState } from "react"
import type { VipClubView } from "../../../core/api/accountClubs.ts"
import { vipBenefits } from "../../../core/domain/clubs.ts"
import { closeNotice, initialNotice, type ClosedCookie } from "../../../core/domain/layout/banners.ts"
import type { MessageKey } from "../../../core/messages/index.ts"
import { useShopText } from "../../storefront/text.tsx"
import { dateLocaleOf, shopDate } from "./clubForms.tsx"

/** Props of {@link VipClubPanel}. */
export interface VipClubPanelProps {
  /** The customer's programme. */
  readonly vip: VipClubView
  /** The VIP notice's closed cookie was there when the page loaded. */
  readonly noticeClosed: boolean
  /** Writes the closed cookie; `document.cookie` when absent. */
  readonly writeCookie?: (cookie: ClosedCookie) => void
  /** The clock, in ms since the epoch; `Date.now` when absent. */
  readonly now?: () => number
}

const documentCookie = (cookie: ClosedCookie) => {
  document.cookie = `${cookie.name}=${cookie.value}; Path=/; SameSite=Lax; Expires=${new Date(cookie.expiresAtMs).toUTCString()}`
}

/** The programme, its benefits, and the closable VIP notice. */
export function VipClubPanel({ vip, noticeClosed, writeCookie = documentCookie, now = Date.now }: VipClubPanelProps) {
  const { t, shop, language } = useShopText()
  const locale = dateLocaleOf(shop, language)
  const [notice, setNotice] = useState(() => initialNotice(noticeClosed))
  const close = () => {
    const next = closeNotice(notice, "vipNotice", now())
    if (next.cookie !== null) writeCookie(next.cookie)
    setNotice(next)
  }
  return (
    <div className="vip-club">
      {notice.visible ? (
        <aside className="vip-notice" aria-label={t("account_menu_clientVipClub")}>
          <p>{t("clubs_vip_notice")}</p>
          <button type="button" className="vip-notice-close" aria-label={t("clubs_vip_notice_close")} onClick={close}>×</button>
        </aside>
      ) : null}
      {vip.program === null ? <p>{t("clubs_vip_none")}</p> : (
        <>
          <p className={`vip-program vip-program--${vip.program}`}>
            {t("clubs_vip_program", { program: t(`clubs_vip_name_${vip.program}`) })}
          </p>
          {vip.since === null ? null : <p>{t("clubs_vip_since", { date: shopDate(vip.since, locale) })}</p>}
          <h2>{t("clubs_vip_benefits")}</h2>
          <ul className="vip-benefits">
            {vipBenefits[vip.program].map((benefit) => <li key={benefit}>{t(benefit as MessageKey)}</li>)}
          </ul>
        </>
      )}
    </div>
  )
}
