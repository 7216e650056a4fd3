import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  accountItemStyle,
  accountItemStyles,
  accountMenu,
  accountMenuKeys,
  accountType,
  accountTypes,
  canUseAddresses,
  canUseWishlist,
  customerRole,
  customerRoles,
  customerStatus,
  customerStatusCodes,
  displayName,
  guestLinks,
  hasCustomerId,
  isLoggedIn,
  isVipProgram,
  loginDrawerView,
  logoutCsrfParam,
  logoutUrl,
  mayProceedToShipping,
  vipProgram,
  vipPrograms
} from "../../../core/domain/customer.ts"
import { allShops, shopById } from "../../../core/domain/shop.ts"

const anyShop = fc.constantFrom(...allShops)
const flag = fc.constantFrom(true, false, null, undefined)
const flags = fc.record({ isLogged: flag, isWaitingForConfirmation: flag })
const loggedIn = { isLogged: true }
const waiting = { isLogged: false, isWaitingForConfirmation: true }
const guest = { isLogged: false, isWaitingForConfirmation: false }

describe("roles (§6)", () => {
  test("the three roles", () => {
    expect(customerRoles).toEqual(["guest", "logged-in", "waiting-for-confirmation"])
    expect(customerRole(loggedIn)).toBe("logged-in")
    expect(customerRole(waiting)).toBe("waiting-for-confirmation")
    expect(customerRole(guest)).toBe("guest")
    expect(customerRole(undefined)).toBe("guest")
    expect(customerRole(null)).toBe("guest")
  })

  test.prop([flags])("the role follows the flags: logged in when isLogged, else waiting when flagged, else guest", (c) => {
    const expected = c.isLogged === true ? "logged-in" : c.isWaitingForConfirmation === true ? "waiting-for-confirmation" : "guest"
    expect(customerRole(c)).toBe(expected)
    expect(isLoggedIn(c)).toBe(c.isLogged === true)
  })

  test.prop([flags])(
    "wishlist, addresses and the step to shipping need a logged-in or waiting-for-confirmation customer",
    (c) => {
      const allowed = c.isLogged === true || c.isWaitingForConfirmation === true
      expect(canUseWishlist(c)).toBe(allowed)
      expect(canUseAddresses(c)).toBe(allowed)
      expect(mayProceedToShipping(c)).toBe(allowed)
    }
  )

  test.prop([flags])("the login drawer shows the account menu only when logged in, else the form", (c) => {
    expect(loginDrawerView(c)).toBe(c.isLogged === true ? "accountMenu" : "loginForm")
  })

  test.prop([anyShop])("a guest gets the registration and password-recovery links", (shop) => {
    expect(guestLinks(shop)).toEqual([
      { key: "register", href: shop.urlKeys.register },
      { key: "passwordRecovery", href: shop.urlKeys.passwordRecovery }
    ])
  })
})

describe("status (§3, §6)", () => {
  test("'1' is silver and '2' is gold", () => {
    expect(customerStatusCodes).toEqual({ silver: "1", gold: "2" })
    expect(customerStatus({ status: "1" })).toBe("silver")
    expect(customerStatus({ status: "2" })).toBe("gold")
    expect(customerStatus({ status: 2 })).toBe("gold")
    expect(customerStatus({ status: "3" })).toBeUndefined()
    expect(customerStatus({})).toBeUndefined()
    expect(customerStatus({ status: null })).toBeUndefined()
  })

  test.prop([fc.string()])("any other status is none", (status) => {
    fc.pre(!["1", "2"].includes(status.trim()))
    expect(customerStatus({ status })).toBeUndefined()
  })

  const anyStatus = fc.oneof(fc.constantFrom("1", "2", " 2 ", 1, 2, null, undefined), fc.string(), fc.integer())

  test.prop([anyStatus])("account items look silver for '1', gold for '2', standard for anything else (§6)", (status) => {
    const style = accountItemStyle({ status })
    expect(accountItemStyles).toContain(style)
    expect(style).toBe(customerStatus({ status }) ?? "standard")
    expect(accountItemStyle(undefined)).toBe("standard")
  })

  test.prop([anyShop, flags, anyStatus, anyStatus])(
    "the status changes only the styling: the account menu is the same whatever the status (§6)",
    (shop, roleFlags, status, other) => {
      expect(accountMenu(shop, { ...roleFlags, status }, "t")).toEqual(accountMenu(shop, { ...roleFlags, status: other }, "t"))
    }
  )
})

