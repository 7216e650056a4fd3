/**
 * The Effect services that drive the storefront over the contract: cart, checkout, account,
 * wishlist, consent, legal, content and contact, outlets, catalog, catalogue browsing, widgets,
 * tracking, tag manager, cross-sell, live data and the storage port. Each publishes the state the UI reads.
 *
 * @module
 */
export * as Account from "./Account.ts"
export * as Cart from "./Cart.ts"
export * as Catalog from "./Catalog.ts"
export * as Catalogue from "./Catalogue.ts"
export * as Checkout from "./Checkout.ts"
export * as Consent from "./Consent.ts"
export * as Contact from "./Contact.ts"
export * as Content from "./Content.ts"
export * as CrossSell from "./CrossSell.ts"
export * as Legal from "./Legal.ts"
export * as LiveData from "./LiveData.ts"
export * as Menu from "./Menu.ts"
export * as Searching from "./Searching.ts"
export * as Outlets from "./Outlets.ts"
export * as Signals from "./Signals.ts"
export * as Storage from "./Storage.ts"
export * as TagManager from "./TagManager.ts"
export * as Tracking from "./Tracking.ts"
export * as Widgets from "./Widgets.ts"
export * as Wishlist from "./Wishlist.ts"
export * as Failures from "./failures.ts"
export * as SessionService from "./session.ts"
export * as AccountProducts from "./AccountProducts.ts"
export * as AccountClubs from "./AccountClubs.ts"
export * as Banners from "./Banners.ts"
export * as Financing from "./Financing.ts"
