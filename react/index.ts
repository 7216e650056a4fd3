/**
 * React 19 bindings of the storefront core: accessible components that render the core's rules and
 * never decide one themselves.
 *
 * @module
 */
export { QuantityInput, type QuantityInputLabels, type QuantityInputProps } from "./QuantityInput.tsx"
export * from "./components/forms/index.ts"
export {
  StorefrontProvider,
  useStorefront,
  type InitialState,
  type StorefrontContextValue,
  type StorefrontProviderProps,
  type StorefrontRuntime,
  type ServicesModule,
  type RunOptions,
  deferredStartMs
} from "./storefront/StorefrontProvider.tsx"
export {
  useCart,
  useCartActions,
  useCartEntity,
  useCartLine,
  useCartLineIds,
  useCheckout,
  useConsent,
  useCustomer,
  useOutlets,
  useRun,
  useRunWith,
  useWidgets,
  useWishlists,
  type CartActions,
  type CheckoutHandle,
  type CustomerHandle,
  type OutletActions,
  type ServiceHandle
} from "./storefront/hooks.ts"
export {
  accountStateAtom,
  cartStateAtom,
  checkoutStateAtom,
  consentStateAtom,
  outletsStateAtom,
  widgetsStateAtom,
  wishlistStateAtom,
  type WithInitialValue
} from "./storefront/atoms.ts"
export { followState, type JotaiStore } from "./storefront/bridge.ts"
export { browserStorageLayer } from "./storefront/browserStorage.ts"
export { browserDataLayerLayer, windowDataLayer } from "./storefront/dataLayer.ts"
export {
  promoClickEventName,
  useCheckoutStepTracking,
  useOncePerKey,
  useProductViewTracking,
  useSearchTracking,
  useTracking,
  useTrackingAllowed,
  type TrackingActions
} from "./storefront/tracking.ts"
/** The Effect half of the bindings (services, runtime, start), loaded by the provider after hydration. */
export * as Services from "./storefront/services.ts"
export {
  LinkProvider,
  PlainLink,
  useLink,
  useShopText,
  type LinkComponent,
  type LinkProps,
  type ShopText
} from "./storefront/text.tsx"
export {
  ImageWidthsProvider,
  imageSources,
  ResponsiveImage,
  srcSetWidths,
  useImageSources,
  type ImageDisplay,
  type ImageSources,
  type ResponsiveImageProps,
  type ImageUrlAtWidth
} from "./storefront/images.tsx"
export { Modal, type ModalProps } from "./components/widgets/Modal.tsx"
export { ImageLightbox, ProductGallery, type GalleryImage, type ImageLightboxProps, type ProductGalleryProps } from "./components/widgets/ImageLightbox.tsx"
export { LegalModalView, type LegalModalViewProps } from "./components/widgets/LegalModalView.tsx"
export { LegalConditions, type LegalConditionsProps } from "./components/widgets/LegalConditions.tsx"
export { AdultContentGate, type AdultContentGateProps } from "./components/widgets/AdultGate.tsx"
export { AdultGateView, type AdultGateViewProps } from "./components/widgets/AdultGateView.tsx"
export {
  ConsentPanel,
  ConsentPanelView,
  consentModalTargets,
  DataProtectionModal,
  type ConsentModalTargets,
  type ConsentPanelProps,
  type ConsentPanelViewProps
} from "./components/widgets/Consent.tsx"
export { DataProtectionModalView, type DataProtectionModalViewProps } from "./components/widgets/DataProtectionModalView.tsx"
export { BannerSlider, type BannerSliderProps } from "./components/widgets/BannerSlider.tsx"
export { Carousel, carouselItemsPerView, type CarouselProps } from "./components/widgets/Carousel.tsx"
export { useDevice, type UseDeviceOptions } from "./components/widgets/useDevice.ts"
export { TrustedHtml, type TrustedHtmlProps } from "./components/widgets/TrustedHtml.tsx"
export { FaviconLinks } from "./components/widgets/FaviconLinks.tsx"
export { faviconLinks, faviconRelations, safeLinkSchemes, safeUrl, sanitizeHtml, type FaviconLink } from "./components/widgets/sanitizeHtml.ts"
export {
  captchaCallbackName,
  ImageCaptcha,
  ImageCaptchaView,
  InvisibleCaptcha,
  type ImageCaptchaViewProps,
  type InvisibleCaptchaProps
} from "./components/widgets/Captcha.tsx"
export {
  Availability,
  Price,
  ProductCard,
  VariantCard,
  variantImageSize,
  type AvailabilityProps,
  type PriceProps,
  type ProductCardProps
} from "./components/widgets/ProductCard.tsx"
export { AddToCartButton, AddToWishlistButton, type AddToCartButtonProps, type AddToWishlistButtonProps } from "./components/widgets/BuyButtons.tsx"
export { RecentlyViewed, Recommendations, type RecentlyViewedProps, type RecommendationsProps } from "./components/widgets/ProductLists.tsx"
export { ProductReviews, type ProductReviewsProps } from "./components/widgets/Reviews.tsx"
export * from "./components/header/index.ts"
export { Accordion, type AccordionProps } from "./components/Accordion.tsx"
export { BackToTop, type BackToTopProps } from "./components/BackToTop.tsx"
export { FlashMessageList, FlashMessages, type FlashMessageListProps, type FlashMessagesProps } from "./components/FlashMessages.tsx"
export {
  ArrowIcon,
  CardBrandIcon,
  cardBrands,
  CartIcon,
  HeartIcon,
  HelpIcon,
  MenuIcon,
  SearchIcon,
  SmileyIcon,
  ThumbsUpIcon,
  UserIcon,
  type ArrowDirection,
  type CardBrand,
  type IconProps
} from "./components/icons.tsx"
export { Spinner, type SpinnerProps } from "./components/Spinner.tsx"
export { CartLineRow, CartLines, CartLineView, type CartLineActions } from "./components/checkout/CartLines.tsx"
export { DiscountCodes, type DiscountCodesProps } from "./components/checkout/DiscountCodes.tsx"
export { CheckoutSteps, useStepTitle } from "./components/checkout/CheckoutSteps.tsx"
export { Confirmation, type ConfirmationProps } from "./components/checkout/Confirmation.tsx"
export { CustomerStep, type CustomerStepProps } from "./components/checkout/CustomerStep.tsx"
export { AddressFields, type AddressFieldsProps } from "./components/checkout/AddressFields.tsx"
export { useCustomerActions, type CustomerActions, type Registration } from "./components/checkout/customerActions.ts"
export { ShippingStep, type ShippingStepProps } from "./components/checkout/ShippingStep.tsx"
export { DeliveryChoice, type DeliveryChoiceProps } from "./components/checkout/DeliveryChoice.tsx"
export { PaymentChoice, type PaymentChoiceProps } from "./components/checkout/PaymentChoice.tsx"
export { PickupPointPicker, listedBranchCount, type PickupPointPickerProps } from "./components/checkout/PickupPointPicker.tsx"
export { PostOutletPicker, type PostOutletPickerProps } from "./components/checkout/PostOutletPicker.tsx"
export type { MapBranch, PickupMapProps, TileSource } from "./components/checkout/PickupMap.tsx"
export { useShippingActions, type DeliverySelection, type ShippingActions } from "./components/checkout/shippingActions.ts"
export * from "./components/account/index.ts"
export { FloatingBanner, type FloatingBannerProps } from "./components/widgets/FloatingBanner.tsx"
export { FooterMenu, footerAccordionConfig, footerMenuGroups, type FooterGroup, type FooterLink, type FooterMenuProps } from "./components/footer/FooterMenu.tsx"
export { HidingHeader, type HidingHeaderProps } from "./components/header/HidingHeader.tsx"
export { SearchCombobox, type SearchComboboxProps } from "./components/header/SearchCombobox.tsx"
export { ItemParams, type ItemParamsProps } from "./components/ItemParams.tsx"
export { LocalDate, useUiLocale, type LocalDateProps } from "./components/LocalDate.tsx"
export { PageRequests, useDrawerRequests, pageRequestsAtom, drawerRequestAtom, deliverSignal, type PageRequest, type PageRequestsProps, type DrawerRequest, type ReloadFlag, type SignalTarget } from "./storefront/signals.tsx"
export { LoadState, CartLoadState, CheckoutLoadState, type LoadStateProps } from "./components/checkout/LoadState.tsx"
export { PaymentProviderStatus, type PaymentProviderStatusProps } from "./components/checkout/PaymentProviderStatus.tsx"
export {
  PaymentProviderScreens,
  type PaymentProviderScreensProps,
  type ProviderScreenProps,
  ProviderDataForm,
  ProviderOtpForm,
  type ProviderOtpFormProps,
  ProviderTerms,
  RevolvingOfferDetail,
  type RevolvingOfferDetailProps
} from "./components/checkout/ProviderScreens.tsx"
export { type ProviderActions, useProviderActions } from "./components/checkout/providerActions.ts"
export { SearchResults, type SearchResultsProps } from "./components/widgets/SearchResults.tsx"
