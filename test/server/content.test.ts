/**
 * Content, menu layers, banners, search events and the adult-content gate (spec §2, §3, §4, §7),
 * through the derived client against the in-process server on a seeded in-memory database.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { AdultContentGroup } from "../../core/api/adultContent.ts"
import { BannerGroup } from "../../core/api/banner.ts"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { ContentGroup } from "../../core/api/content.ts"
import { MenuGroup } from "../../core/api/menu.ts"
import { SearchingGroup } from "../../core/api/searching.ts"
import { contactTopicTree } from "../../core/domain/contact.ts"
import { adultGateNeeded } from "../../core/domain/layout/adultGate.ts"
import { adultContentHeaderFor, allowAdultContent, isAdultContentAllowed } from "../../demo/server/domain/adult.ts"
import { AdultContentHandlers } from "../../demo/server/handlers/adultContent.ts"
import { BannerHandlers } from "../../demo/server/handlers/banner.ts"
import { ContentHandlers } from "../../demo/server/handlers/content.ts"
import { MenuHandlers } from "../../demo/server/handlers/menu.ts"
import { SearchingHandlers } from "../../demo/server/handlers/searching.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"
import { countRows, dbProbe } from "../support/sideApis.ts"

const probe = dbProbe()
const backend = backendFor(
  [ContentGroup, MenuGroup, BannerGroup, SearchingGroup, AdultContentGroup],
  Layer.mergeAll(ContentHandlers, MenuHandlers, BannerHandlers, SearchingHandlers, AdultContentHandlers),
  probe.layer
)
afterAll(() => backend.dispose())
beforeAll(() => backend.handler(new Request(`${testBaseUrl}/api/session`)), 240_000)

const withSql = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
  Effect.flatMap(probe.sql, (sql) => Effect.orDie(Effect.provideService(effect, SqlClient.SqlClient, sql)))
const rows = <A extends object>(statement: string) =>
  Effect.flatMap(probe.sql, (sql) => Effect.orDie(sql.unsafe<A>(statement)))

/** The session a client runs in, found by its csrf token. */
const sessionOf = (csrfToken: string) =>
  Effect.map(rows<{ session_id: string; customer_id: number | null }>(`SELECT session_id, customer_id FROM sessions WHERE csrf_token = '${csrfToken}'`), (r) => ({
    sessionId: r[0]!.session_id,
    customerId: r[0]!.customer_id
  }))

