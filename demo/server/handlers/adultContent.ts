/**
 * The adult-content group (spec §4, §7 "GET ?do=confirmAdultContent with confirm=1: reads status").
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { okStatus } from "../../../core/api/entities/envelope.ts"
import { Session } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { allowAdultContent } from "../domain/adult.ts"

/**
 * The handlers of the adult-content group: `confirm` (CSRF-protected) records the confirmation in
 * the session and on the logged-in customer, and answers `status: "ok"`; confirming again changes
 * nothing. Rejecting needs no call (§4).
 */
export const AdultContentHandlers = HttpApiBuilder.group(
  ShopApi,
  "adultContent",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    return handlers.handle("confirm", () =>
      Effect.gen(function*() {
        const session = yield* Session
        yield* Effect.orDie(Effect.provideService(allowAdultContent(session), SqlClient.SqlClient, sql))
        return { status: okStatus }
      }))
  })
)
