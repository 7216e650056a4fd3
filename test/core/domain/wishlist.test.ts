import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  addPayload,
  addsToMainList,
  counterLabel,
  counterSlash,
  countAfter,
  createdTime,
  drawerItems,
  hasNextLink,
  isCacheFresh,
  wishlistAccess,
  wishlistCacheMs,
  wishlistDrawerSize
} from "../../../core/domain/wishlist.ts"
import type { WishlistCountEvent } from "../../../core/domain/wishlist.ts"

/** Items whose position in the input is their `n`, with few distinct timestamps so ties happen. */
const items = fc
  .array(fc.integer({ min: 0, max: 8 }), { maxLength: 14 })
  .map((times) => times.map((t, n) => ({ n, createdTs: 1_700_000_000 + t })))

describe("wishlist drawer (§2, §4, §9)", () => {
  test("the drawer shows 5 items; the cache lasts 60 s", () => {
    expect(wishlistDrawerSize).toBe(5)
    expect(wishlistCacheMs).toBe(60_000)
  })

  test("the newest five by createdTs, newest first", () => {
    const list = [10, 50, 30, 20, 60, 40, 5].map((createdTs, n) => ({ n, createdTs }))
    expect(drawerItems(list).map((i) => i.createdTs)).toEqual([60, 50, 40, 30, 20])
    expect(drawerItems([])).toEqual([])
  })

  test.prop([items])("the drawer shows min(5, n) items, no older item is shown before a newer one, and none is left out for an older one", (list) => {
    const shown = drawerItems(list)
    expect(shown).toHaveLength(Math.min(5, list.length))
    expect(new Set(shown.map((i) => i.n)).size).toBe(shown.length)
    for (const item of shown) expect(list).toContain(item)
    for (let i = 1; i < shown.length; i++) {
      const [a, b] = [shown[i - 1]!, shown[i]!]
      expect(a.createdTs > b.createdTs || (a.createdTs === b.createdTs && a.n < b.n)).toBe(true)
    }
    const hidden = list.filter((item) => !shown.includes(item))
    for (const h of hidden)
      for (const s of shown) expect(h.createdTs < s.createdTs || (h.createdTs === s.createdTs && h.n > s.n)).toBe(true)
  })

  test.prop([items])("the order of the input only matters among equal timestamps", (list) => {
    const times = (l: ReadonlyArray<{ createdTs: number }>) => drawerItems(l).map((i) => i.createdTs)
    expect(times([...list].reverse())).toEqual(times(list))
  })

  test("timestamps may be numbers, numeric strings or dates; unreadable ones are the oldest", () => {
    expect(createdTime({ createdTs: 5 })).toBe(5)
    expect(createdTime({ createdTs: "1700000000" })).toBe(1_700_000_000)
    expect(createdTime({ createdTs: "2024-01-02T00:00:00Z" })).toBe(Date.UTC(2024, 0, 2))
    expect(createdTime({ createdTs: "soon" })).toBe(Number.NEGATIVE_INFINITY)
    expect(createdTime({ createdTs: null })).toBe(Number.NEGATIVE_INFINITY)
    expect(createdTime({})).toBe(Number.NEGATIVE_INFINITY)
    const list = [{ id: "a" }, { id: "b", createdTs: 1 }, { id: "c", createdTs: "x" }, { id: "d", createdTs: 2 }]
    expect(drawerItems(list).map((i) => i.id)).toEqual(["d", "b", "a", "c"])
  })

  test.prop([fc.nat({ max: 40 })])("the 'next' link appears when there are more than 5 items", (count) => {
    expect(hasNextLink(count)).toBe(count > 5)
    expect(hasNextLink(Array.from({ length: count }, () => ({})))).toBe(count > 5)
  })

  test("the 'next' link at the edge", () => {
    expect(hasNextLink(5)).toBe(false)
    expect(hasNextLink(6)).toBe(true)
    expect(hasNextLink(Number.NaN)).toBe(false)
    expect(hasNextLink(-10)).toBe(false)
  })
})

describe("wishlist counter (§2)", () => {
  test.prop([fc.integer({ min: -5, max: 1000 })])("a slash, the count and a quantity label, only when the count is non-zero", (count) => {
    const label = counterLabel(count, (n) => (n === 1 ? "item" : "items"))
    if (count <= 0) expect(label).toBeUndefined()
    else expect(label).toEqual({ slash: "/", count, label: count === 1 ? "item" : "items" })
  })

  test("the slash and the plural forms passed in", () => {
    expect(counterSlash).toBe("/")
    expect(counterLabel(0, () => "x")).toBeUndefined()
    const forms = (n: number) => (n === 1 ? "položka" : n >= 2 && n <= 4 ? "položky" : "položek")
    expect(counterLabel(3, forms)).toEqual({ slash: "/", count: 3, label: "položky" })
    expect(counterLabel(Number.NaN, forms)).toBeUndefined()
  })
})

