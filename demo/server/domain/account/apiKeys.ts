/**
 * Digital content keys: secret API keys (hashed, masked) and licence keys.
 *
 * @module
 */
import { createHash, randomBytes } from "node:crypto"

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex")

// -----------------------------------------------------------------------------------------------
// digital content: API keys
// -----------------------------------------------------------------------------------------------

/** A new secret API key (shown once, at creation). */
export const newApiKey = (): string => `sk_${randomBytes(24).toString("base64url")}`

/** The hash of a secret API key as stored. */
export const apiKeyHash = (key: string): string => sha256(key)

/** A key shown after its creation: masked but for its last four characters. */
export const maskedApiKey = (hint: string): string => `sk_…${hint}`

/** A new licence key: four groups of five characters without look-alike letters and digits. */
export const newLicenseKey = (): string => {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
  const bytes = randomBytes(20)
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length])
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join("")).join("-")
}
