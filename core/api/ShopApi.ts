/**
 * The shop API contract: every call of spec §7 made on the shop's own origin, as one `HttpApi`.
 * The client is derived from it, the reference server implements it, and the OpenAPI document is
 * generated from it.
 *
 * @module
 */
import { HttpApi, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { CallPolicy, CurrentSession } from "./security.ts"
import { SessionGroup } from "./session.ts"

/** The shop API: every group of the contract served on the shop's origin. */
export class ShopApi extends HttpApi.make("shop")
  .add(SessionGroup)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CurrentSession)
  .middleware(CallPolicy)
  .annotateMerge(OpenApi.annotations({ title: "Storefront shop API", version: "1.0.0" }))
{}
