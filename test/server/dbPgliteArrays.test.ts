/**
 * Binary parameters on PGlite's prepared statements (`pgliteStatements.ts`): `bytea`, and `int4[]`, `text[]` and
 * `bytea[]` in the binary array format (`pgliteProtocol.ts` `binaryParameter`); the server must read exactly the
 * values PGlite's own text serializer sends, whatever they hold.
 *
 * @module
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PGlite } from "@electric-sql/pglite"
import { binaryParameter } from "../../demo/server/db/pgliteProtocol.ts"
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
    // not flat arrays of 32-bit integers, strings or bytes: PGlite's serializer, as before
    expect(binaryParameter(1007, [1, 2 ** 31])).toBeUndefined()
    expect(binaryParameter(1007, [1.5])).toBeUndefined()
    expect(binaryParameter(1007, [[1, 2], [3, 4]])).toBeUndefined()
    expect(binaryParameter(1009, ["a", 1])).toBeUndefined()
    expect(binaryParameter(25, ["a"])).toBeUndefined()
    expect(binaryParameter(1001, [new Uint8Array(1), "a"])).toBeUndefined()
    expect(binaryParameter(17, "\\x00")).toBeUndefined()
    const nested = await statements.run("SELECT $1::int[]::text AS v", [[[1, 2], [3, 4]]], [0], "object")
    expect(nested.rows).toEqual([{ v: "{{1,2},{3,4}}" }])
  })

  it("sends long texts as their UTF-8 bytes, whatever characters they hold, in arrays and alone", async () => {
    const answer = JSON.stringify({ title: "Mobilní telefon černá 🛒", lines: Array.from({ length: 60 }, (_, i) => ({ i, name: `Úložiště ${i}` })) })
    const long: ReadonlyArray<string> = [
      answer,
      "x".repeat(1023) + "č",
      "é".repeat(5000),
      "a\ud800b" + "ř".repeat(2000),
      "ř".repeat(2000) + "\udc00",
      "🙂".repeat(3000)
    ]
    const digest = "SELECT md5(convert_to($1::text, 'UTF8')) AS digest, octet_length($1::text) AS bytes"
    // a lone surrogate goes as U+FFFD, as Buffer.write writes it (PGlite's own serializer sends a broken sequence)
    const wellFormed = long.map((text) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"))
    for (const [i, text] of long.entries()) {
      const viaStatements = await statements.run(digest, [text], [0], "object")
      expect(viaStatements.rows).toEqual((await db.query(digest, [wellFormed[i]])).rows)
      expect(viaStatements.rows[0]).toMatchObject({ bytes: Buffer.byteLength(text) })
    }
    const viaBinary = await statements.run(readBack, [[], long], [0, 0], "object")
    expect(viaBinary.rows).toEqual((await db.query(readBack, [[], wellFormed])).rows)
    expect(JSON.parse((viaBinary.rows[0] as { texts: string }).texts)).toEqual(wellFormed)
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

/** Byte strings a bytea parameter must carry exactly: none, one byte, every byte value, 64 KB of every byte value. */
const byteStrings: ReadonlyArray<Uint8Array> = [
  new Uint8Array(0),
  Uint8Array.of(0),
  Uint8Array.of(0x5c),
  Uint8Array.from({ length: 256 }, (_, i) => i),
  Uint8Array.from({ length: 64 * 1024 }, (_, i) => (i * 7 + (i >> 8)) & 0xff)
]

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex")

describe("PGlite bytea parameters", () => {
  it.each(byteStrings.map((bytes) => [bytes.length, bytes] as const))("sends %i bytes in binary and the server reads them exactly", async (_, bytes) => {
    expect(binaryParameter(17, bytes)).toBe(bytes)
    // typed bytea (as the client binds a Uint8Array) and inferred from the statement: both go in binary
    for (const oid of [17, 0]) {
      const result = await statements.run(
        "SELECT $1::bytea AS echo, length($1::bytea) AS n, md5($1::bytea) AS digest",
        [bytes],
        [oid],
        "object"
      )
      const row = result.rows[0] as { echo: Uint8Array; n: number; digest: string }
      expect(row.n).toBe(bytes.length)
      expect(hex(row.echo)).toBe(hex(bytes))
      expect(row.digest).toBe((await db.query<{ digest: string }>("SELECT md5($1::bytea) AS digest", [bytes])).rows[0]!.digest)
    }
  })

  it("sends a bytea[] in binary, empty and null elements included, as PGlite's text serializer sends it", async () => {
    const items: ReadonlyArray<Uint8Array | null> = [...byteStrings, null]
    const readBytes = "SELECT cardinality($1::bytea[]) AS n, array_to_string(ARRAY(SELECT coalesce(md5(b), 'null') FROM unnest($1::bytea[]) b), ',') AS digests"
    const viaBinary = await statements.run(readBytes, [items], [1001], "object")
    const viaText = await db.query(readBytes, [items])
    expect(viaBinary.rows).toEqual(viaText.rows)
    expect(viaBinary.rows[0]).toMatchObject({ n: items.length })
    const unnested = await statements.run("SELECT b FROM unnest($1::bytea[]) WITH ORDINALITY AS u(b, i) ORDER BY i", [items], [1001], "object")
    expect(unnested.rows.map((row) => (row as { b: Uint8Array | null }).b).map((b) => b === null ? null : hex(b))).toEqual(items.map((item) => item === null ? null : hex(item)))
  })
})
