/**
 * Array parameters on PGlite's prepared statements (`pgliteStatements.ts`): `int4[]` and `text[]` travel in the binary
 * array format (`pgliteProtocol.ts` `binaryArray`); the server must read exactly the arrays PGlite's own text
 * serializer sends, whatever the elements hold.
 *
 * @module
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PGlite } from "@electric-sql/pglite"
import { binaryArray } from "../../demo/server/db/pgliteProtocol.ts"
import { PgliteStatements, parsers } from "../../demo/server/db/pgliteStatements.ts"

let db: PGlite
let statements: PgliteStatements

beforeAll(async () => {
  db = await PGlite.create("memory://", { parsers })
  statements = new PgliteStatements(db)
})

afterAll(async () => {
  await db.close()
})

const texts: ReadonlyArray<string | null> = [
  "",
  "plain",
  "NULL",
  "{\"cartItems\":[{\"name\":\"a \\\"quoted\\\" name\",\"path\":\"C:\\\\x\"}]}",
  "comma, {braces} and \"quotes\"",
  "Kč žluťoučký kůň 🛒",
  " leading and trailing spaces ",
  null,
  "x".repeat(20_000)
]

/** What the server read of `$1::int[]` and `$2::text[]`: each array's length, elements and text form. */
const readBack = `SELECT cardinality($1::int[]) AS n, array_to_json($1::int[])::text AS ints,
  cardinality($2::text[]) AS m, array_to_json($2::text[])::text AS texts, $1::int[]::text AS int_literal,
  md5($2::text[]::text) AS text_digest`

describe("PGlite array parameters", () => {
  it("sends int4[] and text[] in binary, read by the server as PGlite's text serializer sends them", async () => {
    const ints = [0, 1, -1, 2147483647, -2147483648, null, 42]
    const viaBinary = await statements.run(readBack, [ints, texts], [0, 0], "object")
    const viaText = await db.query(readBack, [ints, texts])
    expect(viaBinary.rows).toEqual(viaText.rows)
    expect(viaBinary.rows[0]).toMatchObject({ n: 7, m: texts.length, ints: JSON.stringify(ints) })
    expect(JSON.parse((viaBinary.rows[0] as { texts: string }).texts)).toEqual(texts)
  })

  it("sends empty arrays, and keeps other values with the text serializer", async () => {
    const empty = await statements.run(readBack, [[], []], [0, 0], "object")
    expect(empty.rows).toEqual((await db.query(readBack, [[], []])).rows)
    expect(empty.rows[0]).toMatchObject({ n: 0, m: 0, ints: "[]", texts: "[]" })
    // not flat arrays of 32-bit integers or strings: PGlite's serializer, as before
    expect(binaryArray(1007, [1, 2 ** 31])).toBeUndefined()
    expect(binaryArray(1007, [1.5])).toBeUndefined()
    expect(binaryArray(1007, [[1, 2], [3, 4]])).toBeUndefined()
    expect(binaryArray(1009, ["a", 1])).toBeUndefined()
    expect(binaryArray(25, ["a"])).toBeUndefined()
    const nested = await statements.run("SELECT $1::int[]::text AS v", [[[1, 2], [3, 4]]], [0], "object")
    expect(nested.rows).toEqual([{ v: "{{1,2},{3,4}}" }])
  })

  it("mixes binary arrays with text parameters in one statement", async () => {
    const result = await statements.run(
      "SELECT $1::text || ':' || array_to_string($2::int[], ',') || ':' || array_to_string($3::text[], '|') || ':' || $4::int AS v",
      ["a\"b", [3, 2, 1], ["x", "y\\z"], 7],
      [0, 0, 0, 0],
      "object"
    )
    expect(result.rows).toEqual([{ v: "a\"b:3,2,1:x|y\\z:7" }])
  })
})
