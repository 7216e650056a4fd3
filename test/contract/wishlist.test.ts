/**
 * The wishlist contract (core/api/wishlist.ts; spec §2, §3 Wishlist, §5 "Widget wishlist requires login", §7
 * "Wishlist", §8 wishlist errors, §9).
 */
import { fc, test } from "@fast-check/vitest"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware } from "effect/http-api"
import { LoginRequired } from "../../core/api/errors.ts"
import {
  LegacyWishlistAddItemPayload,
  LegacyWishlistGroup,
  RemoveWishlistPayload,
  SaveWishlistPayload,
  WishlistAddRequest,
  WishlistGroup,
  WishlistItemRef,
  WishlistItemsQuery,
  WishlistRejected
} from "../../core/api/wishlist.ts"
import { maxQuantity, minQuantity } from "../../core/domain/quantity.ts"
import { addPayload, type WishlistTarget } from "../../core/domain/wishlist.ts"
import {
  CsrfPassThrough,
  decodeFailure,
  endpointRows,
  jsonRoundTrip,
  openApiOperation,
  routeTable,
  webHandlerClient
} from "./support/groupContract.ts"

const legacyRoutes = [
  ["addItem", "PUT", "/api/wishlist/addItem/"],
  ["deleteItem", "DELETE", "/api/wishlist/deleteItem/"],
  ["getItems", "GET", "/api/wishlist/getItems/"]
] as const

const newRoutes = [
  ["add", "PUT", "/api/v2/wishlist.wishlist-api/add"],
  ["delete", "DELETE", "/api/v2/wishlist.wishlist-api/delete"],
  ["findAll", "GET", "/api/v2/wishlist.wishlist-api/find-all"],
  ["getItems", "GET", "/api/v2/wishlist.wishlist-api/get-items"],
  ["removeWishlist", "DELETE", "/api/v2/wishlist.wishlist-api/remove-wishlist"],
  ["saveWishlist", "POST", "/api/v2/wishlist.wishlist-api/save-wishlist"]
] as const

const groups = [
  ["legacyWishlist", LegacyWishlistGroup, legacyRoutes],
  ["wishlist", WishlistGroup, newRoutes]
] as const

describe.each(groups)("%s routes (§7)", (_name, group, routes) => {
  const rows = endpointRows(group)

  it("has exactly the spec's methods and paths", () => {
    expect(routeTable(group)).toEqual(routes)
  })

  it("every state-changing endpoint carries CsrfProtection, and no read-only GET does", () => {
    for (const row of rows) expect([row.name, row.csrf]).toEqual([row.name, row.method !== "GET"])
  })

  it("every endpoint needs login (§5: 401 LoginRequired) and has the 5000 ms timeout (§9)", () => {
    for (const row of rows) {
      expect(row.errorStatuses, row.name).toContain(401)
      expect([row.name, row.timeoutMs, row.retry]).toEqual([row.name, 5000, "auto"])
    }
  })

  it("every creation or removal declares the §8 wishlist error (422)", () => {
    for (const row of rows) if (row.method !== "GET") expect(row.errorStatuses, row.name).toContain(422)
  })

  it("every endpoint is described in the OpenAPI document", () => {
    for (const [, method, path] of routes) {
      expect(openApiOperation(group, method, path)?.description, `${method} ${path}`).toMatch(/\w{3,}/)
    }
  })
})

const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
const badId = fc.oneof(fc.integer({ max: 0 }), fc.double({ min: 0.5, max: 99, noInteger: true }), fc.constantFrom("3", null))
const amount = fc.integer({ min: minQuantity, max: maxQuantity })
const badAmount = fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: maxQuantity + 1 }), fc.constantFrom(1.5, "2"))
const name = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s !== "")

