/**
 * Contract of the contact form submission (spec §7 multipart POST to a configured url, ours /api/contact/submit;
 * §3 fields; §5 validation; §9 at most 5 attachments).
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiClient, HttpApiMiddleware, OpenApi } from "effect/http-api"
import { PayloadTooLarge, Unprocessable } from "../../core/api/errors.ts"
import { ContactFields, ContactGroup } from "../../core/api/contact.ts"
import { captchaIdFrom } from "../../core/domain/captcha.ts"
import { contactFormFields, isEmail } from "../../core/domain/contact.ts"
import {
  blankArb,
  csrfProtectedOf,
  errorStatusesOf,
  nonBlankArb,
  rejectedPaths,
  routesOf,
  serveInProcess,
  testCsrfToken,
  timeoutOf,
  undescribedOf
} from "./_c1Harness.ts"

const captchaIdArb = fc
  .array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 16, maxLength: 16 })
  .map(captchaIdFrom)
const emailArb = fc.emailAddress().filter(isEmail)
const optionalText = fc.option(fc.string(), { nil: undefined })

/** Valid contact fields, as the decoded type (written from §3 and §5, not from the Schema). */
const contactArb = fc
  .record({
    firstname: nonBlankArb,
    lastname: nonBlankArb,
    email: emailArb,
    feedback: nonBlankArb,
    bot2: nonBlankArb,
    bot2i: captchaIdArb,
    customNumber: optionalText,
    reason: optionalText,
    selected_1: optionalText,
    selected_2: optionalText,
    selected_3: optionalText,
    MAX_FILE_SIZE: fc.option(fc.nat(), { nil: undefined })
  })
  .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)))

const fields = ContactFields as unknown as Schema.Codec<unknown, unknown>
const requiredText = ["firstname", "lastname", "feedback", "bot2"] as const

