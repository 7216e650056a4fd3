/**
 * The write fast path's statement client (demo/server/db/statementClient.ts): a stored text is bound as the bytes made
 * of it, scalar or as its write's element of an array parameter, and nothing else is touched; on PostgreSQL (when
 * `DATABASE_URL` names one) the statement then stores exactly the text, in `json` and in `text[]`.
 */
import { PgTypes } from "@effect/sql-pg"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Redacted } from "effect"
import { Reactivity } from "effect/reactivity"
import { pgStatementClient, storedTextRegistry, withStoredBytes } from "../../demo/server/db/statementClient.ts"

const stored = (text: string) => ({ text, bytes: Buffer.from(text) })

describe("withStoredBytes", () => {
  const registry = storedTextRegistry()

  it("binds a scalar stored text as its bytes and leaves the other parameters as they are", () => {
    const answer = stored("{\"title\":\"černá\"}")
    const params = withStoredBytes([1, "key", `${answer.text}`, answer.text, null], [answer], registry)
    assert.deepStrictEqual(params.slice(0, 2), [1, "key"])
    for (const param of params.slice(2, 4)) {
      assert.isTrue(PgTypes.isParameter(param))
      assert.strictEqual((param as PgTypes.Parameter).oid, PgTypes.OID.text)
      assert.strictEqual((param as PgTypes.Parameter).value, answer.bytes)
    }
    assert.isNull(params[4])
  })

  it("binds the element of each write that is its stored text, in the write's array parameter only", () => {
    const first = stored("{\"a\":\"ž\"}")
    const third = stored("{\"c\":3}")
    const params = withStoredBytes([[1, 2, 3], ["s", "s", "s"], [first.text, "", third.text], [third.text, "", first.text]], [first, undefined, third], registry)
    assert.deepStrictEqual(params.slice(0, 2), [[1, 2, 3], ["s", "s", "s"]])
    const bound = params[2] as PgTypes.Parameter
    assert.strictEqual(bound.oid, PgTypes.OID.textArray)
    assert.deepStrictEqual(bound.value, [first.bytes, "", third.bytes])
    // another write's text in a write's place is not its stored text
    assert.deepStrictEqual(params[3], [third.text, "", first.text])
  })
})

const url = (process.env["DATABASE_URL"] ?? "").trim()

describe.skipIf(url === "")("pgStatementClient on PostgreSQL", () => {
  it.effect("stores a stored text bound as its bytes exactly as the text, in json and in text[]", () =>
    Effect.gen(function*() {
      const client = yield* pgStatementClient(Redacted.make(url), 1)
      const answer = stored(JSON.stringify({ title: "Úhlopříčka černá", price: 72770.5, list: ["ő", "ł", "€"] }))
      const other = stored("{\"n\":1}")
      const exit = yield* Effect.promise(() =>
        client.run({
          text: "SELECT $1::json::text AS alone, (SELECT string_agg(r, '|' ORDER BY i) FROM unnest($2::text[]) WITH ORDINALITY AS u(r, i)) AS batch",
          params: [answer.text, [answer.text, "", other.text]]
        }, [answer])
      )
      assert.isTrue(Exit.isSuccess(exit))
      const row = Exit.isSuccess(exit) ? exit.value[0] : undefined
      assert.strictEqual(row?.["alone"], answer.text)
      assert.strictEqual(row?.["batch"], `${answer.text}||${other.text}`)
    }).pipe(Effect.scoped, Effect.provide(Reactivity.layer)))
})

