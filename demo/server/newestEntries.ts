/**
 * Bounded maps that keep the newest entries: a key set again becomes the newest, and when full the oldest entry goes.
 *
 * @module
 */

/** Sets `key` to `value` in `map` as its newest entry; when `map` already holds `max` entries, drops the oldest first. */
export const setNewest = <K, V>(map: Map<K, V>, key: K, value: V, max: number): void => {
  map.delete(key)
  if (map.size >= max) map.delete(map.keys().next().value!)
  map.set(key, value)
}
