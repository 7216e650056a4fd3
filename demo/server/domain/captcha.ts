/**
 * The captcha challenge of the contact form (spec §3 "Captcha": id and base64 PNG; §2 the image
 * reloads with a random parameter; §9 the 16-letter captcha id generated client-side).
 *
 * A challenge is 5 or 6 random characters drawn into a small grey PNG made here, without an image
 * library: a 5x7 bitmap font scaled up, each character shifted at random, crossed by noise lines and
 * speckled. The expected answer is stored server-side under the captcha id (table `captchas`), bound
 * to the session that asked, for {@link captchaTtlSeconds}; it is checked once (case-insensitively)
 * and deleted whether right or wrong.
 *
 * @module
 */
import { randomInt } from "node:crypto"
import { deflateSync } from "node:zlib"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { captchaIdFrom, isCaptchaId } from "../../../core/domain/captcha.ts"

/** How long a challenge can be answered, in seconds (10 minutes). */
export const captchaTtlSeconds = 600

/** The most challenges one session may ask for within {@link captchaRateWindowSeconds} (then 429). */
export const captchaRateLimit = 30

/** The window of {@link captchaRateLimit}, in seconds. */
export const captchaRateWindowSeconds = 600

/**
 * The characters a challenge is made of: upper-case letters and digits that cannot be mistaken
 * for one another (no 0/O/D-like pairs, no 1/I/L, no 2/Z, no 5/S, no 8/B).
 */
export const captchaAlphabet = "ACEFHJKMNPRTUVWXY34679"

/** The shortest and longest challenge. */
export const captchaLength = { min: 5, max: 6 } as const

// -----------------------------------------------------------------------------------------------
// 5x7 bitmap font
// -----------------------------------------------------------------------------------------------

const glyphRows: Readonly<Record<string, ReadonlyArray<string>>> = {
  A: [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  C: [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
  E: ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
  F: ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
  H: ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  J: ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
  K: ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
  M: ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
  N: ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
  P: ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
  R: ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
  T: ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
  U: ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  V: ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
  W: ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
  X: ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
  Y: ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
  "3": ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
  "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
  "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
  "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
  "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."]
}

/** The width and height of a glyph of the bitmap font, in font pixels. */
export const glyphSize = { width: 5, height: 7 } as const

/** Whether the font pixel (x, y) of a character is ink; characters outside the font have none. */
export const glyphPixel = (char: string, x: number, y: number): boolean => glyphRows[char]?.[y]?.[x] === "#"

// -----------------------------------------------------------------------------------------------
// PNG encoder (8-bit greyscale)
// -----------------------------------------------------------------------------------------------

const crcTable: ReadonlyArray<number> = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

/** The CRC-32 (ISO 3309, as PNG uses it) of bytes. */
export const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const chunk = (type: string, data: Uint8Array): Buffer => {
  const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data])
  const out = Buffer.alloc(8 + data.length + 4)
  out.writeUInt32BE(data.length, 0)
  typeAndData.copy(out, 4)
  out.writeUInt32BE(crc32(typeAndData), 8 + data.length)
  return out
}

/** The eight bytes every PNG file starts with. */
export const pngSignature: Uint8Array = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

/** A greyscale raster: `width * height` bytes, row by row, 0 black to 255 white. */
export interface GreyImage {
  /** Width in pixels. */
  readonly width: number
  /** Height in pixels. */
  readonly height: number
  /** The pixels, row-major. */
  readonly pixels: Uint8Array
}

/**
 * Encodes a greyscale raster as a PNG file (colour type 0, bit depth 8, no interlace): IHDR, one
 * IDAT holding the zlib-deflated scanlines (each with filter byte 0), IEND.
 */
export const encodeGreyPng = (image: GreyImage): Buffer => {
  const { width, height, pixels } = image
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // colour type: greyscale
  header[10] = 0 // compression
  header[11] = 0 // filter method
  header[12] = 0 // no interlace
  const raw = Buffer.alloc((width + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1)
  }
  return Buffer.concat([
    Buffer.from(pngSignature),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array(0))
  ])
}

// -----------------------------------------------------------------------------------------------
// challenge
// -----------------------------------------------------------------------------------------------

/** A source of random integers in `[min, max)`; `node:crypto`'s `randomInt` by default. */
export type RandomInt = (min: number, max: number) => number

/** A random challenge answer: {@link captchaLength} characters of {@link captchaAlphabet}. */
export const randomCaptchaAnswer = (random: RandomInt = randomInt): string => {
  const length = random(captchaLength.min, captchaLength.max + 1)
  return Array.from({ length }, () => captchaAlphabet.charAt(random(0, captchaAlphabet.length))).join("")
}

/** A random captcha id (§9: 16 letters A to Z) for a call that brought none. */
export const randomCaptchaId = (random: RandomInt = randomInt): string =>
  captchaIdFrom(Array.from({ length: 16 }, () => random(0, 0x1000000) / 0x1000000))

const scale = 4
const cellWidth = glyphSize.width * scale + 7
const margin = 10
const imageHeight = glyphSize.height * scale + 2 * 12

