/**
 * The account menu (§2): the entries the shop enables (shop differences are data in the shop table) and the logout
 * link carrying the CSRF token (§6). A silver or gold customer's items take that status's look, nothing else (§6).
 *
 * @module
 */
import { accountItemStyle, accountMenu, type AccountMenuKey, type CustomerStatusField } from "../../../core/domain/customer.ts"
import { useCustomer } from "../../storefront/hooks.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** An item an app adds to the {@link AccountMenu} (a page of its own), listed before the logout link. */
export interface AccountMenuExtraItem {
  /** The item's url. */
  readonly to: string
  /** The item's text. */
  readonly label: string
}

/** Props of {@link AccountMenu}. */
export interface AccountMenuProps {
  /** The session's CSRF token, carried by the logout link (§6). */
  readonly csrfToken?: string
  /**
   * The customer whose status styles the items (e.g. the server-rendered page's customer); by default the Account
   * service's customer.
   */
  readonly customer?: CustomerStatusField | null | undefined
  /** Which of the shop's entries are listed (e.g. only those the app has pages for); by default all of them. */
  readonly include?: ((key: AccountMenuKey) => boolean) | undefined
  /** The app's own items, listed before the logout link. */
  readonly extraItems?: ReadonlyArray<AccountMenuExtraItem> | undefined
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
export function AccountMenu({ csrfToken, customer, include, extraItems = [], className }: AccountMenuProps) {
  const { shop, t } = useShopText()
  const Link = useLink()
  const serviceCustomer = useCustomer().customer
  const entries = accountMenu(shop, undefined, csrfToken === "" ? undefined : csrfToken)
    .filter((entry) => include === undefined || entry.key === "logout" || include(entry.key))
  const style = accountItemStyle(customer === undefined ? serviceCustomer : customer)
  const itemClass = (logout: boolean) => ["account-item", `account-item-${style}`, logout ? "logout" : ""].join(" ").trim()
  const items = [
    ...entries.filter((entry) => entry.key !== "logout").map((entry) => ({ key: entry.key as string, to: entry.href, label: t(`account_menu_${entry.key}`), logout: false })),
    ...extraItems.map((item) => ({ key: `extra:${item.to}`, to: item.to, label: item.label, logout: false })),
    ...entries.filter((entry) => entry.key === "logout").map((entry) => ({ key: entry.key as string, to: entry.href, label: t(`account_menu_${entry.key}`), logout: true }))
  ]
  return (
    <nav className={["account-menu", className].filter(Boolean).join(" ")} aria-label={t("sf_account_menu")}>
      <ul>
        {items.map((item) => (
          <li key={item.key} className={itemClass(item.logout)}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
