/**
 * The database of the reference shop backend: one `SqlClient` (effect/sql) over either backend,
 * with the same SQL and the same migrations on both.
 *
 * - Embedded default: PGlite, data kept under a data directory (`PGLITE_DATA_DIR`, default
 *   `.data/pglite` in the repo root), through our own driver (`PgliteClient.ts`), in a worker thread of
 *   its own, its statements on another core than the server's (`PGLITE_WORKER=0`: in the server's thread).
 * - Scale-out: a PostgreSQL server when `DATABASE_URL` is set, through `@effect/sql-pg`. Any number
 *   of server processes can share it: sessions, carts, idempotency keys and orders live in it, and
 *   cross-instance signals go through LISTEN/NOTIFY ({@link Database}).
 *
 * {@link layer} reads the configuration, opens the chosen backend, applies the migrations and seeds
 * an empty database; {@link layerMemory} gives tests a migrated, seeded in-memory PGlite.
 *
 * @module
 */
import { existsSync } from "node:fs"
import { readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { PgClient } from "@effect/sql-pg"
import { Config, Context, Effect, Layer, Option, Redacted, type Scope, Stream } from "effect"
import type { Migrator } from "effect/sql"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { migrate } from "./migrations/index.ts"
import * as PgliteClient from "./PgliteClient.ts"
import { sharedListener } from "./pgListener.ts"
import { seedIfEmpty } from "./seed/seed.ts"

/** Which backend a {@link Database} runs on. */
export type Backend = "pglite" | "pg"

/** The channel of the live-data notification sent after cart changes (payload: JSON with the cart id). */
export const cartChangedChannel = "cart_changed"

/** The database service: which backend is in use, and LISTEN/NOTIFY on it. */
export interface DatabaseShape {
  /** The backend in use. */
  readonly backend: Backend
  /** Where the data lives: the PGlite data directory, or the server URL without its password. */
  readonly location: string
  /**
   * Sends `payload` on `channel` (`pg_notify`). Inside `sql.withTransaction` it is delivered when
   * the transaction commits, and not at all when it rolls back. Channel names must match
   * {@link PgliteClient.channelNamePattern} (lower-case identifiers).
   */
  readonly notify: (channel: string, payload: string) => Effect.Effect<void, SqlError>
  /**
   * Starts listening on `channel` and returns the stream of payloads once the LISTEN is confirmed,
   * so a notification sent after this effect completes is never missed. Listening stops when the
   * scope closes. On PostgreSQL every subscription of the process shares one connection of its own,
   * outside the pool (`pgListener.ts`); subscribe once per channel and process and fan the stream out
   * (e.g. `Stream.broadcast` or a `PubSub`) to many consumers.
   */
  readonly subscribe: (channel: string) => Effect.Effect<Stream.Stream<string, SqlError>, SqlError, Scope.Scope>
  /** {@link DatabaseShape.subscribe} as one stream that listens while it is consumed. */
  readonly listen: (channel: string) => Stream.Stream<string, SqlError>
  /**
   * Fails when the database is lost for good while the server runs: PGlite's worker thread died, so every statement
   * would fail from then on (a server waits on it to stop loudly rather than answer errors). Never completes on
   * PGlite in the server's thread, nor on PostgreSQL, whose pool opens new connections.
   */
  readonly lost: Effect.Effect<never, SqlError>
}

/** The service tag of the {@link DatabaseShape} service. */
export class Database extends Context.Service<Database, DatabaseShape>()("demo/server/db/Database") {}

const makeService = (
  backend: Backend,
  location: string,
  notify: DatabaseShape["notify"],
  subscribe: DatabaseShape["subscribe"],
  lost: DatabaseShape["lost"] = Effect.never
): DatabaseShape => ({
  backend,
  location,
  notify,
  subscribe,
  listen: (channel) => Stream.unwrap(subscribe(channel)),
  lost
})

// -----------------------------------------------------------------------------------------------
// configuration
// -----------------------------------------------------------------------------------------------

/** The default PGlite data directory: `.data/pglite` in the repo root (git-ignored). */
export const defaultDataDir: string = fileURLToPath(new URL("../../../.data/pglite", import.meta.url))

/**
 * The statements one pooled PostgreSQL connection carries at once by default: one. Pipelined (`DATABASE_POOL_MULTIPLEX`
 * above 1) a connection's statements commit one after the other, each waiting for the WAL flush of the one before it:
 * the same code served cart writes at 422-495 req/s with 16 against 593-812 with 1 (3 paired runs, loaded machine).
 * A statement waiting for a row lock would also hold up the ones behind it on its connection.
 */
export const defaultMultiplex = 1

/** Database settings read from the environment. */
export interface DatabaseSettings {
  /** `DATABASE_URL`: when set (and not blank), PostgreSQL through `@effect/sql-pg`. */
  readonly url: Option.Option<Redacted.Redacted>
  /** `PGLITE_DATA_DIR`: the PGlite data directory (or `memory://`), default {@link defaultDataDir}. */
  readonly dataDir: string
  /** `DATABASE_SEED`: seed an empty database at start (default `true`). */
  readonly seed: boolean
  /** `DATABASE_POOL_MAX`: the most PostgreSQL connections per process (default 10). */
  readonly maxConnections: number
  /** `DATABASE_POOL_MULTIPLEX`: statements one pooled PostgreSQL connection carries at once, pipelined (default 1). */
  readonly multiplex: number
  /** `PGLITE_WORKER`: run PGlite in a worker thread of its own (default `true`; `false`: in the server's thread). */
  readonly pgliteWorker: boolean
}

/**
 * Reads {@link DatabaseSettings} from the environment (`DATABASE_URL`, `PGLITE_DATA_DIR`, `DATABASE_SEED`,
 * `DATABASE_POOL_MAX`, `DATABASE_POOL_MULTIPLEX`, `PGLITE_WORKER`).
 */
export const DatabaseSettings: Config.Config<DatabaseSettings> = Config.all({
  url: Config.option(Config.Redacted("DATABASE_URL")),
  dataDir: Config.String("PGLITE_DATA_DIR").pipe(Config.withDefault(defaultDataDir)),
  seed: Config.Boolean("DATABASE_SEED").pipe(Config.withDefault(true)),
  maxConnections: Config.Int("DATABASE_POOL_MAX").pipe(Config.withDefault(10)),
  multiplex: Config.Int("DATABASE_POOL_MULTIPLEX").pipe(Config.withDefault(defaultMultiplex)),
  pgliteWorker: Config.Boolean("PGLITE_WORKER").pipe(Config.withDefault(true))
}).pipe(
  Config.map((settings) => ({
    ...settings,
    url: Option.filter(settings.url, (url) => Redacted.value(url).trim() !== "")
  }))
)

/** What happens at start: apply migrations, then seed when empty. */
export interface StartupOptions {
  /** Apply pending migrations (default `true`). */
  readonly migrate?: boolean | undefined
  /** Seed the demo data when the database is empty (default `true`; needs `migrate`). */
  readonly seed?: boolean | undefined
}

/**
 * Applies the migrations and seeds an empty database, as the layers of this module do at start,
 * and logs what it did.
 */
export const prepare = (options: StartupOptions = {}): Effect.Effect<void, SqlError | Migrator.MigrationError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    if (options.migrate === false) return
    const applied = yield* migrate
    if (applied.length > 0) {
      yield* Effect.logInfo(`database: applied migrations ${applied.map(([id, name]) => `${id}_${name}`).join(", ")}`)
    }
    if (options.seed === false) return
    const report = yield* seedIfEmpty
    if (report !== undefined) {
      const total = Object.values(report.rows).reduce((sum, n) => sum + n, 0)
      yield* Effect.logInfo(`database: seeded ${total} rows in ${report.buildMs + report.writeMs} ms`)
    }
  })

