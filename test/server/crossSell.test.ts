/**
 * Cross-sell tracking against the real server in-process (spec §7 POST /api/xsell/track, §9 retention 30 days):
 * a report for a placed order is stored (204), a report naming no order of the shop is dropped (still 204), events
 * past the retention are pruned, and the call needs the csrf token.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { crossSellRetentionMs } from "../../core/domain/crossSell.ts"
import { crossSellEventType } from "../../demo/server/handlers/crossSell.ts"
import { clientLayerFor } from "../support/server.ts"
import { rawSession } from "./accountSupport.ts"
import { checkoutBackend, freshClient, purchaseAs } from "./checkoutSupport.ts"

const { backend, sql } = checkoutBackend()
afterAll(() => backend.dispose())

const body = (transactionId: string | number) => ({
  user: "customer-1",
  ga_client_id: "GA1.2.345.678",
  hit_type: "P" as const,
  placement: "detail-xsell",
  transaction_id: transactionId,
  bookmark_id: "bm-1",
  m_id: "model-7",
  s_id: "strategy-3"
})

const xsellEvents = sql((c) =>
  c<{ event_id: number; event_type: string; cookie_id: string; properties: { orderId?: number; placement?: string } }>`
    SELECT event_id, event_type, cookie_id, properties FROM tracking_events WHERE source = 'xsell' ORDER BY event_id`)

describe("crossSell.track (server)", () => {
  it.effect("a report for a placed order is stored; one naming no order is dropped; both answer 204", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const bought = yield* purchaseAs(client, sql, "gold")
      const answer = yield* client.crossSell.track({ payload: body(bought.orderNumber) })
      assert.isUndefined(answer)
      const stored = yield* xsellEvents
      assert.lengthOf(stored, 1)
      assert.strictEqual(stored[0]?.event_type, crossSellEventType)
      assert.strictEqual(stored[0]?.cookie_id, "GA1.2.345.678")
      assert.strictEqual(stored[0]?.properties.orderId, bought.purchaseId)
      assert.strictEqual(stored[0]?.properties.placement, "detail-xsell")

      yield* client.crossSell.track({ payload: body("no-such-order") })
      yield* client.crossSell.track({ payload: body(123) })
      assert.lengthOf(yield* xsellEvents, 1)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("events older than the 30-day retention are pruned; younger ones stay (§9)", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const bought = yield* purchaseAs(client, sql, "vip")
      const days = crossSellRetentionMs / 86_400_000
      yield* sql((c) => c`
        INSERT INTO tracking_events (shop_id, source, event_type, received_at) VALUES
          ('CZ10MA', 'xsell', 'old', now() - make_interval(days => ${days + 1})),
          ('CZ10MA', 'xsell', 'young', now() - make_interval(days => ${days - 1}))`)
      yield* client.crossSell.track({ payload: body(bought.orderNumber) })
      const types = (yield* xsellEvents).map((event) => event.event_type)
      assert.notInclude(types, "old")
      assert.include(types, "young")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("without the csrf token the report is refused (403)", () =>
    Effect.gen(function*() {
      const raw = yield* Effect.promise(() => rawSession(backend))
      const refused = yield* Effect.promise(() => raw.send("POST", "/api/xsell/track", { body: body("1"), csrf: null }))
      assert.strictEqual(refused.status, 403)
      const accepted = yield* Effect.promise(() => raw.send("POST", "/api/xsell/track", { body: body("1") }))
      assert.strictEqual(accepted.status, 204)
    }))
})
