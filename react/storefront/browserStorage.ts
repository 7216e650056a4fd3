/**
 * The storage port in a browser: `localStorage` (values with an expiry kept as JSON) and
 * `document.cookie`. Every operation succeeds: a store the browser refuses behaves as empty (§8).
 *
 * @module
 */
import { Effect, Layer } from "effect"
import { Storage, type StoreName } from "../../core/services/Storage.ts"

const readLocal = (key: string): string | undefined => {
  try {
    const raw = globalThis.localStorage?.getItem(key)
    if (raw === null || raw === undefined) return undefined
    const stored = JSON.parse(raw) as { readonly value?: unknown; readonly expiresAt?: unknown }
    if (typeof stored.value !== "string") return undefined
    if (typeof stored.expiresAt === "number" && Date.now() >= stored.expiresAt) {
      globalThis.localStorage.removeItem(key)
      return undefined
    }
    return stored.value
  } catch {
    return undefined
  }
}

const readCookie = (key: string): string | undefined => {
  try {
    for (const part of globalThis.document.cookie.split(";")) {
      const [name, ...rest] = part.trim().split("=")
      if (name === encodeURIComponent(key)) return decodeURIComponent(rest.join("="))
    }
  } catch {
    return undefined
  }
  return undefined
}

const attempt = (f: () => void): Effect.Effect<void> =>
  Effect.sync(() => {
    try {
      f()
    } catch {
      // A refused store behaves as empty (§8).
    }
  })

/** The browser's stores behind the storage port. */
export const browserStorageLayer: Layer.Layer<Storage> = Layer.succeed(Storage, Storage.of({
  get: (store: StoreName, key: string) => Effect.sync(() => (store === "localStorage" ? readLocal(key) : readCookie(key))),
  set: (store, key, value, options) =>
    attempt(() => {
      if (store === "localStorage") {
        globalThis.localStorage.setItem(key, JSON.stringify(options?.expiresAt === undefined ? { value } : { value, expiresAt: options.expiresAt }))
      } else {
        const expires = options?.expiresAt === undefined ? "" : `; Expires=${new Date(options.expiresAt).toUTCString()}`
        globalThis.document.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${expires}`
      }
    }),
  remove: (store, key) =>
    attempt(() => {
      if (store === "localStorage") globalThis.localStorage.removeItem(key)
      else globalThis.document.cookie = `${encodeURIComponent(key)}=; Path=/; Max-Age=0`
    })
}))
