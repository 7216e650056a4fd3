/**
 * The footer's menu (spec §2 footer, §7 the shop's footer menu): the footer's own link groups come first, so the
 * shop's footer menu drops the entries they already link.
 *
 * @module
 */

/**
 * The shop's footer menu items without those whose `url` a footer link group already links (`to`): each page is
 * listed once in the footer. The order of the kept items is the menu's.
 */
export const footerMenuItems = <Item extends { readonly url: string }>(
  menu: ReadonlyArray<Item>,
  groupLinks: ReadonlyArray<{ readonly to: string }>
): ReadonlyArray<Item> => menu.filter((item) => !groupLinks.some((link) => link.to === item.url))
