/**
 * The captcha (spec §7 GET /api/captcha/get, §2 "A captcha image reloads with a random parameter", §9 captcha id).
 * The refetch path is not shown: ours is the same endpoint with the random parameter of the domain's
 * `captchaReloadParam` (`rnd`), so no cache answers a reload with the old image.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { captchaIdLength, captchaReloadParam } from "../domain/captcha.ts"
import { Captcha } from "./entities/captcha.ts"
import { TooManyRequests } from "./errors.ts"
import { SafeString } from "./entities/text.ts"

/** A captcha id (§9): exactly 16 uppercase letters A to Z, generated client-side. */
export const CaptchaId = SafeString.check(
  Schema.isPattern(new RegExp(`^[A-Z]{${captchaIdLength}}$`), {
    expected: `${captchaIdLength} uppercase letters A to Z`
  })
)

/** Decoded type of {@link CaptchaId}. */
export type CaptchaId = typeof CaptchaId.Type

const CaptchaQueryFields = {
  id: Schema.optionalKey(CaptchaId),
  [captchaReloadParam]: Schema.optionalKey(SafeString)
}

/** The schema type of {@link CaptchaQuery}, named so that declarations refer to it instead of spelling it out. */
export interface CaptchaQueryStruct extends Schema.Struct<typeof CaptchaQueryFields> {}

/**
 * The query of the captcha call: the client-generated `id` (§9) the challenge is stored under (ours: when absent the
 * server picks one and answers it), and the random reload parameter `rnd` (§2; any value, ignored by the server).
 */
export const CaptchaQuery: CaptchaQueryStruct = Schema.Struct(CaptchaQueryFields)

/** Decoded type of {@link CaptchaQuery}. */
export type CaptchaQuery = typeof CaptchaQuery.Type

/**
 * The captcha call (§7): `get` answers a {@link Captcha} (`id`, base64 PNG `image`). A reload is the same call with a
 * new `rnd`. It stores the expected answer in the session but changes nothing the shopper sees, so it is not
 * CSRF-protected (the form it guards is); it may answer 429 when asked too often.
 */
export class CaptchaGroup extends HttpApiGroup.make("captcha").add(
  HttpApiEndpoint.get("get", "/api/captcha/get", {
    query: CaptchaQuery,
    success: Captcha,
    error: TooManyRequests
  }).annotate(
    OpenApi.Description,
    "A new captcha challenge (id and base64 PNG image); reload with a random `rnd` parameter (§2, §7)."
  )
) {}
