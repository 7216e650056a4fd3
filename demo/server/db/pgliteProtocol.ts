/**
 * The wire-protocol messages of a prepared statement's run on PGlite, built and read here in a few native copies:
 * PGlite's own serializer grows its buffer and measures every parameter in JavaScript, and its parser copies each
 * message and decodes each string with a `TextDecoder`; for a cart write with its ~8.6 KB stored answer they took more
 * time than any part of PostgreSQL's work but the executor. `bytea` parameters and `int4[]`, `text[]` and `bytea[]`
 * ones go in binary ({@link binaryParameter}). The results match `parse.parseResults` of PGlite.
 *
 * @module
 */
import { transcode } from "node:buffer"
import { protocol, types as pgliteTypes, type Results } from "@electric-sql/pglite"

/** A parameter as the Bind message carries it: its text, null for SQL NULL, or in binary ({@link BinaryParameter}). */
export type ParameterText = string | null | BinaryParameter

/** A parameter sent in binary: a `bytea`'s bytes as they are, or a one-dimensional array ({@link BinaryArray}). */
export type BinaryParameter = Uint8Array | BinaryArray

/** Whether a Bind parameter goes in binary. */
export const isBinary = (value: ParameterText): value is BinaryParameter => typeof value === "object" && value !== null

// Describe (the unnamed portal), Execute (no row limit) and Sync: the same bytes after every Bind.
const portalTail = Buffer.from([
  0x44, 0, 0, 0, 6, 0x50, 0,
  0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0,
  0x53, 0, 0, 0, 4
])

const scratchSize = 16 * 1024
let scratch: Buffer<ArrayBuffer> = Buffer.allocUnsafe(scratchSize)

const ensure = (buffer: Buffer<ArrayBuffer>, used: number, more: number): Buffer<ArrayBuffer> => {
  if (used + more <= buffer.length) return buffer
  const grown = Buffer.allocUnsafe(Math.max(buffer.length * 2, used + more))
  buffer.copy(grown, 0, 0, used)
  return grown
}

/**
 * A one-dimensional `int4[]`, `text[]` or `bytea[]` parameter sent in PostgreSQL's binary array format: each
 * element's bytes with their length, where the text format escapes every quote and backslash of every element in
 * JavaScript (every byte of a bytea as hex) and the server parses the literal back character by character (a batch of
 * cart writes binds its keys and compressed answers as arrays).
 */
export interface BinaryArray {
  /** The element type: int4 (23), text (25) or bytea (17). */
  readonly element: typeof int4Oid | typeof textOid | typeof byteaOid
  /** The elements: 32-bit integers for int4, strings for text, Uint8Arrays for bytea; null or undefined for SQL NULL. */
  readonly items: ReadonlyArray<unknown>
}

/** The length from which a text is encoded to UTF-8 by {@link writeUtf8}'s UTF-16 way. */
const longText = 1024
let utf16: Buffer<ArrayBuffer> = Buffer.allocUnsafe(scratchSize)

/**
 * Writes `text` in UTF-8 at `at` of `buffer` (which has room for `text.length * 3` bytes there); answers the bytes
 * written. A long text (a stored cart answer, ~9 KB) is copied as UTF-16 and transcoded, about 2.5 times faster than
 * `Buffer.write` (V8 encodes a text with any non-ASCII character one character at a time: 14 us for the bench's
 * answer against 5-6 us); the bytes are the same. A text with a lone surrogate, which the transcoder refuses, is
 * written by `Buffer.write` (as U+FFFD), as any short text.
 */
const writeUtf8 = (buffer: Buffer<ArrayBuffer>, at: number, text: string): number => {
  if (text.length < longText) return buffer.write(text, at, "utf8")
  if (utf16.length < text.length * 2) utf16 = Buffer.allocUnsafe(text.length * 2)
  let bytes: Buffer
  try {
    bytes = transcode(utf16.subarray(0, utf16.write(text, 0, "utf16le")), "utf16le", "utf8")
  } catch {
    return buffer.write(text, at, "utf8")
  } finally {
    if (utf16.length > scratchSize * 64) utf16 = Buffer.allocUnsafe(scratchSize)
  }
  buffer.set(bytes, at)
  return bytes.length
}

const byteaOid = 17
const int4Oid = 23
const textOid = 25
const byteaArrayOid = 1001
const int4ArrayOid = 1007
const textArrayOid = 1009

const isInt4 = (item: unknown): boolean =>
  item === null || item === undefined || (Number.isInteger(item) && (item as number) >= -2147483648 && (item as number) <= 2147483647)
const isText = (item: unknown): boolean => item === null || item === undefined || typeof item === "string"
const isBytes = (item: unknown): boolean => item === null || item === undefined || item instanceof Uint8Array

/**
 * `value` as a {@link BinaryParameter} when the statement's parameter of type `oid` is `bytea` and `value` a Uint8Array,
 * or `int4[]`, `text[]` or `bytea[]` and `value` a flat array of 32-bit integers, strings or Uint8Arrays (and nulls);
 * undefined otherwise (sent as text, PGlite's serializer).
 */
