import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  crossSellHitType,
  crossSellPayloadsForPurchase,
  crossSellRetentionMs,
  crossSellTrackPath,
  crossSellTrackPayload,
  isCrossSellEventFresh,
  pruneExpiredCrossSellEvents,
  recordCrossSellClick,
  retainCrossSellEvents
} from "../../../core/domain/crossSell.ts"
import type { CrossSellEvent } from "../../../core/domain/crossSell.ts"

const day = 24 * 60 * 60 * 1000
const now = 1_700_000_000_000

const eventArb = (nowMs: number): fc.Arbitrary<CrossSellEvent> =>
  fc.record({
    productId: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }).map(String)),
    placement: fc.constantFrom("cart", "detail", "home"),
    bookmarkId: fc.string(),
    mId: fc.string(),
    sId: fc.string(),
    clickedAtMs: fc.integer({ min: nowMs - 60 * day, max: nowMs + day })
  })

const click = (productId: string | number, clickedAtMs: number): CrossSellEvent => ({
  productId,
  placement: "cart",
  bookmarkId: "b",
  mId: "m",
  sId: "s",
  clickedAtMs
})

describe("constants (§7, §9)", () => {
  test("path, hit type and 30-day retention", () => {
    expect(crossSellTrackPath).toBe("/api/xsell/track")
    expect(crossSellHitType).toBe("P")
    expect(crossSellRetentionMs).toBe(2592000000)
    expect(crossSellRetentionMs).toBe(30 * day)
  })
})

describe("crossSellTrackPayload (§7)", () => {
  test("example", () => {
    expect(crossSellTrackPayload({ user: "u1", gaClientId: "GA1.2.3" }, click(5, now), "ORD-9")).toEqual({
      user: "u1",
      ga_client_id: "GA1.2.3",
      hit_type: "P",
      placement: "cart",
      transaction_id: "ORD-9",
      bookmark_id: "b",
      m_id: "m",
      s_id: "s"
    })
  })

  test.prop([fc.string(), fc.string(), eventArb(now), fc.oneof(fc.string(), fc.nat())])(
    "the payload has exactly the §7 fields with hit type P",
    (user, gaClientId, event, transactionId) => {
      const payload = crossSellTrackPayload({ user, gaClientId }, event, transactionId)
      expect(Object.keys(payload).sort()).toEqual(
        ["bookmark_id", "ga_client_id", "hit_type", "m_id", "placement", "s_id", "transaction_id", "user"].sort()
      )
      expect(payload.hit_type).toBe("P")
      expect(payload).toMatchObject({ user, ga_client_id: gaClientId, transaction_id: transactionId, m_id: event.mId, s_id: event.sId })
    }
  )
})

describe("retention (§9)", () => {
  test("the boundary: exactly 30 days old is kept, one ms more is not", () => {
    expect(isCrossSellEventFresh(click(1, now - crossSellRetentionMs), now)).toBe(true)
    expect(isCrossSellEventFresh(click(1, now - crossSellRetentionMs - 1), now)).toBe(false)
    expect(isCrossSellEventFresh(click(1, Number.NaN), now)).toBe(false)
  })

  test.prop([fc.array(eventArb(now)), fc.array(fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }).map(String)))])(
    "retained are exactly the events at most 30 days old for a purchased product, in stored order",
    (stored, purchased) => {
      const retained = retainCrossSellEvents(stored, purchased, now)
      const purchasedKeys = purchased.map((id) => `${id}`)
      const expected = stored.filter(
        (event) => now - event.clickedAtMs <= 30 * day && purchasedKeys.includes(`${event.productId}`)
      )
      expect(retained).toEqual(expected)
    }
  )

  test.prop([fc.array(eventArb(now))])("nothing is retained without a purchase, and pruning only drops expired events", (stored) => {
    expect(retainCrossSellEvents(stored, [], now)).toEqual([])
    const pruned = pruneExpiredCrossSellEvents(stored, now)
    expect(pruned.every((event) => now - event.clickedAtMs <= 30 * day)).toBe(true)
    expect(pruned.length + stored.filter((event) => now - event.clickedAtMs > 30 * day).length).toBe(stored.length)
  })

  test("ids match across number and string", () => {
    expect(retainCrossSellEvents([click(42, now)], ["42"], now)).toHaveLength(1)
    expect(retainCrossSellEvents([click("42", now)], [42], now)).toHaveLength(1)
  })
})

describe("recordCrossSellClick", () => {
  test.prop([fc.array(eventArb(now)), eventArb(now).map((event) => ({ ...event, clickedAtMs: now }))])(
    "the click is stored last, once per product, and nothing expired stays",
    (stored, newClick) => {
      const next = recordCrossSellClick(stored, newClick, now)
      expect(next.at(-1)).toEqual(newClick)
      expect(next.filter((event) => `${event.productId}` === `${newClick.productId}`)).toHaveLength(1)
      expect(next.every((event) => now - event.clickedAtMs <= 30 * day)).toBe(true)
      const others = stored.filter((event) => `${event.productId}` !== `${newClick.productId}` && now - event.clickedAtMs <= 30 * day)
      expect(next.slice(0, -1)).toEqual(others)
    }
  )

  test("an already expired click is not stored", () => {
    expect(recordCrossSellClick([], click(1, now - 31 * day), now)).toEqual([])
  })
})

describe("crossSellPayloadsForPurchase", () => {
  test("one payload per retained event, carrying the order id", () => {
    const stored = [click(1, now - day), click(2, now - 31 * day), click(3, now)]
    const payloads = crossSellPayloadsForPurchase(stored, { transactionId: 77, productIds: [1, 2] }, { user: "u", gaClientId: "g" }, now)
    expect(payloads).toEqual([
      { user: "u", ga_client_id: "g", hit_type: "P", placement: "cart", transaction_id: 77, bookmark_id: "b", m_id: "m", s_id: "s" }
    ])
  })
})
