/**
 * A whole purchase from a plain Node script, through the storefront core against a running shop
 * backend: browse products, add one to the cart, log in, choose a pick-up point and a payment,
 * confirm, and print the order number.
 *
 *   npx node docs/examples/checkout.ts [baseUrl] [shopId] [email] [password]
 *   npx node docs/examples/checkout.ts http://127.0.0.1:3000 CZ10MA gold@example.cz demo1234
 */
import { Effect, Layer } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { bootstrapSession, callPolicyLayer, cookieJarLayer, makeShopClient } from "../../core/api/client.ts"
import { ProductApi } from "../../core/api/productApi.ts"
import { Payment, Shop } from "../../core/index.ts"

const [baseUrl = "http://127.0.0.1:3000", shopArg = "CZ10MA", emailArg, password = "demo1234"] = process.argv.slice(2)
if (!Shop.isShopId(shopArg)) throw new Error(`Unknown shop ${shopArg}; one of ${Shop.shopIds.join(", ")}`)
const shop = Shop.shopById(shopArg)
const email = emailArg ?? `gold@example.${shop.country.toLowerCase()}`

const purchase = Effect.gen(function*() {
  const client = yield* makeShopClient(baseUrl)
  const products = yield* HttpApiClient.make(ProductApi, {
    transformClient: HttpClient.mapRequestInput(HttpClientRequest.prependUrl(`${baseUrl}/product-api`))
  })
  yield* bootstrapSession(client)

  // Log in first (the cart of the session is merged into the customer's).
  yield* client.account.login({ payload: { username: email, password } })
  yield* bootstrapSession(client)
  console.log(`logged in as ${email}`)

  // Browse: the first in-stock variant this shop sells (variant ids are shared by all shops).
  let added: { readonly title: string; readonly price: number } | undefined
  for (let from = 1; added === undefined && from < 10_000; from += 100) {
    const batch = yield* products.products.findVariantsById({ query: { ids: Array.from({ length: 100 }, (_, i) => from + i) } })
    for (const variant of batch) {
      if (variant.availability === "out_of_stock" || variant.currency !== shop.currency) continue
      const answer = yield* Effect.result(client.cart.addToCart({ payload: { variantId: variant.variantId, amount: 1 } }))
      if (answer._tag === "Success" && answer.success.status?.status === "ok") {
        added = { title: variant.title, price: variant.price }
        break
      }
    }
  }
  if (added === undefined) return yield* Effect.fail(new Error("no product of this shop could be added"))
  console.log(`added to cart: ${added.title} (${added.price} ${shop.currency})`)

  // Preview -> customer -> shipping.
  yield* client.cartStep.nextStep({ payload: { step: 1 } })
  const shipping = yield* client.cartStep.nextStep({ payload: { step: 2 } })
  if (shipping.step !== 3) return yield* Effect.fail(new Error(`not at shipping: ${JSON.stringify(shipping.status)}`))

  // A pick-up point for every delivery of the cart.
  for (const delivery of shipping.deliveries ?? []) {
    const method = (delivery.deliveryMethods ?? []).find((m) => m.type === "pup" && m.available !== false)
    const transport = method?.availablePupTransports?.[0]
    if (transport === undefined) continue
    const branches = yield* client.deliveries.branchesBasic({ query: { deliveryId: String(delivery.deliveryId) } })
    const branch = branches.branches?.[0]
    if (branch === undefined) continue
    yield* client.deliveries.selectDeliveryMethod({
      payload: { deliveryId: String(delivery.deliveryId), type: "pup", transportId: String(transport.id), branchId: branch.id }
    })
    console.log(`pick-up point: ${branch.name ?? branch.id}`)
  }

  // A payment the shop offers for this cart, filtered by the shop's rules.
  const loaded = yield* client.cartApi.loadCart()
  const offered = Payment.availableBillingMethods(loaded.billingMethods ?? {}, { shop, walletSupported: false })
  const code = Object.keys(offered).find((c) => Payment.isSelectable(offered[c]!) && !Payment.backgroundLoadCodes.includes(c as never))
  if (code === undefined) return yield* Effect.fail(new Error("no payment method available"))
  yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: code } })
  console.log(`payment: ${code}`)

  // Confirm.
  const confirmed = yield* client.cartStep.nextStep({ payload: { step: 3 } })
  if (confirmed.step !== 4) return yield* Effect.fail(new Error(`order not placed: ${JSON.stringify(confirmed.status?.flashMessages)}`))
  console.log(`order number: ${confirmed.cart?.purchase?.orderId}`)
})

const layer = callPolicyLayer({ shopId: shop.shopId, csrfToken: undefined, cartId: undefined }).pipe(
  Layer.provideMerge(cookieJarLayer()),
  Layer.provide(FetchHttpClient.layer)
)

Effect.runPromise(purchase.pipe(Effect.provide(layer))).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