describe("wishlist count (§4)", () => {
  const countEvent = fc.oneof(
    fc.boolean().map((toMainList): WishlistCountEvent => ({ type: "added", toMainList })),
    fc.constant<WishlistCountEvent>({ type: "removedAfterMoveToCart" })
  )

  test.prop([fc.nat({ max: 50 }), fc.array(countEvent, { maxLength: 30 })])(
    "adding to the main list raises the count, removing after move-to-cart lowers it, never below 0",
    (start, events) => {
      let count = start
      let model = start
      for (const e of events) {
        count = countAfter(count, e)
        if (e.type === "added") model += e.toMainList ? 1 : 0
        else model = model === 0 ? 0 : model - 1
        expect(count).toBe(model)
        expect(count).toBeGreaterThanOrEqual(0)
      }
    }
  )

  test("examples", () => {
    expect(countAfter(2, { type: "added", toMainList: true })).toBe(3)
    expect(countAfter(2, { type: "added", toMainList: false })).toBe(2)
    expect(countAfter(2, { type: "removedAfterMoveToCart" })).toBe(1)
    expect(countAfter(0, { type: "removedAfterMoveToCart" })).toBe(0)
    expect(countAfter(-3, { type: "removedAfterMoveToCart" })).toBe(0)
  })
})

describe("wishlist cache (§9)", () => {
  test.prop([fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: -120_000, max: 120_000 })])(
    "fresh for less than 60 s after the fetch",
    (fetchedAt, age) => {
      expect(isCacheFresh(fetchedAt, fetchedAt + age)).toBe(age >= 0 && age < 60_000)
    }
  )

  test("the edges", () => {
    expect(isCacheFresh(1000, 1000)).toBe(true)
    expect(isCacheFresh(1000, 60_999)).toBe(true)
    expect(isCacheFresh(1000, 61_000)).toBe(false)
    expect(isCacheFresh(Number.NaN, 5)).toBe(false)
  })
})

describe("wishlist access and adding (§3, §5)", () => {
  const flag = fc.constantFrom(true, false, null, undefined)
  test.prop([flag, flag])("the widget wishlist shows for logged-in or waiting customers, else redirects", (isLogged, isWaitingForConfirmation) => {
    expect(wishlistAccess({ isLogged, isWaitingForConfirmation })).toBe(
      isLogged === true || isWaitingForConfirmation === true ? "show" : "redirect"
    )
    expect(wishlistAccess(undefined)).toBe("redirect")
  })

  test("the add payload has variantId, wishlistId, newWishlistName and amount", () => {
    expect(addPayload(7, { kind: "existing", wishlistId: 3 }, 2)).toEqual({ variantId: 7, wishlistId: 3, amount: 2 })
    expect(addPayload(7, { kind: "new", newWishlistName: "  Gifts " })).toEqual({ variantId: 7, newWishlistName: "Gifts", amount: 1 })
    expect(addPayload(7, { kind: "new", newWishlistName: "  " })).toEqual({ variantId: 7, amount: 1 })
    expect(addPayload(7, { kind: "main" }, 0)).toEqual({ variantId: 7, amount: 1 })
  })

  test.prop([fc.integer(), fc.oneof(fc.double(), fc.integer())])("the amount is always a whole number of at least 1", (variantId, amount) => {
    const payload = addPayload(variantId, { kind: "main" }, amount)
    expect(Number.isInteger(payload.amount)).toBe(true)
    expect(payload.amount).toBeGreaterThanOrEqual(1)
    if (Number.isInteger(amount) && amount >= 1) expect(payload.amount).toBe(amount)
  })

  test.prop([fc.nat(), fc.nat(), fc.string()])("only the main list counts as adding to the main list", (listId, mainId, name) => {
    expect(addsToMainList(addPayload(1, { kind: "main" }), mainId)).toBe(true)
    expect(addsToMainList(addPayload(1, { kind: "existing", wishlistId: listId }), mainId)).toBe(listId === mainId)
    expect(addsToMainList(addPayload(1, { kind: "existing", wishlistId: listId }), String(mainId))).toBe(listId === mainId)
    expect(addsToMainList(addPayload(1, { kind: "new", newWishlistName: name }), mainId)).toBe(name.trim() === "")
    expect(addsToMainList({ wishlistId: listId }, undefined)).toBe(false)
  })
})
