/**
 * The session bootstrap (not in the spec, which reads the csrf token and cart id "from config"):
 * a storefront or a Node script asks for them once.
 *
 * @module
 */
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { SessionInfo } from "./security.ts"

/** GET /api/session: the csrf token, cart id and customer id of the caller's session. */
export class SessionGroup extends HttpApiGroup.make("session").add(
  HttpApiEndpoint.get("get", "/api/session", { success: SessionInfo })
) {}
