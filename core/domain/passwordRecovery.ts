/**
 * Password recovery (spec §2 named URL `passwordRecovery`, §8 the locked login's redirect; the flow itself is not
 * shown, these rules are ours): a shopper asks for a link by e-mail, the link carries a single-use token that
 * expires, and following it sets a new password. The password rules are the registration's.
 *
 * @module
 */

/** How long a recovery link stays valid, in seconds (ours: one hour). */
export const recoveryTokenTtlSeconds = 60 * 60

/** The query parameter of the recovery page that carries the token of a link. */
export const recoveryTokenParameter = "token"

/** The fewest characters of a new password (the registration's rule). */
export const minNewPasswordLength = 8

/** The most characters of a new password (the registration's rule). */
export const maxNewPasswordLength = 256

/** The most links one account gets within {@link recoveryTokenTtlSeconds}; later asks send nothing (ours). */
export const maxRecoveryLinksPerWindow = 3

/** Why a new password is refused before anything is sent: too short or too long (counted in code points). */
export type NewPasswordProblem = "tooShort" | "tooLong"

/** Checks a new password against the length rules; `undefined` when it is acceptable. */
export const newPasswordProblem = (password: string): NewPasswordProblem | undefined => {
  const length = [...password].length
  if (length < minNewPasswordLength) return "tooShort"
  if (length > maxNewPasswordLength) return "tooLong"
  return undefined
}

/**
 * The path of the recovery page a link opens: the shop's `passwordRecovery` url with the token and, when there is
 * one, the same-origin `return` path to follow after the new password is set.
 */
export const recoveryLinkPath = (recoveryPath: string, token: string, returnPath: string | undefined): string => {
  const query = new URLSearchParams({ [recoveryTokenParameter]: token })
  if (returnPath !== undefined) query.set("return", returnPath)
  return `${recoveryPath}?${query.toString()}`
}
