/**
 * The page reloads the core asks for (§4 "a response status 'error' with a link forces a page reload", §4 and §8 an
 * add-to-cart failure reloads the page, §4 deactivating the account reloads it), guarded so that a page whose load
 * asks for a reload again cannot reload forever (ours, after §8's "a single reload, guarded by a session flag"): the
 * time of the last reload is kept in the session and another reload is refused within {@link reloadGuardWindowMs}.
 *
 * @module
 */

/** How long after a requested reload another requested reload is refused (ms). */
export const reloadGuardWindowMs = 30_000

/** The session-storage key that keeps when the page last reloaded on request. */
export const reloadGuardKey = "sf_reload_at"

/**
 * Whether a requested reload may happen at `now`, given when the last one happened (`undefined`: none in this
 * session). A recorded time in the future (the clock was set back) does not block: the reload records `now` again.
 */
export const reloadAllowed = (lastReloadAt: number | undefined, now: number): boolean =>
  lastReloadAt === undefined || !Number.isFinite(lastReloadAt) || lastReloadAt > now || now - lastReloadAt >= reloadGuardWindowMs

/** Reads the recorded time of the last reload from its session-storage text (anything unreadable counts as none). */
export const parseReloadTime = (stored: string | null | undefined): number | undefined => {
  if (stored === null || stored === undefined || stored.trim() === "") return undefined
  const value = Number(stored)
  return Number.isFinite(value) ? value : undefined
}