export const binaryParameter = (oid: number, value: unknown): BinaryParameter | undefined => {
  if (oid === byteaOid) return value instanceof Uint8Array ? value : undefined
  if (!Array.isArray(value)) return undefined
  if (oid === int4ArrayOid && value.every(isInt4)) return { element: int4Oid, items: value }
  if (oid === textArrayOid && value.every(isText)) return { element: textOid, items: value }
  if (oid === byteaArrayOid && value.every(isBytes)) return { element: byteaOid, items: value }
  return undefined
}

const writeBytes = (buffer: Buffer<ArrayBuffer>, at: number, bytes: Uint8Array): [Buffer<ArrayBuffer>, number] => {
  buffer = ensure(buffer, at, 4 + bytes.length)
  buffer.writeInt32BE(bytes.length, at)
  buffer.set(bytes, at + 4)
  return [buffer, at + 4 + bytes.length]
}

const writeBinaryArray = (buffer: Buffer<ArrayBuffer>, at: number, array: BinaryArray): [Buffer<ArrayBuffer>, number] => {
  const { element, items } = array
  const start = at
  buffer = ensure(buffer, at, 4 + 20)
  at += 4 // the parameter's length, written last
  buffer.writeInt32BE(items.length === 0 ? 0 : 1, at) // dimensions
  buffer.writeInt32BE(items.some((item) => item === null || item === undefined) ? 1 : 0, at + 4)
  buffer.writeInt32BE(element, at + 8)
  at += 12
  if (items.length > 0) {
    buffer.writeInt32BE(items.length, at)
    buffer.writeInt32BE(1, at + 4) // lower bound
    at += 8
  }
  for (const item of items) {
    if (item === null || item === undefined) {
      buffer = ensure(buffer, at, 4)
      buffer.writeInt32BE(-1, at)
      at += 4
    } else if (element === int4Oid) {
      buffer = ensure(buffer, at, 8)
      buffer.writeInt32BE(4, at)
      buffer.writeInt32BE(item as number, at + 4)
      at += 8
    } else if (element === byteaOid) {
      ;[buffer, at] = writeBytes(buffer, at, item as Uint8Array)
    } else {
      const text = item as string
      buffer = ensure(buffer, at, 4 + text.length * 3)
      const written = writeUtf8(buffer, at + 4, text)
      buffer.writeInt32BE(written, at)
      at += 4 + written
    }
  }
  buffer.writeInt32BE(at - start - 4, start)
  return [buffer, at]
}

/**
 * `prefix` (e.g. pending Close messages), then Bind of the prepared statement `statement` to the unnamed portal with
 * `values` as text (a {@link BinaryParameter} in binary) and every result column as text, Describe of that portal, Execute and Sync. The bytes are valid
 * until the next call: PGlite reads them during its call, before this runs again.
 */
export const bindDescribeExecute = (prefix: ReadonlyArray<Uint8Array>, statement: string, values: ReadonlyArray<ParameterText>): Uint8Array => {
  // the bytes of a large message are not kept past the call after it
  let buffer = scratch.length > scratchSize * 64 ? Buffer.allocUnsafe(scratchSize) : scratch
  let at = 0
  for (const part of prefix) {
    buffer = ensure(buffer, at, part.length)
    buffer.set(part, at)
    at += part.length
  }
  buffer = ensure(buffer, at, 5 + 1 + statement.length * 3 + 1 + 4)
  const start = at
  buffer[at] = 0x42
  at += 5
  buffer[at++] = 0
  at += buffer.write(statement, at, "utf8")
  buffer[at++] = 0
  if (values.some(isBinary)) {
    // a format code per parameter: 1 (binary) for the binary ones, 0 (text) for the others
    buffer = ensure(buffer, at, 2 + values.length * 2)
    buffer.writeUInt16BE(values.length, at)
    at += 2
    for (const value of values) {
      buffer.writeUInt16BE(isBinary(value) ? 1 : 0, at)
      at += 2
    }
  } else {
    buffer.writeUInt16BE(0, at) // no format codes: every parameter is text
    at += 2
  }
  buffer = ensure(buffer, at, 2)
  buffer.writeUInt16BE(values.length, at)
  at += 2
  for (const value of values) {
    if (value instanceof Uint8Array) {
      ;[buffer, at] = writeBytes(buffer, at, value)
      continue
    }
    if (isBinary(value)) {
      ;[buffer, at] = writeBinaryArray(buffer, at, value)
      continue
    }
    if (value === null) {
      buffer = ensure(buffer, at, 4)
      buffer.writeInt32BE(-1, at)
      at += 4
      continue
    }
    buffer = ensure(buffer, at, 4 + value.length * 3)
    const written = writeUtf8(buffer, at + 4, value)
    buffer.writeInt32BE(written, at)
    at += 4 + written
  }
  buffer = ensure(buffer, at, 2 + portalTail.length)
  buffer.writeUInt16BE(0, at) // no result format codes: every column is text
  at += 2
  buffer.writeInt32BE(at - start - 1, start + 1)
  portalTail.copy(buffer, at)
  at += portalTail.length
  scratch = buffer
  return buffer.subarray(0, at)
}

