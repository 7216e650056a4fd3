/**
 * Cached reads of the hottest records (sessions, carts, catalogue answers, a shop's delivery and
 * payment settings), kept correct across server processes by the database itself: triggers
 * (migrations 11 and 13) notify `cache_invalidate` at commit whenever a cart, a session, stock, a
 * price, the catalogue or a shop's settings change, and every process drops what the notification names. A
 * server's own state-changing call also drops its session before and its session and cart after it
 * runs (a cart write that leaves the session as it is: its cart, see the session middleware), so a shopper reads their
 * own writes at once; other processes follow within the notification's delay.
 * Entries also expire after a short time, which bounds staleness from time alone (a discount's
 * validity window, a session's expiry is checked on every hit).
 *
 * A load that overlaps an invalidation of its key is not kept, so a late read never puts old data
 * back.
 *
 * @module
 */
import { Clock, Context, Deferred, Effect, Layer, Stream } from "effect"
import { Database } from "./Database.ts"
import { writeDiagnosticsOn } from "../diagnostics.ts"
import { noteSessionEvent } from "./sessionCacheCounts.ts"

/** The channel of the invalidation notifications (see migration 10 for the payloads). */
export const cacheInvalidationChannel = "cache_invalidate"

/** What a cache keeps per key. */
interface Entry<V> {
  readonly value: V
  readonly expiresAt: number
}

/** Options of one {@link KeyedCache}. */
export interface KeyedCacheOptions {
  /** How long an entry is served, ms. */
  readonly ttlMs: number
  /** At most this many entries; the oldest is dropped past it. */
  readonly maxEntries: number
  /** Told what happens to each key (a diagnostic: sessionCacheCounts.ts). */
  readonly observe?: ((key: string, event: "loaded" | "load dropped" | "expired") => void) | undefined
}