// -----------------------------------------------------------------------------------------------
// backends
// -----------------------------------------------------------------------------------------------

/** Options of the PGlite backend. */
export interface PgliteOptions extends StartupOptions {
  /** The data directory, or `memory://`. */
  readonly dataDir: string
  /** A data-directory dump to start from (in-memory databases); see {@link PgliteClient.PgliteClientConfig}. */
  readonly loadDataDir?: Blob | undefined
  /** Databases kept open for reuse (tests); see {@link PgliteClient.PgliteReuse}. */
  readonly reuse?: PgliteClient.PgliteReuse | undefined
  /** Runs PGlite in a worker thread of its own; see {@link PgliteClient.PgliteClientConfig}. */
  readonly worker?: boolean | undefined
}

const pgliteDatabase = Layer.effect(
  Database,
  Effect.gen(function*() {
    const client = yield* PgliteClient.PgliteClient
    return Database.of(
      makeService(
        "pglite",
        client.config.dataDir,
        client.notify,
        (channel) => Effect.map(client.listen(channel), (queue) => Stream.fromQueue(queue)),
        client.lost
      )
    )
  })
)

/** The PGlite backend: `SqlClient`, `PgliteClient` and {@link Database}, migrated and seeded per `options`. */
export const layerPglite = (
  options: PgliteOptions
): Layer.Layer<SqlClient.SqlClient | PgliteClient.PgliteClient | Database, SqlError | Migrator.MigrationError> =>
  Layer.effectDiscard(prepare(options)).pipe(
    Layer.provideMerge(pgliteDatabase),
    Layer.provideMerge(PgliteClient.layer({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, reuse: options.reuse, worker: options.worker }))
  )

