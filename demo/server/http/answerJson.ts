/**
 * The JSON text of a cart answer (`ApiResponse`) as HttpApi writes it (`JSON.stringify` of the contract's Schema
 * encode), made with each article encoded ONCE: an extended cart answer carries the same articles twice, as
 * `cart.articles` and as `cartItems` (`cartResponse`), and they are most of its bytes. The articles are encoded and
 * written once, the rest of the answer with both lists empty, and the articles' text is put in the two empty lists'
 * places: the same bytes, about half the encoding. Every part is written by the contract's Schemas without running
 * their encoder (`schemaJsonWriter`). The texts of a cart's last answer's articles are kept by cart (a change leaves
 * the other lines' articles the same objects, and the changed line's text is its last one with two numbers written
 * anew) and the text of an answer too (the idempotency key stores it, the fast path sends it). A cart answer's billing
 * methods (most of what is left, about 1.4 KB) are the same for many carts and states: their text is kept with the
 * object (the fast writes' methods are kept objects, `billingMethodsAt`) and by their content, and put in place as
 * the articles' is.
 *
 * The fast path sends a fresh answer as its UTF-8 bytes held in a one-byte string, one character per byte (Node's
 * `latin1` encoding, {@link AnswerBody}): each kept part (article, billing methods) keeps that form too once asked, and an
 * answer's is put together from them as its text is. Its length is the body's byte length and the socket copies it
 * as it is, where the text (two bytes a character as soon as one name is not Latin-1, about 17 KB) was counted by
 * `Buffer.byteLength` and encoded again by the socket for every write; and it is a string on V8's heap, half the
 * text's size, not a buffer of its own.
 *
 * @module
 */
import { CartArticle } from "../../../core/api/entities/cart.ts"
import { ApiResponse } from "../../../core/api/entities/envelope.ts"
import { BillingMethods } from "../../../core/api/entities/payment.ts"
import { schemaJsonWriter } from "./schemaJson.ts"
import { setNewest } from "../newestEntries.ts"

// `JSON.stringify` of the contract's encode, written without running the encoder (schemaJson.ts)
const answerWriter = schemaJsonWriter(ApiResponse)
const articleWriter = schemaJsonWriter(CartArticle)
const billingWriter = schemaJsonWriter(BillingMethods)

/**
 * A JSON text's UTF-8 bytes as a one-byte string, one character per byte (what Node's `latin1` encoding writes as
 * they are): its length is the bytes' length.
 */
export interface AnswerBody {
  readonly bytes: string
}

/** A part's text and its {@link AnswerBody} bytes, made the first time they are asked for (only the fast path asks). */
interface Texts {
  readonly text: string
  bytes: string | undefined
}

const ascii = /^[\u0000-\u007f]*$/

/** The UTF-8 bytes of `text` as a one-byte string: the text itself when it is ASCII. */
const bytesOf = (text: string): string => ascii.test(text) ? text : Buffer.from(text, "utf8").toString("latin1")

const textsOf = (text: string): Texts => ({ text: flat(text), bytes: undefined })

/**
 * `text` made flat now, while it is young: a text put together from pieces is a tree of them that V8 flattens, into a
 * new string, the first time it is searched or sent. A kept article text flattened at a later write, once promoted,
 * held that new string from the old generation until the next full collection (each changed line's text was promoted).
 * A search that reads every character flattens it; JSON text holds no raw NUL.
 */
const flat = (text: string): string => {
  text.indexOf("\u0000")
  return text
}

const bytesFor = (texts: Texts): string => texts.bytes ??= flat(bytesOf(texts.text))

const textOf = (texts: Texts): string => texts.text

/** The text `texts` keeps for `key`, made by `make` and kept the first time it is asked for. */
const keptWith = <K extends object, T>(texts: WeakMap<K, T>, key: K, make: (key: K) => T): T => {
  let text = texts.get(key)
  if (text === undefined) {
    text = make(key)
    texts.set(key, text)
  }
  return text
}

// The articles of each cart's last answer written here and their texts, by cart id. A change leaves the cart's other
// lines' articles as they were, the same objects (`cartArticles`), so most of an answer's articles are in its cart's
// last answer: their texts are taken from there. A changed line's article differs from its last one (the same bundles
// or params array: `withLineCount` copies the line, `cartArticles` its arrays by reference) only in `count` and
// `linePrice`: its text is the last one with those two numbers written anew (both forms of the text change alike: the
// numbers and their keys are ASCII, one byte a character in either).
//
// A Map by cart id, each entry replaced by the cart's next answer, and not WeakMaps by article and by line (as kept
// before): V8's young-generation collection holds a WeakMap's values strongly, even when their key has just died, so
// every article, text and flattened text a WeakMap held at one scavenge was copied and then promoted at the next (on
// a writes-only bench, 12-13 MB survived each scavenge with them, 9-10 without). A replaced entry here is garbage at
// once. Bounded: the oldest cart's entry goes when full.
interface LastArticles {
  readonly articles: ReadonlyArray<CartArticle>
  readonly texts: ReadonlyArray<Texts>
}

