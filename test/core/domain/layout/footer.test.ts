import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { footerMenuItems } from "../../../../core/domain/layout.ts"

const url = fc.constantFrom("/kontakt", "/obchodni-podminky", "/ochrana-osobnich-udaju", "/kosik", "/sledovani-objednavky", "/")
const menu = fc.array(fc.record({ menuItemId: fc.nat(), url }), { maxLength: 12 })
const links = fc.array(fc.record({ to: url }), { maxLength: 4 })

describe("footer menu (§2 footer)", () => {
  test("the contact page the service group links is listed once: the menu's entry is dropped, the others kept", () => {
    const items = [{ menuItemId: 1, url: "/kontakt" }, { menuItemId: 2, url: "/obchodni-podminky" }]
    expect(footerMenuItems(items, [{ to: "/kontakt" }, { to: "/kosik" }])).toEqual([{ menuItemId: 2, url: "/obchodni-podminky" }])
  })

  test.prop([menu, links])("no kept item is linked by a group; every item no group links is kept, in the menu's order", (items, groupLinks) => {
    const kept = footerMenuItems(items, groupLinks)
    const linked = new Set(groupLinks.map((link) => link.to))
    expect(kept.every((item) => !linked.has(item.url))).toBe(true)
    expect(kept).toEqual(items.filter((item) => !linked.has(item.url)))
  })

  test.prop([menu])("without group links the menu is kept whole", (items) => {
    expect(footerMenuItems(items, [])).toEqual(items)
  })
})
