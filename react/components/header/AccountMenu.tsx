/**
 * The account menu (§2): the entries the shop enables (shop differences are data in the shop table) and the logout
 * link carrying the CSRF token (§6).
 *
 * @module
 */
import { accountMenu } from "../../../core/domain/customer.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** Props of {@link AccountMenu}. */
export interface AccountMenuProps {
  /** The session's CSRF token, carried by the logout link (§6). */
  readonly csrfToken?: string
  /** Extra class. */
  readonly className?: string
}

/**
 * The logged-in customer's account menu, as a labelled navigation list.
 *
 * @example
 * ```tsx
 * <AccountMenu csrfToken={session.csrfToken} />
 * ```
 */
export function AccountMenu({ csrfToken, className }: AccountMenuProps) {
  const { shop, t } = useShopText()
  const Link = useLink()
  const entries = accountMenu(shop, undefined, csrfToken === "" ? undefined : csrfToken)
  return (
    <nav className={["account-menu", className].filter(Boolean).join(" ")} aria-label={t("sf_account_menu")}>
      <ul>
        {entries.map((entry) => (
          <li key={entry.key} className={entry.key === "logout" ? "logout" : undefined}>
            <Link to={entry.href}>{t(`account_menu_${entry.key}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
