/**
 * Contract of the newsletter subscription call (spec §7 /api/newsletter/updateSubscription; method and shapes ours).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { OpenApi } from "effect/http-api"
import { NewsletterGroup } from "../../core/api/newsletter.ts"
import { isEmail } from "../../core/domain/contact.ts"
import {
  csrfProtectedOf,
  errorStatusesOf,
  jsonWireRoundTrip,
  payloadCodecOf,
  rejectedPaths,
  routesOf,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

describe("newsletter contract", () => {
  it("has the spec's path, CSRF-protected, 5000 ms, 422, described", () => {
    expect(routesOf(NewsletterGroup)).toEqual([["updateSubscription", "POST", "/api/newsletter/updateSubscription"]])
    expect(csrfProtectedOf(NewsletterGroup)).toEqual(["updateSubscription"])
    expect(timeoutOf(NewsletterGroup, "updateSubscription")).toBe(5000)
    expect(errorStatusesOf(NewsletterGroup, "updateSubscription")).toEqual([422])
    expect(undescribedOf(NewsletterGroup, OpenApi.Description)).toEqual([])
  })

  test.prop([fc.boolean(), fc.option(fc.emailAddress().filter(isEmail), { nil: undefined })])(
    "the body round-trips through JSON",
    (subscribed, email) => {
      const body = email === undefined ? { subscribed } : { subscribed, email }
      expect(jsonWireRoundTrip(NewsletterGroup, "updateSubscription", body)).toEqual(body)
    }
  )

  test.prop([fc.boolean(), fc.string().filter((s) => !isEmail(s) || s.trim() !== s)])(
    "refuses a malformed email, naming it",
    (subscribed, email) => {
      expect(rejectedPaths(payloadCodecOf(NewsletterGroup, "updateSubscription"), { subscribed, email })).toEqual(["email"])
    }
  )

  test.prop([fc.oneof(fc.string(), fc.integer(), fc.constant(null))])("refuses a non-boolean subscribed, naming it", (subscribed) => {
    expect(rejectedPaths(payloadCodecOf(NewsletterGroup, "updateSubscription"), { subscribed })).toEqual(["subscribed"])
  })
})
