/**
 * Header drawers (spec §2, §9): the cart, wishlist and login drawers. Only one is open at a time,
 * they open on hover and hide 900 ms after the pointer leaves unless it comes back, and they are
 * closed on mobile. A pure reducer: the UI passes event timestamps and schedules a `tick` at
 * {@link drawerHideDeadline}.
 *
 * @module
 */

import type { Device } from "./breakpoints.ts"
import type { DeviceChanged, Timed } from "./events.ts"

/** The header drawers (§1, §2). */
export const drawers = ["cart", "wishlist", "login"] as const

/** One header drawer. */
export type Drawer = (typeof drawers)[number]

/** Delay between the pointer leaving a drawer and the drawer hiding (§2 hide delay, §9 widget auto-hide mouse delay). */
export const widgetAutoHideDelayMs = 900

/** Which drawer is open, and when it hides if the pointer has left it. */
export interface DrawersState {
  /** The current device class; on mobile no drawer is open. */
  readonly device: Device
  /** The open drawer, or null when all are closed. */
  readonly open: Drawer | null
  /** When the open drawer hides (ms, same clock as event `at`), or null while it is not scheduled to hide. */
  readonly hideAt: number | null
}

/** An event about one drawer. */
export interface DrawerEvent extends Timed {
  /** The pointer entered or left the drawer (trigger and panel), or `toggle`: a click on its trigger, or Enter or Space on it. */
  readonly type: "pointerEnter" | "pointerLeave" | "toggle"
  /** The drawer. */
  readonly drawer: Drawer
}

/** An event about whichever drawer is open. */
export interface DrawersTimedEvent extends Timed {
  /** `escape`: the Escape key; `tick`: the hide timer firing (or any clock tick). */
  readonly type: "escape" | "tick"
}

/** An event of the drawers. Every event carries its time `at`; events are expected in time order. */
export type DrawersEvent = DrawerEvent | DrawersTimedEvent | (DeviceChanged & Timed)

/** All drawers closed on a device. */
export const initialDrawers = (device: Device): DrawersState => ({ device, open: null, hideAt: null })

const closed = (state: DrawersState): DrawersState =>
  state.open === null && state.hideAt === null ? state : { ...state, open: null, hideAt: null }

/** The state as of time `at`: a drawer whose hide time has come is closed. */
const settle = (state: DrawersState, at: number): DrawersState =>
  state.hideAt !== null && at >= state.hideAt ? closed(state) : state

/**
 * The drawers after an event (§2).
 * - pointerEnter opens that drawer (closing any other) and cancels a pending hide; ignored on mobile.
 * - pointerLeave of the open drawer schedules its hide at `at + 900`; an already scheduled hide is kept.
 * - toggle opens the drawer if it is not open (closing any other), or closes it; ignored on mobile.
 * - escape closes the open drawer.
 * - deviceChanged records the device; becoming mobile closes every drawer.
 * - tick (and every other event) first closes a drawer whose hide time `at` has reached.
 */
export const drawersReducer = (state: DrawersState, event: DrawersEvent): DrawersState => {
  const now = settle(state, event.at)
  switch (event.type) {
    case "tick":
      return now
    case "escape":
      return closed(now)
    case "deviceChanged": {
      const moved = now.device === event.device ? now : { ...now, device: event.device }
      return event.device === "mobile" ? closed(moved) : moved
    }
    case "pointerEnter":
      return now.device === "mobile" ? now : { ...now, open: event.drawer, hideAt: null }
    case "pointerLeave":
      return now.open === event.drawer && now.hideAt === null
        ? { ...now, hideAt: event.at + widgetAutoHideDelayMs }
        : now
    case "toggle":
      if (now.device === "mobile") return now
      return now.open === event.drawer ? closed(now) : { ...now, open: event.drawer, hideAt: null }
  }
}

/** Whether a drawer is open in a state. */
export const isDrawerOpen = (state: DrawersState, drawer: Drawer): boolean => state.open === drawer

/** When the UI should send the next `tick` (the pending hide time), or null when no hide is pending. */
export const drawerHideDeadline = (state: DrawersState): number | null => (state.open === null ? null : state.hideAt)
