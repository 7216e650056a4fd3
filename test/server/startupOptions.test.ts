/**
 * The server's start-up settings for tests and operators (demo/server/main.ts): the test-only captcha answer is off
 * unless the environment names a valid answer, and the mail drop writes each outgoing message as a text file.
 */
import { fc, test } from "@fast-check/vitest"
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { captchaAlphabet, captchaLength, CaptchaTestAnswer, captchaTestAnswerOf } from "../../demo/server/domain/captcha.ts"
import { dropMail, MailDropDir } from "../../demo/server/domain/outbox.ts"

describe("test-only captcha answer", () => {
  it("is off by default", () => {
    expect(Effect.runSync(Effect.gen(function*() { return yield* CaptchaTestAnswer }))).toBeUndefined()
    expect(captchaTestAnswerOf(undefined)).toBeUndefined()
  })

  test.prop([fc.string({ maxLength: 10 })])("an environment value is taken only when it is 5 or 6 letters of the captcha alphabet", (value) => {
    const valid = value.length >= captchaLength.min && value.length <= captchaLength.max && [...value].every((c) => captchaAlphabet.includes(c))
    expect(captchaTestAnswerOf(value)).toBe(valid ? value : undefined)
  })

  test.prop([fc.array(fc.constantFrom(...captchaAlphabet), { minLength: 5, maxLength: 6 })])("any answer the alphabet can draw is accepted", (letters) => {
    expect(captchaTestAnswerOf(letters.join(""))).toBe(letters.join(""))
  })
})

describe("mail drop", () => {
  it("is off by default; a dropped message is one file with headers and the body", async () => {
    expect(Effect.runSync(Effect.gen(function*() { return yield* MailDropDir }))).toBeUndefined()
    const dir = mkdtempSync(join(tmpdir(), "sf-mail-test-"))
    try {
      await Effect.runPromise(dropMail(join(dir, "nested"), 7, { shopId: "CZ10MA", kind: "password-recovery", recipient: "a@example.cz", subject: "Set a new password", body: "/zapomenute-heslo?token=abc" }))
      const files = readdirSync(join(dir, "nested"))
      expect(files).toEqual(["000007.txt"])
      expect(readFileSync(join(dir, "nested", files[0]!), "utf8")).toBe(
        "To: a@example.cz\nSubject: Set a new password\nX-Shop: CZ10MA\nX-Kind: password-recovery\n\n/zapomenute-heslo?token=abc\n"
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
