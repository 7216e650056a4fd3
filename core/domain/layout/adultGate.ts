/**
 * The adult-content gate (spec §2, §4): shown when the response header `adult-content` is set and
 * adult content is not allowed; confirm hides it (and the UI calls confirmAdultContent), reject
 * sends the shopper to the site root.
 *
 * @module
 */

/** Name of the response header that marks a page as adult content (§4). */
export const adultContentHeader = "adult-content"

/** Where rejecting the gate goes (§2: the site root). */
export const siteRoot = "/"

/**
 * Header values (trimmed, case-insensitive) that mean "not set". Any other value, including an
 * unknown one, means set: when in doubt the gate shows.
 */
export const adultContentHeaderUnsetValues = ["", "0", "false", "no", "off"] as const

/** Whether an `adult-content` header value means the page is adult content; an absent header (null/undefined) is not. */
export const isAdultContentHeaderSet = (value: string | null | undefined): boolean =>
  value !== null &&
  value !== undefined &&
  !(adultContentHeaderUnsetValues as ReadonlyArray<string>).includes(value.trim().toLowerCase())

/** What a page response says about adult content. */
export interface AdultContentResponse {
  /** The value of the `adult-content` response header, null or undefined when absent. */
  readonly headerValue: string | null | undefined
  /** The shopper is already allowed to see adult content (confirmed earlier). */
  readonly adultAllowed: boolean
}

/** Whether the gate is needed for a response (§4): the header is set and adult content is not allowed. */
export const adultGateNeeded = (response: AdultContentResponse): boolean =>
  isAdultContentHeaderSet(response.headerValue) && !response.adultAllowed

/** The gate: not needed, asking, confirmed by the shopper, or rejected (leaving for the site root). */
export type AdultGateState = "hidden" | "asking" | "confirmed" | "rejected"

/** A page response arrived. */
export interface AdultGateResponse extends AdultContentResponse {
  /** Event tag. */
  readonly type: "response"
}

/** The shopper pressed confirm or reject (in the header or the footer of the gate). */
export interface AdultGateChoice {
  /** Which button. */
  readonly type: "confirm" | "reject"
}

/** An event of the gate. */
export type AdultGateEvent = AdultGateResponse | AdultGateChoice

/** The gate for the first response of a page. */
export const initialAdultGate = (response: AdultContentResponse): AdultGateState =>
  adultGateNeeded(response) ? "asking" : "hidden"

/**
 * The gate after an event. Confirm and reject act only while asking. Once confirmed or rejected,
 * later responses on the same page do not ask again; otherwise a response re-decides the gate.
 */
export const adultGateReducer = (state: AdultGateState, event: AdultGateEvent): AdultGateState => {
  switch (event.type) {
    case "response":
      return state === "confirmed" || state === "rejected" ? state : initialAdultGate(event)
    case "confirm":
      return state === "asking" ? "confirmed" : state
    case "reject":
      return state === "asking" ? "rejected" : state
  }
}

/** Whether the gate covers the page: while asking, and after reject until the browser has left (content never shows). */
export const adultGateVisible = (state: AdultGateState): boolean => state === "asking" || state === "rejected"

/** Call confirmAdultContent (§7) so the server allows adult content from now on. */
export interface ConfirmAdultContentCommand {
  /** Command tag. */
  readonly type: "confirmAdultContent"
}

/** Navigate the browser away. */
export interface NavigateCommand {
  /** Command tag. */
  readonly type: "navigate"
  /** Target path: the site root. */
  readonly to: typeof siteRoot
}

/** What the UI must do for a gate state. */
export type AdultGateCommand = ConfirmAdultContentCommand | NavigateCommand

/** The command a gate state asks of the UI (§2, §4). */
export const adultGateCommand = (state: AdultGateState): AdultGateCommand | null =>
  state === "confirmed"
    ? { type: "confirmAdultContent" }
    : state === "rejected"
      ? { type: "navigate", to: siteRoot }
      : null
