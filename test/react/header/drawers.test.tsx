// @vitest-environment happy-dom
/**
 * The header drawers as a shopper uses them (§2, §9): hover opens, one drawer at a time, hidden 900 ms after the
 * pointer leaves, closed on mobile; by keyboard focus, Enter and Space open, Escape closes and returns focus. The cart
 * drawer's items (image, parameters with the colour swatch, services at price × count, link to the cart), the
 * wishlist drawer (logged-in only, five newest, 'next' past five, the counter), the login drawer (form with the
 * registration and recovery links; the account menu of each shop with the CSRF logout link). axe on each state.
 */
import { act, cleanup, screen, within } from "@testing-library/react"
import { describe, expect, test, vi } from "vitest"
import type { WidgetCartItem } from "../../../core/api/entities/cart.ts"
import type { WishlistItem } from "../../../core/api/entities/wishlist.ts"
import { widgetAutoHideDelayMs } from "../../../core/domain/layout/drawers.ts"
import { logoutCsrfParam } from "../../../core/domain/customer.ts"
import { shopById, type ShopId } from "../../../core/domain/shop.ts"
import { accountStateFor } from "../../../core/services/accountState.ts"
import { initialWidgetsState } from "../../../core/services/widgetsState.ts"
import { emptyWishlistState } from "../../../core/services/wishlistState.ts"
import { CartDrawer } from "../../../react/components/header/CartDrawer.tsx"
import { LoginDrawer } from "../../../react/components/header/LoginDrawer.tsx"
import { WishlistDrawer } from "../../../react/components/header/WishlistDrawer.tsx"
import { accountStateAtom, widgetsStateAtom, wishlistStateAtom } from "../../../react/storefront/atoms.ts"
import type { InitialState } from "../../../react/storefront/StorefrontProvider.tsx"
import { expectAccessible, fakeTimerShopper, renderInShop, setViewportWidth, settle, text } from "./support.tsx"

const shopper = fakeTimerShopper()

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))

const cartItems: ReadonlyArray<WidgetCartItem> = [
  {
    id: 11,
    title: "Trail shoe",
    image: "/media/11.svg",
    url: "/shoes/trail-shoe-red",
    price: 2598,
    count: 2,
    params: [
      { key: "COLOR", title: "Colour", value: "Red", css: "#cc0000" },
      { key: "SIZE", title: "Size", value: "42" }
    ],
    bundles: [
      { type: "warranty", id: 1, active: true, actual_price: 199 },
      { type: "insurance", id: 2, active: false, actual_price: 99 }
    ]
  },
  { id: 12, title: "Socks", price: 99, count: 1, params: [{ key: "COLOR", title: "Colour", value: "Odd", css: "url(javascript:alert(1))" }] }
]

const wishItem = (id: number, createdTs: number): WishlistItem => ({
  wishListItemId: id,
  createdTs,
  product: { mainCategoryUrlKey: "shoes", variant: { variantId: id, variantUrl: `shoe-${id}`, title: `Shoe ${id}`, price: 1000 + id } }
})

const wishlistOf = (items: ReadonlyArray<WishlistItem>) => {
  const newest = [...items].sort((a, b) => (b.createdTs ?? 0) - (a.createdTs ?? 0)).slice(0, 5)
  return { ...emptyWishlistState, items, itemsCount: items.length, drawerItems: newest, hasNext: items.length > 5, fetchedAt: 1 }
}

const loggedIn = (shopId: ShopId = "CZ10MA", wishlist: ReadonlyArray<WishlistItem> = []): InitialState => [
  [accountStateAtom, accountStateFor({ id: 7, isLogged: true, firstname: "Jana", lastname: "Nováková" })],
  [widgetsStateAtom, { ...initialWidgetsState, cartArticles: cartItems }],
  [wishlistStateAtom, wishlistOf(wishlist)]
]

const guest: InitialState = [[widgetsStateAtom, { ...initialWidgetsState, cartArticles: cartItems }]]

const header = (csrfToken = "tok/en+1") => (
  <div>
    <LoginDrawer csrfToken={csrfToken} />
    <WishlistDrawer />
    <CartDrawer />
  </div>
)

const cartRegion = () => screen.queryByRole("region", { name: text("sf_cart") })
const cartTrigger = () => screen.getByRole("link", { name: new RegExp(`^${text("sf_cart")}`) })

