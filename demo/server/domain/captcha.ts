/**
 * The captcha challenge of the contact form (spec §3 "Captcha": id and base64 PNG; §2 the image
 * reloads with a random parameter; §9 the 16-letter captcha id generated client-side).
 *
 * A challenge is 5 or 6 random characters drawn into a small grey PNG made here, without an image
 * library: a 5x7 bitmap font, each character scaled, rotated, sheared and crowded against its
 * neighbours, crossed by curves of the same ink, bent by sine waves and speckled, so that a
 * template-matching solver fails (see {@link renderCaptcha} and test/security/captcha.test.ts). The expected answer is stored server-side under the captcha id (table `captchas`), bound
 * to the session that asked, for {@link captchaTtlSeconds}; it is checked once (case-insensitively)
 * and deleted whether right or wrong.
 *
 * @module
 */
import { randomInt } from "node:crypto"
import { deflateSync } from "node:zlib"
import { Context, Effect } from "effect"
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

/** The height of a challenge image, in pixels. */
export const captchaImageHeight = 64

const margin = 10

/** Whether a point of the font's coordinate space is ink, the stroke thickened by `grow` font pixels. */
const inkAt = (char: string, fx: number, fy: number, grow: number): boolean =>
  glyphPixel(char, Math.floor(fx), Math.floor(fy)) ||
  glyphPixel(char, Math.floor(fx - grow), Math.floor(fy)) ||
  glyphPixel(char, Math.floor(fx + grow), Math.floor(fy)) ||
  glyphPixel(char, Math.floor(fx), Math.floor(fy - grow)) ||
  glyphPixel(char, Math.floor(fx), Math.floor(fy + grow))

/** Stamps a round brush of `radius` pixels at (x, y) into an ink mask. */
const stamp = (mask: Uint8Array, width: number, height: number, x: number, y: number, radius: number): void => {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const px = Math.round(x + dx)
      const py = Math.round(y + dy)
      if (dx * dx + dy * dy <= radius * radius + 0.5 && px >= 0 && px < width && py >= 0 && py < height) mask[py * width + px] = 1
    }
  }
}

/** A quadratic curve from (x0, y0) over (cx, cy) to (x1, y1), drawn with a round brush into an ink mask. */
const curve = (
  mask: Uint8Array,
  width: number,
  height: number,
  points: readonly [number, number, number, number, number, number],
  radius: number
): void => {
  const [x0, y0, cx, cy, x1, y1] = points
  const steps = Math.ceil(Math.abs(x1 - x0) + Math.abs(y1 - y0)) * 2 + 1
  for (let i = 0; i <= steps; i++) {
    const t = i / steps
    const x = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * cx + t * t * x1
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * cy + t * t * y1
    stamp(mask, width, height, x, y, radius)
  }
}

/**
 * Draws a challenge answer as a greyscale raster made to defeat template matching (issue 12): each character of the
 * 5x7 font gets its own scale (3.5 to 5 times, x and y apart), rotation (up to 20 degrees), shear and stroke weight,
 * and crowds its neighbours so that characters may touch, at a random start in a picture as wide for 5 characters as for 6; a thin curve and a few short strokes of the same ink and weight
 * cross the text; the whole picture is then bent by two sine waves, and grey noise and speckles cover it. Characters
 * outside the font leave their place blank.
 */
export const renderCaptcha = (answer: string, random: RandomInt = randomInt): GreyImage => {
  const chars = Array.from(answer)
  const height = captchaImageHeight
  const width = margin * 2 + captchaLength.max * 27 + 8
  const mask = new Uint8Array(width * height)
  let x = margin + random(0, 6 + (captchaLength.max - chars.length) * 20)
  for (const char of chars) {
    const sx = random(35, 51) / 10
    const sy = random(38, 52) / 10
    const theta = (random(-20, 21) * Math.PI) / 180
    const shear = random(-3, 4) / 10
    const grow = random(5, 21) / 100
    const glyphWidth = glyphSize.width * sx
    const cx = x + glyphWidth / 2
    const cy = height / 2 + random(-6, 7)
    const reach = Math.ceil(Math.hypot(glyphWidth, glyphSize.height * sy) / 2) + 3
    const cos = Math.cos(theta)
    const sin = Math.sin(theta)
    for (let py = Math.max(0, Math.floor(cy - reach)); py < Math.min(height, cy + reach); py++) {
      for (let px = Math.max(0, Math.floor(cx - reach)); px < Math.min(width, cx + reach); px++) {
        const dx = px + 0.5 - cx
        const dy = py + 0.5 - cy
        const v = -sin * dx + cos * dy
        const u = cos * dx + sin * dy - shear * v
        if (inkAt(char, u / sx + glyphSize.width / 2, v / sy + glyphSize.height / 2, grow)) mask[py * width + px] = 1
      }
    }
    x += glyphWidth * 1.02 + random(0, 3)
  }
  const brush = 1
  curve(mask, width, height, [random(0, 12), random(10, height - 10), random(Math.floor(width / 4), Math.floor((3 * width) / 4)), random(-20, height + 20), random(width - 12, width), random(10, height - 10)], 0)
  for (let i = 0; i < Math.ceil(chars.length / 2); i++) {
    const sx = random(0, width)
    const sy = random(8, height - 8)
    curve(mask, width, height, [sx, sy, sx + random(-8, 9), sy + random(-8, 9), sx + random(-12, 13), sy + random(-12, 13)], brush)
  }
  const ampX = random(10, 21) / 10
  const ampY = random(10, 21) / 10
  const waveX = random(24, 36)
  const waveY = random(30, 50)
  const phaseX = random(0, 628) / 100
  const phaseY = random(0, 628) / 100
  const shade = random(25, 85)
  const pixels = new Uint8Array(width * height)
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const sx = Math.round(px + ampX * Math.sin(py / waveX * 2 * Math.PI + phaseX))
      const sy = Math.round(py + ampY * Math.sin(px / waveY * 2 * Math.PI + phaseY))
      const ink = sx >= 0 && sx < width && sy >= 0 && sy < height && mask[sy * width + sx] === 1
      pixels[py * width + px] = ink ? shade + random(0, 40) : random(200, 256)
    }
  }
  const speckles = Math.round(width * height * 0.03)
  for (let i = 0; i < speckles; i++) pixels[random(0, pixels.length)] = random(40, 200)
  return { width, height, pixels }
}

/**
 * A test-only fixed answer for every challenge, so an end-to-end test can solve the image captcha of a running
 * server. Off by default; set only from the environment at start-up ({@link captchaTestAnswerVariable}, read by
 * main.ts), never from a request. Only answers of {@link captchaAlphabet} letters are accepted.
 */
export const CaptchaTestAnswer = Context.Reference<string | undefined>("demo/server/CaptchaTestAnswer", {
  defaultValue: () => undefined
})

/** The environment variable that sets {@link CaptchaTestAnswer} (tests only). */
export const captchaTestAnswerVariable = "STOREFRONT_TEST_CAPTCHA_ANSWER"

/** The fixed answer named by the environment, when it is a valid answer (5 or 6 letters of the alphabet). */
export const captchaTestAnswerOf = (value: string | undefined): string | undefined =>
  value !== undefined && new RegExp(`^[${captchaAlphabet}]{${captchaLength.min},${captchaLength.max}}$`).test(value)
    ? value
    : undefined

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
  requestedId: string | undefined,
  fixedAnswer: string | undefined = undefined
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
        const answer = fixedAnswer ?? randomCaptchaAnswer()
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
