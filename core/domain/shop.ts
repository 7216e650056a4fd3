/**
 * The shop table (spec §2, §9): every difference between the shops of the storefront is a field of
 * one row here, never a conditional scattered through the code.
 *
 * @module
 */

/** Countries served, in the order of the spec's country mapping (§9). */
export const countries = ["CZ", "HR", "HU", "PL", "SI", "SK"] as const

/** A country served by a shop. */
export type Country = (typeof countries)[number]

/** Currencies the shops price in. */
export const currencies = ["CZK", "EUR", "HUF", "PLN"] as const

/** An ISO 4217 currency code used by a shop. */
export type Currency = (typeof currencies)[number]

/** Shop ids. SI10SI, CZ10MA, PL10MA and PL20MA are the spec's (§9); SK10MA, HR10MA, HU10MA are ours. */
export const shopIds = ["CZ10MA", "SK10MA", "HR10MA", "HU10MA", "PL10MA", "PL20MA", "SI10SI"] as const

/** A shop id. */
export type ShopId = (typeof shopIds)[number]

/** The named URLs every shop configures (§2), plus the cart and wishlist url keys. */
export const urlKeyNames = [
  "login",
  "logout",
  "register",
  "passwordRecovery",
  "clientMyAccount",
  "clientPurchaseList",
  "clientDigitalContent",
  "orderTracking",
  "clientLoyaltyClubs",
  "clientWishlist",
  "clientWatchdog",
  "clientVipClub",
  "clientQuestionaireList",
  "clientRankingList",
  "manageCardList",
  "cart",
  "wishlist"
] as const

/** The name of a configured URL. */
export type UrlKeyName = (typeof urlKeyNames)[number]

/** The url path of each named URL in one shop, starting with `/`. */
export type UrlKeys = { readonly [K in UrlKeyName]: string }

/** Features a shop may switch on (§2 account menu). */
export interface ShopFeatures {
  /** The customer can buy and download digital content (licence keys). */
  readonly digitalContent: boolean
  /** The shop runs loyalty clubs. */
  readonly loyaltyClubs: boolean
  /** The customer can manage saved payment cards. */
  readonly cardManagement: boolean
  /** The account menu offers the VIP club (§2: only SI10SI). */
  readonly vipClub: boolean
  /** The account menu offers questionnaires (§2: only CZ10MA). */
  readonly questionnaires: boolean
  /** The account menu shows the account data link (§2: hidden for PL10MA and PL20MA). */
  readonly accountData: boolean
  /** The contact page shows an order-tracking help link (§2: the Czech shop). */
  readonly contactOrderTrackingHelp: boolean
  /** The business billing form asks for a company registration number (§3: hidden for HR). */
  readonly companyRegistrationNumber: boolean
}

/** Payment differences of a shop (§5). */
export interface PaymentQuirks {
  /** Pairs `[removed, when]`: the method `removed` is dropped when `when` is offered too (SI: SIU_c when SIU_cw). */
  readonly removedWhenPresent: ReadonlyArray<readonly [string, string]>
  /** Methods dropped from the list when the server marks them disabled (CZ: CZ0). */
  readonly removedWhenDisabled: ReadonlyArray<string>
}

/** A geographic point. */
export interface GeoPoint {
  /** Latitude in degrees. */
  readonly lat: number
  /** Longitude in degrees. */
  readonly lng: number
}

/** One row of the shop table. */
export interface Shop {
  /** The shop id (§9). */
  readonly shopId: ShopId
  /** The country the shop serves. */
  readonly country: Country
  /** The currency prices are shown in. */
  readonly currency: Currency
  /** BCP 47 locale for Intl formatting of prices, numbers and plurals. */
  readonly locale: string
  /** ISO 639-1 language of the shop's texts. */
  readonly language: string
  /** Numeric language id the shop API expects as `languageId`. */
  readonly languageId: number
  /** Human name of the shop. */
  readonly name: string
  /** Paths of the named URLs (§2). */
  readonly urlKeys: UrlKeys
  /** Switched-on features (§2). */
  readonly features: ShopFeatures
  /** Payment differences (§5). */
  readonly payments: PaymentQuirks
  /** Display pattern of a postal code, `#` standing for one digit (§5: CZ `### ##`, PL `##-###`). */
  readonly zipPattern: string
  /** Map centre used when the shopper's location is unknown (§9: values not shown, ours are the capitals). */
  readonly fallbackLocation: GeoPoint
}

