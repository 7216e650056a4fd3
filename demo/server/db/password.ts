/**
 * Customer password hashing with scrypt (node:crypto). A stored hash is one string,
 * `scrypt$N$r$p$<salt base64>$<hash base64>`, so the cost parameters can be raised later without
 * invalidating existing hashes.
 *
 * @module
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"
import { Effect } from "effect"

/** scrypt cost parameters (N = 2^14, r = 8, p = 1: about 50 ms and 16 MiB per hash). */
export const scryptParams = { N: 16384, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const

const derive = (password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key)))

/**
 * Hashes a password with the given salt. The seed uses it with a salt derived from its PRNG so the
 * demo data stays deterministic; everything else uses {@link hashPassword} (random salt).
 */
export const hashPasswordWithSalt = (password: string, salt: Uint8Array): Effect.Effect<string> =>
  Effect.promise(async () => {
    const { N, r, p, keyLength } = scryptParams
    const key = await derive(password, Buffer.from(salt), N, r, p, keyLength)
    return `scrypt$${N}$${r}$${p}$${Buffer.from(salt).toString("base64")}$${key.toString("base64")}`
  })

/** Hashes a password with a fresh random salt, for storing in `customers.password_hash`. */
export const hashPassword = (password: string): Effect.Effect<string> =>
  Effect.suspend(() => hashPasswordWithSalt(password, randomBytes(scryptParams.saltLength)))

/**
 * Whether `password` matches a stored hash (constant-time comparison). A malformed stored value
 * never matches.
 */
export const verifyPassword = (password: string, stored: string): Effect.Effect<boolean> =>
  Effect.promise(async () => {
    const parts = stored.split("$")
    if (parts.length !== 6 || parts[0] !== "scrypt") return false
    const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string]
    const N = Number(n)
    const R = Number(r)
    const P = Number(p)
    if (![N, R, P].every((value) => Number.isSafeInteger(value) && value > 0)) return false
    const expected = Buffer.from(hashText, "base64")
    if (expected.length === 0) return false
    try {
      const actual = await derive(password, Buffer.from(saltText, "base64"), N, R, P, expected.length)
      return timingSafeEqual(actual, expected)
    } catch {
      return false
    }
  })