describe("legacy payloads", () => {
  const addItem = fc.record({ wishListId: id, articleId: id, amount }, { requiredKeys: ["articleId", "amount"] })

  test.prop([addItem])("addItem round-trips (without wishListId: the main list)", (payload) => {
    expect(jsonRoundTrip(LegacyWishlistAddItemPayload, payload)).toEqual(payload)
  })

  test.prop([addItem, badAmount])("addItem: a bad amount is named", (payload, wrong) => {
    expect(decodeFailure(LegacyWishlistAddItemPayload, { ...payload, amount: wrong })).toMatch(/^amount: /)
  })

  test.prop([fc.record({ wishListId: id, itemId: id }), badId, fc.constantFrom("wishListId", "itemId")])(
    "an item reference round-trips; a bad or missing id is named",
    (ref, wrong, field) => {
      expect(jsonRoundTrip(WishlistItemRef, ref)).toEqual(ref)
      expect(decodeFailure(WishlistItemRef, { ...ref, [field]: wrong })).toMatch(new RegExp(`^${field}: `))
      const { [field]: _dropped, ...rest } = ref
      expect(decodeFailure(WishlistItemRef, rest)).toMatch(new RegExp(`^${field}: Missing key`))
    }
  )
})

describe("new API add payload (§3: variantId, wishlistId, newWishlistName, amount)", () => {
  const target: fc.Arbitrary<WishlistTarget> = fc.oneof(
    fc.constant({ kind: "main" as const }),
    id.map((wishlistId) => ({ kind: "existing" as const, wishlistId })),
    fc.string({ maxLength: 30 }).map((newWishlistName) => ({ kind: "new" as const, newWishlistName }))
  )

  test.prop([id, target, amount])(
    "the domain's addPayload(...) is a valid body for every target, and round-trips",
    (variantId, t, n) => {
      const payload = addPayload(variantId, t, n)
      expect(decodeFailure(WishlistAddRequest, payload)).toBeUndefined()
      expect(jsonRoundTrip(WishlistAddRequest, payload)).toEqual(payload)
    }
  )

  test.prop([id, id, name])("both wishlistId and newWishlistName is refused, naming newWishlistName", (v, w, n) => {
    expect(decodeFailure(WishlistAddRequest, { variantId: v, wishlistId: w, newWishlistName: n })).toMatch(
      /^newWishlistName: give either wishlistId or newWishlistName, not both/
    )
  })

  test.prop([id, badAmount])("a bad amount is named", (v, wrong) => {
    expect(decodeFailure(WishlistAddRequest, { variantId: v, amount: wrong })).toMatch(/^amount: /)
  })

  it("a blank or untrimmed new list name and a missing variant are named", () => {
    expect(decodeFailure(WishlistAddRequest, { variantId: 1, newWishlistName: "" })).toMatch(/^newWishlistName: /)
    expect(decodeFailure(WishlistAddRequest, { variantId: 1, newWishlistName: " Gifts" })).toMatch(/^newWishlistName: /)
    expect(decodeFailure(WishlistAddRequest, { amount: 1 })).toMatch(/^variantId: Missing key/)
  })
})

describe("new API list payloads and query", () => {
  test.prop([fc.record({ wishListId: id, name }, { requiredKeys: ["name"] })])(
    "save-wishlist (create without id, rename with it) round-trips",
    (payload) => {
      expect(jsonRoundTrip(SaveWishlistPayload, payload)).toEqual(payload)
    }
  )

  it("save-wishlist needs a non-blank trimmed name", () => {
    expect(decodeFailure(SaveWishlistPayload, { name: "" })).toMatch(/^name: /)
    expect(decodeFailure(SaveWishlistPayload, { name: "Gifts " })).toMatch(/^name: /)
    expect(decodeFailure(SaveWishlistPayload, {})).toMatch(/^name: Missing key/)
  })

  test.prop([id, badId])("remove-wishlist round-trips; a bad id is named", (wishListId, wrong) => {
    expect(jsonRoundTrip(RemoveWishlistPayload, { wishListId })).toEqual({ wishListId })
    expect(decodeFailure(RemoveWishlistPayload, { wishListId: wrong })).toMatch(/^wishListId: /)
  })

  test.prop([id])("get-items wishListId is written as digits and read back", (wishListId) => {
    expect(jsonRoundTrip(WishlistItemsQuery, { wishListId })).toEqual({ wishListId })
    expect(decodeFailure(WishlistItemsQuery, { wishListId: String(wishListId) })).toBeUndefined()
  })

  test.prop([fc.constantFrom("", "0", "-1", "abc", "1.5", "1e3", " 1", "01")])(
    "get-items refuses a wishListId that is not positive digits, naming it",
    (raw) => {
      expect(decodeFailure(WishlistItemsQuery, { wishListId: raw })).toMatch(/^wishListId: /)
    }
  )
})

