/**
 * Issue 12, the contact captcha: a template-matching solver written against the generator (captchaSolver.ts) reads
 * the previous generator's pictures but at most 5% of 200 of the current one's; wrong answers are throttled per
 * client (429 + Retry-After). Pictures are drawn from a seeded random source, so every run sees the same 200.
 */
import { Layer } from "effect"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { captchaIdFrom } from "../../core/domain/captcha.ts"
import { contactFormFields } from "../../core/domain/contact.ts"
import { type GreyImage, glyphPixel, glyphSize, randomCaptchaAnswer, type RandomInt, renderCaptcha } from "../../demo/server/domain/captcha.ts"
import { defaultContactUploadConfig } from "../../demo/server/domain/contact.ts"
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { wrongCaptchasPerClient } from "../../demo/server/http/throttle.ts"
import { type Backend, demoBackend, testBaseUrl } from "../support/server.ts"
import { solveCaptcha } from "./captchaSolver.ts"

/** A seeded source of integers in [min, max) (mulberry32). */
const seeded = (seed: number): RandomInt => {
  let state = seed >>> 0
  return (min, max) => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296
    return min + Math.floor(unit * (max - min))
  }
}

/** The generator before issue 12: the font at 4x on a fixed grid, shifted a little, five thin lines, speckles. */
const previousCaptcha = (answer: string, random: RandomInt): GreyImage => {
  const scale = 4
  const cellWidth = glyphSize.width * scale + 7
  const margin = 10
  const height = glyphSize.height * scale + 24
  const width = margin * 2 + answer.length * cellWidth
  const pixels = new Uint8Array(width * height)
  for (let i = 0; i < pixels.length; i++) pixels[i] = random(228, 256)
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
    const [x0, y0, x1, y1, shade] = [random(0, third), random(0, height), random(width - third, width), random(0, height), random(60, 170)]
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1)
    for (let i = 0; i <= steps; i++) {
      const x = Math.round(x0 + ((x1 - x0) * i) / steps)
      const y = Math.round(y0 + ((y1 - y0) * i) / steps)
      for (const dy of [0, 1]) if (y + dy >= 0 && y + dy < height) pixels[(y + dy) * width + x] = shade
    }
  }
  const speckles = Math.round(width * height * 0.03)
  for (let i = 0; i < speckles; i++) pixels[random(0, pixels.length)] = random(40, 200)
  return { width, height, pixels }
}

const score = (tries: number, draw: (answer: string, random: RandomInt) => GreyImage, layout?: { margin: number; cellWidth: number }) => {
  const random = seeded(12)
  let solved = 0
  let chars = 0
  let read = 0
  for (let i = 0; i < tries; i++) {
    const answer = randomCaptchaAnswer(random)
    const guess = solveCaptcha(draw(answer, random), layout)
    if (guess === answer) solved++
    for (let k = 0; k < answer.length; k++) {
      chars++
      if (guess[k] === answer[k]) read++
    }
  }
  return { solved, charShare: read / chars }
}

describe("captcha against a template-matching solver", () => {
  test("the solver reads the previous generator's pictures (it is a working solver)", () => {
    const previous = score(100, previousCaptcha, { margin: 10, cellWidth: glyphSize.width * 4 + 7 })
    console.info(`captcha solver on the previous generator: ${previous.solved}/100 solved, ${(previous.charShare * 100).toFixed(0)}% of characters`)
    expect(previous.charShare).toBeGreaterThan(0.5)
    expect(previous.solved).toBeGreaterThanOrEqual(5)
  }, 60_000)

  test("it solves at most 5% of 200 pictures of the current generator", () => {
    const current = score(200, renderCaptcha)
    console.info(`captcha solver on the current generator: ${current.solved}/200 solved, ${(current.charShare * 100).toFixed(0)}% of characters`)
    expect(current.solved).toBeLessThanOrEqual(10)
  }, 120_000)
})

describe("wrong captcha answers are throttled per client", () => {
  let backend: Backend
  beforeAll(async () => {
    backend = await demoBackend({ services: Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), trustProxy: true }) })
  })
  afterAll(() => backend.dispose())

  const wrongAnswer = async (address: string, n: number) => {
    const session = await backend.handler(new Request(`${testBaseUrl}/api/session`, { headers: { "x-forwarded-for": address } }))
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
    const { csrfToken } = (await session.json()) as { csrfToken: string }
    const id = captchaIdFrom(Array.from({ length: 16 }, (_, i) => ((n * 13 + i * 7) % 26) / 26))
    await backend.handler(new Request(`${testBaseUrl}/api/captcha/get?id=${id}`, { headers: { cookie, "x-forwarded-for": address } }))
    const data = new FormData()
    const values = { firstname: "Jana", lastname: "Nová", email: "jana@example.cz", customNumber: "", feedback: "Dobrý den", bot2: "WRONG" }
    const limits = { maxFileSize: defaultContactUploadConfig.maxFileSize, maxPostSize: defaultContactUploadConfig.maxPostSize }
    for (const [name, value] of contactFormFields(values, { selected_1: undefined, selected_2: undefined, selected_3: undefined }, id, limits)) {
      data.append(name, value)
    }
    return backend.handler(
      new Request(`${testBaseUrl}/api/contact/submit`, { method: "POST", headers: { cookie, "x-csrf-token": csrfToken, "x-forwarded-for": address }, body: data })
    )
  }

  test(`after ${wrongCaptchasPerClient.calls} wrong answers a client gets 429 with Retry-After; another client does not`, async () => {
    const statuses: Array<number> = []
    for (let i = 0; i < wrongCaptchasPerClient.calls + 1; i++) {
      const response = await wrongAnswer("192.0.2.10", i)
      statuses.push(response.status)
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0)
    }
    expect(statuses).toEqual([...Array.from({ length: wrongCaptchasPerClient.calls }, () => 422), 429])
    expect((await wrongAnswer("192.0.2.11", 99)).status).toBe(422)
  })
})