const lastArticles = new Map<string, LastArticles>()
const lastArticlesMax = 1024

/** The texts of `articles`, an answer's articles of the cart `cartId`, taken from that cart's last answer where they can. */
const articleTextsOf = (cartId: string | undefined, articles: ReadonlyArray<CartArticle>): ReadonlyArray<Texts> => {
  const last = cartId === undefined ? undefined : lastArticles.get(cartId)
  const texts = articles.map((article) => articleText(article, last))
  if (cartId !== undefined) setNewest(lastArticles, cartId, { articles, texts }, lastArticlesMax)
  return texts
}

const articleText = (article: CartArticle, last: LastArticles | undefined): Texts => {
  if (last === undefined) return textsOf(articleWriter(article))
  const same = last.articles.indexOf(article)
  if (same >= 0) return last.texts[same]!
  const line = article.bundles ?? article.params
  const at = line === undefined ? -1 : last.articles.findIndex((before) => (before.bundles ?? before.params) === line)
  const changed = at < 0 ? undefined : amountChangedText(last.articles[at]!, last.texts[at]!, article)
  return changed ?? textsOf(articleWriter(article))
}

/** `article`'s texts from those of `before`, the last article of its line, when the two differ only in amount. */
const amountChangedText = (before: CartArticle, texts: Texts, article: CartArticle): Texts | undefined => {
  if (!sameButAmount(before, article)) return undefined
  const text = withAmount(before, texts.text, article)
  if (text === undefined) return undefined
  const bytes = texts.bytes === undefined ? undefined : withAmount(before, texts.bytes, article)
  return { text: flat(text), bytes: bytes === undefined ? undefined : flat(bytes) }
}

/**
 * `text` (`last`'s text, or its bytes) with `article`'s count and line price: the encoded article's first key is `articleId` (a number), its
 * second `count`, and `linePrice` is a key of the article alone (a key, quoted and followed by a colon, is never inside a
 * JSON string value), so each number is found after its key; both are written as the encoder writes a safe integer
 * and a finite number (as they are). Undefined when either is not such a number or not found as expected.
 */
const withAmount = (last: CartArticle, text: string, article: CartArticle): string | undefined => {
  const { count, linePrice } = article
  if (!Number.isSafeInteger(count) || linePrice === undefined || !Number.isFinite(linePrice)) return undefined
  const countAt = text.indexOf(countKey) + countKey.length
  const oldCount = JSON.stringify(last.count)
  const priceAt = text.indexOf(linePriceKey) + linePriceKey.length
  const oldPrice = JSON.stringify(last.linePrice)
  if (countAt < countKey.length || priceAt < linePriceKey.length || countAt > priceAt) return undefined
  if (!text.startsWith(oldCount, countAt) || !text.startsWith(oldPrice, priceAt)) return undefined
  return text.slice(0, countAt) + JSON.stringify(count) + text.slice(countAt + oldCount.length, priceAt) +
    JSON.stringify(linePrice) + text.slice(priceAt + oldPrice.length)
}

const countKey = "\"count\":"
const linePriceKey = "\"linePrice\":"

/** Whether two articles are the same but for `count` and `linePrice`: the same values, objects compared one level deep. */
const sameButAmount = (a: CartArticle, b: CartArticle): boolean => {
  const x = a as Readonly<Record<string, unknown>>
  const y = b as Readonly<Record<string, unknown>>
  for (const key in y) if (!amountKeys.has(key) && !sameValue(x[key], y[key])) return false
  for (const key in x) if (!amountKeys.has(key) && !(key in y) && x[key] !== undefined) return false
  return typeof x["count"] === "number" && typeof x["linePrice"] === "number"
}

const amountKeys = new Set(["count", "linePrice"])

const sameValue = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false
  const x = a as Readonly<Record<string, unknown>>
  const y = b as Readonly<Record<string, unknown>>
  let keys = 0
  for (const key in y) {
    if (x[key] !== y[key]) return false
    keys++
  }
  for (const _ in x) keys--
  return keys === 0
}

// The text of billing methods by their content (`JSON.stringify` of the value, a few µs against the Schema encode's tens):
// a cart answer's methods depend on the shop, the cart's price and its deliveries, so many carts share them. Bounded:
// emptied when full.
const billingTexts = new Map<string, Texts>()
const billingTextsMax = 512

// The text of billing methods kept as long as the object lives: the fast writes' methods are the same object from one
// write to the next while what they depend on is the same (`billingMethodsAt`), so most are not even stringified.
const billingTextsOfObjects = new WeakMap<BillingMethods, Texts>()

const billingText = (methods: BillingMethods): Texts => keptWith(billingTextsOfObjects, methods, billingTextOfContent)

const billingTextOfContent = (methods: BillingMethods): Texts => {
  const content = JSON.stringify(methods)
  let text = billingTexts.get(content)
  if (text === undefined) {
    text = textsOf(billingWriter(methods))
    if (billingTexts.size >= billingTextsMax) billingTexts.clear()
    billingTexts.set(content, text)
  }
  return text
}

