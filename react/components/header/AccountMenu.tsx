/**
 * The account menu (§2): the entries the shop enables (shop differences are data in the shop table) and the logout
 * link carrying the CSRF token (§6). A silver or gold customer's items take that status's look, nothing else (§6).
 *
 * @module
 */
import { accountItemStyle, accountMenu } from "../../../core/domain/customer.ts"
import { useCustomer } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** Props of {@link AccountMenu}. */
export interface AccountMenuProps {
  /** The session's CSRF token, carried by the logout link (§6). */
  readonly csrfToken?: string
  /** Extra class. */
  readonly className?: string
}

/**
 * The logged-in customer's account menu, as a labelled navigation list; each item carries the class
 * `account-item-{standard|silver|gold}` of the customer's status.
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
  const style = accountItemStyle(useCustomer().customer)
  return (
    <nav className={["account-menu", className].filter(Boolean).join(" ")} aria-label={t("sf_account_menu")}>
      <ul>
        {entries.map((entry) => (
          <li key={entry.key} className={["account-item", `account-item-${style}`, entry.key === "logout" ? "logout" : ""].join(" ").trim()}>
            <Link to={entry.href}>{t(`account_menu_${entry.key}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