describe("VIP programs (§3)", () => {
  test("program names", () => {
    expect(vipPrograms).toEqual(["vip_program", "vip_plus_program"])
    expect(vipProgram({ vipType: "vip_program" })).toBe("vip_program")
    expect(vipProgram({ vipType: "vip_plus_program" })).toBe("vip_plus_program")
    expect(vipProgram({ vipType: null })).toBeUndefined()
    expect(vipProgram(undefined)).toBeUndefined()
  })

  test.prop([fc.oneof(fc.string(), fc.constantFrom(...vipPrograms))])("the program is the vipType exactly when it names a program", (vipType) => {
    const known = vipType === "vip_program" || vipType === "vip_plus_program"
    expect(vipProgram({ vipType })).toBe(known ? vipType : undefined)
    expect(isVipProgram(vipType)).toBe(known)
  })
})

describe("display name (§6)", () => {
  test("first name plus the first letter of the last name with a dot", () => {
    expect(displayName({ firstname: "Jan", lastname: "Novák" })).toBe("Jan N.")
    expect(displayName({ firstname: "  Jan ", lastname: "  novák " })).toBe("Jan n.")
    expect(displayName({ firstname: "Ana", lastname: "Čop" })).toBe("Ana Č.")
    expect(displayName({ firstname: "Ana", lastname: "C\u030Cop" })).toBe("Ana C\u030C.")
    expect(displayName({ firstname: "Ann", lastname: "𝒜bc" })).toBe("Ann 𝒜.")
    expect(displayName({ firstname: "Jan", lastname: "" })).toBe("Jan")
    expect(displayName({ firstname: "Jan" })).toBe("Jan")
    expect(displayName({ firstname: null, lastname: "Novák" })).toBe("N.")
    expect(displayName({ firstname: "  ", lastname: "  " })).toBe("")
    expect(displayName(undefined)).toBe("")
  })

  const word = fc.stringMatching(/^[A-Za-z][a-z]{0,11}$/)
  const letter = fc.constantFrom("N", "č", "C\u030C", "Ž", "ő", "Ł", "𝒜", "👩‍👩‍👧", "e\u0301", "Ω")
  const spaces = fc.stringMatching(/^[ \t\n]{0,3}$/)

  test.prop([word, letter, fc.stringMatching(/^[a-z]{0,10}$/), spaces, spaces])(
    "the shown name is the trimmed first name, a space, the whole first letter of the trimmed last name and a dot",
    (first, initial, rest, pad1, pad2) => {
      expect(displayName({ firstname: `${pad1}${first}${pad2}`, lastname: `${pad2}${initial}${rest}${pad1}` })).toBe(
        `${first} ${initial}.`
      )
    }
  )

  test.prop([fc.option(fc.string(), { nil: undefined }), fc.option(fc.string(), { nil: undefined })])(
    "the name never has surrounding whitespace and ends in a dot exactly when there is a last name",
    (firstname, lastname) => {
      const name = displayName({ firstname, lastname })
      expect(name).toBe(name.trim())
      const hasLast = (lastname ?? "").trim() !== ""
      if (hasLast) expect(name.endsWith(".")).toBe(true)
      else expect(name).toBe((firstname ?? "").trim())
    }
  )
})

describe("account type (§6)", () => {
  test("registered with a customer id, otherwise guest", () => {
    expect(accountTypes).toEqual(["registered", "guest"])
    expect(accountType({ id: 42 })).toBe("registered")
    expect(accountType({ id: "42" })).toBe("registered")
    expect(accountType({ id: 0 })).toBe("guest")
    expect(accountType({ id: "" })).toBe("guest")
    expect(accountType({ id: null })).toBe("guest")
    expect(accountType({})).toBe("guest")
    expect(accountType(undefined)).toBe("guest")
  })

  test.prop([fc.integer({ min: 1 })])("every positive id is registered", (id) => {
    expect(accountType({ id })).toBe("registered")
    expect(accountType({ id: String(id) })).toBe("registered")
  })

  test.prop([fc.oneof(fc.integer({ max: 0 }), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY), fc.stringMatching(/^\s*0?\s*$/))])(
    "no usable id is a guest",
    (id) => {
      expect(hasCustomerId({ id })).toBe(false)
      expect(accountType({ id })).toBe("guest")
    }
  )
})