describe("content (server)", () => {
  it.effect("findByTitle answers the shop's page: the contact topic tree with the upload config; others without", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const contact = yield* client.content.findByTitle({ query: { title: "contact", hash: "anything" } })
      assert.strictEqual(contact.status, "ok")
      assert.isAbove(contactTopicTree(contact.content.body).length, 1)
      assert.isDefined(contact.config)
      const terms = yield* client.content.findByTitle({ query: { title: "terms" } })
      assert.isUndefined(terms.config)
      const byId = yield* client.content.find({ query: { contentId: terms.content.id! } })
      assert.deepStrictEqual(byId, terms)
      assert.strictEqual((yield* Effect.flip(client.content.findByTitle({ query: { title: "nope" } })))._tag, "NotFound")
      assert.strictEqual((yield* Effect.flip(client.content.find({ query: { contentId: 999_999 } })))._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a legal page is also found by the slug its footer menu entry links; other kinds only by title", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const pages = yield* rows<{ kind: string; slug: string; title: string }>(`SELECT kind, slug, title FROM content_pages WHERE shop_id = 'CZ10MA'`)
      const footer = yield* rows<{ url: string }>(`SELECT url FROM menu_items WHERE shop_id = 'CZ10MA' AND menu = 'footer'`)
      for (const page of pages.filter((p) => p.kind === "legal")) {
        assert.include(footer.map((item) => item.url), `/${page.slug}`)
        assert.strictEqual((yield* client.content.findByTitle({ query: { title: page.slug } })).content.title, page.title)
      }
      const contact = pages.find((p) => p.kind === "contact")!
      assert.strictEqual((yield* Effect.flip(client.content.findByTitle({ query: { title: contact.slug } })))._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("another shop answers its own page; another shop's content id is 404", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const [czTerms] = yield* rows<{ content_id: number }>(`SELECT content_id FROM content_pages WHERE shop_id = 'CZ10MA' AND title = 'terms'`)
      const skTerms = yield* client.content.findByTitle({ query: { title: "terms" } })
      assert.notStrictEqual(skTerms.content.id, czTerms!.content_id)
      assert.strictEqual((yield* Effect.flip(client.content.find({ query: { contentId: czTerms!.content_id } })))._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend, "SK10MA"))))

  it.effect("a malformed contentId is a 400 problem naming it", () =>
    Effect.gen(function*() {
      const response = yield* Effect.promise(() => backend.handler(new Request(`${testBaseUrl}/api/shopContent/find?contentId=abc`)))
      assert.strictEqual(response.status, 400)
      assert.include(yield* Effect.promise(() => response.text()), "contentId")
    }))
})

describe("menu layers (server)", () => {
  it.effect("getSheet answers a menu item's sheet; a component answers as text/html; unknown ones are 404", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const [item] = yield* rows<{ menu_item_id: number }>(
        `SELECT menu_item_id FROM menu_items WHERE shop_id = 'CZ10MA' AND sheet_html IS NOT NULL ORDER BY position LIMIT 1`
      )
      const sheet = yield* client.menu.getSheet({ query: { menuItemId: item!.menu_item_id } })
      assert.strictEqual(sheet.menuItemId, item!.menu_item_id)
      assert.match(sheet.html, /^<ul class="menu-sheet">/)
      const [leaf] = yield* rows<{ menu_item_id: number }>(`SELECT menu_item_id FROM menu_items WHERE shop_id = 'CZ10MA' AND sheet_html IS NULL LIMIT 1`)
      assert.strictEqual((yield* Effect.flip(client.menu.getSheet({ query: { menuItemId: leaf!.menu_item_id } })))._tag, "NotFound")

      const html = yield* client.menu.templateComponent({ params: { name: "adult-content" } })
      assert.match(html, /<h2>/)
      const raw = yield* Effect.promise(() => backend.handler(new Request(`${testBaseUrl}/template/component/adult-content`)))
      assert.match(raw.headers.get("content-type") ?? "", /^text\/html/)
      assert.strictEqual((yield* Effect.flip(client.menu.templateComponent({ params: { name: "nope" } })))._tag, "NotFound")
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("menu entries (server)", () => {
  it.effect("getMenu answers the shop's visible main menu, top entries in order first, with their sheets flagged", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const { items } = yield* client.menu.getMenu({ query: { menu: "main" } })
      const expected = yield* rows<{ menu_item_id: number }>(
        `SELECT menu_item_id FROM menu_items WHERE shop_id = 'CZ10MA' AND menu = 'main' AND visible AND parent_id IS NULL ORDER BY position`
      )
      const tops = items.filter((item) => item.parentId === null)
      assert.deepStrictEqual(tops.map((item) => item.menuItemId), expected.map((row) => row.menu_item_id))
      assert.isTrue(tops.every((item) => item.hasSheet))
      const topIds = new Set(tops.map((item) => item.menuItemId))
      assert.isTrue(items.filter((item) => item.parentId !== null).every((item) => topIds.has(item.parentId!) && !item.hasSheet))
      const sheet = yield* client.menu.getSheet({ query: { menuItemId: tops[0]!.menuItemId } })
      assert.match(sheet.html, /menu-sheet/)
      const footer = yield* client.menu.getMenu({ query: { menu: "footer" } })
      assert.isTrue(footer.items.length > 0 && footer.items.every((item) => !topIds.has(item.menuItemId)))
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("banners (server)", () => {
  it.effect("slides lists the home slider's slides in order; impression and hit count a slide; unknown ids are 404", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const { slides } = yield* client.banner.slides()
      assert.strictEqual(slides.length, 5)
      assert.deepStrictEqual(slides.map((s) => s.data_name), ["hp-slider-1", "hp-slider-2", "hp-slider-3", "hp-slider-4", "hp-slider-5"])
      assert.match(slides[0]!.image_url ?? "", /^\/media\/banner-CZ10MA-1\.png$/)
      const before = yield* countRows(probe, "banner_events")
      yield* client.banner.impression({ payload: { bannerId: slides[0]!.id } })
      yield* client.banner.hit({ payload: { bannerId: slides[0]!.id } })
      const events = yield* rows<{ kind: string; slide_id: number; shop_id: string }>(
        `SELECT kind, slide_id, shop_id FROM banner_events ORDER BY event_id DESC LIMIT 2`
      )
      assert.deepStrictEqual(events, [
        { kind: "hit", slide_id: slides[0]!.id, shop_id: "CZ10MA" },
        { kind: "impression", slide_id: slides[0]!.id, shop_id: "CZ10MA" }
      ])
      assert.strictEqual((yield* Effect.flip(client.banner.hit({ payload: { bannerId: 999_999 } })))._tag, "NotFound")
      assert.strictEqual(yield* countRows(probe, "banner_events"), before + 2)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("floating answers the shop's floating banner (one slide, not among the slider's)", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const { slide } = yield* client.banner.floating()
      const { slides } = yield* client.banner.slides()
      assert.strictEqual(slide?.data_name, "floating-free-delivery")
      assert.isFalse(slides.some((s) => s.id === slide?.id))
      assert.match(slide?.image_url ?? "", /^\/media\/banner-CZ10MA-floating\.png$/)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a counter call without the CSRF token is refused (403) and counts nothing", () =>
    Effect.gen(function*() {
      const before = yield* countRows(probe, "banner_events")
      const response = yield* Effect.promise(() =>
        backend.handler(new Request(`${testBaseUrl}/api/banner/hit`, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ bannerId: 1 })
        })))
      assert.strictEqual(response.status, 403)
      assert.strictEqual(yield* countRows(probe, "banner_events"), before)
    }))
})

describe("search events (server)", () => {
  it.effect("put records the event with the session's shop", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      yield* client.searching.put({ payload: { event: "result_click", token: "tok-1", type: "product", itemId: 42 } })
      const [event] = yield* rows<{ event: string; token: string; type: string; item_id: string; shop_id: string }>(
        `SELECT event, token, type, item_id, shop_id FROM search_events ORDER BY event_id DESC LIMIT 1`
      )
      assert.deepStrictEqual(event, { event: "result_click", token: "tok-1", type: "product", item_id: "42", shop_id: "CZ10MA" })
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("adult content (server)", () => {
  it.effect("confirm records the confirmation; adult pages send the header only until then", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const info = yield* bootstrapSession(client)
      const session = yield* sessionOf(info.csrfToken)
      const before = yield* withSql(adultContentHeaderFor(session))
      assert.deepStrictEqual(before, { "adult-content": "1" })
      assert.isTrue(adultGateNeeded({ headerValue: before["adult-content"], adultAllowed: false }))
      const answer = yield* client.adultContent.confirm({ query: { do: "confirmAdultContent", confirm: "1" } })
      assert.strictEqual(answer.status, "ok")
      assert.deepStrictEqual(yield* withSql(adultContentHeaderFor(session)), {})
      yield* client.adultContent.confirm({ query: { do: "confirmAdultContent", confirm: "1" } })
      assert.isTrue(yield* withSql(isAdultContentAllowed(session)))
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a logged-in customer's confirmation carries over to their later sessions", () =>
    Effect.gen(function*() {
      const [customer] = yield* rows<{ customer_id: number }>(`SELECT customer_id FROM customers WHERE NOT adult_allowed ORDER BY customer_id LIMIT 1`)
      const [first, second] = yield* rows<{ session_id: string }>(`SELECT session_id FROM sessions ORDER BY created_at LIMIT 2`)
      const one = { sessionId: first!.session_id, customerId: customer!.customer_id }
      const other = { sessionId: second!.session_id, customerId: customer!.customer_id }
      yield* withSql(allowAdultContent(one))
      assert.isTrue(yield* withSql(isAdultContentAllowed(other)))
      assert.isFalse(yield* withSql(isAdultContentAllowed({ sessionId: "no-such-session", customerId: null })))
    }))

  it.effect("confirm without the CSRF token is 403; a wrong signal (with the token) is a 400 problem", () =>
    Effect.gen(function*() {
      const noToken = yield* Effect.promise(() =>
        backend.handler(new Request(`${testBaseUrl}/api/adult-content/?do=confirmAdultContent&confirm=1`)))
      assert.strictEqual(noToken.status, 403)
      const wrong = yield* Effect.promise(async () => {
        const session = await backend.handler(new Request(`${testBaseUrl}/api/session`))
        const { csrfToken } = (await session.json()) as { csrfToken: string }
        const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0]!
        return backend.handler(new Request(`${testBaseUrl}/api/adult-content/?do=other&confirm=1`, {
          headers: { cookie, "x-csrf-token": csrfToken }
        }))
      })
      assert.strictEqual(wrong.status, 400)
      assert.include(yield* Effect.promise(() => wrong.text()), "do")
    }))
})
