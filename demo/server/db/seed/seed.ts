/**
 * The deterministic demo data of the reference shop, written on first start (when the `shops` table
 * is empty). Every value comes from the shop table (core/domain/shop.ts), the vocabulary in
 * `data.ts` and a seeded PRNG, and every timestamp is counted from {@link seedEpoch}, so two runs
 * produce identical databases ({@link seedChecksum} proves it). No `Math.random`, no clock, no
 * external URL: images are `media` rows rendered on request (`images.ts`).
 *
 * Per shop: 34 categories (9 top, 25 leaves) with local url keys, 320 products with 1-6 variants
 * each (COLOR with a swatch and more parameters, images, a price in the shop's currency, stock with
 * some zero and some low), marketplace partners, digital content, bundle offers, bonus sets, 90
 * branches (cash-and-carry shops, privileged boxes, partner pick-up points, post outlets), 8
 * delivery methods, the spec's billing methods, discount codes and gift certificates, banners with
 * slides, menus, the contact topic tree, legal texts and the demo customers of {@link demoAccounts}.
 *
 * @module
 */
import { createHash } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { allShops, type Country, type Currency, type Shop } from "../../../../core/domain/shop.ts"
import { formatZip } from "../../../../core/domain/zip.ts"
import { shopPagesOf } from "../../../../core/domain/shopPages.ts"
import { hashPasswordWithSalt } from "../password.ts"
import { seedDemoClubs } from "../migrations/0016_account_clubs.ts"
import {
  billingDefs,
  branchWords,
  bundleTitles,
  categoryTree,
  cities,
  colors,
  companySuffix,
  contactTopics,
  deliveryDefs,
  descriptionTemplate,
  discountTitles,
  discountWords,
  emailDomain,
  floatingBannerTitle,
  formatPostAddress,
  type LeafDef,
  paramDefs,
  partnerNames,
  people,
  phonePrefix,
  promoWord,
  pupTypeDefs,
  slugify,
  streets,
  texts,
  type TopicDef,
  tr,
  vatRates
} from "./data.ts"
import { mediaUrl } from "./images.ts"
import { makeRng, type Rng } from "./prng.ts"

/** The instant all seeded timestamps count from: 2025-01-01T00:00:00Z. */
export const seedEpoch = Date.UTC(2025, 0, 1)

/** The password of every demo account. */
export const demoPassword = "demo1234"

/** Products seeded per shop. */
export const productsPerShop = 320

/** A demo account, created in every shop with the e-mail `{key}@example.{cz|sk|hr|hu|pl|si}`. */
export interface DemoAccount {
  /** The local part of the e-mail. */
  readonly key: string
  /** What the account demonstrates. */
  readonly description: string
  /** '1' silver, '2' gold (§3). */
  readonly status: "1" | "2"
  /** The VIP program, if any. */
  readonly vipType: "vip_program" | "vip_plus_program" | null
  /** The loyalty club state, if any. */
  readonly loyaltyClub: "registered" | "trial" | null
  /** The account waits for e-mail confirmation (may still go to shipping). */
  readonly waitingForConfirmation: boolean
  /** Adult content is allowed without the gate. */
  readonly adultAllowed: boolean
  /** The shop's current legal text is not approved: the legal modal shows. */
  readonly unclearedLegal: boolean
  /** The account has billing and shipping addresses. */
  readonly hasAddresses: boolean
  /** Consent codes this account has NOT given (all others are true). */
  readonly missingConsents: ReadonlyArray<string>
}

/** The demo accounts (guests need no account). Password: {@link demoPassword}. */
export const demoAccounts: ReadonlyArray<DemoAccount> = [
  { key: "silver", description: "logged-in, status silver; billing profile not editable; no personal-collection consent (data-protection modal shows); 2 wishlist items", status: "1", vipType: null, loyaltyClub: null, waitingForConfirmation: false, adultAllowed: false, unclearedLegal: false, hasAddresses: true, missingConsents: ["gdpr_personal_collection"] },
  { key: "gold", description: "logged-in, status gold; personal and business billing profiles, two shipping addresses; wishlists (7 + 2 items); two past orders and an order of a digital product (licence keys); two watchdogs; reviews of bought products, one still to rate; a licence key", status: "2", vipType: null, loyaltyClub: null, waitingForConfirmation: false, adultAllowed: false, unclearedLegal: false, hasAddresses: true, missingConsents: [] },
  { key: "vip", description: "VIP (vip_program), gold", status: "2", vipType: "vip_program", loyaltyClub: null, waitingForConfirmation: false, adultAllowed: false, unclearedLegal: false, hasAddresses: true, missingConsents: [] },
  { key: "vip-plus", description: "VIP-plus (vip_plus_program), gold", status: "2", vipType: "vip_plus_program", loyaltyClub: null, waitingForConfirmation: false, adultAllowed: false, unclearedLegal: false, hasAddresses: true, missingConsents: [] },
  { key: "loyalty", description: "loyalty club member (registered)", status: "1", vipType: null, loyaltyClub: "registered", waitingForConfirmation: false, adultAllowed: false, unclearedLegal: false, hasAddresses: true, missingConsents: [] },
  { key: "loyalty-trial", description: "loyalty club in its trial state", status: "1", vipType: null, loyaltyClub: "trial", waitingForConfirmation: false, adultAllowed: false, unclearedLegal: false, hasAddresses: true, missingConsents: [] },
  { key: "waiting", description: "registered, waiting for e-mail confirmation; no addresses yet (checkout drops back to the customer step)", status: "1", vipType: null, loyaltyClub: null, waitingForConfirmation: true, adultAllowed: false, unclearedLegal: false, hasAddresses: false, missingConsents: [] },
  { key: "legal", description: "has not approved the current legal text: the non-closable legal modal shows", status: "1", vipType: null, loyaltyClub: null, waitingForConfirmation: false, adultAllowed: false, unclearedLegal: true, hasAddresses: true, missingConsents: [] },
  { key: "adult", description: "adult content allowed: the adult-content gate is skipped", status: "1", vipType: null, loyaltyClub: null, waitingForConfirmation: false, adultAllowed: true, unclearedLegal: false, hasAddresses: true, missingConsents: [] }
]

/** The e-mail of a demo account in a shop's country (`silver@example.cz`). */
export const demoEmail = (key: string, country: Country): string => `${key}@${emailDomain[country]}`

/** The consent codes a customer may hold (§3), `product_reviews` included. */
export const consentCodes = [
  "marketing_3p",
  "marketing_1p",
  "personal_data_3p",
  "gdpr_personalization",
  "gdpr_panel",
  "gdpr_personal_collection",
  "product_reviews"
] as const

/** The tables the seed writes, in insertion (foreign-key) order. */
export const seededTables = [
  "shops",
  "media",
  "categories",
  "marketplace_partners",
  "digital_content",
  "products",
  "variants",
  "variant_params",
  "variant_images",
  "prices",
  "stock",
  "bundle_offers",
  "bonus_sets",
  "bonus_set_items",
  "pup_types",
  "branches",
  "delivery_methods",
  "billing_methods",
  "delivery_payments",
  "discount_codes",
  "banners",
  "banner_slides",
  "menu_items",
  "content_pages",
  "legal_texts",
  "customers",
  "customer_consents",
  "addresses",
  "legal_approvals",
  "customer_licenses",
  "wishlists",
  "wishlist_items",
  "newsletter_subscriptions",
  "reviews",
  "orders",
  "order_items",
  "watchdogs"
] as const

/** A table the seed writes. */
export type SeededTable = (typeof seededTables)[number]

