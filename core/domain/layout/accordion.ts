/**
 * Accordions whose open state depends on the device size (spec §4: mobile, tablet and desktop
 * states configurable).
 *
 * @module
 */

import type { Device } from "./breakpoints.ts"
import type { DeviceChanged } from "./events.ts"

/** Whether an accordion starts open on each device class (true: open). */
export interface AccordionConfig {
  /** Open on mobile. */
  readonly mobile: boolean
  /** Open on tablet. */
  readonly tablet: boolean
  /** Open on desktop. */
  readonly desktop: boolean
}

/** The default device states (the spec does not show them): closed on mobile and tablet, open on desktop. */
export const defaultAccordionConfig: AccordionConfig = { mobile: false, tablet: false, desktop: true }

/** Whether an accordion is open on a device (§4); a device missing from the config takes {@link defaultAccordionConfig}. */
export const accordionOpen = (config: Partial<AccordionConfig>, device: Device): boolean =>
  config[device] ?? defaultAccordionConfig[device]

/** An accordion: its configuration, the device it was laid out for, and whether it is open. */
export interface AccordionState {
  /** Open state per device; missing devices take the default. */
  readonly config: Partial<AccordionConfig>
  /** The device class the accordion was last laid out for. */
  readonly device: Device
  /** Whether its content shows. */
  readonly open: boolean
}

/** The shopper toggles the accordion. */
export interface AccordionToggle {
  /** Event tag. */
  readonly type: "toggle"
}

/** An event of an accordion: a toggle, or a change of device class. */
export type AccordionEvent = AccordionToggle | DeviceChanged

/** An accordion in its configured state for a device. */
export const initialAccordion = (config: Partial<AccordionConfig>, device: Device): AccordionState => ({
  config,
  device,
  open: accordionOpen(config, device)
})

/**
 * The accordion after an event: toggle flips it; a change to another device class resets it to that
 * device's configured state; a change to the same class (a resize within it) keeps the shopper's choice.
 */
export const accordionReducer = (state: AccordionState, event: AccordionEvent): AccordionState => {
  switch (event.type) {
    case "toggle":
      return { ...state, open: !state.open }
    case "deviceChanged":
      return event.device === state.device ? state : initialAccordion(state.config, event.device)
  }
}
