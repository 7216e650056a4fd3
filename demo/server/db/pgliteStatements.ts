/**
 * What runs a statement on a PGlite database: its prepared statements, the protocol messages that run them and the
 * decoding of their results. It needs nothing of Effect, so the same code serves the driver in the server's thread
 * (`PgliteClient.ts`) and in a worker thread of its own (`pgliteWorker.ts`).
 *
 * @module
 */
import { mkdir } from "node:fs/promises"
import { dirname, resolve } from "node:path"
import { parse as pgliteParse, PGlite, protocol, types as pgliteTypes, type Results } from "@electric-sql/pglite"
import { bindDescribeExecute, binaryParameter, type ParameterText, readResults } from "./pgliteProtocol.ts"

/** Result parsers that make PGlite decode like `@effect/sql-pg` (int8 to bigint, date as text). */
export const parsers = {
  [pgliteTypes.INT8]: (value: string) => BigInt(value),
  [pgliteTypes.DATE]: (value: string) => value
}

/**
 * Opens the PGlite database at `dataDir` (a directory, created with its missing parents, or `memory://`), from the
 * data-directory dump `loadDataDir` when given, with {@link parsers}.
 */
export const openPglite = async (dataDir: string, loadDataDir: Blob | undefined): Promise<PGlite> => {
  // PGlite creates the data directory itself but not its missing parents (`.data/pglite`).
  if (!dataDir.includes("://")) await mkdir(dirname(resolve(dataDir)), { recursive: true })
  return PGlite.create(dataDir, loadDataDir === undefined ? { parsers } : { parsers, loadDataDir })
}

/** A named prepared statement on the PGlite connection: its name and the parameter types the server inferred. */
interface PreparedStatement {
  readonly name: string
  readonly paramTypes: ReadonlyArray<number>
}

/** How many prepared statements the connection keeps; the least recently used is closed past it. */
export const preparedStatementLimit = 512

/**
 * Statements that are sent unprepared: transaction control, session commands and DDL (which may
 * change what a prepared statement returns; after DDL every prepared statement is dropped).
 */
const unpreparedStatement = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|START|END|SET|RESET|LISTEN|UNLISTEN|NOTIFY|CREATE|ALTER|DROP|TRUNCATE|COPY|GRANT|REVOKE|COMMENT|VACUUM|ANALYZE|DISCARD|DEALLOCATE|PREPARE|EXECUTE|DO)\b/i
/** Transaction control without parameters: sent as one simple query (it returns no rows, only its command tag). */
const transactionControl = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i
const schemaChange = /^\s*(CREATE|ALTER|DROP|TRUNCATE|COMMENT|GRANT|REVOKE|DO)\b/i

/** SQLSTATEs after which a prepared statement is prepared again (plan invalidated, statement gone). */
const staleStatementCodes = new Set(["0A000", "26000"])

