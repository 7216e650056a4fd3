/**
 * Newsletter subscription (spec §7 /api/newsletter/updateSubscription; §3 customer `allowedNl`). The method and
 * shapes are not shown: ours.
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { Email } from "./requestFields.ts"
import { Unprocessable } from "./errors.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

const NewsletterSubscriptionFields = {
  subscribed: Schema.Boolean,
  email: Schema.optionalKey(Email)
}

/** The schema type of {@link NewsletterSubscription}, named so that declarations refer to it instead of spelling it out. */
export interface NewsletterSubscriptionStruct extends Schema.Struct<typeof NewsletterSubscriptionFields> {}

/**
 * The body of updateSubscription: whether the newsletter is `subscribed`, and the `email` to (un)subscribe, which
 * a guest must send and a logged-in customer may omit (their account's address is used).
 */
export const NewsletterSubscription: NewsletterSubscriptionStruct = Schema.Struct(NewsletterSubscriptionFields)

/** Decoded type of {@link NewsletterSubscription}. */
export type NewsletterSubscription = typeof NewsletterSubscription.Type

const NewsletterSubscriptionResultFields = {
  status: SafeString,
  subscribed: Schema.Boolean
}

/** The schema type of {@link NewsletterSubscriptionResult}, named so that declarations refer to it instead of spelling it out. */
export interface NewsletterSubscriptionResultStruct extends Schema.Struct<typeof NewsletterSubscriptionResultFields> {}

/** The answer of updateSubscription: `status` `ok`, and the subscription state now (the customer's `allowedNl`). */
export const NewsletterSubscriptionResult: NewsletterSubscriptionResultStruct = Schema.Struct(NewsletterSubscriptionResultFields)

/** Decoded type of {@link NewsletterSubscriptionResult}. */
export type NewsletterSubscriptionResult = typeof NewsletterSubscriptionResult.Type

/**
 * The newsletter call: `updateSubscription` (POST, CSRF-protected). 422 with `field: "email"` when a guest sends no
 * email.
 */
export class NewsletterGroup extends HttpApiGroup.make("newsletter").add(
  HttpApiEndpoint.post("updateSubscription", "/api/newsletter/updateSubscription", {
    payload: NewsletterSubscription,
    success: NewsletterSubscriptionResult,
    error: Unprocessable
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Subscribes to or unsubscribes from the newsletter (§7).")
) {}