describe("opening and hiding", () => {
  test("hover opens the cart drawer; it stays 899 ms after the pointer leaves and hides at 900 ms", async () => {
    const { container } = renderInShop(header(), { initial: guest })
    expect(cartTrigger()).toHaveAttribute("aria-expanded", "false")
    expect(cartRegion()).toBeNull()
    await shopper().hover(cartTrigger())
    expect(cartRegion()).toBeVisible()
    expect(cartTrigger()).toHaveAttribute("aria-expanded", "true")
    expect(cartTrigger()).toHaveAttribute("aria-controls", cartRegion()!.id)
    await expectAccessible(container)
    await shopper().unhover(cartTrigger())
    await advance(widgetAutoHideDelayMs - 1)
    expect(cartRegion()).toBeVisible()
    await advance(1)
    expect(cartRegion()).toBeNull()
  })

  test("coming back before the delay keeps the drawer open", async () => {
    renderInShop(header(), { initial: guest })
    await shopper().hover(cartTrigger())
    await shopper().unhover(cartTrigger())
    await advance(500)
    await shopper().hover(cartRegion()!)
    await advance(2000)
    expect(cartRegion()).toBeVisible()
  })

  test("only one drawer is open at a time", async () => {
    renderInShop(header(), { initial: loggedIn("CZ10MA", [wishItem(1, 1)]) })
    await shopper().hover(cartTrigger())
    expect(cartRegion()).toBeVisible()
    await shopper().hover(screen.getByRole("link", { name: new RegExp(`^${text("sf_wishlist")}`) }))
    expect(screen.getByRole("region", { name: text("sf_wishlist") })).toBeVisible()
    expect(cartRegion()).toBeNull()
    expect(screen.getAllByRole("region")).toHaveLength(1)
  })

  test("on mobile the drawers stay closed and the trigger is a plain link to its page", async () => {
    setViewportWidth(390)
    renderInShop(header(), { initial: guest })
    await advance(0)
    await shopper().hover(cartTrigger())
    act(() => cartTrigger().focus())
    expect(cartRegion()).toBeNull()
    expect(cartTrigger()).toHaveAttribute("href", shopById("CZ10MA").urlKeys.cart)
  })
})

describe("by keyboard", () => {
  test("focus opens the login drawer; Escape closes it and returns focus without reopening; Enter and Space open it", async () => {
    const { container } = renderInShop(header(), { initial: guest })
    const login = () => screen.getByRole("link", { name: text("sf_login") })
    const region = () => screen.queryByRole("region", { name: text("sf_login") })
    await shopper().tab()
    await settle()
    expect(login()).toHaveFocus()
    expect(region()).toBeVisible()
    expect(login()).toHaveAttribute("aria-expanded", "true")
    await shopper().tab()
    expect(within(region()!).getByLabelText(text("sf_email"))).toHaveFocus()
    await expectAccessible(container)
    await shopper().keyboard("{Escape}")
    expect(region()).toBeNull()
    expect(login()).toHaveFocus()
    await shopper().keyboard("{Enter}")
    expect(region()).toBeVisible()
    await shopper().keyboard(" ")
    expect(region()).toBeNull()
    await shopper().keyboard(" ")
    expect(region()).toBeVisible()
  })

  test("tabbing out of a drawer hides it after the delay", async () => {
    renderInShop(<>{header()}<button type="button">elsewhere</button></>, { initial: guest })
    act(() => cartTrigger().focus())
    expect(cartRegion()).toBeVisible()
    act(() => screen.getByRole("button", { name: "elsewhere" }).focus())
    await advance(widgetAutoHideDelayMs)
    expect(cartRegion()).toBeNull()
  })
})

