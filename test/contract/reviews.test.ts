/**
 * Contract of the product review calls (spec §7 /api/reviews/getProductReviews, createReview, updateReview;
 * methods and shapes ours).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { OpenApi } from "effect/http-api"
import { ReviewsGroup } from "../../core/api/reviews.ts"
import {
  blankArb,
  csrfProtectedOf,
  errorStatusesOf,
  jsonWireRoundTrip,
  notPositiveIdJsonArb,
  payloadCodecOf,
  positiveIdArb,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  sortRoutes,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

const opt = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: undefined })
const defined = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined))
const textArb = fc.string({ minLength: 1, maxLength: 5000 }).filter((s) => /\S/.test(s))
const contentArb = fc
  .record({
    rating: fc.integer({ min: 1, max: 5 }),
    text: textArb,
    pros: opt(fc.string({ maxLength: 5000 })),
    cons: opt(fc.string({ maxLength: 5000 }))
  })
  .map(defined)

describe("reviews contract", () => {
  it("has the spec's paths, protects the writes, 5000 ms, described", () => {
    expect(routesOf(ReviewsGroup)).toEqual(
      sortRoutes([
        ["getProductReviews", "GET", "/api/reviews/getProductReviews"],
        ["createReview", "POST", "/api/reviews/createReview"],
        ["updateReview", "POST", "/api/reviews/updateReview"],
        ["getCustomerReviews", "GET", "/api/reviews/getCustomerReviews"]
      ])
    )
    expect(csrfProtectedOf(ReviewsGroup)).toEqual(["createReview", "updateReview"])
    for (const name of ["getProductReviews", "createReview", "updateReview", "getCustomerReviews"]) expect(timeoutOf(ReviewsGroup, name)).toBe(5000)
    expect(errorStatusesOf(ReviewsGroup, "getCustomerReviews")).toEqual([401])
    expect(errorStatusesOf(ReviewsGroup, "getProductReviews")).toEqual([404])
    expect(errorStatusesOf(ReviewsGroup, "createReview")).toEqual([401, 404, 422, 429])
    expect(errorStatusesOf(ReviewsGroup, "updateReview")).toEqual([401, 404, 422])
    expect(undescribedOf(ReviewsGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([positiveIdArb, opt(fc.integer({ min: 1, max: 10_000 })), opt(fc.integer({ min: 1, max: 50 }))])(
    "getProductReviews: the query round-trips",
    (productId, page, limit) => {
      const query = defined({ productId, page, limit })
      expect(queryWireRoundTrip(ReviewsGroup, "getProductReviews", query)).toEqual(query)
    }
  )

  test.prop([fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 51 })).map(String)])(
    "getProductReviews: refuses a limit outside 1..50, naming it",
    (limit) => {
      expect(rejectedPaths(queryCodecOf(ReviewsGroup, "getProductReviews"), { productId: "1", limit })).toEqual(["limit"])
    }
  )

  test.prop([positiveIdArb, contentArb])("createReview and updateReview: bodies round-trip through JSON", (id, content) => {
    const create = { productId: id, ...content }
    expect(jsonWireRoundTrip(ReviewsGroup, "createReview", create)).toEqual(create)
    const update = { reviewId: id, ...content }
    expect(jsonWireRoundTrip(ReviewsGroup, "updateReview", update)).toEqual(update)
  })

  test.prop([contentArb, fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 6 }), fc.double({ noInteger: true }), fc.string())])(
    "refuses a rating outside whole 1..5, naming it",
    (content, rating) => {
      expect(rejectedPaths(payloadCodecOf(ReviewsGroup, "createReview"), { productId: 1, ...content, rating })).toEqual([
        "rating"
      ])
    }
  )

  test.prop([contentArb, fc.oneof(blankArb, fc.string({ minLength: 5001, maxLength: 6000 }))])(
    "refuses a blank or over-long text, naming it",
    (content, text) => {
      expect(rejectedPaths(payloadCodecOf(ReviewsGroup, "updateReview"), { reviewId: 1, ...content, text })).toEqual([
        "text"
      ])
    }
  )

  test.prop([contentArb, notPositiveIdJsonArb])("refuses a bad productId or reviewId, naming it", (content, id) => {
    expect(rejectedPaths(payloadCodecOf(ReviewsGroup, "createReview"), { ...content, productId: id })).toEqual(["productId"])
    expect(rejectedPaths(payloadCodecOf(ReviewsGroup, "updateReview"), { ...content, reviewId: id })).toEqual(["reviewId"])
  })
})
