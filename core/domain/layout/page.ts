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

/** The page's header as it hides and shows with scrolling (§9 header hide timer). */
export interface HeaderHideState {
  /** The header is hidden (slid out of view). */
  readonly hidden: boolean
  /** The last scroll offset seen (px). */
  readonly lastScrollY: number
  /** When the header hides (ms), or null when no hide is pending. */
  readonly hideAt: number | null
  /** The shopper is using the header (pointer over it or focus in it): it stays shown. */
  readonly held: boolean
}

/** The page scrolled to a vertical offset at a time. */
export interface HeaderScrolled {
  /** Event tag. */
  readonly type: "scroll"
  /** The new vertical scroll offset (px). */
  readonly scrollY: number
  /** When (ms). */
  readonly at: number
}

/** The hide timer fired, or time passed. */
export interface HeaderTick {
  /** Event tag. */
  readonly type: "tick"
  /** When (ms). */
  readonly at: number
}

/** The pointer entered or focus moved into the header (`hold`), or both left it (`release`). */
export interface HeaderHold {
  /** Event tag. */
  readonly type: "hold" | "release"
}

/** An event of the hiding header. */
export type HeaderHideEvent = HeaderScrolled | HeaderTick | HeaderHold

/** The header when the page loads at a scroll offset: shown, nothing pending. */
export const initialHeaderHide = (scrollY: number): HeaderHideState => ({
  hidden: false,
  lastScrollY: Number.isFinite(scrollY) ? scrollY : 0,
  hideAt: null,
  held: false
})

/**
 * The header after an event (§9: it hides 5000 ms after the shopper starts scrolling down). A scroll down (away
 * from the top, while not held) starts the 5000 ms timer if none is pending; further scrolling down does not
 * restart it. A scroll up, reaching the top, or holding the header shows it and cancels the timer. A tick at or
 * after the pending time hides the header. A non-finite offset is ignored.
 */
export const headerHideReducer = (state: HeaderHideState, event: HeaderHideEvent): HeaderHideState => {
  switch (event.type) {
    case "hold":
      return { ...state, held: true, hidden: false, hideAt: null }
    case "release":
      return { ...state, held: false }
    case "tick":
      return state.hideAt !== null && event.at >= state.hideAt ? { ...state, hidden: true, hideAt: null } : state
    case "scroll": {
      if (!Number.isFinite(event.scrollY)) return state
      const lastScrollY = event.scrollY
      if (event.scrollY <= 0 || event.scrollY < state.lastScrollY) return { ...state, lastScrollY, hidden: false, hideAt: null }
      if (event.scrollY > state.lastScrollY && !state.held && !state.hidden && state.hideAt === null) {
        return { ...state, lastScrollY, hideAt: event.at + headerHideTimerMs }
      }
      return { ...state, lastScrollY }
    }
  }
}
