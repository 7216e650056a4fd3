/**
 * The fast write's answer text (demo/server/http/answerJson.ts) is byte for byte what HttpApi writes: `JSON.stringify`
 * of the contract's `ApiResponse` encode, for any answer, whether its `cartItems` are its `cart.articles` (encoded
 * once, spliced twice) or not.
 */
import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { Bundle, CartArticle } from "../../core/api/entities/cart.ts"
import { ApiResponse } from "../../core/api/entities/envelope.ts"
import { BillingMethods } from "../../core/api/entities/payment.ts"
import { answerJson, answerJsonOnce, answerTextsOnce } from "../../demo/server/http/answerJson.ts"

const httpApiJson = (answer: ApiResponse): string => JSON.stringify(Schema.encodeSync(ApiResponse)(answer))

/** `answer`'s kept text, and its text and body bytes made once, are HttpApi's text and its UTF-8 bytes. */
const written = (answer: ApiResponse): void => {
  const expected = httpApiJson(answer)
  assert.strictEqual(answerJson(answer), expected)
  const { text, body } = answerTextsOnce(answer)
  assert.strictEqual(text, expected)
  assert.strictEqual(body.bytes.length, Buffer.byteLength(expected))
  assert.isTrue(Buffer.from(body.bytes, "latin1").equals(Buffer.from(expected, "utf8")))
}

describe("answerJson", () => {
  it.prop(
    "an answer whose cartItems are its cart's articles is written as HttpApi writes it",
    { answer: ApiResponse, articles: Schema.Array(CartArticle) },
    ({ answer, articles }) => {
      const shared: ApiResponse = { ...answer, cart: { ...answer.cart, articles }, cartItems: articles }
      written(shared)
    },
    { arbitrary: { runs: 150 } }
  )

  it.prop(
    "the text not kept with its answer (the fast path's plain writes) is the same text",
    { answer: ApiResponse, articles: Schema.Array(CartArticle) },
    ({ answer, articles }) => {
      const shared: ApiResponse = { ...answer, cart: { ...answer.cart, articles }, cartItems: articles }
      assert.strictEqual(answerJsonOnce(shared), httpApiJson(shared))
      assert.strictEqual(answerJsonOnce(answer), httpApiJson(answer))
      assert.strictEqual(answerJson(shared), answerJsonOnce(shared))
    },
    { arbitrary: { runs: 100 } }
  )

  it.prop(
    "answers sharing articles (a change leaves the other lines' articles as they were) are each written as HttpApi writes them",
    { answer: ApiResponse, articles: Schema.Array(CartArticle), changed: CartArticle },
    ({ answer, articles, changed }) => {
      const before: ApiResponse = { ...answer, cart: { ...answer.cart, articles }, cartItems: articles }
      const afterArticles = [...articles.slice(1), changed]
      const after: ApiResponse = { ...answer, cart: { ...answer.cart, articles: afterArticles }, cartItems: afterArticles }
      written(before)
      written(after)
      written(before)
    },
    { arbitrary: { runs: 100 } }
  )

  it.prop(
    "cart answers whose billing methods are equal copies (kept by content) are each written as HttpApi writes them",
    { answer: ApiResponse, articles: Schema.Array(CartArticle), methods: BillingMethods, other: BillingMethods },
    ({ answer, articles, methods, other }) => {
      const cartAnswer = (billingMethods: BillingMethods): ApiResponse => {
        const { status, cart } = answer
        return { ...(status === undefined ? {} : { status }), cart: { ...cart, articles }, cartItems: articles, billingMethods }
      }
      for (const billing of [methods, structuredClone(methods), other, structuredClone(methods)]) {
        const shared = cartAnswer(billing)
        written(shared)
      }
    },
    { arbitrary: { runs: 100 } }
  )

  it.prop(
    "the articles of a line whose amount changes (the same bundles and params, another count and line price) are each written as HttpApi writes them",
    {
      answer: ApiResponse,
      article: CartArticle,
      bundles: Schema.Array(Bundle),
      amounts: Schema.Array(Schema.Tuple([Schema.Int, Schema.Finite])),
      other: CartArticle
    },
    ({ answer, article, bundles, amounts, other }) => {
      const line: CartArticle = { ...article, bundles }
      // a line's articles: the same arrays, a new availability object each time (as cartArticles makes them)
      const versions: ReadonlyArray<CartArticle> = [
        ...amounts.map(([count, linePrice]) => ({ ...line, availability: { ...line.availability }, count, linePrice })),
        { ...line, count: 7 },
        { ...line, count: 8, title: `${line.title ?? ""} changed` },
        { ...other, bundles, count: 9 },
        { ...line, count: 10, linePrice: 1.5 }
      ]
      for (const version of versions) {
        const articles = [version]
        const shared: ApiResponse = { ...answer, cart: { ...answer.cart, articles }, cartItems: articles }
        written(shared)
      }
    },
    { arbitrary: { runs: 150 } }
  )

  it("a line's article whose strings look like its count and line price is written right after an amount change", () => {
    const bundles = [{ type: "warranty" as const, id: 1, title: "\"count\":1,\"linePrice\":10", active: false, actual_price: 10 }]
    const first: CartArticle = { articleId: 11, count: 1, title: "\"count\":1 \"linePrice\":10", unitPrice: 10, linePrice: 10, variants: [{ variantId: 1, count: 1 }], bundles }
    for (const article of [first, { ...first, count: 2, linePrice: 20 }, { ...first, count: 11, linePrice: 110.5 }, { ...first, count: 1, linePrice: 10 }]) {
      const articles = [article]
      const answer: ApiResponse = { status: { status: "ok" }, cart: { cartId: "1", articles }, cartItems: articles }
      written(answer)
    }
  })

  it.prop("any other answer is written as HttpApi writes it", { answer: ApiResponse }, ({ answer }) => {
    written(answer)
  }, { arbitrary: { runs: 100 } })

  it("an answer whose articles' strings look like the keys it looks for is still written whole and right", () => {
    const tricky = { articleId: 1, count: 2, title: "\"cartItems\":[] \"articles\":[] \"cart\":{", url: "\"cart\":{\"articles\":[]" }
    const answer: ApiResponse = {
      status: { status: "ok", flashMessages: [{ type: "danger", cat: "cart", message: "\"cart\":{\"articles\":[] \"cartItems\":[]" }] },
      cart: { cartId: "\"cart\":{", articles: [tricky, tricky], pieces: 4 },
      cartItems: [tricky, tricky]
    }
    const same = { ...answer, cartItems: answer.cart!.articles! }
    written(same)
    written(answer)
  })

  it("an answer with names beyond Latin-1 in its articles, billing methods and shell is sent as its UTF-8 bytes", () => {
    const article = (count: number): CartArticle => ({ articleId: 5, count, title: "Žluťoučký kůň 東京 😀", unitPrice: 10, linePrice: 10 * count, bundles: [] })
    const methods: BillingMethods = { CZ1: { title: "Dobírka – platba při převzetí", price: 0, selected: false, disabled: false, invalid: false, lengthy: false, orderStateDate: null } }
    for (const flash of [[], [{ type: "success" as const, cat: "cart" as const, message: "Přidáno do košíku" }]]) {
      for (const count of [1, 2, 3, 2]) {
        const articles = [article(count), { articleId: 6, count: 1, title: "plain" }]
        written({ status: { status: "ok", flashMessages: flash }, cart: { cartId: "7", articles, pieces: count + 1 }, cartItems: articles, billingMethods: methods })
      }
    }
  })
})
