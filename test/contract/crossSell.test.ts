import { describe, expect, it } from "@effect/vitest"
import { Context, Schema } from "effect"
import { SafeString } from "../../core/api/entities/text.ts"
import { HttpApi, OpenApi } from "effect/http-api"
import { CrossSellGroup, type CrossSellTrackBody } from "../../core/api/crossSell.ts"
import {
  crossSellHitType,
  crossSellPayloadsForPurchase,
  crossSellTrackPayload,
  type CrossSellTrackPayload
} from "../../core/domain/crossSell.ts"
import {
  describeRequest,
  endpointOf,
  failureOf,
  hasCsrf,
  requestCodec,
  responseStatuses,
  retryOf,
  rowsOf,
  timeoutOf
} from "./support/checkoutContract.ts"

const ep = () => endpointOf([CrossSellGroup], "crossSell.track")

// The body Schema and the domain payload are the same type, both ways.
const toBody = (payload: CrossSellTrackPayload): CrossSellTrackBody => payload
const toPayload = (body: CrossSellTrackBody): CrossSellTrackPayload => body

describe("crossSell group", () => {
  it("POST /api/xsell/track (§7), with CSRF protection, not retried (POST, auto), 5000 ms", () => {
    expect(rowsOf(CrossSellGroup)).toEqual([["crossSell.track", "POST", "/api/xsell/track"]])
    expect(hasCsrf(ep())).toBe(true)
    expect(retryOf(CrossSellGroup, ep())).toBe("auto")
    expect(timeoutOf(CrossSellGroup, ep())).toBe(5000)
    expect(Context.getOrUndefined(ep().annotations, OpenApi.Description)).toMatch(/\S/)
    class Api extends HttpApi.make("t").add(CrossSellGroup) {}
    expect(responseStatuses(OpenApi.fromApi(Api), "/api/xsell/track", "post")).toEqual(
      expect.arrayContaining(["204", "403"])
    )
  })

  describeRequest({
    name: "track payload",
    codec: requestCodec(ep(), "payload"),
    required: ["user", "ga_client_id", "hit_type", "placement", "transaction_id", "bookmark_id", "m_id", "s_id"],
    valid: [
      {
        user: "c-1",
        ga_client_id: "GA1.2.3",
        hit_type: "P",
        placement: "detail",
        transaction_id: 123,
        bookmark_id: "b",
        m_id: "m",
        s_id: "s"
      }
    ],
    invalid: [
      [{ user: "u", ga_client_id: "g", hit_type: "Q", placement: "p", transaction_id: 1, bookmark_id: "b", m_id: "m", s_id: "s" }, "hit_type"],
      [{ user: "", ga_client_id: "g", hit_type: "P", placement: "p", transaction_id: 1, bookmark_id: "b", m_id: "m", s_id: "s" }, "user"],
      [{ user: "u", ga_client_id: "g", hit_type: "P", placement: "p", transaction_id: null, bookmark_id: "b", m_id: "m", s_id: "s" }, "transaction_id"]
    ]
  })

  // the texts a visitor and a click carry are texts of the contract: no control characters (core/api/entities/text.ts)
  const Visitor = Schema.Struct({ user: SafeString.check(Schema.isPattern(/^\S+$/)), gaClientId: SafeString })
  const Click = Schema.Struct({
    productId: Schema.Union([Schema.Int, SafeString]),
    placement: SafeString,
    bookmarkId: SafeString,
    mId: SafeString,
    sId: SafeString,
    clickedAtMs: Schema.Int
  })

  it.prop(
    "every payload the domain builds is a valid body (hit_type P)",
    [Visitor, Click, Schema.Union([Schema.Int, SafeString])],
    ([visitor, click, transactionId]) => {
      const payload = crossSellTrackPayload(visitor, click, transactionId)
      expect(payload.hit_type).toBe(crossSellHitType)
      const wire = Schema.encodeSync(requestCodec(ep(), "payload"))(toBody(payload))
      expect(failureOf(requestCodec(ep(), "payload"), wire)).toBeUndefined()
      expect(toPayload(toBody(payload))).toBe(payload)
    }
  )

  it("payloads of a purchase are all valid bodies", () => {
    const now = 1_700_000_000_000
    const stored = [{ productId: 7, placement: "cart", bookmarkId: "b", mId: "m", sId: "s", clickedAtMs: now - 1000 }]
    const payloads = crossSellPayloadsForPurchase(stored, { transactionId: "O-1", productIds: ["7"] }, { user: "u", gaClientId: "g" }, now)
    expect(payloads).toHaveLength(1)
    for (const payload of payloads) expect(failureOf(requestCodec(ep(), "payload"), payload)).toBeUndefined()
  })
})
