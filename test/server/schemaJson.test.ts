/**
 * `schemaJsonWriter` (demo/server/http/schemaJson.ts) writes a schema's JSON text without running the encoder: for
 * any valid value, byte for byte `JSON.stringify` of the Schema encode, for the contract's answers and for the kinds
 * of schema parts it writes itself or leaves to the encoder.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema, SchemaTransformation } from "effect"
import { CartArticle } from "../../core/api/entities/cart.ts"
import { ApiResponse, DeliveryResponse } from "../../core/api/entities/envelope.ts"
import { BillingMethods } from "../../core/api/entities/payment.ts"
import { WireInt, WireNumber, WireString } from "../../core/api/entities/wire.ts"
import { schemaJsonWriter } from "../../demo/server/http/schemaJson.ts"

const sameAsEncoder = <S extends Schema.Codec<unknown, unknown>>(schema: S) => {
  const write = schemaJsonWriter(schema)
  const encode = Schema.encodeSync(schema)
  return (value: S["Type"]) => assert.strictEqual(write(value), JSON.stringify(encode(value)))
}

// Parts the writer handles in each of its ways: a union whose members encode differently (by kind and by check),
// a value passed through on encode (a decoding default), an encoding it leaves to the encoder (a string written as a
// number), a declaration (a date), a record, an optional key, nested arrays, a recursive part.
interface Tree {
  readonly label: string
  readonly children: ReadonlyArray<Tree>
}
const Tree: Schema.Codec<Tree> = Schema.Struct({
  label: Schema.String,
  children: Schema.Array(Schema.suspend((): Schema.Codec<Tree> => Tree))
})
const Parts = Schema.Struct({
  price: WireNumber,
  id: WireInt,
  code: WireString,
  either: Schema.Union([Schema.Int, Schema.Number.pipe(Schema.decodeTo(Schema.String, SchemaTransformation.transform({ decode: String, encode: Number })))]),
  kind: Schema.Literals(["a", "b", 1, true]).pipe(Schema.withDecodingDefault(Effect.succeed("a" as const))),
  counted: Schema.NumberFromString,
  when: Schema.optionalKey(Schema.Date),
  flags: Schema.Record(Schema.String, Schema.Boolean),
  maybe: Schema.optionalKey(Schema.NullOr(Schema.Struct({ x: Schema.Number, y: Schema.optional(Schema.String) }))),
  grid: Schema.Array(Schema.Array(Schema.NullOr(Schema.String))),
  tree: Tree
})

describe("schemaJsonWriter", () => {
  it.prop("any cart answer is written as the encoder writes it", { answer: ApiResponse }, ({ answer }) => {
    sameAsEncoder(ApiResponse)(answer)
  }, { arbitrary: { runs: 150 } })

  it.prop("any delivery-step answer, article and billing methods are written as the encoder writes them", {
    delivery: DeliveryResponse,
    article: CartArticle,
    methods: BillingMethods
  }, ({ delivery, article, methods }) => {
    sameAsEncoder(DeliveryResponse)(delivery)
    sameAsEncoder(CartArticle)(article)
    sameAsEncoder(BillingMethods)(methods)
  }, { arbitrary: { runs: 100 } })

  it.prop("unions, defaults, encodings, dates, records, optional keys, nested arrays and recursion are written as the encoder writes them", {
    parts: Parts
  }, ({ parts }) => {
    sameAsEncoder(Parts)(parts)
  }, { arbitrary: { runs: 200 } })

  it("keys come in the schema's order, unknown keys are left out, an undefined optional key is left out", () => {
    const Point = Schema.Struct({ x: Schema.Number, y: Schema.optional(Schema.Number), z: Schema.optionalKey(Schema.String) })
    const value = { z: "z", extra: 1, y: undefined, x: 2 } as unknown as typeof Point.Type
    assert.strictEqual(schemaJsonWriter(Point)(value), "{\"x\":2,\"z\":\"z\"}")
    sameAsEncoder(Point)(value)
  })

  it("a union member is the first whose type takes the value: an integer stays a number, a fraction becomes a string", () => {
    const Either = Parts.fields.either
    assert.strictEqual(schemaJsonWriter(Either)(3), "3")
    assert.strictEqual(schemaJsonWriter(Either)("1.5"), "1.5")
    sameAsEncoder(Either)(3)
    sameAsEncoder(Either)("1.5")
  })

  it("strings and numbers are written as JSON.stringify writes them: escapes, surrogates, non-ASCII, extreme and negative-zero numbers", () => {
    const Texts = Schema.Struct({ text: Schema.String, texts: Schema.Array(Schema.String), number: Schema.Number, flag: Schema.Boolean })
    const strings = ["", "plain", "quote \" back \\ slash", "tab\tnew\nline\u0000\u001f\u007f", "Žluťoučký kůň 東京 €", "pair \ud83d\ude00", "lone \ud83d", "lone \ude00 low", "\u2028\u2029"]
    const numbers = [0, -0, 1, -1.5, 0.1 + 0.2, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, 2 ** 53, 133340, 110198.34, Number.NaN, Number.POSITIVE_INFINITY]
    for (const text of strings) {
      for (const number of numbers) {
        sameAsEncoder(Texts)({ text, texts: strings, number, flag: number > 0 })
      }
    }
  })
})
