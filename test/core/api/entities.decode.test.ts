/**
 * core/api/decode.ts: readable decoding (spec §8 "Invalid response").
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Result, Schema } from "effect"
import {
  decodeEntity,
  decodeEntityEffect,
  InvalidResponse,
  readableProblems,
  rootPath
} from "../../../core/api/decode.ts"
import { Cart, Legal } from "../../../core/api/entities/index.ts"

describe("decodeEntity", () => {
  it("returns the decoded value on success", () => {
    const result = decodeEntity(Legal)({ legal_id: "7", text: "<p>Terms</p>" })
    assert.isTrue(Result.isSuccess(result))
    if (Result.isSuccess(result)) assert.deepStrictEqual(result.success, { legal_id: 7, text: "<p>Terms</p>" })
  })

  it("names every failing field path at once, with the problem", () => {
    const result = decodeEntity(Cart)({
      price: { total: "abc" },
      articles: [{ articleId: 1, count: 2 }, { articleId: 2 }],
      hasDigitalContent: "yes"
    })
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) {
      const error = result.failure
      assert.instanceOf(error, InvalidResponse)
      assert.strictEqual(error._tag, "InvalidResponse")
      assert.deepStrictEqual(
        error.problems.map((p) => p.path).sort(),
        ["articles.1.count", "hasDigitalContent", "price.total"]
      )
      assert.include(error.message, "articles.1.count: Missing key")
      assert.include(error.message, "hasDigitalContent: Expected boolean")
      assert.include(error.message, "price.total: ")
      assert.strictEqual(error.message, readableProblems(error.problems))
    }
  })

  it("names the root when the whole value is wrong", () => {
    const result = decodeEntity(Legal)(null)
    assert.isTrue(Result.isFailure(result))
    if (Result.isFailure(result)) assert.isTrue(result.failure.message.startsWith(`${rootPath}: Expected object`), result.failure.message)
  })

  it("ignores keys the contract does not know (a tolerant client)", () => {
    const result = decodeEntity(Legal)({ legal_id: 1, text: "t", extra: { nested: true } })
    assert.isTrue(Result.isSuccess(result))
    if (Result.isSuccess(result)) assert.deepStrictEqual(result.success, { legal_id: 1, text: "t" })
  })

  it.prop("never throws, for any JSON input; a failure lists at least one problem", [Schema.Json], ([input]) => {
    const result = decodeEntity(Cart)(input)
    if (Result.isFailure(result)) {
      assert.isAbove(result.failure.problems.length, 0)
      assert.strictEqual(result.failure.message, readableProblems(result.failure.problems))
    }
  })

  it.prop("the message has one `path: problem` part per problem", [Schema.Json], ([input]) => {
    const result = decodeEntity(Legal)(input)
    if (Result.isFailure(result)) {
      const { problems, message } = result.failure
      assert.strictEqual(message.split("; ").length >= problems.length, true)
      for (const p of problems) assert.include(message, `${p.path === "" ? rootPath : p.path}: ${p.message}`)
    }
  })
})

describe("decodeEntityEffect", () => {
  it.effect("succeeds with the decoded value", () =>
    Effect.gen(function*() {
      const legal = yield* decodeEntityEffect(Legal)({ legal_id: 3, text: "x" })
      assert.deepStrictEqual(legal, { legal_id: 3, text: "x" })
    }))

  it.effect("fails with InvalidResponse carrying the readable message (§8 Invalid response)", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(decodeEntityEffect(Legal)({ legal_id: "x" }))
      assert.isTrue(Exit.isFailure(exit))
      const error = yield* Effect.flip(decodeEntityEffect(Legal)({ legal_id: "x" }))
      assert.strictEqual(error._tag, "InvalidResponse")
      assert.include(error.message, "legal_id: ")
      assert.include(error.message, "text: Missing key")
      const caught = yield* decodeEntityEffect(Legal)(42).pipe(
        Effect.catchTag("InvalidResponse", (e) => Effect.succeed(e.message))
      )
      assert.include(caught, `${rootPath}: `)
    }))
})