describe("the cart drawer", () => {
  test("lists the items with image, parameters, the colour swatch and active services at price × count, and links to the cart", async () => {
    const { container } = renderInShop(<CartDrawer />, { initial: guest })
    expect(cartTrigger()).toHaveTextContent(text("cart_pieces", { count: 3 }))
    expect(container.querySelector(".cart-link .badge")).toHaveTextContent("3")
    await shopper().hover(cartTrigger())
    await settle()
    const region = cartRegion()!
    const [shoe, socks] = within(region).getAllByRole("listitem").filter((li) => li.classList.contains("drawer-item"))
    expect(within(shoe!).getByRole("link", { name: "Trail shoe" })).toHaveAttribute("href", "/shoes/trail-shoe-red")
    expect(shoe!.querySelector("img")).toHaveAttribute("src", "/media/11.svg")
    expect(shoe!).toHaveTextContent("Colour: Red")
    expect(shoe!).toHaveTextContent("Size: 42")
    expect((shoe!.querySelector(".swatch") as HTMLElement).style.backgroundColor).not.toBe("")
    const services = within(shoe!).getByRole("list", { name: text("sf_services") })
    expect(services).toHaveTextContent(text("header_bundle_warranty"))
    expect(services).toHaveTextContent(/398/)
    expect(services).not.toHaveTextContent(text("header_bundle_insurance"))
    expect(shoe!).toHaveTextContent(text("cart_pieces", { count: 2 }))
    expect(socks!.querySelector(".swatch")).toBeNull()
    expect(within(region).getByRole("link", { name: text("sf_go_to_cart") })).toHaveAttribute("href", shopById("CZ10MA").urlKeys.cart)
    await expectAccessible(container)
  })

  test("an empty cart says so", async () => {
    renderInShop(<CartDrawer />)
    await shopper().hover(cartTrigger())
    await settle()
    expect(cartRegion()).toHaveTextContent(text("sf_cart_empty"))
    expect(cartTrigger()).toHaveTextContent(text("cart_pieces", { count: 0 }))
  })
})

describe("the wishlist drawer", () => {
  test("is not there for a guest", () => {
    renderInShop(header(), { initial: guest })
    expect(screen.queryByRole("link", { name: new RegExp(`^${text("sf_wishlist")}`) })).toBeNull()
  })

  test("shows the five newest, newest first, the counter, and a 'next' link past five", async () => {
    const items = [1, 2, 3, 4, 5, 6, 7].map((id) => wishItem(id, id * 100))
    const { container } = renderInShop(<WishlistDrawer />, { initial: loggedIn("CZ10MA", items) })
    const trigger = screen.getByRole("link", { name: new RegExp(`^${text("sf_wishlist")}`) })
    expect(trigger).toHaveTextContent(`/ 7 ${text("wishlist_counter_items", { count: 7 })}`)
    await shopper().hover(trigger)
    await settle()
    const region = screen.getByRole("region", { name: text("sf_wishlist") })
    expect(within(region).getAllByRole("link").map((a) => a.textContent)).toEqual([
      "Shoe 7", "Shoe 6", "Shoe 5", "Shoe 4", "Shoe 3", text("wishlist_drawer_next")
    ])
    expect(within(region).getByRole("link", { name: "Shoe 7" })).toHaveAttribute("href", "/shoes/shoe-7")
    expect(within(region).getByRole("link", { name: text("wishlist_drawer_next") })).toHaveAttribute("href", shopById("CZ10MA").urlKeys.clientWishlist)
    await expectAccessible(container)
  })

  test("five or fewer items: no 'next' link; an empty list: no counter", async () => {
    renderInShop(<WishlistDrawer />, { initial: loggedIn("CZ10MA", [1, 2, 3, 4, 5].map((id) => wishItem(id, id))) })
    await shopper().hover(screen.getByRole("link", { name: new RegExp(`^${text("sf_wishlist")}`) }))
    await settle()
    expect(screen.getByRole("link", { name: "Shoe 5" })).toBeVisible()
    expect(screen.queryByRole("link", { name: text("wishlist_drawer_next") })).toBeNull()
    cleanup()
    const { container } = renderInShop(<WishlistDrawer />, { initial: loggedIn("CZ10MA", []) })
    expect(container.querySelector(".wishlist-counter")).toBeNull()
  })
})

