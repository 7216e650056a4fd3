/**
 * The new cart API's delivery-step calls (spec §7 `/api/v2/cart.cart-api/`: geo-suggestions, branches, delivery
 * method, insurance, campaign, strategy, reset, customer history, deselect). Paths are the spec's names under the
 * cart-api prefix; "deselect delivery" is ours: `deselect-delivery`.
 *
 * Every call answers the {@link DeliveryResponse} envelope (or the envelope plus its own data); a refused
 * selection is a 200 with `status.status` "error" and the server's flash messages (§8).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { cartApiPrefix } from "./cart.ts"
import { Branch, DeliveryMethodKind, EarliestDate } from "./entities/delivery.ts"
import { apiResponseFields, DeliveryResponse } from "./entities/envelope.ts"
import { WireNumber, WireString } from "./entities/wire.ts"
import { LoginRequired, NotFound } from "./errors.ts"
import { JoinedIdsParam, RequiredText, ResetModeSchema } from "./requestFields.ts"
import { CsrfProtection } from "./security.ts"
import { SafeString } from "./entities/text.ts"

/** The longest search text of geo-suggestions and auto-complete-branches (ours). */
export const maxSearchTextLength = 100

const SearchText = RequiredText.check(Schema.isMaxLength(maxSearchTextLength))

/** The query of geo-suggestions: the place typed by the shopper (`query`, 1..100 characters). */
export const GeoSuggestionsQuery = Schema.Struct({
  query: SearchText
})

/** Decoded type of {@link GeoSuggestionsQuery}. */
export type GeoSuggestionsQuery = typeof GeoSuggestionsQuery.Type

/** A place suggested for the branch map (shape ours: a `title` and its point). */
export const GeoSuggestion = Schema.Struct({
  title: SafeString,
  lat: WireNumber,
  lng: WireNumber,
  zip: Schema.optionalKey(WireString)
})

/** Decoded type of {@link GeoSuggestion}. */
export type GeoSuggestion = typeof GeoSuggestion.Type

/** The answer of geo-suggestions: the envelope plus the `suggestions`. */
export const GeoSuggestionsResponse = Schema.Struct({
  ...apiResponseFields,
  suggestions: Schema.optionalKey(Schema.Array(GeoSuggestion))
})

/** Decoded type of {@link GeoSuggestionsResponse}. */
export type GeoSuggestionsResponse = typeof GeoSuggestionsResponse.Type

/** A query addressing one delivery (`deliveryId`, §3). */
export const DeliveryQuery = Schema.Struct({
  deliveryId: RequiredText
})

/** Decoded type of {@link DeliveryQuery}. */
export type DeliveryQuery = typeof DeliveryQuery.Type

/** The query of branches-confirm-availability: the delivery and the branch ids joined by commas. */
export const BranchesAvailabilityQuery = Schema.Struct({
  deliveryId: RequiredText,
  branchIds: JoinedIdsParam
})

/** Decoded type of {@link BranchesAvailabilityQuery}. */
export type BranchesAvailabilityQuery = typeof BranchesAvailabilityQuery.Type

/** Whether a branch can serve the delivery, and from when (shape ours). */
export const BranchAvailability = Schema.Struct({
  id: WireString,
  available: Schema.Boolean,
  earliestDate: Schema.optionalKey(EarliestDate)
})

/** Decoded type of {@link BranchAvailability}. */
export type BranchAvailability = typeof BranchAvailability.Type

/** The answer of branches-confirm-availability: the envelope plus one {@link BranchAvailability} per branch asked. */
export const BranchesAvailabilityResponse = Schema.Struct({
  ...apiResponseFields,
  branches: Schema.optionalKey(Schema.Array(BranchAvailability))
})

/** Decoded type of {@link BranchesAvailabilityResponse}. */
export type BranchesAvailabilityResponse = typeof BranchesAvailabilityResponse.Type

/** The query of branches-basic: the delivery and, optionally, one pick-up type (§3 pupTypes `id`). */
export const BranchesBasicQuery = Schema.Struct({
  deliveryId: RequiredText,
  pupTypeId: Schema.optionalKey(RequiredText)
})

/** Decoded type of {@link BranchesBasicQuery}. */
export type BranchesBasicQuery = typeof BranchesBasicQuery.Type

/** The answer of branches-basic and auto-complete-branches: the delivery-step envelope plus the `branches` found. */
export const BranchesResponse = Schema.Struct({
  ...DeliveryResponse.fields,
  branches: Schema.optionalKey(Schema.Array(Branch))
})

/** Decoded type of {@link BranchesResponse}. */
export type BranchesResponse = typeof BranchesResponse.Type