const concatBytes = (parts: ReadonlyArray<Uint8Array>): Uint8Array => {
  let length = 0
  for (const part of parts) length += part.length
  const out = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** The bytes kept for a statement's answer; a larger answer grows the buffer for its own run. */
const answerBufferSize = 64 * 1024

/** PostgreSQL's name of a LISTEN channel, as PGlite keys its listeners: as written when quoted, else lower-cased. */
const channelKey = (channel: string): string =>
  channel.startsWith("\"") && channel.endsWith("\"") ? channel.slice(1, -1) : channel.toLowerCase()

/**
 * The statements of one PGlite connection: every statement but those of {@link unpreparedStatement} runs as a named
 * prepared statement, parsed and described once; later runs send Bind, Describe, Execute and Sync in one protocol
 * message to PGlite, about four times cheaper than `PGlite.query`, which parses and describes the statement on every
 * call. Those runs build their message and read the answer themselves (`pgliteProtocol.ts`) and hand out the
 * notifications it carries to the listeners of {@link listen}. Not safe for concurrent calls: its caller runs one
 * statement at a time.
 */
export class PgliteStatements {
  readonly db: PGlite
  private readonly statements = new Map<string, PreparedStatement>()
  private readonly pendingCloses: Array<Uint8Array> = []
  private readonly listeners = new Map<string, Set<(payload: string) => void>>()
  private nextStatement = 0
  private answer: Buffer<ArrayBuffer> = Buffer.allocUnsafe(answerBufferSize)
  private answerLength = 0
  private readonly received = (bytes: Uint8Array) => {
    if (this.answerLength + bytes.length > this.answer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.answer.length * 2, this.answerLength + bytes.length))
      this.answer.copy(grown, 0, 0, this.answerLength)
      this.answer = grown
    }
    this.answer.set(bytes, this.answerLength)
    this.answerLength += bytes.length
  }
  private readonly notify = (channel: string, payload: string) => {
    const callbacks = this.listeners.get(channel)
    // after the call's own code, as PGlite calls its listeners
    if (callbacks !== undefined) for (const callback of callbacks) queueMicrotask(() => callback(payload))
  }

  constructor(db: PGlite) {
    this.db = db
  }

  /**
   * Runs `LISTEN channel`; `callback` gets each payload, whether the statement that delivers it runs here or through
   * PGlite's own API. Resolves to the UNLISTEN.
   */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const unlisten = await this.db.listen(channel, callback)
    const key = channelKey(channel)
    const callbacks = this.listeners.get(key) ?? new Set()
    callbacks.add(callback)
    this.listeners.set(key, callbacks)
    return async () => {
      callbacks.delete(callback)
      if (callbacks.size === 0 && this.listeners.get(key) === callbacks) this.listeners.delete(key)
      await unlisten()
    }
  }

  /** Runs `sql` with `values` already bound to the types `oids` (0: inferred by the server). */
  run(sql: string, values: ReadonlyArray<unknown>, oids: ReadonlyArray<number>, rowMode: "object" | "array"): Promise<Results<any>> {
    return unpreparedStatement.test(sql)
      ? this.runUnprepared(sql, values, oids, rowMode)
      : this.runPrepared(sql, values, oids, rowMode)
  }

  private async prepare(key: string, sql: string, oids: ReadonlyArray<number>): Promise<PreparedStatement> {
    const name = `s${++this.nextStatement}`
    const described = await this.db.execProtocol(concatBytes([
      protocol.serialize.parse({ name, text: sql, types: [...oids] }),
      protocol.serialize.describe({ type: "S", name }),
      protocol.serialize.sync()
    ]))
    const statement: PreparedStatement = { name, paramTypes: pgliteParse.parseDescribeStatementResults(described.messages) }
    this.statements.set(key, statement)
    if (this.statements.size > preparedStatementLimit) {
      const [oldestKey, oldest] = this.statements.entries().next().value!
      this.statements.delete(oldestKey)
      this.pendingCloses.push(protocol.serialize.close({ type: "S", name: oldest.name }))
    }
    return statement
  }

  private async runPrepared(sql: string, values: ReadonlyArray<unknown>, oids: ReadonlyArray<number>, rowMode: "object" | "array", retried = false): Promise<Results<any>> {
    const key = `${oids.join(",")}|${sql}`
    let statement = this.statements.get(key)
    if (statement === undefined) statement = await this.prepare(key, sql, oids)
    else {
      this.statements.delete(key)
      this.statements.set(key, statement)
    }
    const serialized = values.map((value, index): ParameterText => {
      if (value === null || value === undefined) return null
      const type = statement.paramTypes[index]!
      const binary = binaryParameter(type, value)
      if (binary !== undefined) return binary
      const serializer = this.db.serializers[type]
      return serializer ? serializer(value) : String(value)
    })
    const closes = this.pendingCloses.splice(0)
    try {
      this.answerLength = 0
      await this.db.execProtocolRawStream(bindDescribeExecute(closes, statement.name, serialized), { onRawData: this.received })
      const result = readResults(this.answer.subarray(0, this.answerLength), this.db.parsers, rowMode, this.notify)
      // a large answer's buffer is not kept, as PGlite does not keep its own
      if (this.answer.length > answerBufferSize * 16) this.answer = Buffer.allocUnsafe(answerBufferSize)
      return result
    } catch (cause) {
      const code = (cause as { readonly code?: unknown } | undefined)?.code
      if (!retried && typeof code === "string" && staleStatementCodes.has(code)) {
        this.statements.delete(key)
        return this.runPrepared(sql, values, oids, rowMode, true)
      }
      throw cause
    }
  }

  private async runUnprepared(sql: string, values: ReadonlyArray<unknown>, oids: ReadonlyArray<number>, rowMode: "object" | "array"): Promise<Results<any>> {
    if (values.length === 0 && transactionControl.test(sql)) {
      // One simple-protocol message instead of the extended protocol's parse, describe and execute.
      const results = await this.db.exec(sql)
      return results[results.length - 1] ?? { rows: [], fields: [] }
    }
    const result = await this.db.query<any>(sql, [...values], { rowMode, paramTypes: [...oids] })
    if (schemaChange.test(sql) && this.statements.size > 0) {
      for (const statement of this.statements.values()) this.pendingCloses.push(protocol.serialize.close({ type: "S", name: statement.name }))
      this.statements.clear()
    }
    return result
  }
}