/** The identity column of each seeded table that has one (its sequence is moved past the seeded ids). */
const identityColumns: Partial<Record<SeededTable, string>> = {
  categories: "category_id",
  marketplace_partners: "partner_id",
  digital_content: "content_id",
  products: "product_id",
  variants: "variant_id",
  bundle_offers: "bundle_id",
  bonus_sets: "bonus_set_id",
  branches: "branch_id",
  delivery_methods: "delivery_method_id",
  discount_codes: "discount_id",
  banners: "banner_id",
  banner_slides: "slide_id",
  menu_items: "menu_item_id",
  content_pages: "content_id",
  legal_texts: "legal_id",
  customers: "customer_id",
  addresses: "address_id",
  customer_licenses: "license_id",
  wishlists: "wishlist_id",
  wishlist_items: "wishlist_item_id",
  newsletter_subscriptions: "subscription_id",
  reviews: "review_id",
  orders: "order_id",
  order_items: "order_item_id",
  watchdogs: "watchdog_id"
}

type Row = Record<string, unknown>

/** The rows of every seeded table, built in memory before they are written. */
export type SeedRows = { readonly [T in SeededTable]: Array<Row> }

const must = <A>(value: A | undefined): A => {
  if (value === undefined) throw new Error("seed: missing value")
  return value
}

/** An ISO timestamp `days` days (and `minutes` minutes) after {@link seedEpoch}. */
const at = (days: number, minutes = 0): string => new Date(seedEpoch + days * 86_400_000 + minutes * 60_000).toISOString()

// -----------------------------------------------------------------------------------------------
// money
// -----------------------------------------------------------------------------------------------

/** How many units of each currency one EUR is worth in the demo (realistic magnitudes). */
export const eurRates: { readonly [C in Currency]: number } = { EUR: 1, CZK: 25, PLN: 4.3, HUF: 400 }

const money = (value: number): string => (Math.round(value * 100) / 100).toFixed(2)

/** A shelf price in `currency` for an amount in EUR, rounded the way shops of that currency do (12 990 Kč, 399 990 Ft, 1 299 zł, 19.99 €). */
export const retailPrice = (eur: number, currency: Currency): string => {
  const v = eur * eurRates[currency]
  switch (currency) {
    case "CZK":
      return money(v < 1000 ? Math.max(9, Math.round(v / 10) * 10 - 1) : Math.round(v / 100) * 100 - 10)
    case "HUF":
      return money(v < 10000 ? Math.max(90, Math.round(v / 100) * 100 - 10) : Math.round(v / 1000) * 1000 - 10)
    case "PLN":
      return money(v < 100 ? Math.floor(v) + 0.99 : Math.round(v / 10) * 10 - 1)
    case "EUR":
      return money(v < 100 ? Math.floor(v) + 0.99 : Math.round(v / 10) * 10 - 0.01)
  }
}

/** The fixed amount of the action (type A) discount code per currency. */
export const actionAmounts: { readonly [C in Currency]: number } = { EUR: 10, CZK: 250, PLN: 40, HUF: 4000 }

/** A small fee (delivery, payment, service) in `currency` for an amount in EUR; `0` stays `0.00`. */
export const feePrice = (eur: number, currency: Currency): string => {
  if (eur <= 0) return "0.00"
  const v = eur * eurRates[currency]
  switch (currency) {
    case "CZK":
      return money(Math.max(9, Math.round(v / 10) * 10 - 1))
    case "HUF":
      return money(Math.max(90, Math.round(v / 100) * 100 - 10))
    case "PLN":
      return money(Math.floor(v) + 0.99)
    case "EUR":
      return money(Math.max(0.49, Math.round(v * 2) / 2 - 0.01))
  }
}

/** A round threshold (free delivery, minimum order) in `currency` for an amount in EUR. */
const threshold = (eur: number, currency: Currency): string => {
  const v = eur * eurRates[currency]
  const step = currency === "HUF" ? 5000 : currency === "CZK" ? 500 : currency === "PLN" ? 50 : 10
  return money(Math.max(step, Math.round(v / step) * step))
}

// -----------------------------------------------------------------------------------------------
// builder
// -----------------------------------------------------------------------------------------------

class Counter {
  private readonly values = new Map<string, number>()
  next(name: string): number {
    const value = (this.values.get(name) ?? 0) + 1
    this.values.set(name, value)
    return value
  }
}

const emptyRows = (): { [T in SeededTable]: Array<Row> } =>
  Object.fromEntries(seededTables.map((table) => [table, [] as Array<Row>])) as { [T in SeededTable]: Array<Row> }

const frontendHash = (shopId: string): string => createHash("sha1").update(`frontend:${shopId}`).digest("hex").slice(0, 12)

const topicTree = (nodes: ReadonlyArray<TopicDef>, language: string): ReadonlyArray<unknown> =>
  nodes.map((node) => ({
    key: node.key,
    title: tr(node.title, language),
    ...(node.txt ? { txt: tr(node.txt, language) } : {}),
    ...(node.customNumber
      ? { customNumber: { label: tr(node.customNumber.label, language), placeholder: tr(node.customNumber.placeholder, language) } }
      : {}),
    children: topicTree(node.children ?? [], language)
  }))

