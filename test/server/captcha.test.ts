/**
 * The captcha (spec §3 id and base64 PNG, §7 GET /api/captcha/get, §2 reload with a random
 * parameter, §9 16-letter id), through the derived client against the in-process server; the
 * stored answer is read from the test database.
 */
import { inflateSync } from "node:zlib"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { CaptchaGroup } from "../../core/api/captcha.ts"
import { bootstrapSession, makeShopClient } from "../../core/api/client.ts"
import { captchaIdFrom, isCaptchaId } from "../../core/domain/captcha.ts"
import {
  captchaAlphabet,
  captchaAnswerMatches,
  captchaRateLimit,
  crc32,
  encodeGreyPng,
  pngSignature,
  renderCaptcha
} from "../../demo/server/domain/captcha.ts"
import { CaptchaHandlers } from "../../demo/server/handlers/captcha.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"
import { dbProbe } from "../support/sideApis.ts"

const probe = dbProbe()
const backend = backendFor([CaptchaGroup], CaptchaHandlers, probe.layer)
afterAll(() => backend.dispose())
beforeAll(() => backend.handler(new Request(`${testBaseUrl}/api/session`)), 240_000)

const answersOf = (id: string) =>
  Effect.flatMap(probe.sql, (sql) => Effect.orDie(sql<{ answer: string; session_id: string }>`SELECT answer, session_id FROM captchas WHERE captcha_id = ${id}`))

/** The PNG's width, height and inflated scanlines, checking the chunk CRCs. */
const readPng = (base64: string) => {
  const png = Buffer.from(base64, "base64")
  assert.deepStrictEqual([...png.subarray(0, 8)], [...pngSignature])
  let offset = 8
  let width = 0
  let height = 0
  const idat: Array<Buffer> = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString("ascii", offset + 4, offset + 8)
    const data = png.subarray(offset + 8, offset + 8 + length)
    assert.strictEqual(png.readUInt32BE(offset + 8 + length), crc32(png.subarray(offset + 4, offset + 8 + length)), `${type} crc`)
    if (type === "IHDR") {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      assert.strictEqual(data[8], 8)
      assert.strictEqual(data[9], 0)
    }
    if (type === "IDAT") idat.push(data)
    offset += 12 + length
  }
  return { width, height, raw: inflateSync(Buffer.concat(idat)) }
}

const clientId = captchaIdFrom(Array.from({ length: 16 }, (_, i) => i / 16))

describe("captcha (server)", () => {
  it.effect("answers a PNG challenge under the client's id and stores its 5-6 character answer for the session", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      const session = yield* bootstrapSession(client)
      const captcha = yield* client.captcha.get({ query: { id: clientId } })
      assert.strictEqual(captcha.id, clientId)
      const { width, height, raw } = readPng(captcha.image)
      assert.isAbove(width, 100)
      assert.isAbove(height, 30)
      assert.strictEqual(raw.length, (width + 1) * height)
      const [stored] = yield* answersOf(clientId)
      assert.match(stored!.answer, new RegExp(`^[${captchaAlphabet}]{5,6}$`))
      assert.isString(stored!.session_id)
      assert.notStrictEqual(stored!.session_id, session.csrfToken)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a reload (same id, new rnd) replaces the answer; without an id the server picks one", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const id = captchaIdFrom(Array.from({ length: 16 }, (_, i) => (15 - i) / 16))
      const first = yield* client.captcha.get({ query: { id, rnd: "1" } })
      const second = yield* client.captcha.get({ query: { id, rnd: "2" } })
      assert.notStrictEqual(first.image, second.image)
      assert.strictEqual((yield* answersOf(id)).length, 1)
      const picked = yield* client.captcha.get({ query: {} })
      assert.isTrue(isCaptchaId(picked.id))
      assert.strictEqual((yield* answersOf(picked.id)).length, 1)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a malformed id is a 400 problem naming it", () =>
    Effect.gen(function*() {
      const response = yield* Effect.promise(() => backend.handler(new Request(`${testBaseUrl}/api/captcha/get?id=abc`)))
      assert.strictEqual(response.status, 400)
      assert.include(yield* Effect.promise(() => response.text()), "id")
    }))

  it.effect(`asking for more than ${captchaRateLimit} challenges in a short time answers 429 (raw: the client's ladder retries 429, §9)`, () =>
    Effect.gen(function*() {
      const cookie = yield* Effect.promise(async () => {
        const response = await backend.handler(new Request(`${testBaseUrl}/api/session`))
        return (response.headers.get("set-cookie") ?? "").split(";")[0]!
      })
      const get = Effect.promise(async () => {
        const response = await backend.handler(new Request(`${testBaseUrl}/api/captcha/get`, { headers: { cookie } }))
        return { status: response.status, body: await response.text() }
      })
      for (let i = 0; i < captchaRateLimit; i++) assert.strictEqual((yield* get).status, 200)
      const refused = yield* get
      assert.strictEqual(refused.status, 429)
      assert.include(refused.body, "TooManyRequests")
    }))

  it("draws the characters in dark ink on a light background; answers match case-insensitively", () => {
    const image = renderCaptcha("AC347")
    const dark = image.pixels.filter((p) => p < 90).length
    assert.isAbove(dark, 5 * 40)
    assert.isBelow(dark, image.pixels.length / 3)
    const png = encodeGreyPng(image)
    assert.deepStrictEqual([...png.subarray(0, 8)], [...pngSignature])
    assert.isTrue(captchaAnswerMatches("AC347", " ac347 "))
    assert.isFalse(captchaAnswerMatches("AC347", "AC348"))
  })
})