/** Options of the PostgreSQL backend. */
export interface PgOptions extends StartupOptions {
  /** The connection URL (`postgres://user:password@host:port/database`). */
  readonly url: Redacted.Redacted
  /** The most pooled connections (default 10). */
  readonly maxConnections?: number | undefined
  /**
   * How many statements outside a transaction one pooled connection carries at once, pipelined (default
   * {@link defaultMultiplex}; 1 or less: one at a time). Transactions and LISTEN keep a connection to themselves.
   */
  readonly multiplex?: number | undefined
}

/** A PostgreSQL URL without its password, for logs. */
export const describeUrl = (url: Redacted.Redacted): string => {
  try {
    const parsed = new URL(Redacted.value(url))
    return `${parsed.protocol}//${parsed.username === "" ? "" : `${parsed.username}@`}${parsed.host}${parsed.pathname}`
  } catch {
    return "postgresql://(unparsable url)"
  }
}

const pgDatabase = (location: string) =>
  Layer.effect(
    Database,
    Effect.gen(function*() {
      const client = yield* PgClient.PgClient
      const sql = yield* SqlClient.SqlClient
      const notify = (channel: string, payload: string): Effect.Effect<void, SqlError> =>
        Effect.andThen(
          PgliteClient.validateChannel(channel, "notify"),
          Effect.asVoid(sql`SELECT pg_notify(${channel}, ${payload})`)
        )
      const listen = sharedListener(client.config, yield* Effect.scope)
      const subscribe = (channel: string) =>
        Effect.andThen(
          PgliteClient.validateChannel(channel, "listen"),
          Effect.map(listen(channel), (queue) =>
            Stream.fromQueue(queue).pipe(Stream.map((notification) => notification.payload)))
        )
      return Database.of(makeService("pg", location, notify, subscribe))
    })
  )

/** The PostgreSQL backend: `SqlClient`, `PgClient` and {@link Database}, migrated and seeded per `options`. */
export const layerPg = (
  options: PgOptions
): Layer.Layer<SqlClient.SqlClient | PgClient.PgClient | Database, SqlError | Migrator.MigrationError> =>
  Layer.effectDiscard(prepare(options)).pipe(
    Layer.provideMerge(pgDatabase(describeUrl(options.url))),
    Layer.provideMerge(
      PgClient.layer({
        url: options.url,
        maxConnections: options.maxConnections ?? 10,
        ...((options.multiplex ?? defaultMultiplex) > 1 ? { multiplex: true, multiplexConcurrency: options.multiplex ?? defaultMultiplex } : {}),
        applicationName: "storefront-demo-server"
      })
    )
  )

/**
 * The database the server runs on, chosen from {@link DatabaseSettings}: PostgreSQL when
 * `DATABASE_URL` is set, else PGlite at `PGLITE_DATA_DIR`; migrated, and seeded when empty.
 */
export const layer: Layer.Layer<
  SqlClient.SqlClient | Database,
  SqlError | Migrator.MigrationError | Config.ConfigError
> = Layer.unwrap(
  Effect.gen(function*() {
    const settings = yield* DatabaseSettings
    return Option.match(settings.url, {
      onNone: (): Layer.Layer<SqlClient.SqlClient | Database, SqlError | Migrator.MigrationError> =>
        layerPglite({ dataDir: settings.dataDir, seed: settings.seed, worker: settings.pgliteWorker }),
      onSome: (url): Layer.Layer<SqlClient.SqlClient | Database, SqlError | Migrator.MigrationError> =>
        layerPg({ url, seed: settings.seed, maxConnections: settings.maxConnections, multiplex: settings.multiplex })
    })
  })
)

