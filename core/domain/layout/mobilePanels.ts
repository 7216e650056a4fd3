/**
 * Mobile search and mobile menu (spec §2): mutually exclusive panels of the small-screen header.
 *
 * @module
 */

import type { Device } from "./breakpoints.ts"
import type { DeviceChanged } from "./events.ts"

/** The small-screen header panels. */
export const mobilePanels = ["search", "menu"] as const

/** One small-screen header panel. */
export type MobilePanel = (typeof mobilePanels)[number]

/** Which mobile panel is open; at most one by construction. */
export interface MobilePanelsState {
  /** The current device class; the panels exist on mobile and tablet, never on desktop. */
  readonly device: Device
  /** The open panel, or null. */
  readonly open: MobilePanel | null
}

/** A press on a panel's toggle button. */
export interface MobilePanelToggle {
  /** Event tag. */
  readonly type: "toggle"
  /** The panel whose button was pressed. */
  readonly panel: MobilePanel
}

/** Closing whatever panel is open (Escape, navigation). */
export interface MobilePanelsClose {
  /** Event tag. */
  readonly type: "close"
}

/** An event of the mobile panels. */
export type MobilePanelsEvent = MobilePanelToggle | MobilePanelsClose | DeviceChanged

/** Both panels closed on a device. */
export const initialMobilePanels = (device: Device): MobilePanelsState => ({ device, open: null })

/**
 * The mobile panels after an event (§2 "mutually exclusive"): toggling a closed panel opens it and
 * closes the other; toggling the open one closes it; on desktop toggles are ignored and a change to
 * desktop closes both.
 */
export const mobilePanelsReducer = (state: MobilePanelsState, event: MobilePanelsEvent): MobilePanelsState => {
  switch (event.type) {
    case "toggle":
      if (state.device === "desktop") return state
      return { ...state, open: state.open === event.panel ? null : event.panel }
    case "close":
      return state.open === null ? state : { ...state, open: null }
    case "deviceChanged":
      return { device: event.device, open: event.device === "desktop" ? null : state.open }
  }
}

/** Whether a mobile panel is open. */
export const isMobilePanelOpen = (state: MobilePanelsState, panel: MobilePanel): boolean => state.open === panel
