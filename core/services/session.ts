/**
 * The session the services' calls run in: state-changing calls need the csrf token (§7), which the
 * session bootstrap puts into the call state. A service makes sure it is there before such a call.
 *
 * @module
 */
import { Effect, Ref } from "effect"
import { bootstrapSession, ShopCallState, type ShopClient } from "../api/client.ts"

/**
 * Bootstraps the session (GET /api/session) unless the call state already carries a csrf token.
 * Fails as the bootstrap call does.
 */
export const ensureSession = (api: ShopClient, callState: ShopCallState["Service"]) =>
  Effect.gen(function*() {
    if ((yield* Ref.get(callState)).csrfToken !== undefined) return
    yield* bootstrapSession(api).pipe(Effect.provideService(ShopCallState, callState))
  })