/** The query of branch-detail: the delivery and the `branchId`. */
export const BranchDetailQuery = Schema.Struct({
  deliveryId: RequiredText,
  branchId: RequiredText
})

/** Decoded type of {@link BranchDetailQuery}. */
export type BranchDetailQuery = typeof BranchDetailQuery.Type

/** Opening hours of a branch on one day (shape ours). */
export const OpeningHours = Schema.Struct({
  day: SafeString,
  hours: SafeString
})

/** Decoded type of {@link OpeningHours}. */
export type OpeningHours = typeof OpeningHours.Type

/** A branch with its details (§3 Branch plus our `description`, `openingHours` and `earliestDate`). */
export const BranchDetail = Schema.Struct({
  ...Branch.fields,
  description: Schema.optionalKey(SafeString),
  openingHours: Schema.optionalKey(Schema.Array(OpeningHours)),
  earliestDate: Schema.optionalKey(EarliestDate)
})

/** Decoded type of {@link BranchDetail}. */
export type BranchDetail = typeof BranchDetail.Type

/** The answer of branch-detail: the envelope plus the `branch`. */
export const BranchDetailResponse = Schema.Struct({
  ...apiResponseFields,
  branch: Schema.optionalKey(BranchDetail)
})

/** Decoded type of {@link BranchDetailResponse}. */
export type BranchDetailResponse = typeof BranchDetailResponse.Type

/** The query of auto-complete-branches: the delivery and the typed `term` (1..100 characters). */
export const AutoCompleteBranchesQuery = Schema.Struct({
  deliveryId: RequiredText,
  term: SearchText
})

/** Decoded type of {@link AutoCompleteBranchesQuery}. */
export type AutoCompleteBranchesQuery = typeof AutoCompleteBranchesQuery.Type

/**
 * The select-delivery-method payload: the delivery, the method kind (§3), the chosen transport (§3 transports /
 * availablePupTransports `id`) and, for a pick-up, the `branchId`.
 */
export const SelectDeliveryMethodPayload = Schema.Struct({
  deliveryId: RequiredText,
  type: DeliveryMethodKind,
  transportId: RequiredText,
  branchId: Schema.optionalKey(RequiredText)
})

/** Decoded type of {@link SelectDeliveryMethodPayload}. */
export type SelectDeliveryMethodPayload = typeof SelectDeliveryMethodPayload.Type

/** The select-delivery-insurance payload: the delivery and whether it is insured. */
export const SelectDeliveryInsurancePayload = Schema.Struct({
  deliveryId: RequiredText,
  selected: Schema.Boolean
})

/** Decoded type of {@link SelectDeliveryInsurancePayload}. */
export type SelectDeliveryInsurancePayload = typeof SelectDeliveryInsurancePayload.Type

/** The select-campaign payload: the campaign (§3 campaignBar `id`) and whether it is chosen. */
export const SelectCampaignPayload = Schema.Struct({
  campaignId: RequiredText,
  selected: Schema.Boolean
})

/** Decoded type of {@link SelectCampaignPayload}. */
export type SelectCampaignPayload = typeof SelectCampaignPayload.Type

/**
 * The clean-selected-delivery payload: the reset `mode` (§4: 1 RESET_ALL, 2 RESET_WITHOUT_PUPS) and optionally the
 * one delivery to reset (all deliveries when absent).
 */
export const CleanSelectedDeliveryPayload = Schema.Struct({
  mode: ResetModeSchema,
  deliveryId: Schema.optionalKey(RequiredText)
})

/** Decoded type of {@link CleanSelectedDeliveryPayload}. */
export type CleanSelectedDeliveryPayload = typeof CleanSelectedDeliveryPayload.Type

/** The delivery-strategy payload: one of the delivery's `availableDeliveryStrategies` (§3). */
export const DeliveryStrategyPayload = Schema.Struct({
  strategy: RequiredText
})

/** Decoded type of {@link DeliveryStrategyPayload}. */
export type DeliveryStrategyPayload = typeof DeliveryStrategyPayload.Type

/** A payload addressing one delivery (`deliveryId`, §3): deselect-delivery. */
export const DeliveryPayload = Schema.Struct({
  deliveryId: RequiredText
})

/** Decoded type of {@link DeliveryPayload}. */
export type DeliveryPayload = typeof DeliveryPayload.Type

/**
 * The delivery-step calls of the new cart API (group `deliveries`). Selections carry {@link CsrfProtection};
 * lookups are plain GETs. Default policy: 5000 ms, GETs retried by the ladder.
 */