const drawLine = (image: GreyImage, x0: number, y0: number, x1: number, y1: number, shade: number): void => {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1)
  for (let i = 0; i <= steps; i++) {
    const x = Math.round(x0 + ((x1 - x0) * i) / steps)
    const y = Math.round(y0 + ((y1 - y0) * i) / steps)
    for (const dy of [0, 1]) {
      if (x >= 0 && x < image.width && y + dy >= 0 && y + dy < image.height) image.pixels[(y + dy) * image.width + x] = shade
    }
  }
}

/**
 * Draws a challenge answer as a greyscale raster: a light, slightly noisy background, each
 * character of the 5x7 font scaled 4x with a random shift, five noise lines across, and dark
 * speckles. Characters outside the font leave their cell blank.
 */
export const renderCaptcha = (answer: string, random: RandomInt = randomInt): GreyImage => {
  const width = margin * 2 + answer.length * cellWidth
  const height = imageHeight
  const pixels = new Uint8Array(width * height)
  for (let i = 0; i < pixels.length; i++) pixels[i] = random(228, 256)
  const image: GreyImage = { width, height, pixels }
  for (const [index, char] of Array.from(answer).entries()) {
    const left = margin + index * cellWidth + random(0, 6)
    const top = 12 + random(-8, 9)
    const ink = random(20, 80)
    const slant = random(-1, 2)
    for (let gy = 0; gy < glyphSize.height; gy++) {
      for (let gx = 0; gx < glyphSize.width; gx++) {
        if (!glyphPixel(char, gx, gy)) continue
        const shift = Math.round((slant * (glyphSize.height - gy)) / 2)
        for (let py = 0; py < scale; py++) {
          for (let px = 0; px < scale; px++) {
            const x = left + gx * scale + px + shift
            const y = top + gy * scale + py
            if (x >= 0 && x < width && y >= 0 && y < height) pixels[y * width + x] = ink
          }
        }
      }
    }
  }
  for (let line = 0; line < 5; line++) {
    const third = Math.floor(width / 3)
    drawLine(image, random(0, third), random(0, height), random(width - third, width), random(0, height), random(60, 170))
  }
  const speckles = Math.round(width * height * 0.03)
  for (let i = 0; i < speckles; i++) pixels[random(0, pixels.length)] = random(40, 200)
  return image
}

/** A challenge as the captcha call answers it (§3): the `id` and the base64 PNG `image`. */
export interface CaptchaChallenge {
  /** The captcha id the answer is stored under. */
  readonly id: string
  /** The PNG, base64-encoded (no data-URL prefix). */
  readonly image: string
}

/** Why a challenge was not issued. */
export type IssueRefusal = "tooMany"

/**
 * Issues a challenge for a session under the client's `id` (or a fresh one). In one transaction:
 * refuses when the session asked for {@link captchaRateLimit} challenges within the window, purges
 * expired challenges and stores the new answer (a reload with the same id replaces the old answer);
 * then draws the PNG.
 */
export const issueCaptcha = (
  sessionId: string,
  requestedId: string | undefined
): Effect.Effect<CaptchaChallenge | IssueRefusal, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const stored = yield* sql.withTransaction(
      Effect.gen(function*() {
        const recent = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM captchas
          WHERE session_id = ${sessionId}
            AND created_at > now() - make_interval(secs => ${captchaRateWindowSeconds})`
        if ((recent[0]?.n ?? 0) >= captchaRateLimit) return undefined
        yield* sql`DELETE FROM captchas WHERE expires_at <= now()`
        const id = requestedId !== undefined && isCaptchaId(requestedId) ? requestedId : randomCaptchaId()
        const answer = randomCaptchaAnswer()
        yield* sql`
          INSERT INTO captchas (captcha_id, answer, session_id, created_at, expires_at)
          VALUES (${id}, ${answer}, ${sessionId}, now(), now() + make_interval(secs => ${captchaTtlSeconds}))
          ON CONFLICT (captcha_id) DO UPDATE
            SET answer = EXCLUDED.answer, session_id = EXCLUDED.session_id,
                created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`
        return { id, answer }
      })
    )
    if (stored === undefined) return "tooMany" as const
    return { id: stored.id, image: encodeGreyPng(renderCaptcha(stored.answer)).toString("base64") }
  })

/** Whether a typed answer matches the expected one: trimmed, case-insensitive. */
export const captchaAnswerMatches = (expected: string, given: string): boolean =>
  expected.trim().toUpperCase() === given.trim().toUpperCase()

/**
 * Checks an answer once: deletes the challenge `id` (right or wrong, so it cannot be guessed
 * twice) and answers whether it existed, had not expired, belonged to `sessionId` and matches.
 */
export const consumeCaptcha = (
  sessionId: string,
  id: string,
  given: string
): Effect.Effect<boolean, SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ answer: string; session_id: string | null; live: boolean }>`
      DELETE FROM captchas WHERE captcha_id = ${id}
      RETURNING answer, session_id, expires_at > now() AS live`
    const row = rows[0]
    return row !== undefined && row.live && row.session_id === sessionId && captchaAnswerMatches(row.answer, given)
  })
