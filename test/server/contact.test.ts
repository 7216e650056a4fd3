/**
 * The contact form submission (spec §3 fields, §5 validation and upload limits from the server
 * config, §7 multipart POST, §9 at most 5 attachments), through the derived client against the
 * in-process server: the limits come from findByTitle's `config`, the captcha answer from the test
 * database, and every refused submission is checked to store nothing.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { CaptchaGroup } from "../../core/api/captcha.ts"
import { bootstrapSession, makeShopClient, type ShopClient } from "../../core/api/client.ts"
import { ContactGroup } from "../../core/api/contact.ts"
import { ContentGroup } from "../../core/api/content.ts"
import { captchaIdFrom } from "../../core/domain/captcha.ts"
import { type ContactFormValues, contactFormFields, type ContactLimits, type TopicSelection } from "../../core/domain/contact.ts"
import { contactRateLimit, defaultContactUploadConfig } from "../../demo/server/domain/contact.ts"
import { CaptchaHandlers } from "../../demo/server/handlers/captcha.ts"
import { ContactHandlers } from "../../demo/server/handlers/contact.ts"
import { ContentHandlers } from "../../demo/server/handlers/content.ts"
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { backendFor, clientLayerFor, testBaseUrl } from "../support/server.ts"
import { countRows, dbProbe } from "../support/sideApis.ts"

const probe = dbProbe()
// The form's rules from one in-process client: the per-client throttle is tested in test/security/throttling.test.ts.
const unthrottled = Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), throttling: false })
const backend = backendFor(
  [ContentGroup, ContactGroup, CaptchaGroup],
  Layer.mergeAll(ContentHandlers, ContactHandlers, CaptchaHandlers),
  Layer.mergeAll(probe.layer, unthrottled)
)
afterAll(() => backend.dispose())
beforeAll(() => backend.handler(new Request(`${testBaseUrl}/api/session`)), 240_000)

let idSeed = 0
/** A fresh captcha for the client's session, and its answer from the database. */
const solvedCaptcha = (client: ShopClient) =>
  Effect.gen(function*() {
    idSeed++
    const id = captchaIdFrom(Array.from({ length: 16 }, (_, i) => ((idSeed * 7 + i * 3) % 26) / 26))
    yield* client.captcha.get({ query: { id } })
    const sql = yield* probe.sql
    const rows = yield* Effect.orDie(sql<{ answer: string }>`SELECT answer FROM captchas WHERE captcha_id = ${id}`)
    return { id, answer: rows[0]!.answer }
  })

const values: ContactFormValues = {
  firstname: "Jana",
  lastname: "Nováková",
  email: "jana@example.cz",
  customNumber: "1234567890",
  feedback: "Where is my parcel?"
}
const selection: TopicSelection = { selected_1: "order", selected_2: "order-status", selected_3: "order-where" }

/** The multipart body the storefront sends (the domain's fields), with files of the given sizes. */
const form = (
  captcha: { readonly id: string; readonly answer: string },
  sizes: ReadonlyArray<number>,
  limits: ContactLimits,
  overrides: { readonly selection?: TopicSelection } = {}
): FormData => {
  const data = new FormData()
  for (const [name, value] of contactFormFields({ ...values, bot2: captcha.answer }, overrides.selection ?? selection, captcha.id, limits)) {
    data.append(name, value)
  }
  sizes.forEach((size, i) => data.append("attachments", new Blob([new Uint8Array(size).fill(65 + i)], { type: "text/plain" }), `file${i}.txt`))
  return data
}

const stored = Effect.all({ messages: countRows(probe, "contact_messages"), attachments: countRows(probe, "contact_attachments") })

/** The upload limits the contact page announces (§7 config). */
const announcedLimits = (client: ShopClient) =>
  Effect.map(client.content.findByTitle({ query: { title: "contact" } }), (page) => page.config!)

