/**
 * The groups of widgets, legal, content, contact, captcha, menu, banner, searching, outlets, adult content and the
 * "other" calls of §7 compose into one API beside the session group: no two endpoints share a method and path, no
 * two groups share a name, and the OpenAPI document lists every endpoint with its description.
 */
import { describe, expect, it } from "@effect/vitest"
import { Context } from "effect"
import { HttpApi, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { AdultContentGroup } from "../../core/api/adultContent.ts"
import { AvailabilityGroup } from "../../core/api/availability.ts"
import { BannerGroup } from "../../core/api/banner.ts"
import { CaptchaGroup } from "../../core/api/captcha.ts"
import { ConfirmationGroup } from "../../core/api/confirmation.ts"
import { ContactGroup } from "../../core/api/contact.ts"
import { ContentGroup } from "../../core/api/content.ts"
import { DigitalContentGroup } from "../../core/api/digitalContent.ts"
import { FinancingGroup } from "../../core/api/financing.ts"
import { LegalGroup } from "../../core/api/legal.ts"
import { MenuGroup } from "../../core/api/menu.ts"
import { NewsletterGroup } from "../../core/api/newsletter.ts"
import { OrderTrackingGroup } from "../../core/api/orderTracking.ts"
import { OutletsGroup } from "../../core/api/outlets.ts"
import { ReviewsGroup } from "../../core/api/reviews.ts"
import { SearchingGroup } from "../../core/api/searching.ts"
import { CallPolicy, CurrentSession } from "../../core/api/security.ts"
import { SessionGroup } from "../../core/api/session.ts"
import { WidgetsGroup } from "../../core/api/widgets.ts"
import { endpointsOf } from "./_c1Harness.ts"

const groups = [
  WidgetsGroup,
  LegalGroup,
  ContentGroup,
  ContactGroup,
  CaptchaGroup,
  MenuGroup,
  BannerGroup,
  SearchingGroup,
  OutletsGroup,
  AdultContentGroup,
  DigitalContentGroup,
  OrderTrackingGroup,
  AvailabilityGroup,
  NewsletterGroup,
  ConfirmationGroup,
  FinancingGroup,
  ReviewsGroup
] as const

class Api extends HttpApi.make("shop")
  .add(SessionGroup)
  .add(...groups)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CurrentSession)
  .middleware(CallPolicy)
{}

describe("composed groups", () => {
  it("have distinct names and distinct method + path pairs", () => {
    const names = groups.map((g) => g.identifier)
    expect(new Set(names).size).toBe(names.length)
    const routes = [SessionGroup, ...groups].flatMap((g) =>
      Object.values(endpointsOf(g)).map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, "{$1}")}`)
    )
    expect(new Set(routes).size).toBe(routes.length)
  })

  it("are all in the OpenAPI document, each operation described", () => {
    const spec = OpenApi.fromApi(Api)
    for (const group of groups) {
      for (const endpoint of Object.values(endpointsOf(group))) {
        const path = endpoint.path.replace(/:(\w+)/g, "{$1}")
        const operation = spec.paths[path]?.[endpoint.method.toLowerCase() as "get"]
        expect(operation, `${endpoint.method} ${path}`).toBeDefined()
        expect(operation?.operationId).toBe(`${group.identifier}.${endpoint.identifier}`)
        expect(operation?.description).toBe(Context.getOrUndefined(endpoint.annotations, OpenApi.Description))
      }
    }
  })
})
