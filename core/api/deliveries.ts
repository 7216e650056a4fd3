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

const GeoSuggestionsQueryFields = {
  query: SearchText
}

/** The schema type of {@link GeoSuggestionsQuery}, named so that declarations refer to it instead of spelling it out. */
export interface GeoSuggestionsQueryStruct extends Schema.Struct<typeof GeoSuggestionsQueryFields> {}

/** The query of geo-suggestions: the place typed by the shopper (`query`, 1..100 characters). */
export const GeoSuggestionsQuery: GeoSuggestionsQueryStruct = Schema.Struct(GeoSuggestionsQueryFields)

/** Decoded type of {@link GeoSuggestionsQuery}. */
export type GeoSuggestionsQuery = typeof GeoSuggestionsQuery.Type

const GeoSuggestionFields = {
  title: SafeString,
  lat: WireNumber,
  lng: WireNumber,
  zip: Schema.optionalKey(WireString)
}

/** The schema type of {@link GeoSuggestion}, named so that declarations refer to it instead of spelling it out. */
export interface GeoSuggestionStruct extends Schema.Struct<typeof GeoSuggestionFields> {}

/** A place suggested for the branch map (shape ours: a `title` and its point). */
export const GeoSuggestion: GeoSuggestionStruct = Schema.Struct(GeoSuggestionFields)

/** Decoded type of {@link GeoSuggestion}. */
export type GeoSuggestion = typeof GeoSuggestion.Type

const GeoSuggestionsResponseFields = {
  ...apiResponseFields,
  suggestions: Schema.optionalKey(Schema.Array(GeoSuggestion))
}

/** The schema type of {@link GeoSuggestionsResponse}, named so that declarations refer to it instead of spelling it out. */
export interface GeoSuggestionsResponseStruct extends Schema.Struct<typeof GeoSuggestionsResponseFields> {}

/** The answer of geo-suggestions: the envelope plus the `suggestions`. */
export const GeoSuggestionsResponse: GeoSuggestionsResponseStruct = Schema.Struct(GeoSuggestionsResponseFields)

/** Decoded type of {@link GeoSuggestionsResponse}. */
export type GeoSuggestionsResponse = typeof GeoSuggestionsResponse.Type

const DeliveryQueryFields = {
  deliveryId: RequiredText
}

/** The schema type of {@link DeliveryQuery}, named so that declarations refer to it instead of spelling it out. */
export interface DeliveryQueryStruct extends Schema.Struct<typeof DeliveryQueryFields> {}

/** A query addressing one delivery (`deliveryId`, §3). */
export const DeliveryQuery: DeliveryQueryStruct = Schema.Struct(DeliveryQueryFields)

/** Decoded type of {@link DeliveryQuery}. */
export type DeliveryQuery = typeof DeliveryQuery.Type

const BranchesAvailabilityQueryFields = {
  deliveryId: RequiredText,
  branchIds: JoinedIdsParam
}

/** The schema type of {@link BranchesAvailabilityQuery}, named so that declarations refer to it instead of spelling it out. */
export interface BranchesAvailabilityQueryStruct extends Schema.Struct<typeof BranchesAvailabilityQueryFields> {}

/** The query of branches-confirm-availability: the delivery and the branch ids joined by commas. */
export const BranchesAvailabilityQuery: BranchesAvailabilityQueryStruct = Schema.Struct(BranchesAvailabilityQueryFields)

/** Decoded type of {@link BranchesAvailabilityQuery}. */
export type BranchesAvailabilityQuery = typeof BranchesAvailabilityQuery.Type

const BranchAvailabilityFields = {
  id: WireString,
  available: Schema.Boolean,
  earliestDate: Schema.optionalKey(EarliestDate)
}

/** The schema type of {@link BranchAvailability}, named so that declarations refer to it instead of spelling it out. */
export interface BranchAvailabilityStruct extends Schema.Struct<typeof BranchAvailabilityFields> {}

/** Whether a branch can serve the delivery, and from when (shape ours). */
export const BranchAvailability: BranchAvailabilityStruct = Schema.Struct(BranchAvailabilityFields)

/** Decoded type of {@link BranchAvailability}. */
export type BranchAvailability = typeof BranchAvailability.Type

const BranchesAvailabilityResponseFields = {
  ...apiResponseFields,
  branches: Schema.optionalKey(Schema.Array(BranchAvailability))
}

/** The schema type of {@link BranchesAvailabilityResponse}, named so that declarations refer to it instead of spelling it out. */
export interface BranchesAvailabilityResponseStruct extends Schema.Struct<typeof BranchesAvailabilityResponseFields> {}

/** The answer of branches-confirm-availability: the envelope plus one {@link BranchAvailability} per branch asked. */
export const BranchesAvailabilityResponse: BranchesAvailabilityResponseStruct = Schema.Struct(BranchesAvailabilityResponseFields)

