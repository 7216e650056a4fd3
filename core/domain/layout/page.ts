/**
 * Small page-level widgets (spec §2, §4, §9): back-to-top button, header hide timer, spinner.
 *
 * @module
 */

/** Scroll offset beyond which the back-to-top button shows (§4, §9). */
export const backToTopThresholdPx = 1000

/** Whether the back-to-top button shows at a vertical scroll offset (§4): strictly beyond 1000 px, so not at exactly 1000. */
export const backToTopVisible = (scrollYPx: number): boolean => scrollYPx > backToTopThresholdPx

/** Time after which the header hides (§9 header hide timer). */
export const headerHideTimerMs = 5000

/** Number of dots of the loading spinner (§2, §9). */
export const spinnerDots = 8
