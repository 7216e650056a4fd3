/**
 * Layout rules of the storefront (spec §2, §4, §9): breakpoints, header drawers, mobile panels,
 * carousels, the banner slider, accordions, the adult-content gate, dismissible notices, modals,
 * menu timings and map defaults. Pure state machines: the UI passes event timestamps and schedules
 * its timers from the exported durations.
 *
 * @module
 */

export * from "./layout/breakpoints.ts"
export * from "./layout/events.ts"
export * from "./layout/drawers.ts"
export * from "./layout/mobilePanels.ts"
export * from "./layout/carousel.ts"
export * from "./layout/slider.ts"
export * from "./layout/accordion.ts"
export * from "./layout/adultGate.ts"
export * from "./layout/banners.ts"
export * from "./layout/page.ts"
export * from "./layout/modal.ts"
export * from "./layout/menu.ts"
export * from "./layout/map.ts"
export * from "./layout/footer.ts"
export * from "./layout/contentPage.ts"
