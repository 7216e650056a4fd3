/**
 * The idempotency key's request fingerprint (demo/server/domain/idempotency.ts) is the SHA-256 hex of the payload's
 * `JSON.stringify`, as keys stored by any earlier server hold it: a retry must match whichever path or version stored
 * its key.
 */
import { describe, expect, it } from "vitest"
import { fingerprintOf } from "../../demo/server/domain/idempotency.ts"

describe("fingerprintOf", () => {
  it("is the SHA-256 hex of the payload's JSON text (absent: null), as stored keys hold it", () => {
    expect(fingerprintOf({ a: 1 })).toBe("015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862")
    expect(fingerprintOf({ variantId: 1234, amount: 1, extended: true })).toBe("feb9376b92b30119c409152a69d4cc8d50fe75150d5389de13819d46227d6ac3")
    expect(fingerprintOf(undefined)).toBe("74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b")
    expect(fingerprintOf({ title: "Žluťoučký 😀" })).toBe("d4cdde71fb3d0cec896299d73fbc9cb33ed02adb8c0a87081fd0d398c4746693")
  })
})
