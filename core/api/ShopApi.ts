/**
 * The shop API contract: every call of spec §7 made on the shop's own origin, as one `HttpApi`.
 * The client is derived from it, the reference server implements it, and the OpenAPI document is
 * generated from it. The product, recently-viewed and tracking APIs live on their own base URLs
 * (see the productApi, recentlyViewedApi and trackingApi modules).
 *
 * @module
 */
import { HttpApi, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { AccountGroup } from "./account.ts"
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
import { PaymentProviderGroup } from "./paymentProvider.ts"
import { ReviewsGroup } from "./reviews.ts"
import { SearchingGroup } from "./searching.ts"
import { CallPolicy, CurrentSession } from "./security.ts"
import { SessionGroup } from "./session.ts"
import { TagDataGroup } from "./tagData.ts"
import { WidgetsGroup } from "./widgets.ts"
import { LegacyWishlistGroup, WishlistGroup } from "./wishlist.ts"

/** The shop API: every group of the contract served on the shop's origin. */
export class ShopApi extends HttpApi.make("shop")
  .add(SessionGroup)
  .add(WidgetsGroup)
  .add(LegalGroup)
  .add(ContentGroup)
  .add(ContactGroup)
  .add(CaptchaGroup)
  .add(MenuGroup)
  .add(BannerGroup)
  .add(SearchingGroup)
  .add(OutletsGroup)
  .add(AdultContentGroup)
  .add(AccountGroup)
  .add(ConsentsGroup)
  .add(LegacyCartGroup)
  .add(CartGroup)
  .add(CartApiGroup)
  .add(DeliveriesGroup)
  .add(CartStepGroup)
  .add(PaymentProviderGroup)
  .add(LegacyWishlistGroup)
  .add(WishlistGroup)
  .add(DigitalContentGroup)
  .add(OrderTrackingGroup)
  .add(AvailabilityGroup)
  .add(NewsletterGroup)
  .add(ConfirmationGroup)
  .add(FinancingGroup)
  .add(ReviewsGroup)
  .add(TagDataGroup)
  .add(CrossSellGroup)
  .add(CatalogueGroup)
  .middleware(HttpApiMiddleware.ProblemDetails)
  .middleware(CurrentSession)
  .middleware(CallPolicy)
  .annotateMerge(OpenApi.annotations({ title: "Storefront shop API", version: "1.0.0", transform: declareWalletSupportHeader }))
{}
