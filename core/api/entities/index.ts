/**
 * The wire-shape Schemas of spec §3: every entity the storefront reads from or sends to the shop API.
 *
 * @module
 */
export * from "./address.ts"
export * from "./banner.ts"
export * from "./captcha.ts"
export * from "./catalogue.ts"
export * from "./cart.ts"
export * from "./contact.ts"
export * from "./customer.ts"
export * from "./delivery.ts"
export * from "./envelope.ts"
export * from "./flash.ts"
export * from "./legal.ts"
export * from "./outlet.ts"
export * from "./payment.ts"
export * from "./shopConfig.ts"
export * from "./tracking.ts"
export * from "./wire.ts"
export * from "./wishlist.ts"
