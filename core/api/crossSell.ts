/**
 * Cross-sell tracking (spec §7 POST /api/xsell/track; §9: reported only for purchased products, events kept 30
 * days). The payload is the domain's `crossSellTrackPayload` output.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { crossSellHitType, crossSellTrackPath } from "../domain/crossSell.ts"
import { StringOrNumber } from "./entities/wire.ts"
import { RequiredText } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"
import { hasSafeTexts, SafeString } from "./entities/text.ts"

/**
 * The body of POST /api/xsell/track (§7), the Schema of the domain's `CrossSellTrackPayload`: the shopper `user`,
 * the analytics `ga_client_id`, `hit_type` "P", the `placement`, the order `transaction_id`, and the
 * recommendation's `bookmark_id`, `m_id` and `s_id`.
 */
export const CrossSellTrackBody = Schema.Struct({
  user: RequiredText,
  ga_client_id: SafeString,
  hit_type: Schema.Literal(crossSellHitType),
  placement: SafeString,
  transaction_id: StringOrNumber,
  bookmark_id: SafeString,
  m_id: SafeString,
  s_id: SafeString
}).check(hasSafeTexts)

/** Decoded type of {@link CrossSellTrackBody}. */
export type CrossSellTrackBody = typeof CrossSellTrackBody.Type

/**
 * Cross-sell tracking (group `crossSell`). It records data, so it carries {@link CsrfProtection}; as a POST it is
 * not retried (fire-and-forget); the server answers 204.
 */
export class CrossSellGroup extends HttpApiGroup.make("crossSell").add(
  HttpApiEndpoint.post("track", crossSellTrackPath, {
    payload: CrossSellTrackBody,
    success: HttpApiSchema.NoContent
  })
    .middleware(CsrfProtection)
    .annotate(
      OpenApi.Description,
      "Reports a cross-sell click that led to a purchase of the clicked product (§7, §9), one call per retained event."
    )
) {}
