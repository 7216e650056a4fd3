/**
 * The reference shop backend as one routes layer: the whole shop API contract (HttpApiBuilder over
 * `ShopApi`, OpenAPI at /api/openapi.json), the product, recently-viewed and tracking APIs under
 * their prefixes, the live-data stream, product images and the tracking-events page, all behind the hardening
 * middleware (request ids, 5xx log, body cap, security headers). Serve it with
 * Node (`main.ts`) or in-process with `HttpRouter.toWebHandler` (tests).
 *
 * @module
 */
import { Layer } from "effect"
import { HttpApiBuilder, HttpApiMiddleware } from "effect/http-api"
import { ShopApi } from "../../../core/api/ShopApi.ts"
import { ReadCache } from "../db/ReadCache.ts"
import { AccountHandlers } from "../handlers/account.ts"
import { AdultContentHandlers } from "../handlers/adultContent.ts"
import { AvailabilityHandlers } from "../handlers/availability.ts"
import { BannerHandlers } from "../handlers/banner.ts"
import { CaptchaHandlers } from "../handlers/captcha.ts"
import { CartHandlers } from "../handlers/cart.ts"
import { CartApiHandlers } from "../handlers/cartApi.ts"
import { CartStepHandlers } from "../handlers/cartStep.ts"
import { CatalogueHandlers } from "../handlers/catalogue.ts"
import { ConfirmationHandlers } from "../handlers/confirmation.ts"
import { ConsentsHandlers } from "../handlers/consents.ts"
import { ContactHandlers } from "../handlers/contact.ts"
import { ContentHandlers } from "../handlers/content.ts"
import { CrossSellHandlers } from "../handlers/crossSell.ts"
import { DeliveriesHandlers } from "../handlers/deliveries.ts"
import { DigitalContentHandlers } from "../handlers/digitalContent.ts"
import { FinancingHandlers } from "../handlers/financing.ts"
import { LegacyCartHandlers } from "../handlers/legacyCart.ts"
import { LegalHandlers } from "../handlers/legal.ts"
import { MenuHandlers } from "../handlers/menu.ts"
import { NewsletterHandlers } from "../handlers/newsletter.ts"
import { OrderTrackingHandlers } from "../handlers/orderTracking.ts"
import { OutletsHandlers } from "../handlers/outlets.ts"
import { PasswordRecoveryHandlers } from "../handlers/passwordRecovery.ts"
import { PaymentProviderHandlers } from "../handlers/paymentProvider.ts"
import { PetFormHandlers } from "../handlers/petForm.ts"
import { AccountClubsHandlers } from "../handlers/accountClubs.ts"
import { productApiRoutes } from "../handlers/productApi.ts"
import { recentlyViewedApiRoutes } from "../handlers/recentlyViewedApi.ts"
import { ReviewsHandlers } from "../handlers/reviews.ts"
import { SearchingHandlers } from "../handlers/searching.ts"
import { SessionHandlers } from "../handlers/session.ts"
import { TagDataHandlers } from "../handlers/tagData.ts"
import { trackingApiRoutes } from "../handlers/trackingApi.ts"
import { WidgetsHandlers } from "../handlers/widgets.ts"
import { LegacyWishlistHandlers, WishlistHandlers } from "../handlers/wishlist.ts"
import { WatchdogHandlers } from "../handlers/watchdog.ts"
import { AttachmentRoutes } from "./attachments.ts"
import { HardeningLayer } from "./hardening.ts"
import { LiveHub, LiveRoutes } from "./live.ts"
import { MediaRoutes } from "./media.ts"
import { PageRoutes } from "./pages.ts"
import { CallPolicyLive, CsrfProtectionLive, CurrentSessionLive } from "./middleware.ts"
import { TrackingEventsRoutes } from "./trackingEvents.ts"

/** Where the generated OpenAPI document of the shop API is served. */
export const openApiPath = "/api/openapi.json"

/** Every group handler of the shop API. */
export const ShopHandlers = Layer.mergeAll(
  SessionHandlers,
  WidgetsHandlers,
  LegalHandlers,
  ContentHandlers,
  ContactHandlers,
  CaptchaHandlers,
  MenuHandlers,
  BannerHandlers,
  SearchingHandlers,
  OutletsHandlers,
  AdultContentHandlers,
  AccountHandlers,
  ConsentsHandlers,
  LegacyCartHandlers,
  CartHandlers,
  CartApiHandlers,
  DeliveriesHandlers,
  CartStepHandlers,
  PaymentProviderHandlers,
  LegacyWishlistHandlers,
  WishlistHandlers,
  DigitalContentHandlers,
  OrderTrackingHandlers,
  AvailabilityHandlers,
  NewsletterHandlers,
  ConfirmationHandlers,
  FinancingHandlers,
  ReviewsHandlers,
  TagDataHandlers,
  CrossSellHandlers,
  CatalogueHandlers,
  PasswordRecoveryHandlers,
  PetFormHandlers,
  WatchdogHandlers,
  AccountClubsHandlers
)

/** The shop API's routes: the contract, its handlers and the server middleware. */
export const ShopApiRoutes = HttpApiBuilder.layer(ShopApi, { openapiPath: openApiPath }).pipe(
  Layer.provide(ShopHandlers),
  Layer.provide([
    CurrentSessionLive,
    CsrfProtectionLive,
    CallPolicyLive,
    HttpApiMiddleware.layerProblemDetails({ includeDetails: true })
  ])
)

/**
 * All routes of the reference backend. Needs the database (SqlClient + Database) and the HTTP
 * platform services.
 */
export const AppRoutes = Layer.mergeAll(
  ShopApiRoutes,
  productApiRoutes(),
  recentlyViewedApiRoutes(),
  trackingApiRoutes(),
  LiveRoutes,
  MediaRoutes,
  TrackingEventsRoutes,
  AttachmentRoutes,
  PageRoutes,
  HardeningLayer
).pipe(Layer.provide([LiveHub.layer, ReadCache.layer]))
