/**
 * The Menu service against the reference backend through msw (§2 layers load on hover, §9 menu cache 3600 s in
 * local storage): a sheet is fetched once and read from local storage while fresh, fetched again once 3600 s have
 * passed on the TestClock, kept per shop; an item without a sheet, a failing call or a malformed answer give no
 * sheet and store nothing.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { MenuGroup } from "../../core/api/menu.ts"
import { menuCacheSeconds } from "../../core/domain/layout/menu.ts"
import { Menu, menuSheetKey } from "../../core/services/Menu.ts"
import { Storage } from "../../core/services/Storage.ts"
import { MenuHandlers } from "../../demo/server/handlers/menu.ts"
import { groupsOf, sqlProbe } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { faults, http, shopLayer, url, useBackend } from "./harness.ts"

const probe = sqlProbe()
const harness = useBackend(backendFor(groupsOf(MenuGroup), MenuHandlers, probe.layer))
const layer = Menu.layer("CZ10MA").pipe(Layer.provideMerge(Storage.layerMemory), Layer.provideMerge(shopLayer()))
const sheetCalls = () => harness.sent("GET", "/api/menu/getSheet")

const menuItems = probe.use((sql) =>
  Effect.orDie(sql<{ menu_item_id: number; has_sheet: boolean }>`
    SELECT menu_item_id, sheet_html IS NOT NULL AS has_sheet FROM menu_items
    WHERE shop_id = 'CZ10MA' AND menu = 'main' ORDER BY menu_item_id`)
)
const withSheet = Effect.map(menuItems, (rows) => rows.find((row) => row.has_sheet)!.menu_item_id)
const withoutSheet = Effect.map(menuItems, (rows) => rows.find((row) => !row.has_sheet)!.menu_item_id)

describe("Menu.sheet", () => {
  it.effect("fetches a sheet once, reads it from local storage for 3600 s, then fetches it again", () =>
    Effect.gen(function*() {
      const id = yield* withSheet
      const menu = yield* Menu
      const first = yield* menu.sheet(id)
      assert.match(first ?? "", /menu-sheet/)
      assert.lengthOf(sheetCalls(), 1)
      const storage = yield* Storage
      assert.include((yield* storage.get("localStorage", menuSheetKey("CZ10MA", id))) ?? "", "menu-sheet")
      yield* TestClock.adjust(menuCacheSeconds * 1000 - 1)
      assert.strictEqual(yield* menu.sheet(id), first)
      assert.lengthOf(sheetCalls(), 1)
      yield* TestClock.adjust(1)
      assert.strictEqual(yield* menu.sheet(id), first)
      assert.lengthOf(sheetCalls(), 2)
    }).pipe(Effect.provide(layer)))

  it.effect("a stored entry that is not a cached sheet is ignored and replaced", () =>
    Effect.gen(function*() {
      const id = yield* withSheet
      const storage = yield* Storage
      yield* storage.set("localStorage", menuSheetKey("CZ10MA", id), "{not json")
      const menu = yield* Menu
      assert.match((yield* menu.sheet(id)) ?? "", /menu-sheet/)
      assert.lengthOf(sheetCalls(), 1)
      assert.match((yield* storage.get("localStorage", menuSheetKey("CZ10MA", id))) ?? "", /"storedAt":/)
    }).pipe(Effect.provide(layer)))

  it.effect("an item without a sheet gives none and stores nothing", () =>
    Effect.gen(function*() {
      const id = yield* withoutSheet
      const menu = yield* Menu
      assert.isUndefined(yield* menu.sheet(id))
      const storage = yield* Storage
      assert.isUndefined(yield* storage.get("localStorage", menuSheetKey("CZ10MA", id)))
    }).pipe(Effect.provide(layer)))

  for (const [name, fault] of [["5xx", faults.unavailable], ["malformed JSON", faults.malformed]] as const) {
    it.effect(`a sheet answered by ${name} is absent, not an error, and not cached`, () =>
      Effect.gen(function*() {
        const id = yield* withSheet
        harness.server.use(http.get(url("/api/menu/getSheet"), fault))
        const menu = yield* Menu
        const exit = yield* harness.drive(menu.sheet(id), { stepMs: 500 })
        assert.strictEqual(exit._tag, "Success")
        assert.isUndefined(exit._tag === "Success" ? exit.value : "failed")
        const storage = yield* Storage
        assert.isUndefined(yield* storage.get("localStorage", menuSheetKey("CZ10MA", id)))
      }).pipe(Effect.provide(layer)))
  }
})
