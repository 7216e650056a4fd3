// @vitest-environment happy-dom
/**
 * The account menu as the account page uses it (§2, §6): the customer the page was rendered for styles the items by
 * their silver or gold status (the same rule as the header drawer's menu, `accountItemStyle`), only the entries the
 * app has pages for are listed, the app's own items come before the logout link, and the logout link keeps the CSRF
 * token. axe on the gold menu.
 */
import { cleanup, render, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, test } from "vitest"
import { accountMenu, logoutCsrfParam, type AccountMenuKey } from "../../../core/domain/customer.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { accountStateFor } from "../../../core/services/accountState.ts"
import { AccountMenu, type AccountMenuProps } from "../../../react/components/header/AccountMenu.tsx"
import { accountStateAtom } from "../../../react/storefront/atoms.ts"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectAccessible, text } from "./support.tsx"

afterEach(cleanup)

const shown: ReadonlySet<AccountMenuKey> = new Set(["accountData", "addresses", "clientWishlist"])

const menuFor = (props: AccountMenuProps, serviceStatus?: "1" | "2") => {
  const customer = { id: 7, isLogged: true, firstname: "Jana", lastname: "Nováková" } as const
  const view = render(
    <StorefrontProvider shop={shopById("CZ10MA")} baseUrl="" language="en" live={false}
      initial={[[accountStateAtom, accountStateFor(serviceStatus === undefined ? customer : { ...customer, status: serviceStatus })]]}>
      <AccountMenu {...props} />
    </StorefrontProvider>
  )
  const nav = screen.getByRole("navigation", { name: text("sf_account_menu") })
  const items = within(nav).getAllByRole("listitem")
  return {
    view,
    nav,
    links: within(nav).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")] as const),
    classes: items.map((li) => li.className.split(" "))
  }
}

const pageProps = (status: string | number | null | undefined): AccountMenuProps => ({
  csrfToken: "tok/en+1",
  customer: status === undefined ? null : { status },
  include: (key) => shown.has(key),
  extraItems: [{ to: "/pets", label: "My pets" }]
})

describe("the account page's menu (§2, §6)", () => {
  test("a silver or gold customer's items take the status's look; the entries and links stay the same", async () => {
    const standard = menuFor(pageProps(undefined))
    cleanup()
    const silver = menuFor(pageProps("1"))
    cleanup()
    const gold = menuFor(pageProps(2))
    await expectAccessible(gold.view.container)
    cleanup()
    const unknown = menuFor(pageProps("3"))
    expect(standard.classes.every((c) => c.includes("account-item-standard"))).toBe(true)
    expect(silver.classes.every((c) => c.includes("account-item-silver") && !c.includes("account-item-standard"))).toBe(true)
    expect(gold.classes.every((c) => c.includes("account-item-gold"))).toBe(true)
    expect(unknown.classes).toEqual(standard.classes)
    expect(silver.links).toEqual(standard.links)
    expect(gold.links).toEqual(standard.links)
  })

  test("the page's customer decides the look, not the account service's (the server-rendered page has it first)", () => {
    const { classes } = menuFor(pageProps("2"), undefined)
    expect(classes.every((c) => c.includes("account-item-gold"))).toBe(true)
    cleanup()
    const page = menuFor(pageProps(undefined), "1")
    expect(page.classes.every((c) => c.includes("account-item-standard"))).toBe(true)
    cleanup()
    // Without a customer of its own the menu follows the account service (the header drawer's case).
    const drawer = menuFor({ csrfToken: "tok" }, "1")
    expect(drawer.classes.every((c) => c.includes("account-item-silver"))).toBe(true)
  })

  test("only the entries the app has pages for, its own items before the logout link, which keeps the CSRF token", () => {
    const { links, classes } = menuFor(pageProps("1"))
    const shop = shopById("CZ10MA")
    const expected = accountMenu(shop, undefined, "tok/en+1").filter((entry) => shown.has(entry.key))
    expect(expected.length).toBeGreaterThan(0)
    expect(links.slice(0, -2)).toEqual(expected.map((entry) => [text(`account_menu_${entry.key}`), entry.href]))
    expect(links.at(-2)).toEqual(["My pets", "/pets"])
    const [label, href] = links.at(-1)!
    expect(label).toBe(text("account_menu_logout"))
    const url = new URL(href!, "http://shop.test")
    expect(url.pathname).toBe(shop.urlKeys.logout)
    expect(url.searchParams.get(logoutCsrfParam)).toBe("tok/en+1")
    expect(classes.at(-1)).toContain("logout")
    expect(classes.slice(0, -1).some((c) => c.includes("logout"))).toBe(false)
  })
})
