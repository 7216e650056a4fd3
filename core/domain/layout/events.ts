/**
 * Shapes shared by the layout state machines' events.
 *
 * @module
 */

import type { Device } from "./breakpoints.ts"

/** An event that happened at a time on the UI's clock. */
export interface Timed {
  /** When the event happened (ms; one clock for all events of a state machine, in time order). */
  readonly at: number
}

/** The device class changed (the UI sends it after the resize debounce). */
export interface DeviceChanged {
  /** Event tag. */
  readonly type: "deviceChanged"
  /** The new device class. */
  readonly device: Device
}
