/**
 * The home-page banner slider (spec §2, §4, §9): an active position, an interrupted flag while the
 * mouse is over it, wrapping arrows, clickable thumbnails and auto-rotation every 7000 ms except on
 * mobile and while interrupted. A pure reducer: the UI passes event timestamps and schedules a
 * `rotate` at {@link nextRotationAt}.
 *
 * @module
 */

import type { Device } from "./breakpoints.ts"
import type { DeviceChanged, Timed } from "./events.ts"

/** Interval of the banner auto-rotation (§9). */
export const sliderAutoRotateMs = 7000

/** Duration of the banner slide animation (§9). */
export const sliderAnimationMs = 500

/** A width and height in CSS pixels. */
export interface PixelSize {
  /** Width in px. */
  readonly width: number
  /** Height in px. */
  readonly height: number
}

/** Size of a banner thumbnail (§9: 55x55). */
export const sliderThumbnailSize: PixelSize = { width: 55, height: 55 }

/** Number of pages of the newsletter slider (§9). */
export const newsletterSliderPages = 20

/** A banner slider's state (§4). */
export interface SliderState {
  /** Number of slides (a non-negative integer). */
  readonly slideCount: number
  /** Index of the active (highlighted) slide, in `[0, slideCount)`, 0 when there are no slides. */
  readonly active: number
  /** The mouse is over the slider (§4: set on mouse enter, cleared on mouse leave). */
  readonly interrupted: boolean
  /** The current device class; no auto-rotation on mobile. */
  readonly device: Device
  /** When the slider last changed or was last interacted with (ms); the next rotation is 7000 ms later. */
  readonly changedAt: number
}

/** A pointer or timer event of the slider. */
export interface SliderTimedEvent extends Timed {
  /** The mouse entered or left the slider, an arrow button was pressed, or `rotate`: the auto-rotation timer fired. */
  readonly type: "mouseEnter" | "mouseLeave" | "arrowLeft" | "arrowRight" | "rotate"
}

/** A click on a thumbnail. */
export interface SliderThumbnailClick extends Timed {
  /** Event tag. */
  readonly type: "thumbnailClick"
  /** Index of the slide of the thumbnail. */
  readonly index: number
}

/** An event of the slider, with its time `at` (ms). */
export type SliderEvent = SliderTimedEvent | SliderThumbnailClick | (DeviceChanged & Timed)

const wrap = (index: number, size: number): number => (size === 0 ? 0 : ((index % size) + size) % size)

/** A slider showing its first slide, not interrupted, created at time `at` (slide count made a whole number ≥ 0). */
export const initialSlider = (slideCount: number, device: Device, at: number): SliderState => ({
  slideCount: Number.isFinite(slideCount) ? Math.max(0, Math.floor(slideCount)) : 0,
  active: 0,
  interrupted: false,
  device,
  changedAt: at
})

/** Whether the slider rotates by itself (§9): more than one slide, not on mobile, not interrupted. */
export const shouldAutoRotate = (state: SliderState): boolean =>
  state.slideCount > 1 && state.device !== "mobile" && !state.interrupted

/** When the next auto-rotation is due (ms), or null when the slider does not auto-rotate now. */
export const nextRotationAt = (state: SliderState): number | null =>
  shouldAutoRotate(state) ? state.changedAt + sliderAutoRotateMs : null

/**
 * The slider after an event (§2, §4). Arrows move by one and wrap around; a thumbnail click makes
 * that slide active (an index outside the slides leaves the active slide as it is); mouse enter sets and mouse leave
 * clears the interrupted flag. `rotate` advances by one (wrapping) only when {@link shouldAutoRotate}
 * holds and `at` has reached {@link nextRotationAt}; otherwise it changes nothing. Every other
 * event restarts the 7000 ms wait from its `at`.
 */
export const sliderReducer = (state: SliderState, event: SliderEvent): SliderState => {
  const touched = { ...state, changedAt: event.at }
  switch (event.type) {
    case "mouseEnter":
      return { ...touched, interrupted: true }
    case "mouseLeave":
      return { ...touched, interrupted: false }
    case "arrowLeft":
      return { ...touched, active: wrap(state.active - 1, state.slideCount) }
    case "arrowRight":
      return { ...touched, active: wrap(state.active + 1, state.slideCount) }
    case "thumbnailClick":
      return Number.isInteger(event.index) && event.index >= 0 && event.index < state.slideCount
        ? { ...touched, active: event.index }
        : touched
    case "deviceChanged":
      return { ...touched, device: event.device }
    case "rotate": {
      const due = nextRotationAt(state)
      return due !== null && event.at >= due ? { ...touched, active: wrap(state.active + 1, state.slideCount) } : state
    }
  }
}