const noPaymentQuirks: PaymentQuirks = { removedWhenPresent: [], removedWhenDisabled: [] }

const czechUrlKeys: UrlKeys = {
  login: "/prihlaseni",
  logout: "/odhlaseni",
  register: "/registrace",
  passwordRecovery: "/zapomenute-heslo",
  clientMyAccount: "/muj-ucet",
  clientPurchaseList: "/muj-ucet/objednavky",
  clientDigitalContent: "/muj-ucet/digitalni-obsah",
  orderTracking: "/sledovani-objednavky",
  clientLoyaltyClubs: "/muj-ucet/vernostni-kluby",
  clientWishlist: "/muj-ucet/oblibene",
  clientWatchdog: "/muj-ucet/hlidaci-pes",
  clientVipClub: "/muj-ucet/vip-klub",
  clientQuestionaireList: "/muj-ucet/dotazniky",
  clientRankingList: "/muj-ucet/hodnoceni",
  manageCardList: "/muj-ucet/platebni-karty",
  cart: "/kosik",
  wishlist: "/oblibene"
}

const slovakUrlKeys: UrlKeys = {
  login: "/prihlasenie",
  logout: "/odhlasenie",
  register: "/registracia",
  passwordRecovery: "/zabudnute-heslo",
  clientMyAccount: "/moj-ucet",
  clientPurchaseList: "/moj-ucet/objednavky",
  clientDigitalContent: "/moj-ucet/digitalny-obsah",
  orderTracking: "/sledovanie-objednavky",
  clientLoyaltyClubs: "/moj-ucet/vernostne-kluby",
  clientWishlist: "/moj-ucet/oblubene",
  clientWatchdog: "/moj-ucet/strazny-pes",
  clientVipClub: "/moj-ucet/vip-klub",
  clientQuestionaireList: "/moj-ucet/dotazniky",
  clientRankingList: "/moj-ucet/hodnotenia",
  manageCardList: "/moj-ucet/platobne-karty",
  cart: "/kosik",
  wishlist: "/oblubene"
}

const croatianUrlKeys: UrlKeys = {
  login: "/prijava",
  logout: "/odjava",
  register: "/registracija",
  passwordRecovery: "/zaboravljena-lozinka",
  clientMyAccount: "/moj-racun",
  clientPurchaseList: "/moj-racun/narudzbe",
  clientDigitalContent: "/moj-racun/digitalni-sadrzaj",
  orderTracking: "/pracenje-narudzbe",
  clientLoyaltyClubs: "/moj-racun/klubovi-vjernosti",
  clientWishlist: "/moj-racun/lista-zelja",
  clientWatchdog: "/moj-racun/cuvar-cijena",
  clientVipClub: "/moj-racun/vip-klub",
  clientQuestionaireList: "/moj-racun/upitnici",
  clientRankingList: "/moj-racun/recenzije",
  manageCardList: "/moj-racun/platne-kartice",
  cart: "/kosarica",
  wishlist: "/lista-zelja"
}

const hungarianUrlKeys: UrlKeys = {
  login: "/bejelentkezes",
  logout: "/kijelentkezes",
  register: "/regisztracio",
  passwordRecovery: "/elfelejtett-jelszo",
  clientMyAccount: "/fiokom",
  clientPurchaseList: "/fiokom/rendelesek",
  clientDigitalContent: "/fiokom/digitalis-tartalom",
  orderTracking: "/rendeles-kovetese",
  clientLoyaltyClubs: "/fiokom/husegklubok",
  clientWishlist: "/fiokom/kivansaglista",
  clientWatchdog: "/fiokom/arfigyelo",
  clientVipClub: "/fiokom/vip-klub",
  clientQuestionaireList: "/fiokom/kerdoivek",
  clientRankingList: "/fiokom/ertekelesek",
  manageCardList: "/fiokom/bankkartyak",
  cart: "/kosar",
  wishlist: "/kivansaglista"
}

