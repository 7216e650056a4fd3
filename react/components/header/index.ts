/**
 * The header and its furniture (§2): the three drawers and their shared state, the account menu, the login form,
 * the wishlist counter, the mega-menu and the mobile panels.
 *
 * @module
 */
export { AccountMenu, type AccountMenuExtraItem, type AccountMenuProps } from "./AccountMenu.tsx"
export { CartDrawer, type CartDrawerProps } from "./CartDrawer.tsx"
export { CartPanel } from "./CartPanel.tsx"
export { DrawersProvider, useDrawer, useDrawers, type DrawerHandle, type DrawersContextValue, type DrawersInput } from "./drawers.tsx"
export { HeaderDrawer, type HeaderDrawerProps } from "./HeaderDrawer.tsx"
export { LoginDrawer, type LoginDrawerProps } from "./LoginDrawer.tsx"
export { LoginForm, type LoginFormPost, type LoginFormProps } from "./LoginForm.tsx"
export { MegaMenu, useMenuSheetLoader, type MegaMenuProps, type SheetLoader } from "./MegaMenu.tsx"
export { MenuLayer, type MenuLayerProps } from "./MenuLayer.tsx"
export { MobilePanels, type MobilePanelsParts, type MobilePanelsProps } from "./MobilePanels.tsx"
export { sheetLinks, type SheetLink } from "./sheetLinks.ts"
export { WishlistCounter, type WishlistCounterProps } from "./WishlistCounter.tsx"
export { WishlistDrawer, type WishlistDrawerProps } from "./WishlistDrawer.tsx"
export { WishlistPanel, type WishlistPanelProps } from "./WishlistPanel.tsx"
