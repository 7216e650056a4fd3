/**
 * A bounded in-memory cache of rendered images, least recently used first out: a media id's image at one width never
 * changes, so each is rendered once while it stays among the recently asked ones.
 *
 * @module
 */

/** A least-recently-used cache of byte arrays, bounded by entries and by total bytes. */
export interface ByteCache {
  /** The bytes under `key`, rendered by `render` when missing (and then kept while the bounds allow). */
  readonly getOrRender: (key: string, render: () => Uint8Array) => Uint8Array
  /** The entries and bytes held now. */
  readonly size: () => { readonly entries: number; readonly bytes: number }
}

/** A {@link ByteCache} holding at most `maxEntries` entries and `maxBytes` bytes (a larger value is not kept). */
export const makeByteCache = (maxEntries: number, maxBytes: number): ByteCache => {
  const entries = new Map<string, Uint8Array>()
  let bytes = 0
  return {
    getOrRender: (key, render) => {
      const hit = entries.get(key)
      if (hit !== undefined) {
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      const value = render()
      if (value.length > maxBytes || maxEntries < 1) return value
      entries.set(key, value)
      bytes += value.length
      for (const [oldest, old] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break
        entries.delete(oldest)
        bytes -= old.length
      }
      return value
    },
    size: () => ({ entries: entries.size, bytes })
  }
}
