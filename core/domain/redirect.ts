/**
 * Login redirects (spec §2 "Login redirects", §8 login failure) restricted to same-origin paths,
 * so that a `redirectUrl` or a `return` query parameter can never send the shopper to another site
 * (no open redirect).
 *
 * @module
 */

/** The query parameter that names where to go after login (§2). */
export const returnParameter = "return"

/** The other query parameter a login or recovery link may name its target with (§2 "a redirectUrl"). */
export const redirectUrlParameter = "redirectUrl"

/** How many rounds of percent-decoding a target is checked through; a target still changing after that is refused. */
export const maxDecodeRounds = 5

/**
 * Characters refused anywhere in a target as given: backslashes, every kind of whitespace,
 * control and format characters (zero-width, bidi overrides), line/paragraph separators and
 * lone surrogates. Browsers strip or reinterpret several of these (`/\t/evil` is `//evil`).
 */
const forbiddenInTarget = /[\\\s\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Zs}]/u

/**
 * Characters refused in a percent-decoded form of a target. Plain spaces are allowed here, so that
 * `/search?q=red%20shoes` passes; control characters, format characters and backslashes are not.
 */
const forbiddenInDecoded = /[\\\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u

const isRootedPath = (value: string): boolean => value.startsWith("/") && !value.startsWith("//")

const tryDecode = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/**
 * Whether a target is a same-origin path such as `/path?x#y`.
 *
 * Refused: anything not starting with exactly one `/` (`//evil.example`, `https://…`, `http://…`,
 * `javascript:`, `data:`, relative paths), backslashes (`/\evil`, `\\evil`), whitespace and control
 * characters anywhere, malformed percent-encoding, and targets whose percent-decoded forms (up to
 * {@link maxDecodeRounds} rounds, e.g. `/%2F%2Fevil` → `///evil`) would break any of these rules.
 */
export const isSafeRedirectTarget = (target: string | null | undefined): target is string => {
  if (typeof target !== "string" || !isRootedPath(target) || forbiddenInTarget.test(target)) return false
  let current = target
  for (let round = 0; round < maxDecodeRounds; round++) {
    const decoded = tryDecode(current)
    if (decoded === undefined) return false
    if (decoded === current) return true
    if (!isRootedPath(decoded) || forbiddenInDecoded.test(decoded)) return false
    current = decoded
  }
  return false
}

/**
 * The target if {@link isSafeRedirectTarget} accepts it, unchanged, otherwise the fallback.
 * The fallback is trusted (it comes from the shop table) and returned as given.
 */
export const safeRedirectTarget = (target: string | null | undefined, fallback: string): string =>
  isSafeRedirectTarget(target) ? target : fallback

/** The query part of a search string or URL: after the first `?`, before any `#`; leading `?` optional. */
const queryOf = (search: string): string => {
  const withoutFragment = search.split("#", 1)[0] ?? ""
  const mark = withoutFragment.indexOf("?")
  return mark === -1 ? withoutFragment : withoutFragment.slice(mark + 1)
}

/**
 * Where to go after login according to a query string (§2): its `return` parameter, or when there is none its
 * `redirectUrl` parameter, if same-origin; otherwise the fallback.
 */
export const loginReturnTarget = (search: string, fallback: string): string => {
  const query = new URLSearchParams(queryOf(search))
  return safeRedirectTarget(query.get(returnParameter) ?? query.get(redirectUrlParameter), fallback)
}

/** What decides where a successful login goes. */
export interface LoginRedirectSources {
  /** The `redirectUrl` of the login response, if any. */
  readonly redirectUrl?: string | null | undefined
  /** The query string of the page the login happened on. */
  readonly search?: string | null | undefined
  /** Where to go when neither names a safe target. */
  readonly fallback: string
}

/** Where a login goes (§2): the response's redirectUrl if safe, else the `return` parameter if safe, else the fallback. */
export const loginRedirectTarget = (sources: LoginRedirectSources): string =>
  isSafeRedirectTarget(sources.redirectUrl)
    ? sources.redirectUrl
    : loginReturnTarget(sources.search ?? "", sources.fallback)
