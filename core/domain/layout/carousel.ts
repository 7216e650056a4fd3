/**
 * Product carousels (spec §4, §9): a window of visible items moved by arrows, by 3 items on
 * desktop and 1 otherwise, with the arrows disabled at the ends, hidden when everything fits, and
 * clicks ignored within 500 ms of the previous accepted one.
 *
 * @module
 */

import type { Device } from "./breakpoints.ts"
import type { Timed } from "./events.ts"

/** Items a carousel arrow moves on desktop (§9). */
export const carouselDesktopStep = 3

/** Items a carousel arrow moves on tablet and mobile (§9). */
export const carouselStepOtherwise = 1

/** Duration of the carousel slide animation (§9). */
export const carouselAnimationMs = 300

/** Arrow clicks within this time after the previous accepted click are ignored (§9). */
export const carouselClickIgnoreMs = 500

/** How many items one arrow click moves on a device (§9: 3 on desktop, 1 otherwise). */
export const carouselStep = (device: Device): number =>
  device === "desktop" ? carouselDesktopStep : carouselStepOtherwise

/** A carousel: its content size, its window and the time of the last accepted click. */
export interface CarouselState {
  /** Number of items in the carousel (a non-negative integer). */
  readonly itemCount: number
  /** Number of items that fit in the window at once (an integer, at least 1). */
  readonly visibleCount: number
  /** The current device class, which decides the step. */
  readonly device: Device
  /** Index of the first visible item, in `[0, carouselMaxPosition]`. */
  readonly position: number
  /** When the last accepted arrow click happened (ms), or null before any. */
  readonly lastClickAt: number | null
}

/** The size of a carousel: items, how many fit, and the device. */
export interface CarouselLayout {
  /** Number of items. */
  readonly itemCount: number
  /** Number of items that fit in the window at once. */
  readonly visibleCount: number
  /** The device class, which decides the step. */
  readonly device: Device
}

/** A click on an arrow. */
export interface CarouselClick extends Timed {
  /** Which arrow. */
  readonly type: "next" | "prev"
}

/** A new layout: the content changed or the window was resized. */
export interface CarouselLayoutChanged extends CarouselLayout {
  /** Event tag. */
  readonly type: "layoutChanged"
}

/** An event of a carousel. */
export type CarouselEvent = CarouselClick | CarouselLayoutChanged

/** Which arrows show and which are disabled (§4). */
export interface CarouselArrows {
  /** Both arrows are hidden because all content fits. */
  readonly hidden: boolean
  /** The previous arrow is disabled (at the start, or hidden). */
  readonly prevDisabled: boolean
  /** The next arrow is disabled (at the end, or hidden). */
  readonly nextDisabled: boolean
}

const count = (value: number, min: number): number => (Number.isFinite(value) ? Math.max(min, Math.floor(value)) : min)

/** The largest first-visible index of a carousel: 0 when everything fits. */
export const carouselMaxPosition = (layout: CarouselLayout): number =>
  Math.max(0, count(layout.itemCount, 0) - count(layout.visibleCount, 1))

const laidOut = (layout: CarouselLayout, position: number, lastClickAt: number | null): CarouselState => {
  const itemCount = count(layout.itemCount, 0)
  const visibleCount = count(layout.visibleCount, 1)
  const max = Math.max(0, itemCount - visibleCount)
  return {
    itemCount,
    visibleCount,
    device: layout.device,
    position: Math.min(max, count(position, 0)),
    lastClickAt
  }
}

/**
 * A carousel at its start. Counts are made whole: item count at least 0, visible count at least 1
 * (a non-finite count becomes the minimum).
 */
export const initialCarousel = (layout: CarouselLayout): CarouselState => laidOut(layout, 0, null)

/**
 * The carousel after an event (§4, §9). An arrow click moves the window by the device's step,
 * clamped to `[0, max]`. A click is accepted only when it moves the window and comes at least 500 ms
 * after the previous accepted click; clicks on a disabled or hidden arrow are not accepted and do
 * not restart the 500 ms window. A layout change keeps the position, clamped to the new end.
 */
export const carouselReducer = (state: CarouselState, event: CarouselEvent): CarouselState => {
  switch (event.type) {
    case "layoutChanged":
      return laidOut(event, state.position, state.lastClickAt)
    case "next":
    case "prev": {
      if (state.lastClickAt !== null && !(event.at - state.lastClickAt >= carouselClickIgnoreMs)) return state
      const step = carouselStep(state.device) * (event.type === "next" ? 1 : -1)
      const position = Math.min(carouselMaxPosition(state), Math.max(0, state.position + step))
      return position === state.position ? state : { ...state, position, lastClickAt: event.at }
    }
  }
}

/** The arrows of a carousel (§4): hidden when all content fits, disabled at the ends. */
export const carouselArrows = (state: CarouselState): CarouselArrows => {
  const max = carouselMaxPosition(state)
  return { hidden: max === 0, prevDisabled: state.position <= 0, nextDisabled: state.position >= max }
}