/** Decoded type of {@link BranchesAvailabilityResponse}. */
export type BranchesAvailabilityResponse = typeof BranchesAvailabilityResponse.Type

const BranchesBasicQueryFields = {
  deliveryId: RequiredText,
  pupTypeId: Schema.optionalKey(RequiredText)
}

/** The schema type of {@link BranchesBasicQuery}, named so that declarations refer to it instead of spelling it out. */
export interface BranchesBasicQueryStruct extends Schema.Struct<typeof BranchesBasicQueryFields> {}

/** The query of branches-basic: the delivery and, optionally, one pick-up type (§3 pupTypes `id`). */
export const BranchesBasicQuery: BranchesBasicQueryStruct = Schema.Struct(BranchesBasicQueryFields)

/** Decoded type of {@link BranchesBasicQuery}. */
export type BranchesBasicQuery = typeof BranchesBasicQuery.Type

const BranchesResponseFields = {
  ...DeliveryResponse.fields,
  branches: Schema.optionalKey(Schema.Array(Branch))
}

/** The schema type of {@link BranchesResponse}, named so that declarations refer to it instead of spelling it out. */
export interface BranchesResponseStruct extends Schema.Struct<typeof BranchesResponseFields> {}

/** The answer of branches-basic and auto-complete-branches: the delivery-step envelope plus the `branches` found. */
export const BranchesResponse: BranchesResponseStruct = Schema.Struct(BranchesResponseFields)

/** Decoded type of {@link BranchesResponse}. */
export type BranchesResponse = typeof BranchesResponse.Type

const BranchDetailQueryFields = {
  deliveryId: RequiredText,
  branchId: RequiredText
}

/** The schema type of {@link BranchDetailQuery}, named so that declarations refer to it instead of spelling it out. */
export interface BranchDetailQueryStruct extends Schema.Struct<typeof BranchDetailQueryFields> {}

/** The query of branch-detail: the delivery and the `branchId`. */
export const BranchDetailQuery: BranchDetailQueryStruct = Schema.Struct(BranchDetailQueryFields)

/** Decoded type of {@link BranchDetailQuery}. */
export type BranchDetailQuery = typeof BranchDetailQuery.Type

const OpeningHoursFields = {
  day: SafeString,
  hours: SafeString
}

/** The schema type of {@link OpeningHours}, named so that declarations refer to it instead of spelling it out. */
export interface OpeningHoursStruct extends Schema.Struct<typeof OpeningHoursFields> {}

/** Opening hours of a branch on one day (shape ours). */
export const OpeningHours: OpeningHoursStruct = Schema.Struct(OpeningHoursFields)

/** Decoded type of {@link OpeningHours}. */
export type OpeningHours = typeof OpeningHours.Type

const BranchDetailFields = {
  ...Branch.fields,
  description: Schema.optionalKey(SafeString),
  openingHours: Schema.optionalKey(Schema.Array(OpeningHours)),
  earliestDate: Schema.optionalKey(EarliestDate)
}

/** The schema type of {@link BranchDetail}, named so that declarations refer to it instead of spelling it out. */
export interface BranchDetailStruct extends Schema.Struct<typeof BranchDetailFields> {}

/** A branch with its details (§3 Branch plus our `description`, `openingHours` and `earliestDate`). */
export const BranchDetail: BranchDetailStruct = Schema.Struct(BranchDetailFields)

/** Decoded type of {@link BranchDetail}. */
export type BranchDetail = typeof BranchDetail.Type

const BranchDetailResponseFields = {
  ...apiResponseFields,
  branch: Schema.optionalKey(BranchDetail)
}

/** The schema type of {@link BranchDetailResponse}, named so that declarations refer to it instead of spelling it out. */
export interface BranchDetailResponseStruct extends Schema.Struct<typeof BranchDetailResponseFields> {}

/** The answer of branch-detail: the envelope plus the `branch`. */
export const BranchDetailResponse: BranchDetailResponseStruct = Schema.Struct(BranchDetailResponseFields)

/** Decoded type of {@link BranchDetailResponse}. */
export type BranchDetailResponse = typeof BranchDetailResponse.Type

const AutoCompleteBranchesQueryFields = {
  deliveryId: RequiredText,
  term: SearchText
}

/** The schema type of {@link AutoCompleteBranchesQuery}, named so that declarations refer to it instead of spelling it out. */
export interface AutoCompleteBranchesQueryStruct extends Schema.Struct<typeof AutoCompleteBranchesQueryFields> {}

/** The query of auto-complete-branches: the delivery and the typed `term` (1..100 characters). */
export const AutoCompleteBranchesQuery: AutoCompleteBranchesQueryStruct = Schema.Struct(AutoCompleteBranchesQueryFields)

