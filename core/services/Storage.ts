/**
 * The storage port: string values under keys in two named stores, `cookies` and `localStorage`
 * (the floating-banner and VIP-notice cookies, the tracking cookie, the menu cache), each with an
 * optional expiry. Core runs without a DOM, so it only sees this port; the in-memory layer serves
 * Node scripts and tests, and the browser layer lives in react/.
 *
 * @module
 */
import { Clock, Context, Effect, Layer, Ref } from "effect"

/** The named stores (§2, §9: cookies, and local storage for the menu cache). */
export const storeNames = ["cookies", "localStorage"] as const

/** A named store. */
export type StoreName = (typeof storeNames)[number]

/** Options of {@link StorageShape.set}. */
export interface StorageSetOptions {
  /** When the value expires, in ms since the epoch (on the Clock); absent: it does not expire. */
  readonly expiresAt?: number
}

/**
 * The storage port. Every operation succeeds: a store that cannot be used (cookies disabled, quota
 * exceeded) behaves as empty, so features degrade silently (§8).
 */
export interface StorageShape {
  /** The value under `key`, or undefined when absent or expired. */
  readonly get: (store: StoreName, key: string) => Effect.Effect<string | undefined>
  /** Stores `value` under `key`, replacing any earlier value. */
  readonly set: (store: StoreName, key: string, value: string, options?: StorageSetOptions) => Effect.Effect<void>
  /** Removes the value under `key`. */
  readonly remove: (store: StoreName, key: string) => Effect.Effect<void>
}

/** One stored value of the in-memory layer. */
export interface StoredValue {
  /** The value. */
  readonly value: string
  /** Expiry in ms since the epoch, if any. */
  readonly expiresAt?: number
}

/** The initial content of the in-memory layer: store name to key to value. */
export type StorageSeed = { readonly [S in StoreName]?: { readonly [key: string]: StoredValue } }

const entryKey = (store: StoreName, key: string): string => `${store}\u0000${key}`

/** The in-memory storage, starting with `seed`; expiry is read on the Effect Clock. */
export const makeMemoryStorage = (seed: StorageSeed = {}) =>
  Effect.gen(function*() {
    const initial = new Map<string, StoredValue>()
    for (const store of storeNames) {
      for (const [key, stored] of Object.entries(seed[store] ?? {})) initial.set(entryKey(store, key), stored)
    }
    const entries = yield* Ref.make<ReadonlyMap<string, StoredValue>>(initial)
    const without = (map: ReadonlyMap<string, StoredValue>, id: string): ReadonlyMap<string, StoredValue> => {
      const next = new Map(map)
      next.delete(id)
      return next
    }
    return Storage.of({
      get: (store, key) =>
        Effect.gen(function*() {
          const id = entryKey(store, key)
          const stored = (yield* Ref.get(entries)).get(id)
          if (stored === undefined) return undefined
          const now = yield* Clock.currentTimeMillis
          if (stored.expiresAt !== undefined && now >= stored.expiresAt) {
            yield* Ref.update(entries, (map) => without(map, id))
            return undefined
          }
          return stored.value
        }),
      set: (store, key, value, options) =>
        Ref.update(entries, (map) => {
          const next = new Map(map)
          next.set(entryKey(store, key), options?.expiresAt === undefined ? { value } : { value, expiresAt: options.expiresAt })
          return next
        }),
      remove: (store, key) => Ref.update(entries, (map) => without(map, entryKey(store, key)))
    })
  })

/** The storage port: see {@link StorageShape}. */
export class Storage extends Context.Service<Storage, StorageShape>()("storefront/Storage") {
  /** In-memory stores, empty at start (Node scripts, tests). */
  static readonly layerMemory = Layer.effect(Storage, makeMemoryStorage())
  /** In-memory stores starting with `seed` (tests). */
  static readonly layerMemoryWith = (seed: StorageSeed) => Layer.effect(Storage, makeMemoryStorage(seed))
}