const escapeHtml = (text: string): string =>
  text.replace(/[<>&"]/g, (c) => (c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : "&quot;"))

const jitter = (rng: Rng, value: number, spread: number): number => Math.round((value + rng.float(-spread, spread)) * 1e6) / 1e6

const zipDigits = (base: string, offset: number): string =>
  String(Number(base) + offset).padStart(base.length, "0").slice(-base.length)

interface VariantInfo {
  readonly variantId: number
  readonly productId: number
  readonly title: string
  readonly brand: string
  readonly price: string
  readonly categoryPath: string
  readonly partnerId: number | null
}

interface ShopContext {
  readonly shop: Shop
  readonly rows: SeedRows
  readonly ids: Counter
  readonly hashes: ReadonlyMap<string, string>
  readonly defaultVariants: Array<VariantInfo>
  readonly variantsByLeaf: Map<string, Array<VariantInfo>>
}

const seedShopConfig = (ctx: ShopContext): void => {
  const { shop } = ctx
  ctx.rows.shops.push({
    shop_id: shop.shopId,
    country: shop.country,
    currency: shop.currency,
    locale: shop.locale,
    language: shop.language,
    language_id: shop.languageId,
    name: shop.name,
    frontend_hash: frontendHash(shop.shopId),
    vat_rate: money(vatRates[shop.country]),
    zip_pattern: shop.zipPattern,
    fallback_lat: shop.fallbackLocation.lat,
    fallback_lng: shop.fallbackLocation.lng,
    url_keys: JSON.stringify(shop.urlKeys),
    features: JSON.stringify(shop.features),
    payment_quirks: JSON.stringify(shop.payments),
    config: JSON.stringify({
      shopIds: { [`${shop.country}_shop`]: shop.shopId },
      partnerSiSLink: shop.shopId === "SI10SI" ? "/partner/sis" : null,
      freeDeliveryFrom: threshold(100, shop.currency),
      contact: { phone: `${phonePrefix[shop.country]} 225 000 000`, hours: "8:00-20:00" }
    })
  })
}

const seedCatalog = (ctx: ShopContext, rng: Rng): void => {
  const { shop, rows, ids } = ctx
  const language = shop.language
  const currency = shop.currency
  const vat = money(vatRates[shop.country])
  const marketplaceShare = shop.shopId === "PL20MA" ? 0.45 : 0.12

  // marketplace partners
  const partnerCount = shop.shopId === "PL20MA" ? 8 : 4
  const partners: Array<number> = []
  for (const [index, name] of partnerNames.slice(0, partnerCount).entries()) {
    const partnerId = ids.next("marketplace_partners")
    partners.push(partnerId)
    rows.marketplace_partners.push({
      partner_id: partnerId,
      shop_id: shop.shopId,
      code: slugify(name),
      title: `${name} ${companySuffix[shop.country]}`,
      free_delivery_from: index % 2 === 0 ? threshold(75, currency) : null,
      delivery_days: 2 + (index % 4)
    })
  }

  // digital content sold as bundles
  const bundleDigital = new Map<string, { readonly id: number; readonly price: string }>()
  for (const [code, title, platform, priceEur] of [
    ["AV-MOBILE", "Shieldon Mobile Security 1Y", "Android", 14.99],
    ["AV-PC", "Shieldon Internet Security 1Y", "Windows", 24.99],
    ["CLOUD-100", "Cloud Backup 100 GB 1Y", "Web", 19.99]
  ] as const) {
    const contentId = ids.next("digital_content")
    const price = retailPrice(priceEur, currency)
    bundleDigital.set(code, { id: contentId, price })
    rows.digital_content.push({
      content_id: contentId,
      shop_id: shop.shopId,
      code,
      title,
      platform,
      license_type: code === "CLOUD-100" ? "account" : "key",
      duration_months: 12,
      devices: 1,
      price
    })
  }

  // categories and products
  const leaves: Array<{ readonly leaf: LeafDef; readonly categoryId: number; readonly path: string; readonly accent: string; readonly urlKey: string }> = []
  for (const [topIndex, top] of categoryTree.entries()) {
    const topId = ids.next("categories")
    const topTitle = tr(top.title, language)
    rows.categories.push({
      category_id: topId,
      shop_id: shop.shopId,
      parent_id: null,
      code: top.code,
      url_key: slugify(topTitle),
      title: topTitle,
      position: topIndex,
      adult: false
    })
    for (const [leafIndex, leaf] of top.leaves.entries()) {
      const leafId = ids.next("categories")
      const leafTitle = tr(leaf.title, language)
      const urlKey = slugify(leafTitle) === slugify(topTitle) ? `${slugify(leafTitle)}-${leaf.code}` : slugify(leafTitle)
      rows.categories.push({
        category_id: leafId,
        shop_id: shop.shopId,
        parent_id: topId,
        code: leaf.code,
        url_key: urlKey,
        title: leafTitle,
        position: leafIndex,
        adult: leaf.adult === true
      })
      leaves.push({ leaf, categoryId: leafId, path: `${topTitle} > ${leafTitle}`, accent: top.accent, urlKey })
    }
  }

  const perLeaf = Math.floor(productsPerShop / leaves.length)
  const extra = productsPerShop % leaves.length
  for (const [leafIndex, { leaf, categoryId, path, accent }] of leaves.entries()) {
    const count = perLeaf + (leafIndex < extra ? 1 : 0)
    const noun = tr(leaf.noun, language)
    const leafVariants: Array<VariantInfo> = []
    ctx.variantsByLeaf.set(leaf.code, leafVariants)
    for (let n = 0; n < count; n++) {
      const productId = ids.next("products")
      const brand = rng.pick(leaf.brands)
      const series = rng.pick(leaf.series)
      const model = `${rng.int(2, 99)}${rng.pick(["", "", " Pro", " Plus", " S", " Ultra"])}`
      const name = `${brand} ${series} ${model}`
      const partnerId = !leaf.digital && !leaf.adult && rng.chance(marketplaceShare) ? rng.pick(partners) : null
      let digitalContentId: number | null = null
      const baseEur = Math.exp(rng.float(Math.log(leaf.priceEur[0]), Math.log(leaf.priceEur[1])))
      if (leaf.digital) {
        digitalContentId = ids.next("digital_content")
        rows.digital_content.push({
          content_id: digitalContentId,
          shop_id: shop.shopId,
          code: `DC-${productId}`,
          title: name,
          platform: rng.pick(leaf.params["PLATFORM"] ?? ["Windows"]),
          license_type: rng.pick(["key", "key", "download"]),
          duration_months: leaf.code === "office" && rng.chance(0.5) ? null : 12,
          devices: Number(rng.pick(leaf.params["LICENSE"] ?? ["1"])),
          price: retailPrice(baseEur, currency)
        })
      }
      rows.products.push({
        product_id: productId,
        shop_id: shop.shopId,
        main_category_id: categoryId,
        brand,
        title: `${noun} ${name}`,
        description: tr(descriptionTemplate, language).replace("{brand}", brand).replace("{category}", tr(leaf.title, language)),
        marketplace_partner_id: partnerId,
        material_type: leaf.digital ? "digital-content" : null,
        digital_content_id: digitalContentId,
        adult_only: leaf.adult === true,
        active: true,
        created_at: at(-rng.int(1, 700), rng.int(0, 1439))
      })

      // variants: colours x sizes, at most 6
      const colorCodes = leaf.colors.length === 0 ? [null] : rng.sample(leaf.colors, rng.int(1, Math.min(3, leaf.colors.length)))
      const sizeValues = leaf.sizes ? rng.sample(leaf.sizes.values, rng.int(1, Math.min(2, leaf.sizes.values.length))).sort((a, b) => a - b) : [null]
      const fixedParams = Object.entries(leaf.params).map(([key, values]) => [key, rng.pick(values)] as const)
      const onSale = rng.chance(0.2)
      const saleFactor = rng.float(1.1, 1.3)
      let position = 0
      for (const size of sizeValues) {
        for (const colorCode of colorCodes) {
          if (position >= 6) break
          const variantId = ids.next("variants")
          const color = colorCode === null ? undefined : colors.find((c) => c.code === colorCode)
          const sizeDef = leaf.sizes
          const sizeStep = size === null || !sizeDef ? 0 : sizeDef.values.indexOf(size)
          const eur = baseEur * (sizeDef ? sizeDef.factor ** sizeStep : 1)
          const measure = sizeDef ? (paramDefs[sizeDef.key]?.measure ?? "") : ""
          const sizeLabel = size === null ? "" : ` ${size}${measure === "\"" ? "\"" : ` ${measure}`}`
          const colorName = color ? tr(color.name, language) : ""
          const title = `${noun} ${name}${sizeLabel}${color ? ` ${colorName}` : ""}`
          const code = `${slugify(brand).slice(0, 3).toUpperCase()}${productId}-${size ?? 0}-${color?.code ?? "NA"}`
          const mediaId = `v${variantId}`
          rows.media.push({
            media_id: mediaId,
            kind: "product",
            shape: leaf.shape,
            label: name,
            color1: color?.hex ?? accent,
            color2: "#F3F4F6",
            width: 600,
            height: 600
          })
          rows.variants.push({
            variant_id: variantId,
            product_id: productId,
            shop_id: shop.shopId,
            code,
            variant_url: `${slugify(`${name}${sizeLabel} ${colorName}`)}-d${variantId}`,
            title,
            media_id: mediaId,
            position,
            is_default: position === 0
          })
          rows.variant_images.push({ variant_id: variantId, position: 0, media_id: mediaId })
          if (position === 0) {
            const altId = `v${variantId}-2`
            rows.media.push({
              media_id: altId,
              kind: "product",
              shape: leaf.shape,
              label: brand,
              color1: accent,
              color2: "#FFFFFF",
              width: 600,
              height: 600
            })
            rows.variant_images.push({ variant_id: variantId, position: 1, media_id: altId })
          }
          let paramPosition = 0
          const params: Array<readonly [string, string, string | null]> = []
          if (color) params.push(["COLOR", colorName, color.hex])
          if (sizeDef && size !== null) params.push([sizeDef.key, String(size), null])
          for (const [key, value] of fixedParams) if (key !== sizeDef?.key) params.push([key, value, null])
          for (const [key, value, css] of params) {
            const def = must(paramDefs[key])
            rows.variant_params.push({
              variant_id: variantId,
              key,
              title: tr(def.title, language),
              value,
              css,
              measure: def.measure ?? null,
              position: paramPosition++
            })
          }
          const price = retailPrice(eur, currency)
          rows.prices.push({
            variant_id: variantId,
            shop_id: shop.shopId,
            currency,
            price,
            original_price: onSale ? retailPrice(eur * saleFactor, currency) : null,
            vat_rate: vat
          })
          const roll = rng.next()
          const inStock = leaf.digital ? 999 : roll < 0.1 ? 0 : roll < 0.25 ? rng.int(1, 3) : rng.int(5, 120)
          rows.stock.push({
            variant_id: variantId,
            in_stock: inStock,
            availability_key: inStock === 0 ? "out_of_stock" : inStock <= 3 ? "low_stock" : partnerId === null ? "in_stock" : "partner_stock",
            has_reservation: inStock > 0 && rng.chance(0.05),
            restock_days: inStock === 0 ? rng.int(3, 21) : null
          })
          const info: VariantInfo = { variantId, productId, title, brand, price, categoryPath: path, partnerId }
          leafVariants.push(info)
          if (position === 0) ctx.defaultVariants.push(info)
          position++
        }
      }

      // bundle offers
      let bundlePosition = 0
      const addBundle = (type: string, code: string, title: string, price: string, contentId: number | null) => {
        rows.bundle_offers.push({
          bundle_id: ids.next("bundle_offers"),
          shop_id: shop.shopId,
          product_id: productId,
          type,
          code,
          title,
          price,
          digital_content_id: contentId,
          position: bundlePosition++
        })
      }
      for (const type of leaf.bundles) {
        switch (type) {
          case "warranty":
            addBundle("warranty", "W2", tr(bundleTitles.warranty2, language), feePrice(Math.max(3, baseEur * 0.08), currency), null)
            addBundle("warranty", "W3", tr(bundleTitles.warranty3, language), feePrice(Math.max(5, baseEur * 0.12), currency), null)
            break
          case "insurance":
            addBundle("insurance", "INS", tr(bundleTitles.insurance, language), feePrice(Math.max(4, baseEur * 0.06), currency), null)
            break
          case "digital": {
            const digitalCode = leaf.code === "laptops" ? "AV-PC" : leaf.code === "smartphones" || leaf.code === "tablets" ? "AV-MOBILE" : "CLOUD-100"
            const item = must(bundleDigital.get(digitalCode))
            addBundle("digital", digitalCode, must(rows.digital_content.find((row) => row["content_id"] === item.id))["title"] as string, item.price, item.id)
            break
          }
          case "return_guarantee":
            addBundle("return_guarantee", "RG90", tr(bundleTitles.returnGuarantee, language), feePrice(Math.max(2, baseEur * 0.03), currency), null)
            break
        }
      }
    }
  }

  // bonus sets: a main product with an accessory, 10 % off
  const pairs: ReadonlyArray<readonly [string, string]> = [
    ["consoles", "games"],
    ["consoles", "controllers"],
    ["laptops", "keyboards"],
    ["smartphones", "headphones"],
    ["televisions", "headphones"],
    ["coffee", "blenders"]
  ]
  for (const [mainLeaf, accessoryLeaf] of pairs) {
    const main = rng.pick(must(ctx.variantsByLeaf.get(mainLeaf)))
    const accessory = rng.pick(must(ctx.variantsByLeaf.get(accessoryLeaf)))
    const bonusSetId = ids.next("bonus_sets")
    const sum = Number(main.price) + Number(accessory.price)
    rows.bonus_sets.push({
      bonus_set_id: bonusSetId,
      shop_id: shop.shopId,
      title: `${main.title} + ${accessory.title}`,
      price: retailPrice((sum * 0.9) / eurRates[currency], currency),
      original_price: money(sum),
      active: true
    })
    rows.bonus_set_items.push({ bonus_set_id: bonusSetId, variant_id: main.variantId, count: 1, position: 0 })
    rows.bonus_set_items.push({ bonus_set_id: bonusSetId, variant_id: accessory.variantId, count: 1, position: 1 })
  }
}

const seedLogistics = (ctx: ShopContext): void => {
  const { shop, rows, ids } = ctx
  const language = shop.language
  const country = shop.country
  const currency = shop.currency
  // One network per country (both Polish shops share it), drawn from a country-seeded generator.
  const rng = makeRng(`branches:${country}`)
  for (const [position, pupType] of pupTypeDefs.entries()) {
    rows.pup_types.push({
      shop_id: shop.shopId,
      pup_type_id: pupType.id,
      name: tr(pupType.name, language),
      icon: mediaUrl(`icon-pup-${pupType.id}`),
      position
    })
  }
  const countryCities = cities[country]
  const countryStreets = streets[country]
  const shopHours = JSON.stringify({ "mon-fri": "9:00-20:00", sat: "9:00-18:00", sun: "10:00-16:00" })
  const boxHours = JSON.stringify({ "mon-sun": "0:00-24:00" })
  const postHours = JSON.stringify({ "mon-fri": "8:00-18:00", sat: "8:00-12:00" })
  const zipStep = country === "HU" || country === "SI" ? 1 : country === "PL" ? 10 : 100
  const plan: ReadonlyArray<readonly [kind: "shop" | "privileged_pup" | "pup" | "post", type: string, cities: number, perCity: number]> = [
    ["shop", "shop", 8, 1],
    ["privileged_pup", "box", 8, 2],
    ["pup", "partner", 10, 3],
    ["post", "post", 12, 3]
  ]
  for (const [kind, pupTypeId, cityCount, perCity] of plan) {
    for (const city of countryCities.slice(0, cityCount)) {
      for (let k = 0; k < perCity; k++) {
        const branchId = ids.next("branches")
        const street = rng.pick(countryStreets)
        const number = rng.int(1, 180)
        const zip = formatZip(zipDigits(city.zip, k * zipStep), shop)
        const word = kind === "shop" ? branchWords.shop : kind === "privileged_pup" ? branchWords.box : kind === "pup" ? branchWords.partner : branchWords.post
        const name = kind === "post"
          ? `${tr(word, language)} ${city.name} ${k + 1}`
          : kind === "shop"
            ? `${tr(word, language)} ${city.name} – ${street}`
            : `${tr(word, language)} ${city.name} ${street} ${number}`
        rows.branches.push({
          branch_id: branchId,
          shop_id: shop.shopId,
          code: `${pupTypeId.toUpperCase()}-${country}-${String(ids.next(`branch-code:${shop.shopId}:${pupTypeId}`)).padStart(3, "0")}`,
          kind,
          pup_type_id: pupTypeId,
          name,
          street: `${street} ${number}`,
          city: city.name,
          zip,
          post_address: kind === "post" ? formatPostAddress(country, street, number, zip, city.name) : null,
          lat: jitter(rng, city.lat, 0.035),
          lng: jitter(rng, city.lng, 0.05),
          cash_and_carry: kind === "shop",
          privileged: kind === "privileged_pup",
          opening_hours: kind === "shop" ? shopHours : kind === "privileged_pup" ? boxHours : postHours,
          active: true
        })
      }
    }
  }

  // billing methods
  const billing = billingDefs(country, language)
  for (const [position, method] of billing.entries()) {
    rows.billing_methods.push({
      shop_id: shop.shopId,
      code: method.code,
      parent_code: method.parent ?? null,
      title: method.title,
      description: "",
      price: feePrice(method.priceEur ?? 0, currency),
      position,
      lengthy: method.lengthy === true,
      disabled: method.disabled === true,
      provider_check: method.providerCheck ?? null,
      max_order_total: method.maxOrderTotalEur === undefined ? null : threshold(method.maxOrderTotalEur, currency),
      payment_limitation: "NO_LIMITATION",
      icon: mediaUrl(`icon-pay-${method.code}`),
      active: true
    })
  }
  const topLevel = billing.filter((method) => method.parent === undefined)

  // delivery methods and the payments each allows
  for (const [position, def] of deliveryDefs.entries()) {
    const deliveryMethodId = ids.next("delivery_methods")
    rows.delivery_methods.push({
      delivery_method_id: deliveryMethodId,
      shop_id: shop.shopId,
      code: def.code,
      method_kind: def.methodKind,
      delivery_type: def.deliveryType,
      branch_kind: def.branchKind,
      title: tr(def.title, language),
      description: "",
      transport_id: `${def.code}-${country.toLowerCase()}`,
      icon: mediaUrl(`icon-delivery-${def.code}`),
      price: feePrice(def.priceEur, currency),
      free_from: def.freeFromEur === null ? null : threshold(def.freeFromEur, currency),
      days_min: def.days[0],
      days_max: def.days[1],
      marketplace: def.marketplace,
      position,
      active: true
    })
    for (const method of topLevel) {
      const code = method.code
      const cashOnDelivery = /^(CZ0|SKD|HRD|HUD|PLD|SID)$/.test(code)
      const atShop = /^(CZU|SKU|HUU|PLU)$/.test(code)
      if (atShop && def.code !== "shop-pickup") continue
      if (cashOnDelivery && (def.code === "shop-pickup" || def.code === "box" || def.code === "express")) continue
      rows.delivery_payments.push({
        delivery_method_id: deliveryMethodId,
        shop_id: shop.shopId,
        billing_code: code,
        payment_limitation: def.marketplace && method.providerCheck !== undefined ? "MARKETPLACE_NOT_ALLOWED" : "NO_LIMITATION"
      })
    }
  }

  // discount codes (D sale, A action, G gift certificates, one expired)
  const words = discountWords[country]
  const discount = (code: string, type: "G" | "D" | "A", title: string, amount: string | null, percent: string | null, extra: Row = {}) => {
    rows.discount_codes.push({
      discount_id: ids.next("discount_codes"),
      shop_id: shop.shopId,
      code,
      type,
      title,
      amount,
      percent,
      min_order: null,
      valid_from: at(0),
      valid_to: "2099-12-31T23:59:59.000Z",
      max_uses: null,
      used_count: 0,
      active: true,
      ...extra
    })
  }
  discount(`${words.sale}10`, "D", tr(discountTitles.sale, language), null, "10.00")
  const actionAmount = actionAmounts[currency]
  discount(`${words.action}${actionAmount}`, "A", tr(discountTitles.action, language), money(actionAmount), null, {
    min_order: threshold(50, currency)
  })
  const giftRng = makeRng(`gift:${shop.shopId}`)
  for (const eur of [20, 20, 40, 40, 100]) {
    const value = threshold(eur, currency)
    discount(`GIFT-${shop.shopId}-${giftRng.chars("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 8)}`, "G", `${tr(discountTitles.gift, language)} ${Number(value)} ${currency}`, value, null, {
      max_uses: 1
    })
  }
  discount(`${words.sale}2024`, "D", tr(discountTitles.expired, language), null, "15.00", { valid_from: "2024-01-01T00:00:00.000Z", valid_to: "2024-12-31T23:59:59.000Z" })
}

const seedContent = (ctx: ShopContext): void => {
  const { shop, rows, ids } = ctx
  const language = shop.language
  const tops = rows.categories.filter((row) => row["shop_id"] === shop.shopId && row["parent_id"] === null)
  const childrenOf = (categoryId: unknown) => rows.categories.filter((row) => row["parent_id"] === categoryId)

  // home slider and floating banner
  const sliderId = ids.next("banners")
  rows.banners.push({ banner_id: sliderId, shop_id: shop.shopId, placement: "home_slider", title: "Home slider", position: 0, active: true, valid_from: at(0), valid_to: null })
  for (const [position, top] of tops.slice(0, 5).entries()) {
    const slideId = ids.next("banner_slides")
    const accent = must(categoryTree.find((def) => def.code === top["code"])).accent
    const title = `${tr(promoWord, language)}: ${String(top["title"])}`
    const mediaId = `banner-${shop.shopId}-${position + 1}`
    rows.media.push({ media_id: mediaId, kind: "banner", shape: "banner", label: title, color1: accent, color2: "#111827", width: 1200, height: 400 })
    rows.media.push({ media_id: `${mediaId}-thumb`, kind: "thumbnail", shape: "banner", label: "", color1: accent, color2: "#111827", width: 55, height: 55 })
    rows.banner_slides.push({
      slide_id: slideId,
      banner_id: sliderId,
      position,
      url: `/${String(top["url_key"])}`,
      data_name: `hp-slider-${position + 1}`,
      title,
      image_url: mediaUrl(mediaId),
      thumbnail_image_url: mediaUrl(`${mediaId}-thumb`),
      pattern_image_url: mediaUrl("pattern-dots"),
      style: position % 2 === 0 ? "light" : "dark",
      bg_direction: "to right",
      bg_color1: accent,
      bg_color2: "#111827"
    })
  }
  const floatingId = ids.next("banners")
  rows.banners.push({ banner_id: floatingId, shop_id: shop.shopId, placement: "floating", title: "Floating banner", position: 1, active: true, valid_from: at(0), valid_to: null })
  const floatingMedia = `banner-${shop.shopId}-floating`
  const floatingTitle = tr(floatingBannerTitle, language)
  rows.media.push({ media_id: floatingMedia, kind: "banner", shape: "banner", label: floatingTitle, color1: "#059669", color2: "#064E3B", width: 800, height: 120 })
  rows.media.push({ media_id: `${floatingMedia}-thumb`, kind: "thumbnail", shape: "banner", label: "", color1: "#059669", color2: "#064E3B", width: 55, height: 55 })
  rows.banner_slides.push({
    slide_id: ids.next("banner_slides"),
    banner_id: floatingId,
    position: 0,
    url: shop.urlKeys.cart,
    data_name: "floating-free-delivery",
    title: floatingTitle,
    image_url: mediaUrl(floatingMedia),
    thumbnail_image_url: mediaUrl(`${floatingMedia}-thumb`),
    pattern_image_url: null,
    style: "dark",
    bg_direction: "to bottom",
    bg_color1: "#059669",
    bg_color2: "#064E3B"
  })

  // content pages
  const contactSlug = slugify(tr(texts.contactHeading, language))
  const termsSlug = slugify(tr(texts.termsTitle, language))
  const privacySlug = slugify(tr(texts.privacyTitle, language))
  const page = (kind: string, title: string, slug: string, heading: string, body: string, config: unknown = {}) =>
    rows.content_pages.push({
      content_id: ids.next("content_pages"),
      shop_id: shop.shopId,
      kind,
      title,
      slug,
      heading,
      body,
      config: JSON.stringify(config),
      updated_at: at(0)
    })
  page("contact", "contact", contactSlug, tr(texts.contactHeading, language), JSON.stringify(topicTree(contactTopics, language)), {
    maxPostSize: 10_485_760,
    maxPostSizeFormatted: "10 MB",
    maxFileSize: 5_242_880,
    maxFileSizeFormatted: "5 MB",
    maxAttachments: 5,
    phone: `${phonePrefix[shop.country]} 225 000 000`,
    orderTrackingHelp: shop.features.contactOrderTrackingHelp ? shop.urlKeys.orderTracking : null
  })
  page("legal", "terms", termsSlug, tr(texts.termsTitle, language), tr(texts.termsBody, language))
  page("legal", "privacy", privacySlug, tr(texts.privacyTitle, language), tr(texts.privacyBody, language))
  page(
    "component",
    "adult-content",
    "component-adult-content",
    tr(texts.adultHeading, language),
    `<h2>${escapeHtml(tr(texts.adultHeading, language))}</h2><p class="danger">${escapeHtml(tr(texts.adultDanger, language))}</p><p>${escapeHtml(tr(texts.adultText, language))}</p>`
  )
  page(
    "component",
    "consent-panel",
    "component-consent-panel",
    tr(texts.consentHeading, language),
    `<h2>${escapeHtml(tr(texts.consentHeading, language))}</h2><p>${escapeHtml(tr(texts.consentText, language))}</p>`
  )
  page(
    "component",
    "data-protection",
    "component-data-protection",
    tr(texts.dataProtectionTitle, language),
    `<h2>${escapeHtml(tr(texts.dataProtectionTitle, language))}</h2><p>${escapeHtml(tr(texts.consentText, language))}</p><p>${escapeHtml(tr(texts.privacyTitle, language))}</p>`
  )

  // menus: the category mega-menu and the footer
  for (const [position, top] of tops.entries()) {
    const menuItemId = ids.next("menu_items")
    const children = childrenOf(top["category_id"])
    rows.menu_items.push({
      menu_item_id: menuItemId,
      shop_id: shop.shopId,
      menu: "main",
      parent_id: null,
      title: top["title"],
      url: `/${String(top["url_key"])}`,
      position,
      css_class: `menu-${String(top["code"])}`,
      sheet_html: `<ul class="menu-sheet">${children
        .map((child) => `<li><a href="/${escapeHtml(String(child["url_key"]))}">${escapeHtml(String(child["title"]))}</a></li>`)
        .join("")}</ul>`,
      visible: true
    })
    for (const [childPosition, child] of children.entries()) {
      rows.menu_items.push({
        menu_item_id: ids.next("menu_items"),
        shop_id: shop.shopId,
        menu: "main",
        parent_id: menuItemId,
        title: child["title"],
        url: `/${String(child["url_key"])}`,
        position: childPosition,
        css_class: null,
        sheet_html: null,
        visible: true
      })
    }
  }
  for (const [position, [title, url]] of ([
    [tr(texts.contactHeading, language), String(shopPagesOf(shop.shopId).contact)],
    [tr(texts.termsTitle, language), `/${termsSlug}`],
    [tr(texts.privacyTitle, language), `/${privacySlug}`]
  ] as const).entries()) {
    rows.menu_items.push({
      menu_item_id: ids.next("menu_items"),
      shop_id: shop.shopId,
      menu: "footer",
      parent_id: null,
      title,
      url,
      position,
      css_class: null,
      sheet_html: null,
      visible: true
    })
  }

  // the legal text every customer must approve
  rows.legal_texts.push({
    legal_id: ids.next("legal_texts"),
    shop_id: shop.shopId,
    code: "terms",
    version: 2025,
    title: tr(texts.legalUpdateTitle, language),
    text: tr(texts.legalUpdateText, language),
    requires_approval: true,
    active: true,
    created_at: at(0)
  })
}

const seedCustomers = (ctx: ShopContext, rng: Rng): void => {
  const { shop, rows, ids } = ctx
  const language = shop.language
  const country = shop.country
  const capital = must(cities[country][0])
  const second = must(cities[country][1])
  const legalId = must(rows.legal_texts.find((row) => row["shop_id"] === shop.shopId))["legal_id"]
  for (const [index, account] of demoAccounts.entries()) {
    const [firstname, lastname] = must(people[country][index % people[country].length])
    const customerId = ids.next("customers")
    const email = demoEmail(account.key, country)
    const phone = `${phonePrefix[country]} ${rng.int(600, 799)} ${rng.int(100, 999)} ${rng.int(100, 999)}`
    rows.customers.push({
      customer_id: customerId,
      shop_id: shop.shopId,
      email,
      password_hash: must(ctx.hashes.get(account.key)),
      firstname,
      lastname,
      phone,
      status: account.status,
      vip_type: account.vipType,
      loyalty_club: account.loyaltyClub,
      waiting_for_confirmation: account.waitingForConfirmation,
      adult_allowed: account.adultAllowed,
      allowed_nl: account.key === "gold" || account.key === "vip",
      allowed_heureka: account.key !== "silver",
      failed_login_count: 0,
      locked_until: null,
      last_login_at: null,
      created_at: at(-400 + index * 10),
      updated_at: at(-400 + index * 10)
    })
    for (const code of consentCodes) {
      if (account.missingConsents.includes(code)) continue
      rows.customer_consents.push({ customer_id: customerId, code, value: true, link_key: null, updated_at: at(-300 + index) })
    }
    if (!account.unclearedLegal) {
      rows.legal_approvals.push({ customer_id: customerId, legal_id: legalId, status: "approved", decided_at: at(1 + index) })
    }
    rows.newsletter_subscriptions.push({
      subscription_id: ids.next("newsletter_subscriptions"),
      shop_id: shop.shopId,
      email,
      customer_id: customerId,
      subscribed: account.key === "gold" || account.key === "vip",
      source: "registration",
      updated_at: at(-300 + index)
    })
    const addresses: Array<number> = []
    const address = (type: "billing" | "shipping", city: typeof capital, extra: Row = {}) => {
      const addressId = ids.next("addresses")
      addresses.push(addressId)
      rows.addresses.push({
        address_id: addressId,
        customer_id: customerId,
        type,
        firstname,
        lastname,
        street: `${rng.pick(streets[country])} ${rng.int(1, 150)}`,
        city: city.name,
        zip: formatZip(city.zip, shop),
        country,
        phone,
        email,
        company_name: null,
        company_registration_number: null,
        company_tax_number: null,
        business_area: false,
        editable: true,
        is_default: false,
        lat: type === "shipping" ? jitter(rng, city.lat, 0.02) : null,
        lng: type === "shipping" ? jitter(rng, city.lng, 0.03) : null,
        created_at: at(-390 + index),
        updated_at: at(-390 + index),
        ...extra
      })
      return addressId
    }
    if (account.hasAddresses) {
      address("billing", capital, { is_default: true, editable: account.key !== "silver" })
      address("shipping", capital, { is_default: true })
      if (account.key === "gold") {
        const registration = shop.features.companyRegistrationNumber ? String(rng.int(10_000_000, 99_999_999)) : null
        address("billing", capital, {
          company_name: `${lastname} Trade ${companySuffix[country]}`,
          company_registration_number: registration,
          company_tax_number: `${country}${rng.int(10_000_000, 99_999_999)}`,
          business_area: true
        })
        address("shipping", second)
      }
    }

    // wishlists
    if (account.key === "gold" || account.key === "silver" || account.key === "vip") {
      const mainId = ids.next("wishlists")
      rows.wishlists.push({ wishlist_id: mainId, customer_id: customerId, name: tr(texts.mainWishlist, language), is_main: true, created_at: at(-200) })
      const count = account.key === "gold" ? 7 : 2
      for (const [n, variant] of rng.sample(ctx.defaultVariants, count).entries()) {
        rows.wishlist_items.push({ wishlist_item_id: ids.next("wishlist_items"), wishlist_id: mainId, variant_id: variant.variantId, amount: 1, created_at: at(-150 + n * 3, n * 17) })
      }
      if (account.key === "gold") {
        const giftsId = ids.next("wishlists")
        rows.wishlists.push({ wishlist_id: giftsId, customer_id: customerId, name: tr(texts.giftWishlist, language), is_main: false, created_at: at(-120) })
        for (const [n, variant] of rng.sample(ctx.defaultVariants, 2).entries()) {
          rows.wishlist_items.push({ wishlist_item_id: ids.next("wishlist_items"), wishlist_id: giftsId, variant_id: variant.variantId, amount: 1, created_at: at(-100 + n, n) })
        }
      }
    }

    // past orders and a licence for the gold customer
    if (account.key === "gold") {
      for (const [n, state] of (["delivered", "shipped"] as const).entries()) {
        const orderId = ids.next("orders")
        const items = rng.sample(ctx.defaultVariants.filter((variant) => variant.partnerId === null), 2)
        let total = 0
        for (const item of items) {
          const count = rng.int(1, 2)
          const line = Number(item.price) * count
          total += line
          rows.order_items.push({
            order_item_id: ids.next("order_items"),
            order_id: orderId,
            article_type: "variant",
            variant_id: item.variantId,
            bonus_set_id: null,
            product_id: item.productId,
            title: item.title,
            brand: item.brand,
            category_path: item.categoryPath,
            count,
            unit_price: item.price,
            total_price: money(line),
            bundles: "[]",
            marketplace_partner_id: null
          })
        }
        const vatRate = vatRates[country]
        rows.orders.push({
          order_id: orderId,
          order_number: String(100_000 + orderId),
          shop_id: shop.shopId,
          customer_id: customerId,
          cart_id: null,
          confirmation_token: rng.chars("0123456789abcdef", 32),
          state,
          currency: shop.currency,
          total: money(total),
          total_no_vat: money(total / (1 + vatRate / 100)),
          discount_total: "0.00",
          billing_method_code: must(billingDefs(country, language)[0]).code,
          billing_selection: null,
          deliveries: JSON.stringify([{ deliveryId: "1", method: "courier" }]),
          addresses: JSON.stringify({ billing: addresses[0] ?? null, shipping: addresses[1] ?? null }),
          customer_data: null,
          invoice_note: null,
          pickup_code: String(rng.int(100_000, 999_999)),
          state_changed_at: at(-60 + n * 30),
          created_at: at(-65 + n * 30)
        })
      }
      const software = rows.digital_content.filter((row) => row["shop_id"] === shop.shopId && String(row["code"]).startsWith("DC-"))
      const licensed = rng.pick(software)
      rows.customer_licenses.push({
        license_id: ids.next("customer_licenses"),
        customer_id: customerId,
        content_id: licensed["content_id"],
        order_id: null,
        license_key: Array.from({ length: 4 }, () => rng.chars("ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 5)).join("-"),
        created_at: at(-50)
      })
    }
  }

  // reviews on every third product
  const products = rows.products.filter((row) => row["shop_id"] === shop.shopId)
  const shopCustomers = rows.customers.filter((row) => row["shop_id"] === shop.shopId)
  for (const [index, product] of products.entries()) {
    if (index % 3 !== 0) continue
    const count = rng.int(1, 3)
    for (let n = 0; n < count; n++) {
      const [first, last] = rng.pick(people[country])
      const rating = rng.pick([5, 5, 5, 4, 4, 4, 3, 2])
      const pool = rating >= 4 ? 0 : rating === 3 ? 2 : 3
      const titleIndex = Math.min(3, pool + rng.int(0, 1))
      const customer = n === 0 && index % 9 === 0 ? rng.pick(shopCustomers) : undefined
      rows.reviews.push({
        review_id: ids.next("reviews"),
        shop_id: shop.shopId,
        product_id: product["product_id"],
        customer_id: customer ? customer["customer_id"] : null,
        author_name: customer ? `${String(customer["firstname"])} ${String(customer["lastname"]).slice(0, 1)}.` : `${first} ${last.slice(0, 1)}.`,
        rating,
        title: tr(must(texts.reviewTitles[titleIndex]), language),
        text: tr(must(texts.reviewBodies[titleIndex]), language),
        pros: null,
        cons: null,
        status: "published",
        created_at: at(-rng.int(1, 300), rng.int(0, 1439)),
        updated_at: at(0)
      })
    }
  }
}

/**
 * The gold customer's account product pages (§2 clientDigitalContent, clientWatchdog, clientRankingList): an order of
 * a digital product (its licence keys are issued when the page asks), two watchdogs (a price limit already reached,
 * and the availability of a variant out of stock), and reviews of the products of their first past order but one,
 * so the ranking list shows both rated products and one still to rate. Built after every shop, with its own random
 * stream, so the rows before it keep their ids.
 */
const seedAccountProducts = (ctx: ShopContext, rng: Rng): void => {
  const { shop, rows, ids } = ctx
  const gold = rows.customers.find((row) => row["shop_id"] === shop.shopId && row["email"] === demoEmail("gold", shop.country))
  if (gold === undefined) return
  const customerId = gold["customer_id"] as number
  const defaultVariantOf = (productId: unknown) =>
    rows.variants.find((row) => row["product_id"] === productId && row["is_default"] === true)
  const priceOf = (variantId: unknown) => must(rows.prices.find((row) => row["variant_id"] === variantId))
  const digital = rows.products.filter((row) => row["shop_id"] === shop.shopId && row["digital_content_id"] !== null && row["active"] !== false)
  const product = digital.length === 0 ? undefined : rng.pick(digital)
  const variant = product === undefined ? undefined : defaultVariantOf(product["product_id"])
  if (product !== undefined && variant !== undefined) {
    const orderId = ids.next("orders")
    const count = 2
    const unit = String(priceOf(variant["variant_id"])["price"])
    const total = Number(unit) * count
    rows.order_items.push({
      order_item_id: ids.next("order_items"),
      order_id: orderId,
      article_type: "variant",
      variant_id: variant["variant_id"],
      bonus_set_id: null,
      product_id: product["product_id"],
      title: variant["title"],
      brand: product["brand"],
      category_path: null,
      count,
      unit_price: unit,
      total_price: money(total),
      bundles: "[]",
      marketplace_partner_id: null
    })
    const vatRate = vatRates[shop.country]
    rows.orders.push({
      order_id: orderId,
      order_number: String(100_000 + orderId),
      shop_id: shop.shopId,
      customer_id: customerId,
      cart_id: null,
      confirmation_token: rng.chars("0123456789abcdef", 32),
      state: "delivered",
      currency: shop.currency,
      total: money(total),
      total_no_vat: money(total / (1 + vatRate / 100)),
      discount_total: "0.00",
      billing_method_code: must(billingDefs(shop.country, shop.language)[0]).code,
      billing_selection: null,
      deliveries: JSON.stringify([{ deliveryId: "digital", method: "e-mail" }]),
      addresses: JSON.stringify({ billing: null, shipping: null }),
      customer_data: null,
      invoice_note: null,
      pickup_code: null,
      state_changed_at: at(-20),
      created_at: at(-21)
    })
  }
  const stockOf = (variantId: unknown) => rows.stock.find((row) => row["variant_id"] === variantId)
  const physical = ctx.defaultVariants.filter((info) => info.partnerId === null && !digital.some((row) => row["product_id"] === info.productId))
  const inStock = physical.filter((info) => Number(stockOf(info.variantId)?.["in_stock"] ?? 0) > 0)
  const soldOut = physical.filter((info) => Number(stockOf(info.variantId)?.["in_stock"] ?? 0) === 0)
  const cheap = rng.pick(inStock)
  rows.watchdogs.push({
    watchdog_id: ids.next("watchdogs"), shop_id: shop.shopId, customer_id: customerId, variant_id: cheap.variantId,
    price_limit: money(Number(cheap.price) * 1.1), watch_availability: false, created_at: at(-30)
  })
  const awaited = soldOut.length === 0 ? undefined : rng.pick(soldOut.filter((info) => info.variantId !== cheap.variantId))
  if (awaited !== undefined) {
    rows.watchdogs.push({
      watchdog_id: ids.next("watchdogs"), shop_id: shop.shopId, customer_id: customerId, variant_id: awaited.variantId,
      price_limit: money(Math.max(1, Math.round(Number(awaited.price) * 0.8))), watch_availability: true, created_at: at(-10)
    })
  }
  const orderIds = rows.orders.filter((row) => row["customer_id"] === customerId).map((row) => row["order_id"])
  const bought = [...new Set(rows.order_items.filter((row) => orderIds.includes(row["order_id"])).map((row) => row["product_id"]))]
  const reviewed = new Set(rows.reviews.filter((row) => row["customer_id"] === customerId).map((row) => row["product_id"]))
  const author = `${String(gold["firstname"])} ${String(gold["lastname"]).slice(0, 1)}.`
  for (const [n, productId] of bought.filter((id) => !reviewed.has(id)).slice(0, -1).entries()) {
    const rating = n === 0 ? 5 : 3
    const textIndex = rating === 5 ? 0 : 2
    rows.reviews.push({
      review_id: ids.next("reviews"),
      shop_id: shop.shopId,
      product_id: productId,
      customer_id: customerId,
      author_name: author,
      rating,
      title: tr(must(texts.reviewTitles[textIndex]), shop.language),
      text: tr(must(texts.reviewBodies[textIndex]), shop.language),
      pros: null,
      cons: null,
      status: "published",
      created_at: at(-15 + n, 30 * n),
      updated_at: at(-15 + n, 30 * n)
    })
  }
}

/**
 * Builds every seeded row in memory, deterministically. Effectful only because the demo password
 * hashes (scrypt, salts from the PRNG) are computed asynchronously.
 */
export const buildSeedRows: Effect.Effect<SeedRows> = Effect.gen(function*() {
  const hashes = new Map<string, string>()
  yield* Effect.forEach(
    demoAccounts,
    (account) => {
      const saltRng = makeRng(`salt:${account.key}`)
      const salt = Uint8Array.from({ length: 16 }, () => saltRng.int(0, 255))
      return Effect.map(hashPasswordWithSalt(demoPassword, salt), (hash) => {
        hashes.set(account.key, hash)
      })
    },
    { concurrency: 4, discard: true }
  )
  const rows = emptyRows()
  const ids = new Counter()
  rows.media.push({ media_id: "pattern-dots", kind: "pattern", shape: "pattern", label: "", color1: "#FFFFFF", color2: "#FFFFFF", width: 24, height: 24 })
  for (const icon of ["shop", "box", "partner", "post"]) {
    rows.media.push({ media_id: `icon-pup-${icon}`, kind: "icon", shape: "icon", label: icon, color1: "#2563EB", color2: "#FFFFFF", width: 32, height: 32 })
  }
  for (const def of deliveryDefs) {
    rows.media.push({ media_id: `icon-delivery-${def.code}`, kind: "icon", shape: "icon", label: def.code, color1: "#059669", color2: "#FFFFFF", width: 32, height: 32 })
  }
  const paymentIcons = new Set<string>()
  const contexts: Array<ShopContext> = []
  for (const shop of allShops) {
    const ctx: ShopContext = { shop, rows, ids, hashes, defaultVariants: [], variantsByLeaf: new Map() }
    seedShopConfig(ctx)
    seedCatalog(ctx, makeRng(`catalog:${shop.shopId}`))
    seedLogistics(ctx)
    for (const method of billingDefs(shop.country, shop.language)) {
      if (paymentIcons.has(method.code)) continue
      paymentIcons.add(method.code)
      rows.media.push({ media_id: `icon-pay-${method.code}`, kind: "icon", shape: "icon", label: method.code, color1: "#7C3AED", color2: "#FFFFFF", width: 32, height: 32 })
    }
    seedContent(ctx)
    seedCustomers(ctx, makeRng(`customers:${shop.shopId}`))
    contexts.push(ctx)
  }
  for (const ctx of contexts) seedAccountProducts(ctx, makeRng(`accountProducts:${ctx.shop.shopId}`))
  return rows
})

/** What a seed run wrote: rows per table and how long it took. */
export interface SeedReport {
  /** Rows written per table. */
  readonly rows: { readonly [T in SeededTable]: number }
  /** Milliseconds spent building the rows in memory (password hashing included). */
  readonly buildMs: number
  /** Milliseconds spent writing them. */
  readonly writeMs: number
}

/** The most bind parameters one multi-row INSERT carries (PostgreSQL allows 65 535). */
const maxParamsPerInsert = 30_000

/** Writes `rows` into `table` with multi-row INSERTs of at most {@link maxParamsPerInsert} parameters. */
export const insertRows = (table: string, rows: ReadonlyArray<Row>): Effect.Effect<void, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    if (rows.length === 0) return
    const sql = yield* SqlClient.SqlClient
    const columns = Object.keys(must(rows[0])).length
    const size = Math.max(1, Math.floor(maxParamsPerInsert / columns))
    for (let start = 0; start < rows.length; start += size) {
      const chunk = rows.slice(start, start + size)
      yield* sql`INSERT INTO ${sql(table)} ${sql.insert(chunk as unknown as readonly [Row, ...Array<Row>])}`
    }
  })

/**
 * Writes the whole demo data set (all seven shops) into an empty, migrated database, inside one
 * transaction, and moves every identity sequence past the seeded ids. Fails on a non-empty database
 * (unique violations); use {@link seedIfEmpty} at start.
 */
export const seed: Effect.Effect<SeedReport, SqlError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const started = performance.now()
  const rows = yield* buildSeedRows
  const built = performance.now()
  yield* sql.withTransaction(
    Effect.gen(function*() {
      for (const table of seededTables) {
        yield* insertRows(table, rows[table])
      }
      for (const table of seededTables) {
        const column = identityColumns[table]
        if (column === undefined) continue
        yield* sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), (SELECT coalesce(max(${sql(column)}), 0) + 1 FROM ${sql(table)}), false)`
      }
      yield* sql`SELECT setval('order_number_seq', (SELECT coalesce(max(order_number::integer), 100000) + 1 FROM orders), false)`
      yield* seedDemoClubs
    })
  )
  const written = performance.now()
  return {
    rows: Object.fromEntries(seededTables.map((table) => [table, rows[table].length])) as { [T in SeededTable]: number },
    buildMs: Math.round(built - started),
    writeMs: Math.round(written - built)
  }
})

/** The advisory lock key that serializes concurrent first starts on one PostgreSQL. */
export const seedLockKey = 724_001

/**
 * Seeds the database when it is empty (no row in `shops`) and returns the report, or `undefined`
 * when it already holds data. Safe when several server processes start at once on one PostgreSQL:
 * the check and the seed run under a transaction-level advisory lock.
 */
export const seedIfEmpty: Effect.Effect<SeedReport | undefined, SqlError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* sql.withTransaction(
    Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(${seedLockKey})`
      const [row] = yield* sql<{ readonly n: number }>`SELECT count(*)::integer AS n FROM shops`
      if ((row?.n ?? 0) > 0) return undefined
      return yield* seed
    })
  )
})

/**
 * A SHA-256 over every seeded table's rows (each table's rows as text, sorted, hashed with md5 by the
 * database). Equal checksums mean equal data; the seed test compares two fresh runs.
 */
export const seedChecksum: Effect.Effect<string, SqlError, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const parts: Array<string> = []
  for (const table of seededTables) {
    const [row] = yield* sql<{ readonly n: number; readonly h: string }>`SELECT count(*)::integer AS n,
      md5(coalesce(string_agg(t::text, chr(10) ORDER BY t::text), '')) AS h FROM ${sql(table)} t`
    parts.push(`${table}:${row?.n ?? 0}:${row?.h ?? ""}`)
  }
  return createHash("sha256").update(parts.join("\n")).digest("hex")
})