/**
 * {@link layer}, except that a PGlite database whose data directory is still empty starts from the data-directory
 * dump in `templateFile` (a test run's seeded template: a started server skips initdb, the migrations and the seed;
 * pending migrations still run). PostgreSQL, an existing data directory and no template file get {@link layer}.
 */
export const layerFromTemplate = (templateFile: string | undefined): typeof layer =>
  templateFile === undefined ? layer : Layer.unwrap(
    Effect.gen(function*() {
      const settings = yield* DatabaseSettings
      const created = !settings.dataDir.includes("://") && existsSync(join(settings.dataDir, "PG_VERSION"))
      if (Option.isSome(settings.url) || created) return layer
      const dump = yield* Effect.promise(() => readFile(templateFile))
      yield* Effect.logInfo(`database: starting from the template ${templateFile}`)
      return layerPglite({ dataDir: settings.dataDir, loadDataDir: new Blob([dump]), seed: settings.seed, worker: settings.pgliteWorker })
    })
  )

// -----------------------------------------------------------------------------------------------
// tests
// -----------------------------------------------------------------------------------------------

type Template = "empty" | "migrated" | "seeded"

/**
 * The environment variable naming a file with the seeded template's dump, built once for a whole test run
 * (test/support/globalSetup.ts), so the test files of every worker restore it instead of building their own.
 */
export const seededTemplateFileVariable = "SF_PGLITE_SEEDED_TEMPLATE"

/** The same for the migrated (not seeded) template, which the seeded one is built from. */
export const migratedTemplateFileVariable = "SF_PGLITE_MIGRATED_TEMPLATE"

/** The same for the empty template (initdb only, no migrations), which the migrated one is built from. */
export const emptyTemplateFileVariable = "SF_PGLITE_EMPTY_TEMPLATE"

const templateFileVariables: Readonly<Record<Template, string>> = {
  empty: emptyTemplateFileVariable,
  migrated: migratedTemplateFileVariable,
  seeded: seededTemplateFileVariable
}

/** Builds the seeded template and writes its dump to `file` (a test run's global setup). */
export const writeSeededTemplate = (file: string): Promise<void> => writeTemplate("seeded", file)

/** Writes the migrated template's dump to `file`; after {@link writeSeededTemplate} it is already built. */
export const writeMigratedTemplate = (file: string): Promise<void> => writeTemplate("migrated", file)

/** Writes the empty template's dump to `file`; after {@link writeMigratedTemplate} it is already built. */
export const writeEmptyTemplate = (file: string): Promise<void> => writeTemplate("empty", file)

const writeTemplate = (kind: Template, file: string): Promise<void> =>
  Effect.runPromise(memoryTemplate(kind)).then(async (blob) => writeFile(file, new Uint8Array(await blob.arrayBuffer())))

/**
 * A template's dump as PGlite reads it: `arrayBuffer()` answers a copy of the bytes at once, where a Blob's own
 * streams them in chunks and joins them (a fifth of a restore's CPU for the 50 MB dump).
 */
class TemplateBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes])
    this.#bytes = bytes
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer)
  }
}

/**
 * The tar dump `tar` with only the WAL segments from `first` to `last` (pg_wal/<name>, one timeline and segment
 * size, so the names order as the segments do). A restore reads the WAL from the last checkpoint's redo point to the
 * end of what was written: the older segments and the recycled ones beyond the end (a third to a half of the
 * seeded template's bytes) are never read, and copying them cost every restore.
 */
const withWalBetween = (tar: Uint8Array, first: string, last: string): Uint8Array<ArrayBuffer> => {
  const kept: Array<Uint8Array> = []
  let offset = 0
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) break
    const name = new TextDecoder().decode(header.subarray(0, 100)).replace(/\0.*$/s, "")
    const size = Number.parseInt(new TextDecoder().decode(header.subarray(124, 136)).replace(/\0.*$/s, "").trim() || "0", 8)
    const end = offset + 512 + Math.ceil(size / 512) * 512
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1]
    if (segment === undefined || (segment >= first && segment <= last)) kept.push(tar.subarray(offset, end))
    offset = end
  }
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0) + 1024)
  let at = 0
  for (const part of kept) {
    out.set(part, at)
    at += part.length
  }
  return out
}

