/**
 * A whole purchase from a plain Node script, through the storefront core against a running shop backend: log in,
 * start from an empty cart, browse products and add one from the shop's own stock and (where the shop sells them)
 * one from a marketplace partner, choose a delivery for every delivery of the cart (a pick-up point, a cash-and-carry
 * shop, a parcel box or delivery to the address: marketplace deliveries offer address delivery only), choose a
 * payment, confirm, and print the order number. Messages of the shop come out as text in the shop's language.
 *
 *   npx node docs/examples/checkout.ts <baseUrl> <shopId|country> [email] [password] [--delivery=<kind>]
 *   npx node docs/examples/checkout.ts http://127.0.0.1:3000 CZ gold@example.cz demo1234
 *   npx node docs/examples/checkout.ts http://127.0.0.1:3000 SK10MA --delivery=address
 *
 * `--delivery` says how the shop's own delivery goes: `cash-and-carry` (default; a shop where you pay at the
 * counter), `pup` (a pick-up point), `box` (a parcel box) or `address`.
 */
import { Effect, Layer } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { bootstrapSession, callPolicyLayer, cookieJarLayer, makeShopClient, type ShopClient } from "../../core/api/client.ts"
import type { Delivery } from "../../core/api/entities/delivery.ts"
import type { ApiResponse } from "../../core/api/entities/envelope.ts"
import { ProductApi } from "../../core/api/productApi.ts"
import { Delivery as DeliveryRules, Messages, Payment, Shop } from "../../core/index.ts"

const deliveryKinds = ["cash-and-carry", "pup", "box", "address"] as const
type OwnDeliveryKind = (typeof deliveryKinds)[number]

const usage = `usage: npx node docs/examples/checkout.ts <baseUrl> <shopId|country> [email] [password] [--delivery=${deliveryKinds.join("|")}]
  shops: ${Shop.shopIds.join(", ")}; countries: ${Shop.countries.join(", ")}
  e.g.   npx node docs/examples/checkout.ts http://127.0.0.1:3000 CZ gold@example.cz demo1234`

const fail = (problem: string): never => {
  console.error(`${problem}\n${usage}`)
  process.exit(2)
}

