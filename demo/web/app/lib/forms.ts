/**
 * What page forms share between the server and the browser.
 *
 * @module
 */

/** The form field carrying the session's csrf token (checked by `checkedForm` in forms.server.ts). */
export const csrfField = "csrf_token"
