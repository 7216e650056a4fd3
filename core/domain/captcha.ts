/**
 * The captcha (spec §2, §3, §9): the client-generated captcha id, the image source and the
 * reload URL with a random parameter.
 *
 * @module
 */

/** The length of a captcha id (§9: 16 uppercase characters). */
export const captchaIdLength = 16

/** The characters of a captcha id: the uppercase letters A to Z. */
export const captchaIdAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

const letterFor = (random: number | undefined): string => {
  const r = random !== undefined && Number.isFinite(random) ? random - Math.floor(random) : 0
  const index = Math.min(captchaIdAlphabet.length - 1, Math.floor(r * captchaIdAlphabet.length))
  return captchaIdAlphabet.charAt(index)
}

/**
 * A captcha id (§9) from random numbers in [0, 1), one per character, as Math.random gives
 * them (or `uint32 / 2**32` from crypto.getRandomValues). Deterministic: the value r picks
 * letter `floor(r * 26)`. Only the first 16 values are used; a missing or non-finite value
 * counts as 0, and a value outside [0, 1) is taken modulo 1, so the result is always an id.
 */
export const captchaIdFrom = (randomValues: ReadonlyArray<number>): string =>
  Array.from({ length: captchaIdLength }, (_, i) => letterFor(randomValues[i])).join("")

/** Whether a string is a captcha id: exactly 16 uppercase letters A to Z. */
export const isCaptchaId = (value: string): boolean => /^[A-Z]{16}$/.test(value)

/** The image source for a captcha image (§3: base64 png); a value that already is a data URL is kept. */
export const captchaImageSrc = (image: string): string =>
  image.startsWith("data:") ? image : `data:image/png;base64,${image}`

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** The query parameter that makes a captcha image reload (§2: a random parameter; name ours). */
export const captchaReloadParam = "rnd"

/**
 * The captcha image URL with the random parameter {@link captchaReloadParam} set to the nonce
 * (§2), URI-encoded (a lone surrogate becomes U+FFFD). Other query parameters and a fragment
 * are kept; an earlier random parameter is replaced, so repeated reloads do not pile them up.
 */
export const captchaReloadUrl = (base: string, nonce: string | number): string => {
  const hashAt = base.indexOf("#")
  const beforeHash = hashAt === -1 ? base : base.slice(0, hashAt)
  const hash = hashAt === -1 ? "" : base.slice(hashAt)
  const queryAt = beforeHash.indexOf("?")
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt)
  const kept = (queryAt === -1 ? "" : beforeHash.slice(queryAt + 1))
    .split("&")
    .filter((part) => part !== "" && part.split("=")[0] !== captchaReloadParam)
  const query = [...kept, `${captchaReloadParam}=${encodeURIComponent(String(nonce).replace(loneSurrogate, "\uFFFD"))}`].join("&")
  return `${path}?${query}${hash}`
}
