/**
 * The JSON text of a cart answer (`ApiResponse`) as HttpApi writes it (`JSON.stringify` of the contract's Schema
 * encode), made with each article encoded ONCE: an extended cart answer carries the same articles twice, as
 * `cart.articles` and as `cartItems` (`cartResponse`), and they are most of its bytes. The articles are encoded and
 * written once, the rest of the answer with both lists empty, and the articles' text is put in the two empty lists'
 * places: the same bytes, about half the encoding.
 *
 * @module
 */
import { Schema } from "effect"
import { CartArticle } from "../../../core/api/entities/cart.ts"
import { ApiResponse } from "../../../core/api/entities/envelope.ts"

const encodeAnswer = Schema.encodeSync(ApiResponse)
const encodeArticles = Schema.encodeSync(Schema.Array(CartArticle))

/** The answer's JSON text encoded whole, as HttpApi does. */
const wholeJson = (answer: ApiResponse): string => JSON.stringify(encodeAnswer(answer))

// The encoded ApiResponse's keys come in the Schema's order: `status`, then `cart` (whose first keys are `cartId` and
// `articles`), then `cartItems`. A key is a quoted string followed by a colon, which no JSON string value contains
// unescaped, so these markers are found where the two empty lists are.
const cartKey = "\"cart\":{"
const articlesKey = "\"articles\":[]"
const cartItemsKey = "\"cartItems\":[]"

/**
 * The JSON text of `answer`, byte for byte `JSON.stringify(Schema.encodeSync(ApiResponse)(answer))`; an answer whose
 * `cartItems` is its `cart.articles` has those articles encoded once (see the module documentation).
 */
export const answerJson = (answer: ApiResponse): string => {
  const articles = answer.cart?.articles
  if (articles === undefined || articles.length === 0 || answer.cartItems !== articles) return wholeJson(answer)
  const articlesText = JSON.stringify(encodeArticles(articles))
  const shell = wholeJson({ ...answer, cart: { ...answer.cart, articles: [] }, cartItems: [] })
  const cart = shell.indexOf(cartKey)
  const inCart = cart < 0 ? -1 : shell.indexOf(articlesKey, cart + cartKey.length)
  const items = inCart < 0 ? -1 : shell.indexOf(cartItemsKey, inCart + articlesKey.length)
  if (items < 0) return wholeJson(answer)
  const afterArticles = inCart + articlesKey.length - 2
  const afterItems = items + cartItemsKey.length - 2
  return shell.slice(0, afterArticles) + articlesText + shell.slice(afterArticles + 2, afterItems) + articlesText +
    shell.slice(afterItems + 2)
}
