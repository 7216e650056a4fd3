import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  captchaIdAlphabet,
  captchaIdFrom,
  captchaIdLength,
  captchaImageSrc,
  captchaReloadParam,
  captchaReloadUrl,
  isCaptchaId
} from "../../../core/domain/captcha.ts"

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })

describe("captcha id (§9)", () => {
  test("16 uppercase characters", () => {
    expect(captchaIdLength).toBe(16)
    expect(captchaIdAlphabet).toBe("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    expect(captchaIdFrom(Array.from({ length: 16 }, () => 0))).toBe("AAAAAAAAAAAAAAAA")
    expect(captchaIdFrom(Array.from({ length: 16 }, () => 1 - Number.EPSILON / 2))).toBe("ZZZZZZZZZZZZZZZZ")
    expect(captchaIdFrom(Array.from({ length: 16 }, (_, i) => (i + 0.5) / 26))).toBe("ABCDEFGHIJKLMNOP")
  })

  test.prop([fc.array(fc.oneof(unit, fc.double()), { maxLength: 30 })])("any random numbers give a captcha id", (values) => {
    const id = captchaIdFrom(values)
    expect(id).toHaveLength(16)
    expect(id).toMatch(/^[A-Z]{16}$/)
    expect(isCaptchaId(id)).toBe(true)
  })

  test.prop([fc.array(unit, { minLength: 16, maxLength: 16 })])(
    "each value in [0, 1) picks its letter by its 26th, deterministically",
    (values) => {
      const id = captchaIdFrom(values)
      expect(captchaIdFrom(values)).toBe(id)
      for (let i = 0; i < 16; i++) {
        const letter = id.charCodeAt(i) - 65
        expect(letter / 26).toBeLessThanOrEqual(values[i]!)
        if (letter < 25) expect(values[i]!).toBeLessThan((letter + 1) / 26)
      }
    }
  )

  test.prop([fc.array(unit, { minLength: 16, maxLength: 16 }), fc.array(unit)])("only the first 16 values count", (values, extra) => {
    expect(captchaIdFrom([...values, ...extra])).toBe(captchaIdFrom(values))
  })

  test.prop([fc.string()])("a captcha id is exactly 16 letters A to Z", (s) => {
    expect(isCaptchaId(s)).toBe(s.length === 16 && [...s].every((c) => c >= "A" && c <= "Z"))
  })

  test("captcha id examples", () => {
    expect(isCaptchaId("ABCDEFGHIJKLMNOP")).toBe(true)
    expect(isCaptchaId("ABCDEFGHIJKLMNOp")).toBe(false)
    expect(isCaptchaId("ABCDEFGHIJKLMNOPQ")).toBe(false)
    expect(isCaptchaId("ABCDEFGHIJKLMNO1")).toBe(false)
  })
})

describe("captcha image (§2, §3)", () => {
  test("the image is a base64 png", () => {
    expect(captchaImageSrc("iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=")
    expect(captchaImageSrc("data:image/png;base64,xyz")).toBe("data:image/png;base64,xyz")
  })

  const path = fc.stringMatching(/^(\/[a-z]{1,6}){1,3}$/)
  const param = fc.tuple(fc.stringMatching(/^[a-z]{1,5}$/), fc.stringMatching(/^[a-z0-9]{0,5}$/))
  const nonce = fc.oneof(fc.string({ unit: "binary" }), fc.integer())
  const wellFormed = (s: string): string => (s as unknown as { toWellFormed(): string }).toWellFormed()

  test.prop([path, fc.array(param, { maxLength: 4 }), fc.option(fc.stringMatching(/^[a-z]{0,5}$/), { nil: undefined }), nonce])(
    "the reload URL carries the nonce as its one random parameter and keeps the rest",
    (p, params, hash, n) => {
      const query = params.map(([k, v]) => `${k}=${v}`).join("&")
      const base = `${p}${query === "" ? "" : `?${query}`}${hash === undefined ? "" : `#${hash}`}`
      const url = new URL(captchaReloadUrl(base, n), "https://shop.example")
      expect(url.pathname).toBe(new URL(p, "https://shop.example").pathname)
      expect(url.searchParams.getAll(captchaReloadParam)).toEqual([wellFormed(String(n))])
      const others = params.filter(([k]) => k !== captchaReloadParam)
      expect([...url.searchParams.entries()].filter(([k]) => k !== captchaReloadParam)).toEqual(others)
      expect(url.hash).toBe(hash === undefined || hash === "" ? "" : `#${hash}`)
    }
  )

  test("reload examples", () => {
    expect(captchaReloadParam).toBe("rnd")
    expect(captchaReloadUrl("/api/captcha/image", 42)).toBe("/api/captcha/image?rnd=42")
    expect(captchaReloadUrl("/img?id=A&rnd=1#x", "a b")).toBe("/img?id=A&rnd=a%20b#x")
    expect(captchaReloadUrl(captchaReloadUrl("/img", 1), 2)).toBe("/img?rnd=2")
  })
})