export class DeliveriesGroup extends HttpApiGroup.make("deliveries").add(
  HttpApiEndpoint.get("geoSuggestions", `${cartApiPrefix}/geo-suggestions`, {
    query: GeoSuggestionsQuery,
    success: GeoSuggestionsResponse
  }).annotate(OpenApi.Description, "Suggests places for the typed `query`, to centre the branch map."),
  HttpApiEndpoint.get("branchesConfirmAvailability", `${cartApiPrefix}/branches-confirm-availability`, {
    query: BranchesAvailabilityQuery,
    success: BranchesAvailabilityResponse,
    error: NotFound
  }).annotate(
    OpenApi.Description,
    "Confirms which of the branches `branchIds` can serve the delivery. 404 when the delivery is unknown."
  ),
  HttpApiEndpoint.get("branchesBasic", `${cartApiPrefix}/branches-basic`, {
    query: BranchesBasicQuery,
    success: BranchesResponse,
    error: NotFound
  }).annotate(
    OpenApi.Description,
    "Lists the branches of the delivery with their basic data (map markers), with pupTypes, preferred and new branches (§3). 404 when the delivery is unknown."
  ),
  HttpApiEndpoint.get("branchDetail", `${cartApiPrefix}/branch-detail`, {
    query: BranchDetailQuery,
    success: BranchDetailResponse,
    error: NotFound
  }).annotate(OpenApi.Description, "Loads one branch with its details. 404 when the delivery or branch is unknown."),
  HttpApiEndpoint.post("selectDeliveryMethod", `${cartApiPrefix}/select-delivery-method`, {
    payload: SelectDeliveryMethodPayload,
    success: DeliveryResponse,
    error: NotFound
  })
    .middleware(CsrfProtection)
    .annotate(
      OpenApi.Description,
      "Selects the delivery method `type` with the transport (and branch) for the delivery. A refused selection is a 200 with the server's flash messages (§8). 404 when the delivery is unknown."
    ),
  HttpApiEndpoint.post("selectDeliveryInsurance", `${cartApiPrefix}/select-delivery-insurance`, {
    payload: SelectDeliveryInsurancePayload,
    success: DeliveryResponse,
    error: NotFound
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Adds or removes the insurance of the delivery. 404 when the delivery is unknown."),
  HttpApiEndpoint.post("selectCampaign", `${cartApiPrefix}/select-campaign`, {
    payload: SelectCampaignPayload,
    success: DeliveryResponse
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Chooses or drops the campaign of the campaign bar (§3 campaignBar)."),
  HttpApiEndpoint.post("cleanSelectedDelivery", `${cartApiPrefix}/clean-selected-delivery`, {
    payload: CleanSelectedDeliveryPayload,
    success: DeliveryResponse
  })
    .middleware(CsrfProtection)
    .annotate(
      OpenApi.Description,
      "Clears the selected delivery methods by reset `mode` (§4: 1 RESET_ALL clears all, 2 RESET_WITHOUT_PUPS keeps pick-up point selections), of one delivery or of all."
    ),
  HttpApiEndpoint.post("deliveryStrategy", `${cartApiPrefix}/delivery-strategy`, {
    payload: DeliveryStrategyPayload,
    success: DeliveryResponse
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Chooses one of the available delivery strategies (§3 availableDeliveryStrategies)."),
  HttpApiEndpoint.get("autoCompleteBranches", `${cartApiPrefix}/auto-complete-branches`, {
    query: AutoCompleteBranchesQuery,
    success: BranchesResponse,
    error: NotFound
  }).annotate(OpenApi.Description, "Finds branches of the delivery whose name or address matches `term`. 404 when the delivery is unknown."),
  HttpApiEndpoint.get("checkDeliveryMethod", `${cartApiPrefix}/check-delivery-method`, {
    query: DeliveryQuery,
    success: DeliveryResponse,
    error: NotFound
  }).annotate(
    OpenApi.Description,
    "Checks that the selected method of the delivery is still available; answers the deliveries as they now are. 404 when the delivery is unknown."
  ),
  HttpApiEndpoint.get("customerHistory", `${cartApiPrefix}/customer-history`, {
    query: DeliveryQuery,
    success: DeliveryResponse,
    error: [LoginRequired, NotFound]
  }).annotate(
    OpenApi.Description,
    "Loads the branches the customer used before for the delivery (§3 customerHistory). Needs a logged-in or waiting-for-confirmation customer (401 otherwise, §6)."
  ),
  HttpApiEndpoint.post("deselectDelivery", `${cartApiPrefix}/deselect-delivery`, {
    payload: DeliveryPayload,
    success: DeliveryResponse,
    error: NotFound
  })
    .middleware(CsrfProtection)
    .annotate(OpenApi.Description, "Clears the selected method of one delivery. 404 when the delivery is unknown.")
) {}