/** A read-through cache of records by key, with generation-checked loads. */
export class KeyedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>()
  /** Keys with loads in flight: how many, and the generation they started in. */
  private readonly loads = new Map<K, { count: number; generation: number }>()
  /** The load of each key that later readers may share ({@link KeyedCache.get}), and the generation it started in. */
  private readonly shared = new Map<K, { readonly generation: number; readonly result: Deferred.Deferred<V | undefined, unknown> }>()
  private readonly options: KeyedCacheOptions

  constructor(options: KeyedCacheOptions) {
    this.options = options
  }

  /**
   * The value under `key`, or `load`'s result, kept when no invalidation of `key` overlapped the load. Readers that
   * find `key` being loaded by an earlier reader, no invalidation of it since that load began, share its result
   * instead of loading it again (its failure too; an interrupted load is not shared: they load it themselves).
   */
  get<E, R>(key: K, load: Effect.Effect<V | undefined, E, R>): Effect.Effect<V | undefined, E, R> {
    return Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const hit = this.entries.get(key)
      if (hit !== undefined && hit.expiresAt > now) return Effect.succeed(hit.value)
      if (hit !== undefined) this.options.observe?.(String(key), "expired")
      const shared = this.shared.get(key)
      if (shared !== undefined && shared.generation === this.loads.get(key)?.generation) {
        return Effect.catchCause(Deferred.await(shared.result as Deferred.Deferred<V | undefined, E>), (cause) =>
          cause.reasons.length > 0 && cause.reasons.every((reason) => reason._tag === "Interrupt")
            ? this.get(key, load)
            : Effect.failCause(cause))
      }
      const result = Deferred.makeUnsafe<V | undefined, E>()
      return this.loading(key, load, (value, current) => {
        if (value === undefined) return value
        if (current) this.put(key, value, now)
        this.options.observe?.(String(key), current ? "loaded" : "load dropped")
        return value
      }, result)
    })
  }

  /**
   * `load`'s result, read whatever is kept under `key` (for a caller that must decide on what is stored), kept as
   * {@link KeyedCache.get} keeps a load's, when no invalidation of `key` overlapped it, but without dropping what is
   * kept meanwhile nor any other load of `key`: a read that finds a value current makes nothing stale. When the kept
   * value is `same` as the one read, that very value is kept (served for a whole time to live again) and answered,
   * so what was built from it stays valid; when the read finds none, what is kept is dropped.
   */
  refresh<E, R>(key: K, load: Effect.Effect<V | undefined, E, R>, same: (kept: V, read: V) => boolean): Effect.Effect<V | undefined, E, R> {
    return Effect.flatMap(Clock.currentTimeMillis, (now) =>
      this.loading(key, load, (value, current) => {
        if (!current) {
          if (value !== undefined) this.options.observe?.(String(key), "load dropped")
          return value
        }
        if (value === undefined) {
          this.entries.delete(key)
          return value
        }
        const held = this.entries.get(key)
        const kept = held !== undefined && same(held.value, value) ? held.value : value
        this.put(key, kept, now)
        this.options.observe?.(String(key), "loaded")
        return kept
      }))
  }

  /**
   * Runs `load` of `key` counted as a load in flight, then `settle` with its result and whether it is current (no
   * invalidation of `key` overlapped it): what `settle` answers is the load's answer.
   */
  private loading<E, R>(
    key: K,
    load: Effect.Effect<V | undefined, E, R>,
    settle: (value: V | undefined, current: boolean) => V | undefined,
    shared?: Deferred.Deferred<V | undefined, E>
  ): Effect.Effect<V | undefined, E, R> {
    const started = this.begin(key)
    if (shared === undefined) {
      return load.pipe(
        Effect.map((value) => settle(value, this.loads.get(key)?.generation === started)),
        Effect.ensuring(Effect.sync(() => this.end(key)))
      )
    }
    this.shared.set(key, { generation: started, result: shared as Deferred.Deferred<V | undefined, unknown> })
    return load.pipe(
      Effect.map((value) => settle(value, this.loads.get(key)?.generation === started)),
      Effect.onExit((exit) =>
        Effect.sync(() => {
          if (this.shared.get(key)?.result === shared) this.shared.delete(key)
          Deferred.doneUnsafe(shared, exit)
          this.end(key)
        })
      )
    )
  }

  /** The value kept under `key` at `now` (ms), without loading; undefined when there is none or it expired. */
  peek(key: K, now: number): V | undefined {
    const hit = this.entries.get(key)
    return hit !== undefined && hit.expiresAt > now ? hit.value : undefined
  }

  /** Keeps `value` under `key` from `now` (ms) on; a load of `key` in flight is not kept. */
  set(key: K, value: V, now: number): void {
    this.invalidate(key)
    this.put(key, value, now)
  }

  /**
   * Serves `value` under `key` again for a whole time to live from `now` (ms) when the cache still holds that very
   * value there (expired or not): nothing dropped it since, so no invalidation of it has arrived. For a value a
   * statement has just proven current (answers whether it was renewed).
   */
  renew(key: K, value: V, now: number): boolean {
    const held = this.entries.get(key)
    if (held === undefined || held.value !== value) return false
    this.put(key, value, now)
    return true
  }

  /** Drops `key`; a load of it in flight is not kept. */
  invalidate(key: K): void {
    this.entries.delete(key)
    const load = this.loads.get(key)
    if (load !== undefined) load.generation++
  }

  /** Drops every entry; no load in flight is kept. */
  clear(): void {
    this.entries.clear()
    for (const load of this.loads.values()) load.generation++
  }

  /** How many entries are kept (tests, diagnostics). */
  get size(): number {
    return this.entries.size
  }

  private begin(key: K): number {
    const load = this.loads.get(key)
    if (load !== undefined) {
      load.count++
      return load.generation
    }
    this.loads.set(key, { count: 1, generation: 0 })
    return 0
  }

  private end(key: K): void {
    const load = this.loads.get(key)
    if (load === undefined) return
    if (--load.count === 0) this.loads.delete(key)
  }

  private put(key: K, value: V, now: number): void {
    this.entries.delete(key)
    this.entries.set(key, { value, expiresAt: now + this.options.ttlMs })
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next()
      if (oldest.done !== true) this.entries.delete(oldest.value)
    }
  }
}

/** The caches of a server process. */
export interface ReadCacheShape {
  /** Sessions by id (the session row a call resolves). */
  readonly sessions: KeyedCache<string, unknown>
  /** A guest session's recorded consents by session id (every cart answer shows them). */
  readonly sessionConsents: KeyedCache<string, unknown>
  /** Carts by id (the cart engine's reads). */
  readonly carts: KeyedCache<number, unknown>
  /** Catalogue answers (listing, search, suggestions, product pages, category trees) by shop and query. */
  readonly catalogue: KeyedCache<string, unknown>
  /** A shop's delivery methods, their payments and its billing methods, by shop id. */
  readonly shopSettings: KeyedCache<string, unknown>
  /**
   * Applies one invalidation payload (`cart:<id>`, `cart:<id>@<version>`, `cart_owner:<id>`, `session:<id>`,
   * `stock`, `catalogue`, `shop_settings`). A versioned cart notice (migration 18) keeps a cached cart of that
   * version or newer.
   */
  readonly apply: (payload: string) => void
  /**
   * Records that `version` of cart `cartId` is committed or locked for a change (a write's lock, a versioned
   * notice): a cart of an older version is never settled after it.
   */
  readonly noteCartVersion: (cartId: number, version: number) => void
  /**
   * Keeps the cart a committed write left (`state`, at `version`) as the cached cart, unless a newer version was
   * noted meanwhile; answers whether it was kept.
   */
  readonly settleCart: (cartId: number, version: number, state: unknown, now: number) => boolean
  /**
   * Drops a session and, when given, its cart: a state-changing call runs between two of these (the first keeps
   * the cart, which a cart change may start from once its lock proves the cached version is the stored one).
   */
  readonly forget: (sessionId: string, cartId?: number) => void
}