const templates = new Map<Template, Promise<Blob>>()

const buildTemplate = (kind: Template): Effect.Effect<Uint8Array<ArrayBuffer>, SqlError | Migrator.MigrationError> =>
  Effect.gen(function*() {
    // The seeded template starts from the migrated one and that from the empty one, so a process runs initdb once.
    const loadDataDir = kind === "seeded" ? yield* memoryTemplate("migrated") : kind === "migrated" ? yield* memoryTemplate("empty") : undefined
    return yield* Effect.scoped(
      Effect.gen(function*() {
        const client = yield* PgliteClient.PgliteClient
        yield* prepare({ migrate: kind !== "empty", seed: kind === "seeded" })
        const sql = yield* SqlClient.SqlClient
        yield* sql`CHECKPOINT`
        const [wal] = yield* sql<{ readonly first: string; readonly last: string }>`SELECT pg_walfile_name(redo_lsn) AS first,
          pg_walfile_name(pg_current_wal_insert_lsn()) AS last FROM pg_control_checkpoint()`
        const blob = yield* client.dumpDataDir("none")
        const dump = yield* Effect.promise(async () => new Uint8Array(await blob.arrayBuffer()))
        return wal === undefined ? dump : withWalBetween(dump, wal.first, wal.last)
      }).pipe(Effect.provide(PgliteClient.layer({ dataDir: PgliteClient.memoryDataDir, loadDataDir })))
    )
  })

/**
 * A dump of a fresh in-memory database (initdb only for `"empty"`), migrated (and seeded for `"seeded"`), built once per
 * process and reused: restoring it costs about half a second where initdb, migrations and seed
 * cost several.
 */
export const memoryTemplate = (kind: Template): Effect.Effect<Blob, SqlError | Migrator.MigrationError> =>
  Effect.suspend(() => {
    let pending = templates.get(kind)
    if (pending === undefined) {
      const shared = process.env[templateFileVariables[kind]]
      pending = shared !== undefined && shared !== "" && existsSync(shared)
        ? readFile(shared).then((bytes) => new TemplateBlob(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>))
        : Effect.runPromise(buildTemplate(kind)).then((bytes) => new TemplateBlob(bytes))
      templates.set(kind, pending)
      pending.catch(() => templates.delete(kind))
    }
    const promise = pending
    return Effect.tryPromise({
      try: () => promise,
      catch: (cause) => cause as SqlError | Migrator.MigrationError
    })
  })

/** Options of an in-memory test database. */
export interface MemoryOptions {
  /** `"seeded"` (default): migrated and seeded; `"migrated"`: empty tables; `"empty"`: no migrations. */
  readonly contents?: "seeded" | "migrated" | "empty" | undefined
  /** Databases kept open for reuse, reset between their clients (test/support/pglitePool.ts). */
  readonly reuse?: PgliteClient.PgliteReuse | undefined
  /** Runs the database in a worker thread of its own (the driver's tests of that mode). */
  readonly worker?: boolean | undefined
}

/**
 * A private in-memory PGlite database for one test or suite, restored from a cached
 * {@link memoryTemplate} (migrated and seeded by default). Each build is a new, independent database.
 */
export const layerMemoryWith = (
  options: MemoryOptions = {}
): Layer.Layer<SqlClient.SqlClient | PgliteClient.PgliteClient | Database, SqlError | Migrator.MigrationError> => {
  const contents = options.contents ?? "seeded"
  return Layer.unwrap(
    Effect.map(memoryTemplate(contents), (loadDataDir) =>
      layerPglite({
        dataDir: PgliteClient.memoryDataDir,
        loadDataDir,
        migrate: contents !== "empty",
        seed: contents === "seeded",
        reuse: options.reuse,
        worker: options.worker
      }))
  )
}

/** A private, migrated and seeded in-memory PGlite database for tests ({@link layerMemoryWith} with defaults). */
export const layerMemory: Layer.Layer<
  SqlClient.SqlClient | PgliteClient.PgliteClient | Database,
  SqlError | Migrator.MigrationError
> = layerMemoryWith()