const args = process.argv.slice(2)
const options = new Map(args.filter((arg) => arg.startsWith("--")).map((arg) => [arg.slice(2).split("=")[0]!, arg.split("=")[1] ?? ""]))
const [baseUrl, shopArg, emailArg, passwordArg] = args.filter((arg) => !arg.startsWith("--"))
if (baseUrl === undefined || shopArg === undefined) fail("missing arguments: the backend's base URL and a shop id or country")
if (!/^https?:\/\//.test(baseUrl!)) fail(`not a base URL: ${baseUrl}`)
const shop = Shop.shopOf(shopArg!) ?? fail(`unknown shop or country: ${shopArg}`)
const ownDelivery = (options.get("delivery") ?? "cash-and-carry") as OwnDeliveryKind
if (!deliveryKinds.includes(ownDelivery)) fail(`unknown delivery kind: ${options.get("delivery")}`)
const email = emailArg ?? `gold@example.${shop.country.toLowerCase()}`
const password = passwordArg ?? "demo1234"
const language = Messages.uiLanguageOf(shop)
const flashes = (answer: ApiResponse) =>
  (answer.status?.flashMessages ?? []).map((flash) => Messages.flashText(language, flash)).join(" ")

/** How one delivery goes: the choice sent to select-delivery-method and what to print. */
interface DeliveryChoice {
  readonly type: "pup" | "privileged_pup" | "address"
  readonly transportId: string
  readonly branchId?: string
  readonly label: string
}

/** The choices a delivery offers, the preferred kind first: pick-up places (by branch) and address delivery. */
const choicesFor = (client: ShopClient, delivery: Delivery, prefer: OwnDeliveryKind) =>
  Effect.gen(function*() {
    const deliveryId = String(delivery.deliveryId)
    const { pickupMethods, addressTransports } = DeliveryRules.deliveryOptions(delivery)
    const choices: Array<DeliveryChoice & { readonly kind: OwnDeliveryKind }> = []
    if (pickupMethods.length > 0) {
      const listed = yield* client.deliveries.branchesBasic({ query: { deliveryId } })
      const byType = new Map<string, NonNullable<typeof listed.branches>[number]>()
      for (const branch of listed.branches ?? []) if (!byType.has(branch.pupType ?? "")) byType.set(branch.pupType ?? "", branch)
      const cashAndCarry = (listed.preferredBranches ?? []).find((branch) => branch.cashAndCarry === true)
      for (const method of pickupMethods) {
        if (method.type === undefined || method.type === null) continue
        for (const transport of method.availablePupTransports ?? []) {
          const branches = [...(cashAndCarry === undefined ? [] : [cashAndCarry]), ...byType.values()]
          for (const branch of branches) {
            const kind: OwnDeliveryKind = method.type === "privileged_pup" ? "box" : branch.cashAndCarry === true ? "cash-and-carry" : "pup"
            const what = kind === "box" ? "parcel box" : kind === "cash-and-carry" ? "pick-up point (cash and carry)" : "pick-up point"
            choices.push({ kind, type: method.type, transportId: String(transport.id), branchId: String(branch.id), label: `${what}: ${branch.name ?? branch.id}` })
          }
        }
      }
    }
    for (const transport of addressTransports) {
      choices.push({ kind: "address", type: "address", transportId: String(transport.id), label: `address delivery: ${transport.title ?? transport.id}` })
    }
    return [...choices.filter((choice) => choice.kind === prefer), ...choices.filter((choice) => choice.kind !== prefer)]
  })

const purchase = Effect.gen(function*() {
  const client = yield* makeShopClient(baseUrl!)
  const products = yield* HttpApiClient.make(ProductApi, {
    transformClient: HttpClient.mapRequestInput(HttpClientRequest.prependUrl(`${baseUrl}/product-api`))
  })
  yield* bootstrapSession(client)

  // Log in first (the cart of the session is merged into the customer's), then start from an empty cart.
  yield* client.account.login({ payload: { username: email, password } })
  yield* bootstrapSession(client)
  console.log(`logged in as ${email} (${shop.name})`)
  const leftovers = (yield* client.cartApi.loadCart()).cart?.articles ?? []
  if (leftovers.length > 0) yield* client.cart.deleteItems({ query: { ids: leftovers.map((a) => a.cartItemId ?? a.articleId).join(",") } })

  // Browse: one in-stock product of the shop's own stock and one of a marketplace partner (variant ids are shared
  // by all shops; a variant of another shop is refused, and a second line of a kind already in the cart is removed).
  const kinds = new Set<"own" | "marketplace">()
  for (let from = 1; kinds.size < 2 && from < 10_000; from += 100) {
    const batch = yield* products.products.findVariantsById({ query: { ids: Array.from({ length: 100 }, (_, i) => from + i) } })
    for (const variant of batch) {
      if (kinds.size === 2) break
      if (variant.availability === "out_of_stock" || variant.currency !== shop.currency) continue
      const answer = yield* Effect.result(client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1, extended: true } }))
      if (answer._tag === "Failure" || answer.success.status?.status !== "ok") continue
      const line = answer.success.cart?.articles?.find((article) => article.variantId === variant.variantId)
      const kind = line?.marketplacePartnerId === null || line?.marketplacePartnerId === undefined ? "own" : "marketplace"
      if (kinds.has(kind) || line === undefined) {
        if (line !== undefined) yield* client.cart.deleteItems({ query: { ids: String(line.cartItemId ?? line.articleId) } })
        continue
      }
      kinds.add(kind)
      console.log(`added to cart: ${variant.title} (${variant.price} ${shop.currency}${kind === "marketplace" ? ", from a marketplace partner" : ""})`)
    }
    if (from > 1000 && kinds.has("own")) break
  }
  if (!kinds.has("own")) return yield* Effect.fail(new Error("no product of this shop could be added"))

  // Preview -> customer -> shipping.
  yield* client.cartStep.nextStep({ payload: { step: 1 } })
  const shipping = yield* client.cartStep.nextStep({ payload: { step: 2 } })
  if (shipping.step !== 3) return yield* Effect.fail(new Error(`not at shipping: ${flashes(shipping)}`))

  // A delivery method for every delivery of the cart, the asked-for kind first for the shop's own delivery.
  for (const delivery of shipping.deliveries ?? []) {
    if ((delivery.deliveryMethods ?? []).length === 0) continue
    const choices = yield* choicesFor(client, delivery, delivery.isMarketplace === true ? "address" : ownDelivery)
    let chosen: string | undefined
    for (const choice of choices) {
      const answer = yield* client.deliveries.selectDeliveryMethod({
        payload: {
          deliveryId: String(delivery.deliveryId),
          type: choice.type,
          transportId: choice.transportId,
          ...(choice.branchId === undefined ? {} : { branchId: choice.branchId })
        }
      })
      if (answer.status?.status === "ok") {
        chosen = choice.label
        break
      }
    }
    if (chosen === undefined) return yield* Effect.fail(new Error(`no delivery method could be chosen for delivery ${delivery.deliveryId}`))
    console.log(`delivery ${delivery.deliveryId}${delivery.isMarketplace === true ? ` (${delivery.deliveredBy ?? "marketplace"})` : ""}: ${chosen}`)
  }

  // A payment the shop offers for this cart, filtered by the shop's rules (§5), and accepted by the server.
  const loaded = yield* client.cartApi.loadCart()
  const offered = Payment.availableBillingMethods(loaded.billingMethods ?? {}, { shop, walletSupported: false })
  let paid: string | undefined
  for (const [code, method] of Object.entries(offered)) {
    if (!Payment.isSelectable(method) || (Payment.backgroundLoadCodes as ReadonlyArray<string>).includes(code)) continue
    const answer = yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: code } })
    if (answer.status?.status === "ok") {
      paid = `${code} (${method.title ?? code})`
      break
    }
  }
  if (paid === undefined) return yield* Effect.fail(new Error("no payment method available"))
  console.log(`payment: ${paid}`)

  // Confirm.
  const confirmed = yield* client.cartStep.nextStep({ payload: { step: 3 } })
  if (confirmed.step !== 4) return yield* Effect.fail(new Error(`order not placed: ${flashes(confirmed)}`))
  console.log(`total: ${Messages.translate(language, "cart_total", { total: { amount: loaded.cart?.total?.total ?? 0, currency: shop.currency } })}`)
  console.log(`order number: ${confirmed.cart?.purchase?.orderId}`)
})

const layer = callPolicyLayer({ shopId: shop.shopId, csrfToken: undefined, cartId: undefined }).pipe(
  Layer.provideMerge(cookieJarLayer()),
  Layer.provide(FetchHttpClient.layer)
)

await Effect.runPromise(purchase.pipe(Effect.provide(layer))).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
