/**
 * GET /api/session: the caller's csrf token, cart id, shop and customer. The answer of a session the middleware
 * served from its cache is encoded once per cached session (encodedAnswers.ts).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Session, type SessionData, SessionInfo } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { replayable } from "../http/fastReads.ts"
import { EncodedAnswers, jsonEncoder, jsonResponse } from "./encodedAnswers.ts"

const answers = new EncodedAnswers<SessionData>()

const encodeSessionInfo = jsonEncoder(SessionInfo)

/** The handlers of the session group. */
export const SessionHandlers = HttpApiBuilder.group(ShopApi, "session", (handlers) =>
  handlers.handle("get", () =>
    Effect.gen(function*() {
      const session = yield* Session
      // the answer is the session's alone: replayed while the cookie's session is this cached one
      yield* replayable()
      const kept = answers.lookup(session, "", [])
      if (kept !== undefined) return jsonResponse(kept)
      const body = yield* encodeSessionInfo({
        shopId: session.shopId,
        csrfToken: session.csrfToken,
        cartId: session.cartId,
        customerId: session.customerId
      })
      answers.store(session, "", [], body)
      return jsonResponse(body)
    })))