describe("account menu (§2)", () => {
  const alwaysPresent = [
    "addresses",
    "clientPurchaseList",
    "orderTracking",
    "clientWishlist",
    "clientWatchdog",
    "clientRankingList",
    "logout"
  ] as const

  test.prop([anyShop])("the always-present entries are there, in menu order, each once, logout last", (shop) => {
    const keys = accountMenu(shop).map((e) => e.key)
    for (const key of alwaysPresent) expect(keys).toContain(key)
    expect(new Set(keys).size).toBe(keys.length)
    const positions = keys.map((k) => accountMenuKeys.indexOf(k))
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(keys.at(-1)).toBe("logout")
  })

  test.prop([anyShop])("the optional entries follow the shop's features", (shop) => {
    const keys = accountMenu(shop).map((e) => e.key)
    const f = shop.features
    expect(keys.includes("clientDigitalContent")).toBe(f.digitalContent)
    expect(keys.includes("clientLoyaltyClubs")).toBe(f.loyaltyClubs)
    expect(keys.includes("clientVipClub")).toBe(f.vipClub)
    expect(keys.includes("clientQuestionaireList")).toBe(f.questionnaires)
    expect(keys.includes("accountData")).toBe(f.accountData)
    expect(keys.includes("manageCardList")).toBe(f.cardManagement)
    expect(keys.length).toBe(
      alwaysPresent.length + [f.digitalContent, f.loyaltyClubs, f.vipClub, f.questionnaires, f.accountData, f.cardManagement].filter(Boolean).length
    )
  })

  test("the shop-specific entries of §2", () => {
    const keysOf = (id: Parameters<typeof shopById>[0]) => accountMenu(shopById(id)).map((e) => e.key)
    expect(allShops.filter((s) => keysOf(s.shopId).includes("clientVipClub")).map((s) => s.shopId)).toEqual(["SI10SI"])
    expect(allShops.filter((s) => keysOf(s.shopId).includes("clientQuestionaireList")).map((s) => s.shopId)).toEqual(["CZ10MA"])
    expect(allShops.filter((s) => !keysOf(s.shopId).includes("accountData")).map((s) => s.shopId)).toEqual(["PL10MA", "PL20MA"])
    expect(keysOf("CZ10MA")).toEqual([
      "accountData",
      "addresses",
      "clientPurchaseList",
      "clientDigitalContent",
      "orderTracking",
      "clientLoyaltyClubs",
      "clientWishlist",
      "clientWatchdog",
      "clientQuestionaireList",
      "clientRankingList",
      "manageCardList",
      "logout"
    ])
  })

  test.prop([anyShop])("the entries link to the shop's named URLs and the account page anchors", (shop) => {
    for (const { key, href } of accountMenu(shop)) {
      if (key === "accountData") expect(href).toBe(`${shop.urlKeys.clientMyAccount}#detail`)
      else if (key === "addresses") expect(href).toBe(`${shop.urlKeys.clientMyAccount}#addresses`)
      else expect(href).toBe(shop.urlKeys[key])
    }
  })

  test.prop([anyShop, flags])("only a logged-in customer has the menu", (shop, customer) => {
    const menu = accountMenu(shop, customer)
    if (customer.isLogged === true) expect(menu).toEqual(accountMenu(shop))
    else expect(menu).toEqual([])
    expect(accountMenu(shop, null)).toEqual([])
  })

  test.prop([anyShop, fc.string()])("with a csrf token the logout entry carries it", (shop, token) => {
    const logout = accountMenu(shop, loggedIn, token).find((e) => e.key === "logout")
    expect(logout?.href).toBe(logoutUrl(shop, token))
  })

  const wellFormed = (s: string): string => (s as unknown as { toWellFormed(): string }).toWellFormed()

  test.prop([anyShop, fc.string({ unit: "binary" })])("the logout link carries the csrf token as a query parameter", (shop, token) => {
    expect(logoutCsrfParam).toBe("csrf_token")
    const url = new URL(logoutUrl(shop, token), "https://shop.example")
    expect(url.origin).toBe("https://shop.example")
    expect(url.pathname).toBe(shop.urlKeys.logout)
    expect(url.searchParams.get(logoutCsrfParam)).toBe(wellFormed(token))
    expect([...url.searchParams.keys()]).toEqual([logoutCsrfParam])
  })
})