/** A column as PGlite's results describe it. */
interface FieldInfo {
  readonly name: string
  readonly dataTypeID: number
}

/** Value parsers by type OID (PGlite's `parsers` option). */
export type Parsers = Parameters<typeof pgliteTypes.parseType>[2]

// a loop, not `buffer.indexOf(0, from)`: the strings are a few bytes (a notification's channel and payload, a column's
// name), and the native call cost more than the scan (2 % of PGlite's worker during the cart writes)
const cstringEnd = (buffer: Buffer, from: number): number => {
  const length = buffer.length
  for (let at = from; at < length; at++) if (buffer[at] === 0) return at
  return length
}

const databaseError = (buffer: Buffer, from: number, to: number, length: number): Error => {
  const fields: Record<string, string> = {}
  let at = from
  while (at < to && buffer[at] !== 0) {
    const code = String.fromCharCode(buffer[at]!)
    const end = cstringEnd(buffer, at + 1)
    fields[code] = buffer.toString("utf8", at + 1, end)
    at = end + 1
  }
  return Object.assign(new protocol.messages.DatabaseError(fields["M"] ?? "", length, "error"), {
    severity: fields["S"],
    code: fields["C"],
    detail: fields["D"],
    hint: fields["H"],
    position: fields["P"],
    internalPosition: fields["p"],
    internalQuery: fields["q"],
    where: fields["W"],
    schema: fields["s"],
    table: fields["t"],
    column: fields["c"],
    dataType: fields["d"],
    constraint: fields["n"],
    file: fields["F"],
    line: fields["L"],
    routine: fields["R"]
  })
}

/**
 * Reads PostgreSQL's answer to {@link bindDescribeExecute}: the first statement's result as `parse.parseResults`
 * makes it, every notification handed to `notify` in order (until an error, as PGlite does), or throws the first
 * error as PGlite's `DatabaseError`.
 */
export const readResults = (
  buffer: Buffer,
  parsers: Parsers,
  rowMode: "object" | "array",
  notify: (channel: string, payload: string) => void
): Results<any> => {
  let fields: Array<FieldInfo> = []
  let rows: Array<unknown> = []
  let affectedRows = 0
  let first: Results<any> | undefined
  let error: Error | undefined
  let at = 0
  while (at + 5 <= buffer.length) {
    const code = buffer[at]!
    const length = buffer.readUInt32BE(at + 1)
    const body = at + 5
    const end = at + 1 + length
    if (end > buffer.length) break
    at = end
    if (error !== undefined) continue
    switch (code) {
      case 0x54: { // RowDescription
        const count = buffer.readInt16BE(body)
        fields = new Array(count)
        let p = body + 2
        for (let i = 0; i < count; i++) {
          const nameEnd = cstringEnd(buffer, p)
          fields[i] = { name: buffer.toString("utf8", p, nameEnd), dataTypeID: buffer.readInt32BE(nameEnd + 7) }
          p = nameEnd + 19
        }
        break
      }
      case 0x44: { // DataRow
        const count = buffer.readInt16BE(body)
        const values: Array<unknown> = new Array(count)
        let p = body + 2
        for (let i = 0; i < count; i++) {
          const size = buffer.readInt32BE(p)
          p += 4
          if (size === -1) {
            values[i] = null
            continue
          }
          values[i] = pgliteTypes.parseType(buffer.toString("utf8", p, p + size), fields[i]!.dataTypeID, parsers)
          p += size
        }
        if (rowMode === "array") rows.push(values)
        else {
          const row: Record<string, unknown> = {}
          for (let i = 0; i < count; i++) row[fields[i]!.name] = values[i]
          rows.push(row)
        }
        break
      }
      case 0x43: { // CommandComplete
        const text = buffer.toString("utf8", body, cstringEnd(buffer, body))
        const words = text.split(" ")
        const command = words[0]!
        const count = parseInt(words[words.length - 1]!, 10)
        if (command === "INSERT" || command === "UPDATE" || command === "DELETE" || command === "COPY" || command === "MERGE") {
          affectedRows += count
        }
        const result: Results<any> = { rows, fields, command, affectedRows } as Results<any>
        if (!Number.isNaN(count)) (result as { rowCount?: number }).rowCount = count
        first ??= result
        rows = []
        fields = []
        break
      }
      case 0x41: { // NotificationResponse
        const channelEnd = cstringEnd(buffer, body + 4)
        notify(buffer.toString("utf8", body + 4, channelEnd), buffer.toString("utf8", channelEnd + 1, cstringEnd(buffer, channelEnd + 1)))
        break
      }
      case 0x45: // ErrorResponse
        error = databaseError(buffer, body, end, length)
        break
    }
  }
  if (error !== undefined) throw error
  return first ?? { affectedRows: 0, rows: [], fields: [] }
}
