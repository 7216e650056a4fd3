/**
 * Redirect targets from a query parameter (`return`, `redirectUrl`, §2) are followed only when the
 * core's rule says they are paths of this origin (no open redirect).
 *
 * @module
 */
export { safeRedirectTarget as safeRedirectPath } from "../../../../core/domain/redirect.ts"