/** How long cached sessions and carts are served at most, ms. */
export const cacheTtlMs = 10_000

/** How many sessions and carts a process keeps at most. */
export const cacheMaxEntries = 20_000

/**
 * How long catalogue answers and shop settings are served at most, ms: every table they read has an
 * invalidation trigger, so time bounds only what the clock alone changes.
 */
export const catalogueTtlMs = 60_000

/** How many catalogue answers a process keeps at most (a listing page is tens of kilobytes). */
export const catalogueMaxEntries = 1_000

/** Makes the caches and their invalidation rules (without subscribing). */
export const makeReadCache = (): ReadCacheShape => {
  const sessions = new KeyedCache<string, unknown>({
    ttlMs: cacheTtlMs,
    maxEntries: cacheMaxEntries,
    observe: writeDiagnosticsOn ? noteSessionEvent : undefined
  })
  const sessionConsents = new KeyedCache<string, unknown>({ ttlMs: cacheTtlMs, maxEntries: cacheMaxEntries })
  const carts = new KeyedCache<number, unknown>({ ttlMs: cacheTtlMs, maxEntries: cacheMaxEntries })
  const catalogue = new KeyedCache<string, unknown>({ ttlMs: catalogueTtlMs, maxEntries: catalogueMaxEntries })
  const shopSettings = new KeyedCache<string, unknown>({ ttlMs: catalogueTtlMs, maxEntries: 100 })
  // The newest version of each recently changed cart (at most cacheMaxEntries, the oldest noted dropped past it).
  const cartVersions = new Map<number, number>()
  const noteCartVersion = (cartId: number, version: number) => {
    const known = cartVersions.get(cartId)
    if (known !== undefined && known >= version) return
    cartVersions.delete(cartId)
    cartVersions.set(cartId, version)
    if (cartVersions.size > cacheMaxEntries) cartVersions.delete(cartVersions.keys().next().value!)
  }
  const settleCart = (cartId: number, version: number, state: unknown, now: number) => {
    const known = cartVersions.get(cartId)
    if (known !== undefined && known > version) return false
    noteCartVersion(cartId, version)
    carts.set(cartId, state, now)
    return true
  }
  const apply = (payload: string) => {
    if (payload === "shop_settings") return shopSettings.clear()
    if (payload === "stock" || payload === "catalogue") {
      // carts show titles, images, prices and stock of the catalogue
      carts.clear()
      return catalogue.clear()
    }
    const separator = payload.indexOf(":")
    const kind = payload.slice(0, separator)
    const key = payload.slice(separator + 1)
    if (kind === "session") {
      noteSessionEvent(key, "notice")
      sessions.invalidate(key)
      sessionConsents.invalidate(key)
    }
    else if (kind === "cart") {
      const at = key.indexOf("@")
      if (at < 0) return carts.invalidate(Number(key))
      const cartId = Number(key.slice(0, at))
      const version = Number(key.slice(at + 1))
      noteCartVersion(cartId, version)
      const cached = carts.peek(cartId, -Infinity) as { readonly version?: unknown } | undefined
      if (cached === undefined || typeof cached.version !== "number" || cached.version < version) carts.invalidate(cartId)
    }
    else if (kind === "cart_owner") {
      carts.invalidate(Number(key))
      // a cached session says whether its cart is usable: a cart changing hands or closing is rare
      sessions.clear()
    }
  }
  return {
    sessions,
    sessionConsents,
    carts,
    catalogue,
    shopSettings,
    apply,
    noteCartVersion,
    settleCart,
    forget: (sessionId, cartId) => {
      sessions.invalidate(sessionId)
      sessionConsents.invalidate(sessionId)
      if (cartId !== undefined) carts.invalidate(cartId)
    }
  }
}

