/**
 * The post outlet search (spec §5 starts at 2 characters, §7 POST /api/post-outlet/find, §9 max 15
 * shown), through the derived client against the in-process server on the seeded CZ10MA outlets.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { OutletsGroup } from "../../core/api/outlets.ts"
import { maxVisibleOutlets, outletSearchParams } from "../../core/domain/outlet.ts"
import { OutletsHandlers } from "../../demo/server/handlers/outlets.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"

const backend = backendFor([OutletsGroup], OutletsHandlers)
afterAll(() => backend.dispose())
beforeAll(() => backend.handler(new Request(`${testBaseUrl}/api/session`)), 240_000)

const search = (query: string) =>
  Effect.gen(function*() {
    const client = yield* makeShopClient(testBaseUrl)
    yield* bootstrapSession(client)
    return (yield* client.outlets.find({ payload: outletSearchParams(query, Date.now()) })).outlets
  })

describe("post outlet search (server)", () => {
  it.effect("answers at most 15 outlets (§9) when more match", () =>
    Effect.gen(function*() {
      const outlets = yield* search("Pošta")
      assert.strictEqual(outlets.length, maxVisibleOutlets)
      assert.strictEqual((yield* search("posta")).length, maxVisibleOutlets)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("finds by city ignoring case and diacritics", () =>
    Effect.gen(function*() {
      const outlets = yield* search("plzen")
      assert.deepStrictEqual(outlets.map((o) => o.zip), ["301 00", "302 00", "303 00"])
      for (const outlet of outlets) assert.match(outlet.postAddress, /Plzeň$/)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("finds by postal code prefix, with or without the space", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual((yield* search("60")).map((o) => o.zip), ["602 00", "603 00", "604 00"])
      assert.deepStrictEqual((yield* search("6020")).map((o) => o.zip), ["602 00"])
      assert.deepStrictEqual((yield* search("602 0")).map((o) => o.zip), ["602 00"])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("ranks a city match before an address match", () =>
    Effect.gen(function*() {
      const outlets = yield* search("Pa")
      assert.isAtLeast(outlets.length, 4)
      assert.deepStrictEqual(outlets.slice(0, 3).map((o) => o.postAddress.endsWith("Pardubice")), [true, true, true])
      for (const outlet of outlets.slice(3)) assert.match(outlet.postAddress, /^Palackého /)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("finds nothing for an unknown place, and only the session shop's outlets", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* search("Atlantis"), [])
      assert.deepStrictEqual(yield* search("50%"), [])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("another shop's session does not see the Czech outlets", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* search("Praha"), [])
    }).pipe(Effect.provide(clientLayerFor(backend, "SK10MA"))))

  it.effect("a query under 2 characters (§5) or a malformed body is a 400 problem naming the field", () =>
    Effect.gen(function*() {
      const post = (body: unknown) =>
        Effect.promise(async () => {
          const response = await backend.handler(new Request(`${testBaseUrl}/api/post-outlet/find`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body)
          }))
          return { status: response.status, text: await response.text() }
        })
      const short = yield* post({ find: " a ", purchasePrice: 2500, timestamp: 1 })
      assert.strictEqual(short.status, 400)
      assert.include(short.text, "find")
      const badPrice = yield* post({ find: "Praha", purchasePrice: "abc", timestamp: 1 })
      assert.strictEqual(badPrice.status, 400)
      assert.include(badPrice.text, "purchasePrice")
    }))
})