describe("over HTTP (in process): LoginRequired and the §8 wishlist error come back typed", () => {
  class Api extends HttpApi.make("wishlistTest")
    .add(LegacyWishlistGroup)
    .add(WishlistGroup)
    .middleware(HttpApiMiddleware.ProblemDetails)
  {}
  const needLogin = Effect.fail(new LoginRequired({ message: "log in first", redirectUrl: "/prihlaseni" }))
  const summary = { items: [], itemsCount: 0, mainWishListId: 1 }
  const legacy = HttpApiBuilder.group(Api, "legacyWishlist", (h) =>
    h
      .handle("addItem", () => needLogin)
      .handle("deleteItem", () => Effect.succeed(summary))
      .handle("getItems", () => Effect.succeed(summary))
  )
  const lists = HttpApiBuilder.group(Api, "wishlist", (h) =>
    h
      .handle("add", ({ payload }) =>
        payload.newWishlistName === "Taken"
          ? Effect.fail(new WishlistRejected({ describedBy: "The name is taken", redirect: false }))
          : Effect.succeed({ ...summary, wishListId: payload.wishlistId ?? 42 })
      )
      .handle("findAll", () => Effect.succeed({ wishlists: [{ wishListId: 1, name: "Main" }], mainWishListId: 1 }))
      .handle("getItems", ({ query }) =>
        Effect.succeed({ items: [{ wishListItemId: 5, wishListId: query.wishListId ?? 1 }], itemsCount: 1 })
      )
      .handle("delete", () => Effect.succeed(summary))
      .handle("saveWishlist", ({ payload }) => Effect.succeed({ wishListId: payload.wishListId ?? 43, name: payload.name }))
      .handle("removeWishlist", ({ payload }) =>
        payload.wishListId === 1
          ? Effect.fail(new WishlistRejected({ redirect: true, url: "/wishlist" }))
          : Effect.succeed(summary)
      )
  )
  const routes = HttpApiBuilder.layer(Api).pipe(
    Layer.provide([legacy, lists]),
    Layer.provide([CsrfPassThrough, HttpApiMiddleware.layerProblemDetails()])
  )
  const { handler, dispose } = HttpRouter.toWebHandler(routes.pipe(Layer.provide(NodeHttpServer.layerHttpServices)), {
    disableLogger: true
  })
  afterAll(dispose)

  it.effect("typed values for login, rejection with describedBy, rejection with a redirect url", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      const login = yield* Effect.flip(client.legacyWishlist.addItem({ payload: { articleId: 1, amount: 1 } }))
      expect(login).toBeInstanceOf(LoginRequired)
      expect(login._tag === "LoginRequired" && login.redirectUrl).toBe("/prihlaseni")

      const added = yield* client.wishlist.add({ payload: { variantId: 7, newWishlistName: "Gifts", amount: 1 } })
      expect(added.wishListId).toBe(42)
      const taken = yield* Effect.flip(client.wishlist.add({ payload: { variantId: 7, newWishlistName: "Taken" } }))
      expect(taken).toMatchObject({ _tag: "WishlistRejected", describedBy: "The name is taken", redirect: false })
      const main = yield* Effect.flip(client.wishlist.removeWishlist({ payload: { wishListId: 1 } }))
      expect(main).toMatchObject({ _tag: "WishlistRejected", redirect: true, url: "/wishlist" })

      const items = yield* client.wishlist.getItems({ query: { wishListId: 9 } })
      expect(items.items?.[0]?.wishListId).toBe(9)
      expect((yield* client.wishlist.delete({ payload: { wishListId: 9, itemId: 5 } })).itemsCount).toBe(0)
    }).pipe(Effect.provide(webHandlerClient(handler))))
})