const polishUrlKeys: UrlKeys = {
  login: "/logowanie",
  logout: "/wyloguj",
  register: "/rejestracja",
  passwordRecovery: "/odzyskiwanie-hasla",
  clientMyAccount: "/moje-konto",
  clientPurchaseList: "/moje-konto/zamowienia",
  clientDigitalContent: "/moje-konto/tresci-cyfrowe",
  orderTracking: "/sledzenie-zamowienia",
  clientLoyaltyClubs: "/moje-konto/kluby-lojalnosciowe",
  clientWishlist: "/moje-konto/ulubione",
  clientWatchdog: "/moje-konto/obserwowane",
  clientVipClub: "/moje-konto/klub-vip",
  clientQuestionaireList: "/moje-konto/ankiety",
  clientRankingList: "/moje-konto/opinie",
  manageCardList: "/moje-konto/karty-platnicze",
  cart: "/koszyk",
  wishlist: "/ulubione"
}

const slovenianUrlKeys: UrlKeys = {
  login: "/prijava",
  logout: "/odjava",
  register: "/registracija",
  passwordRecovery: "/pozabljeno-geslo",
  clientMyAccount: "/moj-racun",
  clientPurchaseList: "/moj-racun/narocila",
  clientDigitalContent: "/moj-racun/digitalne-vsebine",
  orderTracking: "/sledenje-narocilu",
  clientLoyaltyClubs: "/moj-racun/klubi-zvestobe",
  clientWishlist: "/moj-racun/seznam-zelja",
  clientWatchdog: "/moj-racun/cuvaj-cen",
  clientVipClub: "/moj-racun/vip-klub",
  clientQuestionaireList: "/moj-racun/vprasalniki",
  clientRankingList: "/moj-racun/ocene",
  manageCardList: "/moj-racun/placilne-kartice",
  cart: "/kosarica",
  wishlist: "/seznam-zelja"
}

const baseFeatures: ShopFeatures = {
  digitalContent: false,
  loyaltyClubs: false,
  cardManagement: false,
  vipClub: false,
  questionnaires: false,
  accountData: true,
  contactOrderTrackingHelp: false,
  companyRegistrationNumber: true
}

/** The shop table: one row per shop id. */
export const shops: { readonly [K in ShopId]: Shop & { readonly shopId: K } } = {
  CZ10MA: {
    shopId: "CZ10MA",
    country: "CZ",
    currency: "CZK",
    locale: "cs-CZ",
    language: "cs",
    languageId: 1,
    name: "Česko",
    urlKeys: czechUrlKeys,
    features: {
      ...baseFeatures,
      digitalContent: true,
      loyaltyClubs: true,
      cardManagement: true,
      questionnaires: true,
      contactOrderTrackingHelp: true
    },
    payments: { removedWhenPresent: [], removedWhenDisabled: ["CZ0"] },
    zipPattern: "### ##",
    fallbackLocation: { lat: 50.0755, lng: 14.4378 }
  },
  SK10MA: {
    shopId: "SK10MA",
    country: "SK",
    currency: "EUR",
    locale: "sk-SK",
    language: "sk",
    languageId: 2,
    name: "Slovensko",
    urlKeys: slovakUrlKeys,
    features: { ...baseFeatures, digitalContent: true, loyaltyClubs: true },
    payments: noPaymentQuirks,
    zipPattern: "### ##",
    fallbackLocation: { lat: 48.1486, lng: 17.1077 }
  },
  HR10MA: {
    shopId: "HR10MA",
    country: "HR",
    currency: "EUR",
    locale: "hr-HR",
    language: "hr",
    languageId: 5,
    name: "Hrvatska",
    urlKeys: croatianUrlKeys,
    features: { ...baseFeatures, companyRegistrationNumber: false },
    payments: noPaymentQuirks,
    zipPattern: "#####",
    fallbackLocation: { lat: 45.815, lng: 15.9819 }
  },
  HU10MA: {
    shopId: "HU10MA",
    country: "HU",
    currency: "HUF",
    locale: "hu-HU",
    language: "hu",
    languageId: 4,
    name: "Magyarország",
    urlKeys: hungarianUrlKeys,
    features: { ...baseFeatures, loyaltyClubs: true },
    payments: noPaymentQuirks,
    zipPattern: "####",
    fallbackLocation: { lat: 47.4979, lng: 19.0402 }
  },
  PL10MA: {
    shopId: "PL10MA",
    country: "PL",
    currency: "PLN",
    locale: "pl-PL",
    language: "pl",
    languageId: 3,
    name: "Polska",
    urlKeys: polishUrlKeys,
    features: { ...baseFeatures, cardManagement: true, accountData: false },
    payments: noPaymentQuirks,
    zipPattern: "##-###",
    fallbackLocation: { lat: 52.2297, lng: 21.0122 }
  },
  PL20MA: {
    shopId: "PL20MA",
    country: "PL",
    currency: "PLN",
    locale: "pl-PL",
    language: "pl",
    languageId: 3,
    name: "Polska (marketplace)",
    urlKeys: polishUrlKeys,
    features: { ...baseFeatures, accountData: false },
    payments: noPaymentQuirks,
    zipPattern: "##-###",
    fallbackLocation: { lat: 52.2297, lng: 21.0122 }
  },
  SI10SI: {
    shopId: "SI10SI",
    country: "SI",
    currency: "EUR",
    locale: "sl-SI",
    language: "sl",
    languageId: 6,
    name: "Slovenija",
    urlKeys: slovenianUrlKeys,
    features: { ...baseFeatures, vipClub: true },
    payments: { removedWhenPresent: [["SIU_c", "SIU_cw"]], removedWhenDisabled: [] },
    zipPattern: "####",
    fallbackLocation: { lat: 46.0569, lng: 14.5058 }
  }
}