describe("contact form (server)", () => {
  it.effect("findByTitle announces the server's one upload config (with formatted sizes)", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const page = yield* client.content.findByTitle({ query: { title: "contact" } })
      assert.deepStrictEqual(page.config, {
        maxPostSize: defaultContactUploadConfig.maxPostSize,
        maxPostSizeFormatted: "10 MB",
        maxFileSize: defaultContactUploadConfig.maxFileSize,
        maxFileSizeFormatted: "5 MB"
      })
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a valid submission with attachments is stored with them (captcha answered in lower case)", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const limits = yield* announcedLimits(client)
      const before = yield* stored
      const captcha = yield* solvedCaptcha(client)
      const answer = yield* client.contact.submit({ payload: form({ ...captcha, answer: captcha.answer.toLowerCase() }, [10, 2000], limits) })
      assert.strictEqual(answer.status, "ok")
      assert.deepStrictEqual(yield* stored, { messages: before.messages + 1, attachments: before.attachments + 2 })
      const sql = yield* probe.sql
      const [message] = yield* Effect.orDie(sql<{ message_id: number; reason: string; firstname: string; custom_number: string; topic: unknown }>`
        SELECT message_id, reason, firstname, custom_number, topic FROM contact_messages ORDER BY message_id DESC LIMIT 1`)
      assert.strictEqual(message!.reason, "order-where")
      assert.strictEqual(message!.firstname, "Jana")
      assert.strictEqual(message!.custom_number, "1234567890")
      assert.deepStrictEqual(message!.topic, selection)
      const files = yield* Effect.orDie(sql<{ file_name: string; size_bytes: number; content: Uint8Array }>`
        SELECT file_name, size_bytes, content FROM contact_attachments WHERE message_id = ${message!.message_id} ORDER BY position`)
      assert.deepStrictEqual(files.map((f) => [f.file_name, f.size_bytes, f.content.byteLength]), [["file0.txt", 10, 10], ["file1.txt", 2000, 2000]])
      assert.strictEqual(files[1]!.content[0], 66)
      // the captcha is used up: the same answer again is refused
      const again = yield* Effect.flip(client.contact.submit({ payload: form(captcha, [], limits) }))
      assert.strictEqual(again._tag, "Unprocessable")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a wrong captcha answer is refused (422, field bot2) and stores nothing", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const limits = yield* announcedLimits(client)
      const before = yield* stored
      const captcha = yield* solvedCaptcha(client)
      const wrong = yield* Effect.flip(client.contact.submit({ payload: form({ ...captcha, answer: "WRONG1" }, [10], limits) }))
      assert.strictEqual(wrong._tag, "Unprocessable")
      assert.strictEqual((wrong as { field?: string }).field, "bot2")
      assert.deepStrictEqual(yield* stored, before)
      // checked once: the right answer after a wrong one is refused too
      const late = yield* Effect.flip(client.contact.submit({ payload: form(captcha, [10], limits) }))
      assert.strictEqual((late as { field?: string }).field, "bot2")
      assert.deepStrictEqual(yield* stored, before)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a captcha of another session is refused", () =>
    Effect.gen(function*() {
      // another visitor, by hand (the test clients share one cookie jar)
      const id = "QWERTYUIOPASDFGH"
      yield* Effect.promise(async () => {
        const session = await backend.handler(new Request(`${testBaseUrl}/api/session`))
        const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0]!
        await backend.handler(new Request(`${testBaseUrl}/api/captcha/get?id=${id}`, { headers: { cookie } }))
      })
      const sql = yield* probe.sql
      const [row] = yield* Effect.orDie(sql<{ answer: string }>`SELECT answer FROM captchas WHERE captcha_id = ${id}`)
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const limits = yield* announcedLimits(client)
      const before = yield* stored
      const refused = yield* Effect.flip(client.contact.submit({ payload: form({ id, answer: row!.answer }, [], limits) }))
      assert.strictEqual((refused as { field?: string }).field, "bot2")
      assert.deepStrictEqual(yield* stored, before)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("six attachments are refused (400 by the contract) and store nothing", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const limits = yield* announcedLimits(client)
      const before = yield* stored
      const captcha = yield* solvedCaptcha(client)
      const problem = yield* Effect.flip(client.contact.submit({ payload: form(captcha, [1, 1, 1, 1, 1, 1], limits) }))
      assert.strictEqual(problem._tag, "BadRequestProblem")
      assert.include(JSON.stringify(problem), "attachments")
      assert.deepStrictEqual(yield* stored, before)
      // the captcha was not used up by a malformed request
      const ok = yield* client.contact.submit({ payload: form(captcha, [1, 1, 1, 1, 1], limits) })
      assert.strictEqual(ok.status, "ok")
      assert.deepStrictEqual(yield* stored, { messages: before.messages + 1, attachments: before.attachments + 5 })
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a file above maxFileSize is refused (413) and stores nothing; the captcha stays usable", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const limits = yield* announcedLimits(client)
      const before = yield* stored
      const captcha = yield* solvedCaptcha(client)
      const tooLarge = yield* Effect.flip(client.contact.submit({ payload: form(captcha, [10, limits.maxFileSize + 1], limits) }))
      assert.strictEqual(tooLarge._tag, "PayloadTooLarge")
      assert.strictEqual((tooLarge as { maxFileSize?: number }).maxFileSize, limits.maxFileSize)
      assert.strictEqual((tooLarge as { maxPostSize?: number }).maxPostSize, limits.maxPostSize)
      assert.deepStrictEqual(yield* stored, before)
      const exactly = yield* client.contact.submit({ payload: form(captcha, [limits.maxFileSize], limits) })
      assert.strictEqual(exactly.status, "ok")
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("attachments together above maxPostSize are refused (413) and store nothing", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const limits = yield* announcedLimits(client)
      const before = yield* stored
      const captcha = yield* solvedCaptcha(client)
      const sizes = [limits.maxFileSize, limits.maxFileSize, limits.maxPostSize - 2 * limits.maxFileSize + 1]
      const tooLarge = yield* Effect.flip(client.contact.submit({ payload: form(captcha, sizes, limits) }))
      assert.strictEqual(tooLarge._tag, "PayloadTooLarge")
      assert.match((tooLarge as { message: string }).message, /together/)
      assert.deepStrictEqual(yield* stored, before)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a topic outside the shop's tree is refused (422 naming the level) and stores nothing", () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const limits = yield* announcedLimits(client)
      const before = yield* stored
      const captcha = yield* solvedCaptcha(client)
      const refused = yield* Effect.flip(client.contact.submit({
        payload: form(captcha, [], limits, { selection: { selected_1: "order", selected_2: "nonsense", selected_3: undefined } })
      }))
      assert.strictEqual((refused as { field?: string }).field, "selected_2")
      assert.deepStrictEqual(yield* stored, before)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a malformed email is a 400 problem naming it; a missing CSRF token is 403; both store nothing", () =>
    Effect.gen(function*() {
      const before = yield* stored
      const data = form({ id: "ABCDEFGHIJKLMNOP", answer: "x" }, [], {})
      data.set("email", "not-an-email")
      const noToken = yield* Effect.promise(() =>
        backend.handler(new Request(`${testBaseUrl}/api/contact/submit`, { method: "POST", body: data })))
      assert.strictEqual(noToken.status, 403)
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const problem = yield* Effect.flip(client.contact.submit({ payload: data }))
      assert.strictEqual(problem._tag, "BadRequestProblem")
      assert.strictEqual((problem as { status?: number }).status, 400)
      assert.include(JSON.stringify(problem), "email")
      assert.deepStrictEqual(yield* stored, before)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect(`a session sending more than ${contactRateLimit} messages in a short time gets 429`, () =>
    Effect.gen(function*() {
      const client = yield* makeShopClient(testBaseUrl)
      yield* bootstrapSession(client)
      const limits = yield* announcedLimits(client)
      for (let i = 0; i < contactRateLimit; i++) {
        const ok = yield* client.contact.submit({ payload: form(yield* solvedCaptcha(client), [], limits) })
        assert.strictEqual(ok.status, "ok")
      }
      const before = yield* stored
      // a POST is never retried by the client, so the 429 arrives as the typed error
      const refused = yield* Effect.flip(client.contact.submit({ payload: form(yield* solvedCaptcha(client), [], limits) }))
      assert.strictEqual(refused._tag, "TooManyRequests")
      assert.deepStrictEqual(yield* stored, before)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})