/** Decoded type of {@link AutoCompleteBranchesQuery}. */
export type AutoCompleteBranchesQuery = typeof AutoCompleteBranchesQuery.Type

const SelectDeliveryMethodPayloadFields = {
  deliveryId: RequiredText,
  type: DeliveryMethodKind,
  transportId: RequiredText,
  branchId: Schema.optionalKey(RequiredText)
}

/** The schema type of {@link SelectDeliveryMethodPayload}, named so that declarations refer to it instead of spelling it out. */
export interface SelectDeliveryMethodPayloadStruct extends Schema.Struct<typeof SelectDeliveryMethodPayloadFields> {}

/**
 * The select-delivery-method payload: the delivery, the method kind (§3), the chosen transport (§3 transports /
 * availablePupTransports `id`) and, for a pick-up, the `branchId`.
 */
export const SelectDeliveryMethodPayload: SelectDeliveryMethodPayloadStruct = Schema.Struct(SelectDeliveryMethodPayloadFields)

/** Decoded type of {@link SelectDeliveryMethodPayload}. */
export type SelectDeliveryMethodPayload = typeof SelectDeliveryMethodPayload.Type

const SelectDeliveryInsurancePayloadFields = {
  deliveryId: RequiredText,
  selected: Schema.Boolean
}

/** The schema type of {@link SelectDeliveryInsurancePayload}, named so that declarations refer to it instead of spelling it out. */
export interface SelectDeliveryInsurancePayloadStruct extends Schema.Struct<typeof SelectDeliveryInsurancePayloadFields> {}

/** The select-delivery-insurance payload: the delivery and whether it is insured. */
export const SelectDeliveryInsurancePayload: SelectDeliveryInsurancePayloadStruct = Schema.Struct(SelectDeliveryInsurancePayloadFields)

/** Decoded type of {@link SelectDeliveryInsurancePayload}. */
export type SelectDeliveryInsurancePayload = typeof SelectDeliveryInsurancePayload.Type

const SelectCampaignPayloadFields = {
  campaignId: RequiredText,
  selected: Schema.Boolean
}

/** The schema type of {@link SelectCampaignPayload}, named so that declarations refer to it instead of spelling it out. */
export interface SelectCampaignPayloadStruct extends Schema.Struct<typeof SelectCampaignPayloadFields> {}

/** The select-campaign payload: the campaign (§3 campaignBar `id`) and whether it is chosen. */
export const SelectCampaignPayload: SelectCampaignPayloadStruct = Schema.Struct(SelectCampaignPayloadFields)

/** Decoded type of {@link SelectCampaignPayload}. */
export type SelectCampaignPayload = typeof SelectCampaignPayload.Type

const CleanSelectedDeliveryPayloadFields = {
  mode: ResetModeSchema,
  deliveryId: Schema.optionalKey(RequiredText)
}

/** The schema type of {@link CleanSelectedDeliveryPayload}, named so that declarations refer to it instead of spelling it out. */
export interface CleanSelectedDeliveryPayloadStruct extends Schema.Struct<typeof CleanSelectedDeliveryPayloadFields> {}

/**
 * The clean-selected-delivery payload: the reset `mode` (§4: 1 RESET_ALL, 2 RESET_WITHOUT_PUPS) and optionally the
 * one delivery to reset (all deliveries when absent).
 */
export const CleanSelectedDeliveryPayload: CleanSelectedDeliveryPayloadStruct = Schema.Struct(CleanSelectedDeliveryPayloadFields)

/** Decoded type of {@link CleanSelectedDeliveryPayload}. */
export type CleanSelectedDeliveryPayload = typeof CleanSelectedDeliveryPayload.Type

const DeliveryStrategyPayloadFields = {
  strategy: RequiredText
}

/** The schema type of {@link DeliveryStrategyPayload}, named so that declarations refer to it instead of spelling it out. */
export interface DeliveryStrategyPayloadStruct extends Schema.Struct<typeof DeliveryStrategyPayloadFields> {}

/** The delivery-strategy payload: one of the delivery's `availableDeliveryStrategies` (§3). */
export const DeliveryStrategyPayload: DeliveryStrategyPayloadStruct = Schema.Struct(DeliveryStrategyPayloadFields)

/** Decoded type of {@link DeliveryStrategyPayload}. */
export type DeliveryStrategyPayload = typeof DeliveryStrategyPayload.Type

const DeliveryPayloadFields = {
  deliveryId: RequiredText
}

/** The schema type of {@link DeliveryPayload}, named so that declarations refer to it instead of spelling it out. */
export interface DeliveryPayloadStruct extends Schema.Struct<typeof DeliveryPayloadFields> {}

/** A payload addressing one delivery (`deliveryId`, §3): deselect-delivery. */
export const DeliveryPayload: DeliveryPayloadStruct = Schema.Struct(DeliveryPayloadFields)

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
