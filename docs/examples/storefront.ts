/**
 * The storefront from a plain Node script through the core's front door, `Storefront.layer`: one
 * `Effect.provide` wires the client (with a cookie jar of its own), storage and every service. The
 * script browses a category and searches, fills a cart (two products, a changed quantity, one removed),
 * logs in, keeps a product on the wishlist and moves it to the cart, creates a wishlist and deletes it, and reads
 * the order history.
 * Messages come out in the shop's language.
 *
 *   npx node docs/examples/storefront.ts <baseUrl> <shopId|country> [email] [password]
 *   npx node docs/examples/storefront.ts http://127.0.0.1:3000 PL
 */
import { Effect, ManagedRuntime } from "effect"
import { Messages, Shop, Storefront } from "../../core/index.ts"
import { Account } from "../../core/services/Account.ts"
import { Cart, cartLines } from "../../core/services/Cart.ts"
import { Catalogue } from "../../core/services/Catalogue.ts"
import { Wishlist } from "../../core/services/Wishlist.ts"

const [baseUrl, shopArg, emailArg, passwordArg] = process.argv.slice(2)
if (baseUrl === undefined || shopArg === undefined || !/^https?:\/\//.test(baseUrl)) {
  console.error("usage: npx node docs/examples/storefront.ts <baseUrl> <shopId|country> [email] [password]")
  process.exit(2)
}
const shop = Shop.shopOf(shopArg)
if (shop === undefined) {
  console.error(`unknown shop or country: ${shopArg}`)
  process.exit(2)
}
const email = emailArg ?? `gold@example.${shop.country.toLowerCase()}`
const language = Messages.uiLanguageOf(shop)
const price = (amount: number) => `${amount} ${shop.currency}`

const runtime = ManagedRuntime.make(Storefront.layer({ shop, baseUrl, transport: "fetch-with-cookie-jar", liveData: false }))

const tour = Effect.gen(function*() {
  const catalogue = yield* Catalogue
  const categories = yield* catalogue.categories
  const top = categories.find((category) => category.parentId === null && category.productCount > 0)!
  const listing = yield* catalogue.listing({ category: top.urlKey, sort: "price_asc", perPage: 5 })
  console.log(`category ${listing.category.title}: ${listing.total} products, cheapest ${listing.products[0]?.title} at ${price(listing.products[0]?.price ?? 0)}`)
  const word = listing.products[0]!.brand
  const found = yield* catalogue.search({ q: word })
  console.log(`search "${word}": ${found.total} products`)

  const cart = yield* Cart
  const inStock = [...listing.products, ...found.products].filter((product) => product.inStock > 1)
  const [first, second] = [inStock[0]!, inStock.find((product) => product.variantId !== inStock[0]!.variantId)!]
  yield* cart.add({ variantId: first.variantId })
  const filled = yield* cart.add({ variantId: second.variantId })
  console.log(`cart: ${cartLines(filled).map((line) => `${line.count}× ${line.article.title}`).join(", ")}`)
  const firstLine = cartLines(filled).find((line) => line.article.variantId === first.variantId)!
  yield* cart.setAmount(firstLine.lineId, 2)
  const changed = yield* cart.flush
  console.log(`quantity changed: ${cartLines(changed).map((line) => `${line.count}× ${line.article.title}`).join(", ")}`)
  const secondLine = cartLines(changed).find((line) => line.article.variantId === second.variantId)!
  const removed = yield* cart.remove([secondLine.lineId])
  console.log(`removed one: ${cartLines(removed).map((line) => `${line.count}× ${line.article.title}`).join(", ")}`)

  const account = yield* Account
  const me = yield* account.login({ email, password: passwordArg ?? "demo1234" })
  console.log(`logged in as ${me.displayName}`)
  const wishlist = yield* Wishlist
  const kept = yield* wishlist.add(second.variantId)
  console.log(`wishlist: ${Messages.translate(language, "wishlist_counter_items", { count: kept.itemsCount })} (${kept.itemsCount})`)
  const item = kept.items.find((entry) => entry.product?.variant.variantId === second.variantId)
  if (item !== undefined) {
    yield* wishlist.moveToCart(item)
    const loaded = yield* cart.load
    console.log(`moved to the cart: ${cartLines(loaded).some((line) => line.article.variantId === second.variantId)}`)
  }
  const created = yield* wishlist.add(first.variantId, { kind: "new", newWishlistName: "Gifts" })
  const listId = created.created?.wishListId
  console.log(`new wishlist "Gifts": ${listId === undefined ? "not created" : `#${listId}`}`)
  if (listId !== undefined) {
    const lists = yield* wishlist.loadLists
    console.log(`lists: ${lists.wishlists.length}`)
    const after = yield* wishlist.removeWishlist(listId)
    console.log(`deleted "Gifts": ${!after.wishlists.some((list) => list.wishListId === listId)}`)
  }
  const history = yield* account.orderHistory({ limit: 3 })
  console.log(`orders: ${history.total}; newest ${history.orders.map((order) => `#${order.orderId} ${price(Number(order.total))}`).join(", ")}`)
})

await runtime.runPromise(tour).then(
  () => runtime.dispose(),
  async (error: unknown) => {
    console.error(error instanceof Error ? error.message : JSON.stringify(error))
    await runtime.dispose()
    process.exitCode = 1
  }
)
