/**
 * Menu and content layers loaded on hover (spec §2 "Menu and content layers load on hover", §7 GET
 * /api/menu/getSheet and GET /template/component/{name}, §9 menu cache 3600 s).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { PositiveIdFromString } from "./requestFields.ts"
import { WireInt } from "./entities/wire.ts"
import { NotFound } from "./errors.ts"
import { SafeString } from "./entities/text.ts"

const MenuSheetQueryFields = {
  menuItemId: PositiveIdFromString
}

/** The schema type of {@link MenuSheetQuery}, named so that declarations refer to it instead of spelling it out. */
export interface MenuSheetQueryStruct extends Schema.Struct<typeof MenuSheetQueryFields> {}

/** The query of getSheet (§7): the `menuItemId` whose mega-menu sheet is asked. */
export const MenuSheetQuery: MenuSheetQueryStruct = Schema.Struct(MenuSheetQueryFields)

/** Decoded type of {@link MenuSheetQuery}. */
export type MenuSheetQuery = typeof MenuSheetQuery.Type

const MenuSheetFields = {
  menuItemId: WireInt,
  html: SafeString
}

/** The schema type of {@link MenuSheet}, named so that declarations refer to it instead of spelling it out. */
export interface MenuSheetStruct extends Schema.Struct<typeof MenuSheetFields> {}

/**
 * A mega-menu sheet (the reads are not shown; ours): the `menuItemId` it belongs to and its trusted `html`, which
 * the client caches (§9) and injects through a sanitizing trusted-HTML container.
 */
export const MenuSheet: MenuSheetStruct = Schema.Struct(MenuSheetFields)

/** Decoded type of {@link MenuSheet}. */
export type MenuSheet = typeof MenuSheet.Type

/** The menus of a shop (ours, the menu list is not shown): the header's mega-menu and the footer's. */
export const menuNames = ["main", "footer"] as const

const MenuQueryFields = {
  menu: Schema.Literals(menuNames)
}

/** The schema type of {@link MenuQuery}, named so that declarations refer to it instead of spelling it out. */
export interface MenuQueryStruct extends Schema.Struct<typeof MenuQueryFields> {}

/** The query of getMenu: which menu. */
export const MenuQuery: MenuQueryStruct = Schema.Struct(MenuQueryFields)

/** Decoded type of {@link MenuQuery}. */
export type MenuQuery = typeof MenuQuery.Type

const MenuItemFields = {
  menuItemId: WireInt,
  parentId: Schema.NullOr(WireInt),
  title: Schema.String,
  url: Schema.String,
  cssClass: Schema.NullOr(Schema.String),
  hasSheet: Schema.Boolean
}

/** The schema type of {@link MenuItem}, named so that declarations refer to it instead of spelling it out. */
export interface MenuItemStruct extends Schema.Struct<typeof MenuItemFields> {}

/**
 * One visible entry of a menu (ours): its id (the `menuItemId` of getSheet), its parent (null at the top), title,
 * link, style class and whether it has a sheet to load on hover.
 */
export const MenuItem: MenuItemStruct = Schema.Struct(MenuItemFields)

/** Decoded type of {@link MenuItem}. */
export type MenuItem = typeof MenuItem.Type

const MenuItemsFields = {
  items: Schema.Array(MenuItem)
}

/** The schema type of {@link MenuItems}, named so that declarations refer to it instead of spelling it out. */
export interface MenuItemsStruct extends Schema.Struct<typeof MenuItemsFields> {}

/** The entries of a menu, parents before their children, each level in menu order. */
export const MenuItems: MenuItemsStruct = Schema.Struct(MenuItemsFields)

/** Decoded type of {@link MenuItems}. */
export type MenuItems = typeof MenuItems.Type

/** A template component name in the path: letters, digits, `-` and `_` (ours), e.g. `cart-drawer`. */
export const TemplateComponentName = SafeString.check(
  Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { expected: "a component name of letters, digits, - and _" })
)

/** Decoded type of {@link TemplateComponentName}. */
export type TemplateComponentName = typeof TemplateComponentName.Type

/** A rendered template component: HTML text, served as `text/html`. */
export const TemplateComponentHtml = SafeString.pipe(HttpApiSchema.asText({ contentType: "text/html" }))

/**
 * The layer calls (§7), read-only GETs: `getSheet` answers a {@link MenuSheet} as JSON; `templateComponent`
 * answers the component's HTML as `text/html`; both 404 when unknown. `getMenu` (ours: the spec does not show where
 * the menu's entries come from) answers the visible entries of a menu, whose ids getSheet takes.
 */
export class MenuGroup extends HttpApiGroup.make("menu").add(
  HttpApiEndpoint.get("getMenu", "/api/menu/items", {
    query: MenuQuery,
    success: MenuItems
  }).annotate(OpenApi.Description, "The visible entries of the shop's main or footer menu (ours)."),
  HttpApiEndpoint.get("getSheet", "/api/menu/getSheet", {
    query: MenuSheetQuery,
    success: MenuSheet,
    error: NotFound
  }).annotate(OpenApi.Description, "The mega-menu sheet of a menu item, as HTML in JSON (§7)."),
  HttpApiEndpoint.get("templateComponent", "/template/component/:name", {
    params: { name: TemplateComponentName },
    success: TemplateComponentHtml,
    error: NotFound
  }).annotate(OpenApi.Description, "A rendered template component (a hover layer), as text/html (§7).")
) {}