describe("contact contract", () => {
  it("posts to the chosen url, CSRF-protected, 5000 ms, described, with 413/422/429", () => {
    expect(routesOf(ContactGroup)).toEqual([["submit", "POST", "/api/contact/submit"]])
    expect(csrfProtectedOf(ContactGroup)).toEqual(["submit"])
    expect(timeoutOf(ContactGroup, "submit")).toBe(5000)
    expect(undescribedOf(ContactGroup, OpenApi.Description)).toEqual([])
    expect(errorStatusesOf(ContactGroup, "submit")).toEqual([413, 422, 429])
  })

  it("is a multipart body", () => {
    expect([...ContactGroup.endpoints.submit.payload.keys()]).toEqual(["multipart/form-data"])
  })

  test.prop([contactArb])("valid fields survive the form encoding (every field a string)", (value) => {
    const encoded = Schema.encodeSync(fields)(value) as Record<string, unknown>
    for (const v of Object.values(encoded)) expect(typeof v).toBe("string")
    expect(Schema.decodeUnknownSync(fields)(encoded)).toEqual(value)
  })

  for (const field of requiredText) {
    test.prop([contactArb, blankArb])(`refuses a blank ${field}, naming it`, (value, blank) => {
      const encoded = Schema.encodeSync(fields)(value) as Record<string, unknown>
      expect(rejectedPaths(fields, { ...encoded, [field]: blank })).toEqual([field])
      const { [field]: _, ...without } = encoded
      expect(rejectedPaths(fields, without)).toEqual([field])
    })
  }

  test.prop([contactArb, fc.string().filter((s) => !isEmail(s) || s.trim() !== s)])(
    "refuses a malformed email, naming it",
    (value, email) => {
      const encoded = Schema.encodeSync(fields)(value) as Record<string, unknown>
      expect(rejectedPaths(fields, { ...encoded, email })).toEqual(["email"])
    }
  )

  test.prop([contactArb, fc.string().filter((s) => !/^[A-Z]{16}$/.test(s))])(
    "refuses a captcha id that is not 16 letters A-Z, naming it",
    (value, bot2i) => {
      const encoded = Schema.encodeSync(fields)(value) as Record<string, unknown>
      expect(rejectedPaths(fields, { ...encoded, bot2i })).toEqual(["bot2i"])
    }
  )

  test.prop([contactArb, fc.string().filter((s) => !/^-?\d+$/.test(s))])(
    "refuses a MAX_FILE_SIZE that is not a whole number, naming it",
    (value, size) => {
      const encoded = Schema.encodeSync(fields)(value) as Record<string, unknown>
      expect(rejectedPaths(fields, { ...encoded, MAX_FILE_SIZE: size })).toEqual(["MAX_FILE_SIZE"])
    }
  )

  class Api extends HttpApi.make("t").add(ContactGroup).middleware(HttpApiMiddleware.ProblemDetails) {}
  const received: Array<{ readonly reason: string | undefined; readonly files: ReadonlyArray<string> }> = []
  const server = serveInProcess(
    HttpApiBuilder.layer(Api).pipe(
      Layer.provide(
        HttpApiBuilder.group(Api, "contact", (h) =>
          h.handle("submit", ({ payload }) =>
            Effect.gen(function* () {
              if (payload.bot2 === "wrong") return yield* new Unprocessable({ message: "wrong captcha", field: "bot2" })
              if (payload.feedback === "huge") {
                return yield* new PayloadTooLarge({ message: "too large", maxFileSize: 10, maxPostSize: 20 })
              }
              received.push({ reason: payload.reason, files: (payload.attachments ?? []).map((f) => f.name) })
              return { status: "ok" }
            })
          )
        )
      )
    )
  )

  const form = (bot2: string, feedback: string, files: number): FormData => {
    const data = new FormData()
    const pairs = contactFormFields(
      { firstname: "Jana", lastname: "Nováková", email: "jana@example.cz", feedback, bot2, customNumber: "" },
      { selected_1: "order", selected_2: "late", selected_3: undefined },
      "ABCDEFGHIJKLMNOP",
      { maxFileSize: 5242880 }
    )
    for (const [name, value] of pairs) data.append(name, value)
    for (let i = 0; i < files; i++) data.append("attachments", new Blob([`file ${i}`], { type: "text/plain" }), `f${i}.txt`)
    return data
  }

  it.effect("accepts the domain's form fields with up to 5 files; answers typed 422 and 413", () =>
    Effect.gen(function* () {
      const client = yield* HttpApiClient.make(Api, { baseUrl: "http://shop.test" })
      expect(yield* client.contact.submit({ payload: form("x7", "Hello", 2) })).toEqual({ status: "ok" })
      expect(yield* client.contact.submit({ payload: form("x7", "Hello", 5) })).toEqual({ status: "ok" })
      expect(received).toEqual([
        { reason: "late", files: ["f0.txt", "f1.txt"] },
        { reason: "late", files: ["f0.txt", "f1.txt", "f2.txt", "f3.txt", "f4.txt"] }
      ])
      const wrong = yield* Effect.flip(client.contact.submit({ payload: form("wrong", "Hello", 0) }))
      expect(wrong).toBeInstanceOf(Unprocessable)
      expect((wrong as Unprocessable).field).toBe("bot2")
      const huge = yield* Effect.flip(client.contact.submit({ payload: form("x7", "huge", 1) }))
      expect(huge).toBeInstanceOf(PayloadTooLarge)
    }).pipe(Effect.provide(server.clientLayer(true)))
  )

  it.effect("refuses 6 attachments (400) and a missing CSRF token (403)", () =>
    Effect.gen(function* () {
      const post = (body: FormData, token: boolean) =>
        Effect.promise(() =>
          server.handler(
            new Request("http://shop.test/api/contact/submit", {
              method: "POST",
              body,
              headers: token ? { "x-csrf-token": testCsrfToken } : {}
            })
          )
        )
      expect((yield* post(form("x7", "Hello", 6), true)).status).toBe(400)
      expect((yield* post(form("x7", "Hello", 1), false)).status).toBe(403)
      expect((yield* post(form("x7", "Hello", 1), true)).status).toBe(200)
    })
  )
})
