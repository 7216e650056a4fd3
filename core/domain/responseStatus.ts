/**
 * The status envelope of a cart response (§7) and when it forces a page reload (§4), apart from the checkout's other
 * rules so that a page holding a cart state loads only this.
 *
 * @module
 */

/** The status envelope of a cart response (§7): `{status, flashMessages, link}`. */
export interface ResponseStatus {
  readonly status?: string | null
  readonly flashMessages?: ReadonlyArray<unknown> | null
  readonly link?: string | null
}

/** Whether a response status forces a page reload (§4): status 'error' with a link. */
export const mustReload = (status: ResponseStatus): boolean =>
  status.status === "error" && typeof status.link === "string" && status.link !== ""