// An answer's text, kept for as long as the answer lives: a write that stores its answer with its idempotency key
// stores this text, and the fast path sends the same.
const answerTexts = new WeakMap<ApiResponse, string>()

/** The answer's JSON text encoded whole, as HttpApi does. */
const wholeJson = (answer: ApiResponse): string => answerWriter(answer)

// The encoded ApiResponse's keys come in the Schema's order: `status`, then `cart` (whose first keys are `cartId` and
// `articles`), then `cartItems`. A key is a quoted string followed by a colon, which no JSON string value contains
// unescaped, so these markers are found where the two empty lists are.
const cartKey = "\"cart\":{"
const articlesKey = "\"articles\":[]"
const cartItemsKey = "\"cartItems\":[]"
// the answer's last key when it has no other after `cartItems` (a cart answer): its place is the shell's end
const billingTail = "\"billingMethods\":{}}"
const cartAnswerKeys = new Set(["status", "cart", "cartItems", "billingMethods"])

/**
 * The JSON text of `answer`, byte for byte `JSON.stringify(Schema.encodeSync(ApiResponse)(answer))`; an answer whose
 * `cartItems` is its `cart.articles` has those articles encoded once, each article's text kept while the article lives
 * (see the module documentation). Answers and articles are immutable: the text of one is kept with it.
 */
export const answerJson = (answer: ApiResponse): string => keptWith(answerTexts, answer, (kept) => splicedJson(kept, false).text)

/**
 * The same text as {@link answerJson}, not kept with the answer: for an answer whose text is asked for once (the fast
 * path's plain writes, `plainCartWrite`). A text kept in the WeakMap is copied by V8's next young-generation
 * collection even once its answer is gone (the old map's value is a strong reference for the scavenger), so each
 * fast write's ~17 KB two-byte text survived a collection it should have died in. It does not look in that map
 * either: a fresh answer is never there (and the text of an immutable answer is the same, kept or not).
 */
export const answerJsonOnce = (answer: ApiResponse): string => splicedJson(answer, false).text

/**
 * {@link answerJsonOnce}'s text and its UTF-8 bytes as an {@link AnswerBody}, put together from the parts' kept bytes
 * (the text is strung together but not flattened: a caller that only sends the body never copies it; the body is
 * flattened at once, as its send would, while it is young: see {@link flat}).
 */
export const answerTextsOnce = (answer: ApiResponse): { readonly text: string; readonly body: AnswerBody } => {
  const { text, bytes } = splicedJson(answer, true)
  return { text, body: { bytes: flat(bytes!) } }
}

const whole = (answer: ApiResponse, withBytes: boolean): Texts => {
  const text = wholeJson(answer)
  return { text, bytes: withBytes ? bytesOf(text) : undefined }
}

/** The answer's text, and its bytes when `withBytes`. */
const splicedJson = (answer: ApiResponse, withBytes: boolean): Texts => {
  const articles = answer.cart?.articles
  if (articles === undefined || articles.length === 0 || answer.cartItems !== articles) return whole(answer, withBytes)
  const methods = answer.billingMethods
  const billingApart = methods !== undefined && Object.keys(answer).every((key) => cartAnswerKeys.has(key))
  const shell = wholeJson({
    ...answer,
    cart: { ...answer.cart, articles: [] },
    cartItems: [],
    ...(billingApart ? { billingMethods: {} } : {})
  })
  const cart = shell.indexOf(cartKey)
  const inCart = cart < 0 ? -1 : shell.indexOf(articlesKey, cart + cartKey.length)
  const items = inCart < 0 ? -1 : shell.indexOf(cartItemsKey, inCart + articlesKey.length)
  if (items < 0) return whole(answer, withBytes)
  const rest = shell.slice(items + cartItemsKey.length)
  if (billingApart && !rest.endsWith(billingTail)) return whole(answer, withBytes)
  const texts = articleTextsOf(answer.cart?.cartId, articles)
  const billing = billingApart ? billingText(methods) : undefined
  // the shell's pieces around the two lists and the billing methods' place
  const head = shell.slice(0, inCart + articlesKey.length - 1)
  const middle = shell.slice(inCart + articlesKey.length - 1, items + cartItemsKey.length - 1)
  const tail = billing === undefined ? rest : rest.slice(0, rest.length - 3)
  const put = (form: (texts: Texts) => string): string => {
    let list = ""
    for (let i = 0; i < texts.length; i++) list += i === 0 ? form(texts[i]!) : `,${form(texts[i]!)}`
    return billing === undefined
      ? head + list + middle + list + "]" + tail
      : head + list + middle + list + "]" + tail + form(billing) + "}"
  }
  const text = put(textOf)
  if (!withBytes) return { text, bytes: undefined }
  // a shell with other than ASCII (a flash message, an address) has other offsets in its bytes: encoded whole
  return { text, bytes: ascii.test(shell) ? put(bytesFor) : bytesOf(text) }
}
