/**
 * Contract of the shop content calls (spec §7 "Content, contact, outlets, adult").
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { OpenApi } from "effect/http-api"
import { ContentGroup, ShopContentResponse } from "../../core/api/content.ts"
import { contactTopicTree } from "../../core/domain/contact.ts"
import {
  blankArb,
  csrfProtectedOf,
  nonBlankArb,
  notPositiveIdStringArb,
  positiveIdArb,
  errorStatusesOf,
  queryCodecOf,
  queryWireRoundTrip,
  rejectedPaths,
  routesOf,
  sortRoutes,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

const hash = fc.option(fc.string(), { nil: undefined })
const withHash = <A extends object>(a: A, h: string | undefined) => (h === undefined ? a : { ...a, hash: h })

describe("content contract", () => {
  it("has the spec's paths", () => {
    expect(routesOf(ContentGroup)).toEqual(
      sortRoutes([
        ["findByTitle", "GET", "/api/shopContent/findByTitle"],
        ["find", "GET", "/api/shopContent/find"]
      ])
    )
  })

  it("is read-only, 5000 ms, described, 404 when unknown", () => {
    expect(csrfProtectedOf(ContentGroup)).toEqual([])
    expect(timeoutOf(ContentGroup, "findByTitle")).toBe(5000)
    expect(timeoutOf(ContentGroup, "find")).toBe(5000)
    expect(undescribedOf(ContentGroup, OpenApi.Description)).toEqual([])
    expect(errorStatusesOf(ContentGroup, "findByTitle")).toEqual([404])
    expect(errorStatusesOf(ContentGroup, "find")).toEqual([404])
  })

  test.prop([nonBlankArb, hash])("findByTitle: title and hash survive the query string", (title, h) => {
    const query = withHash({ title }, h)
    expect(queryWireRoundTrip(ContentGroup, "findByTitle", query)).toEqual(query)
  })

  test.prop([blankArb])("findByTitle: refuses a blank title, naming it", (title) => {
    expect(rejectedPaths(queryCodecOf(ContentGroup, "findByTitle"), { title })).toEqual(["title"])
  })

  test.prop([positiveIdArb, hash])(
    "find: contentId and hash survive the query string",
    (contentId, h) => {
      const query = withHash({ contentId }, h)
      expect(queryWireRoundTrip(ContentGroup, "find", query)).toEqual(query)
    }
  )

  test.prop([notPositiveIdStringArb])("find: refuses a contentId that is not a positive whole number, naming it", (contentId) => {
    expect(rejectedPaths(queryCodecOf(ContentGroup, "find"), { contentId })).toEqual(["contentId"])
  })

  it("reads status, content.body as a topic tree, and the upload limits", () => {
    const tree = [{ key: "order", title: "Order", children: [{ key: "late", title: "Late", children: [] }] }]
    const answer = Schema.decodeUnknownSync(ShopContentResponse)({
      status: "ok",
      content: { body: JSON.stringify(tree) },
      config: {
        maxPostSize: "20971520",
        maxPostSizeFormatted: "20 MB",
        maxFileSize: 5242880,
        maxFileSizeFormatted: "5 MB"
      }
    })
    expect(answer.status).toBe("ok")
    expect(answer.config).toEqual({
      maxPostSize: 20971520,
      maxPostSizeFormatted: "20 MB",
      maxFileSize: 5242880,
      maxFileSizeFormatted: "5 MB"
    })
    expect(contactTopicTree(answer.content.body).map((t) => t.key)).toEqual(["order"])
  })

  it("needs content.body and all four limits when config is sent", () => {
    expect(rejectedPaths(ShopContentResponse as never, { status: "ok", content: {} })).toEqual(["content.body"])
    expect(
      rejectedPaths(ShopContentResponse as never, { status: "ok", content: { body: "" }, config: { maxPostSize: 1 } })
    ).toEqual(["config.maxFileSize", "config.maxFileSizeFormatted", "config.maxPostSizeFormatted"])
  })
})
