/**
 * The loyalty clubs of the account (§2 clientLoyaltyClubs, §6 registration and trial states): each club of the shop
 * with the customer's standing, and a button to join or leave it (the core's `clubAction`).
 *
 * @module
 */
import type { LoyaltyClubEntry } from "../../../core/api/accountClubs.ts"
import { clubAction } from "../../../core/domain/clubs.ts"
import { useShopText } from "../../storefront/text.tsx"
import { type ClubFormProps, dateLocaleOf, PlainForm, shopDate } from "./clubForms.tsx"

/** Props of {@link LoyaltyClubList}. */
export interface LoyaltyClubListProps extends ClubFormProps {
  /** The shop's clubs with the customer's standing. */
  readonly clubs: ReadonlyArray<LoyaltyClubEntry>
  /** A join or leave is being sent (the buttons are disabled). */
  readonly busy?: boolean
}

/** The clubs, each with its state and a join or leave button posting `intent` (`join`/`leave`) and `clubId`. */
export function LoyaltyClubList({ clubs, busy = false, form: Form = PlainForm, hiddenFields }: LoyaltyClubListProps) {
  const { t, shop, language } = useShopText()
  const locale = dateLocaleOf(shop, language)
  if (clubs.length === 0) return <p>{t("clubs_none")}</p>
  return (
    <ul className="club-list">
      {clubs.map((club) => {
        const action = clubAction(club.state)
        const headingId = `club-${club.clubId}`
        const state = club.state === "registered"
          ? t("clubs_state_registered", { date: shopDate(club.since ?? "", locale) })
          : club.state === "trial"
            ? t("clubs_state_trial", { date: shopDate(club.trialEnds ?? "", locale) })
            : t("clubs_state_available")
        return (
          <li key={club.clubId} className={`club club--${club.state}`} aria-labelledby={headingId}>
            <h2 id={headingId}>{club.name}</h2>
            <p>{club.description}</p>
            <p className="club-state">{state}</p>
            <Form method="post" className="club-action">
              {hiddenFields}
              <input type="hidden" name="intent" value={action} />
              <input type="hidden" name="clubId" value={club.clubId} />
              <button type="submit" className={action === "join" ? "button primary" : "button"} disabled={busy}>
                {t(action === "join" ? "clubs_join" : "clubs_leave", { club: club.name })}
              </button>
            </Form>
          </li>
        )
      })}
    </ul>
  )
}
