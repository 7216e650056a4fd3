/**
 * The rules of the account's product pages (§2 clientWatchdog, clientDigitalContent, clientRankingList; ours where
 * the spec is silent): what a watchdog may watch and when it fires, the order the account lists watchdogs in, the
 * state of a licence key on a day, and the ranking order with its average.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { licenseState } from "../../../core/domain/digitalContent.ts"
import { averageRating, rankReviews } from "../../../core/domain/rankings.ts"
import { sortWatchdogs, watchdogAlerts, watchdogRequestProblem } from "../../../core/domain/watchdog.ts"

const cents = fc.integer({ min: 1, max: 10_000_000 }).map((n) => n / 100)
const limit = fc.option(cents, { nil: null })
const facts = fc.record({ price: cents, inStock: fc.boolean(), priceLimit: limit, watchAvailability: fc.boolean() })

describe("watchdog (§2 clientWatchdog, ours)", () => {
  test.prop([limit, fc.boolean()])("a request is accepted iff it watches a price limit or availability", (priceLimit, watchAvailability) => {
    expect(watchdogRequestProblem({ priceLimit, watchAvailability }) === undefined).toBe(priceLimit !== null || watchAvailability)
  })

  test.prop([fc.oneof(fc.double({ max: 0, noNaN: true }), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 1.005, 0.001)), fc.boolean()])(
    "a limit that is not a positive amount of whole cents is refused, whatever else is watched",
    (priceLimit, watchAvailability) => {
      expect(watchdogRequestProblem({ priceLimit, watchAvailability })).toBe("priceLimit")
    }
  )

  test.prop([facts])("the price fires iff watched and at or below the limit; stock iff watched and in stock", (f) => {
    const alerts = watchdogAlerts(f)
    expect(alerts.priceReached).toBe(f.priceLimit !== null && f.price <= f.priceLimit)
    expect(alerts.inStock).toBe(f.watchAvailability && f.inStock)
    expect(alerts.fired).toBe(alerts.priceReached || alerts.inStock)
  })

  test("the limit itself fires; a cent above does not", () => {
    expect(watchdogAlerts({ price: 100, inStock: false, priceLimit: 100, watchAvailability: false }).priceReached).toBe(true)
    expect(watchdogAlerts({ price: 100.01, inStock: false, priceLimit: 100, watchAvailability: false }).priceReached).toBe(false)
    expect(watchdogAlerts({ price: 1, inStock: true, priceLimit: null, watchAvailability: false }).fired).toBe(false)
  })

  // a shopper's watchdogs have distinct ids, so sorting by id alone tells whether the list is a permutation
  test.prop([fc.uniqueArray(fc.record({ ...{ price: cents, inStock: fc.boolean(), priceLimit: limit, watchAvailability: fc.boolean() }, createdTs: fc.nat(), watchdogId: fc.nat() }), { selector: (w) => w.watchdogId })])(
    "the list is a permutation with every fired watchdog before every other, each group newest first",
    (watchdogs) => {
      const sorted = sortWatchdogs(watchdogs)
      expect([...sorted].sort((a, b) => a.watchdogId - b.watchdogId))
        .toEqual([...watchdogs].sort((a, b) => a.watchdogId - b.watchdogId))
      const fired = sorted.map((w) => watchdogAlerts(w).fired)
      expect(fired).toEqual([...fired].sort((a, b) => Number(b) - Number(a)))
      for (let i = 1; i < sorted.length; i++) {
        if (fired[i] === fired[i - 1]) expect(sorted[i - 1]!.createdTs).toBeGreaterThanOrEqual(sorted[i]!.createdTs)
      }
    }
  )
})

const day = fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))

describe("licence keys (§2 clientDigitalContent, ours)", () => {
  test.prop([day, day])("a key is valid through its last day and expired after it", (validTo, today) => {
    expect(licenseState(validTo, today)).toBe(validTo >= today ? "valid" : "expired")
  })

  test.prop([fc.option(fc.constantFrom("", "soon", "2026-13"), { nil: null }), day])("without a readable last day a key never expires", (validTo, today) => {
    expect(licenseState(validTo, today)).toBe("perpetual")
    expect(licenseState(undefined, today)).toBe("perpetual")
  })
})

describe("rankings (§2 clientRankingList, ours)", () => {
  const review = fc.record({ reviewId: fc.nat(), rating: fc.integer({ min: 1, max: 5 }), createdTs: fc.nat() })

  test.prop([fc.array(review)])("best rated first; equal ratings newest first; nothing lost", (reviews) => {
    const ranked = rankReviews(reviews)
    expect(ranked.length).toBe(reviews.length)
    for (let i = 1; i < ranked.length; i++) {
      const [a, b] = [ranked[i - 1]!, ranked[i]!]
      expect(a.rating > b.rating || (a.rating === b.rating && a.createdTs >= b.createdTs)).toBe(true)
    }
  })

  test.prop([fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1 })])("the average is within the ratings, to one decimal", (ratings) => {
    const average = averageRating(ratings)!
    expect(average).toBeGreaterThanOrEqual(Math.min(...ratings))
    expect(average).toBeLessThanOrEqual(Math.max(...ratings))
    expect(Math.round(average * 10)).toBe(average * 10)
    expect(averageRating([])).toBeNull()
  })
})
