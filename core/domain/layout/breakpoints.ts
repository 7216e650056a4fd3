/**
 * Screen breakpoints (spec §2, §9): which device class a viewport width belongs to.
 *
 * @module
 */

/** Device classes, narrowest first. */
export const devices = ["mobile", "tablet", "desktop"] as const

/** A device class decided by the viewport width. */
export type Device = (typeof devices)[number]

/** Widths strictly above this are desktop (§2 "desktop above 1024 px", §9 breakpoint 1024). */
export const desktopBreakpointPx = 1024

/** Widths from this up to {@link desktopBreakpointPx} are tablet; below it is mobile (§2, §9 breakpoint 640). */
export const tabletBreakpointPx = 640

/** The narrowest layout width designed for (§9 breakpoint 320); narrower widths are still mobile. */
export const smallestMobileWidthPx = 320

/** The three device breakpoints of §9, widest first. */
export const deviceBreakpointsPx = [desktopBreakpointPx, tabletBreakpointPx, smallestMobileWidthPx] as const

/** Debounce before a window resize re-evaluates the device class (§9). */
export const resizeDebounceMs = 300

/**
 * The device class of a viewport width in CSS pixels (§2): desktop above 1024, tablet from 640 to
 * 1024 inclusive, mobile below 640. A width that is not a number (NaN) counts as mobile.
 */
export const deviceFor = (widthPx: number): Device =>
  widthPx > desktopBreakpointPx ? "desktop" : widthPx >= tabletBreakpointPx ? "tablet" : "mobile"