describe("the login drawer", () => {
  test("a guest gets the form with the registration and password-recovery links", async () => {
    const { container } = renderInShop(<LoginDrawer />, { initial: guest })
    await shopper().hover(screen.getByRole("link", { name: text("sf_login") }))
    await settle()
    const region = screen.getByRole("region", { name: text("sf_login") })
    expect(within(region).getByLabelText(text("sf_email"))).toBeRequired()
    expect(within(region).getByLabelText(text("sf_password"))).toBeRequired()
    expect(within(region).getByRole("button", { name: text("sf_login") })).toBeEnabled()
    const shop = shopById("CZ10MA")
    expect(within(region).getByRole("link", { name: text("login_register") })).toHaveAttribute("href", shop.urlKeys.register)
    expect(within(region).getByRole("link", { name: text("login_password_recovery") })).toHaveAttribute("href", shop.urlKeys.passwordRecovery)
    await expectAccessible(container)
  })

  const menuOf = async (shopId: ShopId) => {
    cleanup()
    renderInShop(<LoginDrawer csrfToken="tok/en+1" />, { shopId, initial: loggedIn(shopId) })
    await shopper().hover(screen.getByRole("link", { name: "Jana N." }))
    await settle()
    const nav = screen.getByRole("navigation", { name: text("sf_account_menu") })
    return within(nav).getAllByRole("link").map((a) => a.textContent)
  }

  test("a logged-in customer gets their name and the account menu of their shop (§2)", async () => {
    const cz = await menuOf("CZ10MA")
    expect(cz).toContain(text("account_menu_clientQuestionaireList"))
    expect(cz).not.toContain(text("account_menu_clientVipClub"))
    expect(cz).toContain(text("account_menu_accountData"))
    const si = await menuOf("SI10SI")
    expect(si).toContain(text("account_menu_clientVipClub"))
    expect(si).not.toContain(text("account_menu_clientQuestionaireList"))
    for (const pl of ["PL10MA", "PL20MA"] as const) expect(await menuOf(pl)).not.toContain(text("account_menu_accountData"))
    expect(cz.at(-1)).toBe(text("account_menu_logout"))
  })

  test("a silver or gold customer's account items take the status's look and nothing else changes (§6)", async () => {
    const itemsOf = async (status: string | undefined) => {
      const customer = { id: 7, isLogged: true, firstname: "Jana", lastname: "Nováková" } as const
      const initial: InitialState = [[accountStateAtom, accountStateFor(status === undefined ? customer : { ...customer, status: status as "1" | "2" })]]
      const { container, unmount } = renderInShop(<LoginDrawer csrfToken="tok" />, { initial })
      await shopper().hover(screen.getByRole("link", { name: "Jana N." }))
      await settle()
      const nav = await screen.findByRole("navigation", { name: text("sf_account_menu") })
      const items = within(nav).getAllByRole("listitem")
      const seen = { links: within(nav).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]), classes: items.map((li) => li.className) }
      if (status === "2") await expectAccessible(container)
      unmount()
      return seen
    }
    const standard = await itemsOf(undefined)
    const silver = await itemsOf("1")
    const gold = await itemsOf("2")
    expect(standard.classes.every((c) => c.split(" ").includes("account-item-standard"))).toBe(true)
    expect(silver.classes.every((c) => c.split(" ").includes("account-item-silver"))).toBe(true)
    expect(gold.classes.every((c) => c.split(" ").includes("account-item-gold"))).toBe(true)
    expect(silver.links).toEqual(standard.links)
    expect(gold.links).toEqual(standard.links)
    expect((await itemsOf("3")).classes).toEqual(standard.classes)
  })

  test("the logout link carries the CSRF token", async () => {
    const { container } = renderInShop(<LoginDrawer csrfToken="tok/en+1" />, { initial: loggedIn() })
    await shopper().hover(screen.getByRole("link", { name: "Jana N." }))
    await settle()
    const logout = screen.getByRole("link", { name: text("account_menu_logout") })
    const href = new URL(logout.getAttribute("href")!, "http://shop.test")
    expect(href.pathname).toBe(shopById("CZ10MA").urlKeys.logout)
    expect(href.searchParams.get(logoutCsrfParam)).toBe("tok/en+1")
    await expectAccessible(container)
  })

  test("after a login the logout link carries the new session's token from the account service, not the page's older one", async () => {
    const customer = { id: 7, isLogged: true, firstname: "Jana", lastname: "Nováková" } as const
    const initial: InitialState = [[accountStateAtom, { ...accountStateFor(customer), csrfToken: "new-session" }]]
    renderInShop(<LoginDrawer csrfToken="" />, { initial })
    await shopper().hover(screen.getByRole("link", { name: "Jana N." }))
    await settle()
    const logout = screen.getByRole("link", { name: text("account_menu_logout") })
    expect(new URL(logout.getAttribute("href")!, "http://shop.test").searchParams.get(logoutCsrfParam)).toBe("new-session")
  })
})
