/**
 * The shop API contract: every call of spec §7 made on the shop's own origin, as one `HttpApi`.
 * The client is derived from it, the reference server implements it, and the OpenAPI document is
 * generated from it. The product, recently-viewed and tracking APIs live on their own base URLs
 * (see the productApi, recentlyViewedApi and trackingApi modules).
 *
 * @module
 */
import { HttpApi, HttpApiMiddleware, OpenApi } from "effect/http-api"
import type { HttpApiGroup } from "effect/http-api"
import { AccountGroup } from "./account.ts"
import { AccountClubsGroup } from "./accountClubs.ts"
import { AdultContentGroup } from "./adultContent.ts"
import { AvailabilityGroup } from "./availability.ts"
import { BannerGroup } from "./banner.ts"
import { CaptchaGroup } from "./captcha.ts"
import { CatalogueGroup } from "./catalogue.ts"
import { CartGroup } from "./cart.ts"
import { CartApiGroup } from "./cartApi.ts"
import { CartStepGroup } from "./cartStep.ts"
import { ConfirmationGroup } from "./confirmation.ts"
import { ConsentsGroup } from "./consents.ts"
import { ContactGroup } from "./contact.ts"
import { ContentGroup } from "./content.ts"
import { CrossSellGroup } from "./crossSell.ts"
import { DeliveriesGroup } from "./deliveries.ts"
import { DigitalContentGroup } from "./digitalContent.ts"
import { FinancingGroup } from "./financing.ts"
import { declareWalletSupportHeader } from "./headers.ts"
import { LegacyCartGroup } from "./legacyCart.ts"
import { LegalGroup } from "./legal.ts"
import { MenuGroup } from "./menu.ts"
import { NewsletterGroup } from "./newsletter.ts"
import { OrderTrackingGroup } from "./orderTracking.ts"
import { OutletsGroup } from "./outlets.ts"
import { PasswordRecoveryGroup } from "./passwordRecovery.ts"
import { PaymentProviderGroup } from "./paymentProvider.ts"
import { PetFormGroup } from "./petForm.ts"
import { ReviewsGroup } from "./reviews.ts"
import { SearchingGroup } from "./searching.ts"
import { CallPolicy, CurrentSession } from "./security.ts"
import { SessionGroup } from "./session.ts"
import { TagDataGroup } from "./tagData.ts"
import { WidgetsGroup } from "./widgets.ts"
import { LegacyWishlistGroup, WishlistGroup } from "./wishlist.ts"
import { WatchdogGroup } from "./watchdog.ts"

/** Every group of the shop API (a new group of the contract is added here). */
export const shopGroups = [
  SessionGroup,
  WidgetsGroup,
  LegalGroup,
  ContentGroup,
  ContactGroup,
  CaptchaGroup,
  MenuGroup,
  BannerGroup,
  SearchingGroup,
  OutletsGroup,
  AdultContentGroup,
  AccountGroup,
  ConsentsGroup,
  LegacyCartGroup,
  CartGroup,
  CartApiGroup,
  DeliveriesGroup,
  CartStepGroup,
  PaymentProviderGroup,
  LegacyWishlistGroup,
  WishlistGroup,
  DigitalContentGroup,
  OrderTrackingGroup,
  AvailabilityGroup,
  NewsletterGroup,
  ConfirmationGroup,
  FinancingGroup,
  ReviewsGroup,
  TagDataGroup,
  CrossSellGroup,
  CatalogueGroup,
  PasswordRecoveryGroup,
  PetFormGroup,
  WatchdogGroup,
  AccountClubsGroup
] as const

/**
 * The shop API's groups with the middlewares every call runs through (problem details, the current
 * session, the call policy). Named, so the published declaration files state the API's type by name.
 */
export type ShopApiGroups = HttpApiGroup.AddMiddleware<
  HttpApiGroup.AddMiddleware<HttpApiGroup.AddMiddleware<(typeof shopGroups)[number], HttpApiMiddleware.ProblemDetails>, CurrentSession>,
  CallPolicy
>

const shopApi: HttpApi.HttpApi<"shop", ShopApiGroups> = HttpApi.make("shop")
  .add(...shopGroups)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CurrentSession)
  .middleware(CallPolicy)
  .annotateMerge(OpenApi.annotations({ title: "Storefront shop API", version: "1.0.0", transform: declareWalletSupportHeader }))

/** The shop API: every group of the contract served on the shop's origin. */
export class ShopApi extends shopApi {}