/** The read cache of a server process; see the module documentation. */
export class ReadCache extends Context.Service<ReadCache, ReadCacheShape>()("demo/server/db/ReadCache") {
  /** The caches, invalidated by the database's notifications for as long as the layer lives. */
  static readonly layer = Layer.effect(
    ReadCache,
    Effect.gen(function*() {
      const db = yield* Database
      const cache = makeReadCache()
      const payloads = yield* db.subscribe(cacheInvalidationChannel)
      yield* Effect.forkScoped(
        Stream.runForEach(payloads, (payload) => Effect.sync(() => cache.apply(payload))).pipe(
          Effect.catchCause((cause) =>
            Effect.andThen(Effect.logError("read cache: invalidations stopped; caching is off", cause), Effect.sync(() => {
              cache.sessions.clear()
              cache.sessionConsents.clear()
              cache.carts.clear()
              cache.catalogue.clear()
              cache.shopSettings.clear()
            })))
        )
      )
      return cache
    })
  )
}

/**
 * Set while a state-changing call runs: its reads go to the database, never to the cache (a write
 * must decide on, and answer with, what is committed).
 */
export const CacheBypass = Context.Reference<boolean>("demo/server/db/ReadCache/CacheBypass", { defaultValue: () => false })

/**
 * The carts a state-changing call settled in the read cache ({@link ReadCacheShape.settleCart}): the call's end keeps
 * them instead of dropping its cart. Set per call by the session middleware; undefined outside one.
 */
export const SettledCarts = Context.Reference<Set<number> | undefined>("demo/server/db/ReadCache/SettledCarts", {
  defaultValue: () => undefined
})

/**
 * What a read's answer was built from, gathered while a GET call runs (demo/server/http/fastReads.ts replays the
 * answer while all of it holds): the cached values it read, the cart versions a PostgreSQL read proved stored, and
 * whether anything it read could not be followed (a read past the cache, a value the cache did not keep).
 */
export interface ReadDependencies {
  /** One check per cached value read: whether the cache still holds that very value at `now` (ms). */
  readonly cached: Array<(now: number) => boolean>
  /** Carts whose cached state a PostgreSQL read served once a version check proved it current. */
  readonly cartVersions: Array<CartVersionDependency>
  /** Set when the answer depends on something no check above follows. */
  untracked: boolean
}

/** A cached cart state served at `version` after a statement proved it current (see CartVersionChecks). */
export interface CartVersionDependency {
  readonly cartId: number
  readonly version: number
  /** The stored version of the cart, read by a statement sent after the call (coalesced with other reads). */
  readonly stored: () => Effect.Effect<number | undefined, unknown>
}

/** The {@link ReadDependencies} of the current call, when something gathers them (undefined otherwise). */
export const CurrentReadDependencies = Context.Reference<ReadDependencies | undefined>(
  "demo/server/db/ReadCache/CurrentReadDependencies",
  { defaultValue: () => undefined }
)

/** Options of {@link cachedRead}. */
export interface CachedReadOptions {
  /**
   * Serve from the cache even while a state-changing call runs ({@link CacheBypass}): for settings no
   * shopper's call changes (a shop's delivery and payment settings), which an operator's edit drops.
   */
  readonly despiteBypass?: boolean | undefined
}

/**
 * Reads through the `pick`ed cache of the process's {@link ReadCache} when there is one and no
 * {@link CacheBypass} is set (see {@link CachedReadOptions.despiteBypass}); otherwise runs `load` as it is.
 */
export const cachedRead = <K, V, E, R>(
  pick: (cache: ReadCacheShape) => KeyedCache<K, unknown>,
  key: K,
  load: Effect.Effect<V | undefined, E, R>,
  options: CachedReadOptions = {}
): Effect.Effect<V | undefined, E, R> =>
  Effect.gen(function*() {
    const cache = yield* Effect.serviceOption(ReadCache)
    const dependencies = yield* CurrentReadDependencies
    if (cache._tag === "None" || (options.despiteBypass !== true && (yield* CacheBypass))) {
      if (dependencies !== undefined) dependencies.untracked = true
      return yield* load
    }
    const keyed = pick(cache.value)
    const value = (yield* keyed.get(key, load)) as V | undefined
    if (dependencies !== undefined) {
      // a value the cache does not keep (none found, or dropped while it loaded) cannot be followed
      if (value === undefined) dependencies.untracked = true
      else dependencies.cached.push((now) => keyed.peek(key, now) === value)
    }
    return value
  })
