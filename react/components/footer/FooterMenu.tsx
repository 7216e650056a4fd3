/**
 * The footer's menu (§2 footer menu entries, §4 "Accordions open or closed by device size"): the shop's footer menu
 * (the server's `getMenu` with `menu=footer`) and the app's own link groups, each group an accordion that starts
 * closed on mobile and open on tablet and desktop, and that the shopper toggles. A top entry with sub-entries is a
 * group of its own; top entries without any are gathered under "Information".
 *
 * @module
 */
import type { ReactNode } from "react"
import type { MenuItem } from "../../../core/api/menu.ts"
import type { AccordionConfig } from "../../../core/domain/layout/accordion.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"
import { Accordion } from "../Accordion.tsx"

/** A link of a footer group. */
export interface FooterLink {
  /** Where it goes (an app path). */
  readonly to: string
  /** Its text. */
  readonly title: string
}

/** A group of the footer: a heading and its links, or other content (e.g. the payment card brands). */
export interface FooterGroup {
  /** A stable key. */
  readonly key: string
  /** The group's heading (the accordion's button). */
  readonly title: string
  /** The links. */
  readonly links?: ReadonlyArray<FooterLink>
  /** Content after the links. */
  readonly content?: ReactNode
}

/** The footer accordions' device states (ours, §4 leaves them configurable): closed on mobile, open otherwise. */
export const footerAccordionConfig: AccordionConfig = { mobile: false, tablet: true, desktop: true }

/** The groups of a footer menu: one per top entry with sub-entries, the other top entries under `otherTitle`. */
export const footerMenuGroups = (items: ReadonlyArray<MenuItem>, otherTitle: string): ReadonlyArray<FooterGroup> => {
  const tops = items.filter((item) => item.parentId === null)
  const childrenOf = (id: number) => items.filter((item) => item.parentId === id).map(({ url, title }) => ({ to: url, title }))
  const withChildren = tops.filter((top) => childrenOf(top.menuItemId).length > 0)
  const loose = tops.filter((top) => childrenOf(top.menuItemId).length === 0)
  return [
    ...withChildren.map((top) => ({ key: `menu-${top.menuItemId}`, title: top.title, links: childrenOf(top.menuItemId) })),
    ...(loose.length === 0 ? [] : [{ key: "menu-other", title: otherTitle, links: loose.map(({ url, title }) => ({ to: url, title })) }])
  ]
}

/** Props of {@link FooterMenu}. */
export interface FooterMenuProps {
  /** The footer menu's entries (top entries have no parent). */
  readonly items: ReadonlyArray<MenuItem>
  /** The app's groups, shown before the menu's. */
  readonly groups?: ReadonlyArray<FooterGroup>
  /** Groups shown after the menu's. */
  readonly after?: ReadonlyArray<FooterGroup>
  /** Open state per device (default {@link footerAccordionConfig}). */
  readonly config?: Partial<AccordionConfig>
  /** The navigation's accessible name (default the "Footer" text). */
  readonly label?: string
}

/**
 * The footer navigation of accordions.
 *
 * @example
 * ```tsx
 * <FooterMenu items={root.footerMenu} groups={[{ key: "service", title: t("furniture_footer_service"), links }]} />
 * ```
 */
export function FooterMenu({ items, groups = [], after = [], config = footerAccordionConfig, label }: FooterMenuProps) {
  const { t } = useShopText()
  const Link = useLink()
  const all = [...groups, ...footerMenuGroups(items, t("furniture_footer_information")), ...after]
  return (
    <nav className="sf-footer-menu" aria-label={label ?? t("sf_footer")}>
      {all.map((group) => (
        <Accordion key={group.key} title={group.title} config={config} level={2} className="sf-footer-group">
          {(group.links ?? []).length > 0 && (
            <ul>{(group.links ?? []).map((link) => <li key={link.to}><Link to={link.to}>{link.title}</Link></li>)}</ul>
          )}
          {group.content}
        </Accordion>
      ))}
    </nav>
  )
}