/** Every row of the shop table, in table order. */
export const allShops: ReadonlyArray<Shop> = shopIds.map((id) => shops[id])

/** Whether a string is a known shop id. */
export const isShopId = (value: string): value is ShopId => (shopIds as ReadonlyArray<string>).includes(value)

/** The shop row for an id. */
export const shopById = (shopId: ShopId): Shop => shops[shopId]

/** The shop rows of a country (PL has two). */
export const shopsOfCountry = (country: Country): ReadonlyArray<Shop> => allShops.filter((shop) => shop.country === country)

/** Whether a string is a country of the shop table. */
export const isCountry = (value: string): value is Country => (countries as ReadonlyArray<string>).includes(value)

/**
 * The shop a shop id or a country code names (ours, for scripts and URLs): a shop id (`SK10MA`), or a country
 * (`CZ`, any case) for the country's first shop in table order (`PL` is PL10MA); undefined for anything else.
 */
export const shopOf = (shopIdOrCountry: string): Shop | undefined => {
  const text = shopIdOrCountry.trim()
  if (isShopId(text)) return shopById(text)
  const country = text.toUpperCase()
  return isCountry(country) ? shopsOfCountry(country)[0] : undefined
}

/** The path of a named URL in a shop. */
export const urlOf = (shop: Shop, name: UrlKeyName): string => shop.urlKeys[name]

/** Anchors of the account page (§2: clientMyAccount with #addresses and #detail). */
export type AccountAnchor = "addresses" | "detail"

/** The account page path, optionally at one of its anchors. */
export const accountUrl = (shop: Shop, anchor?: AccountAnchor): string =>
  anchor === undefined ? shop.urlKeys.clientMyAccount : `${shop.urlKeys.clientMyAccount}#${anchor}`

/** The parts of a product needed to link to it. */
export interface ProductLinkParts {
  /** Url key of the product's main category. */
  readonly mainCategoryUrlKey: string
  /** Url of the variant inside its category. */
  readonly variantUrl: string
}

const trimSlashes = (segment: string): string => segment.replace(/^\/+|\/+$/g, "")

/** A product link in the spec's shape `/{mainCategoryUrlKey}/{variantUrl}` (§2), slashes of the parts trimmed. */
export const productLink = (product: ProductLinkParts): string =>
  `/${trimSlashes(product.mainCategoryUrlKey)}/${trimSlashes(product.variantUrl)}`

/** The wishlist detail page after a list is created: `{wishlist-url}-detail/{wishlistId}` (§2). */
export const wishlistDetailUrl = (shop: Shop, wishlistId: number | string): string =>
  `${shop.urlKeys.wishlist}-detail/${wishlistId}`
