/**
 * Issue 12 and issue 10, uploads of the contact form from outside: only images, PDF, plain text and office documents
 * whose bytes, claimed type and name agree are stored; an executable, HTML, an SVG with `onload` and a "PDF" that is
 * an executable are refused (422 naming `attachments`) and store nothing; a body declared over the cap is refused
 * with 413 before any of it is read or written; a stored file is served to the operator only, as a download.
 */
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { contactFormFields, type ContactLimits } from "../../core/domain/contact.ts"
import { captchaIdFrom } from "../../core/domain/captcha.ts"
import { acceptedAttachmentTypes, attachmentProblem } from "../../demo/server/domain/attachments.ts"
import { defaultContactUploadConfig } from "../../demo/server/domain/contact.ts"
import { multipartOverheadBytes } from "../../demo/server/http/hardening.ts"
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { type Backend, demoBackend, testBaseUrl } from "../support/server.ts"
import { countRows, dbProbe } from "../support/sideApis.ts"

const probe = dbProbe()
const operatorToken = "operator-uploads"
let backend: Backend
beforeAll(async () => {
  backend = await demoBackend({
    services: Layer.mergeAll(probe.layer, Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), throttling: false, operatorToken }))
  })
  await backend.handler(new Request(`${testBaseUrl}/api/session`))
})
afterAll(() => backend.dispose())

const limits: ContactLimits = { maxFileSize: defaultContactUploadConfig.maxFileSize, maxPostSize: defaultContactUploadConfig.maxPostSize }
const mz = Uint8Array.of(0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00)
const text = (s: string) => new TextEncoder().encode(s)
const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)
const docx = new Uint8Array([...text("PK\u0003\u0004"), ...new Uint8Array(26), ...text("[Content_Types].xml")])

/** Files that must be refused: [name, claimed type, bytes]. */
const refused: ReadonlyArray<readonly [string, string, Uint8Array]> = [
  ["setup.exe", "application/x-msdownload", mz],
  ["setup.exe", "application/octet-stream", mz],
  ["page.html", "text/html", text("<html><script>alert(1)</script></html>")],
  ["image.svg", "image/svg+xml", text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
  ["invoice.pdf", "application/pdf", mz],
  ["photo.png", "image/png", text("<script>alert(1)</script>")],
  ["notes.txt", "text/plain", mz],
  ["setup.exe", "application/pdf", text("%PDF-1.7\n")],
  ["report.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", text("PK\u0003\u0004 not office")]
]

/** Files that must be accepted. */
const accepted: ReadonlyArray<readonly [string, string, Uint8Array]> = [
  ["invoice.pdf", "application/pdf", text("%PDF-1.7\n%âãÏÓ\n")],
  ["photo.png", "image/png", png],
  ["photo.jpg", "image/jpeg", Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 16)],
  ["notes.txt", "text/plain; charset=utf-8", text("Dobrý den,\r\nobjednávka 123\tčeká.\n")],
  ["report.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", docx]
]

let seed = 0
/** A session with a captcha whose answer is read from the database; submits one file. */
const submit = async (file: readonly [string, string, Uint8Array]) => {
  const session = await backend.handler(new Request(`${testBaseUrl}/api/session`))
  const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
  const { csrfToken } = (await session.json()) as { csrfToken: string }
  seed++
  const id = captchaIdFrom(Array.from({ length: 16 }, (_, i) => ((seed * 11 + i * 5) % 26) / 26))
  await backend.handler(new Request(`${testBaseUrl}/api/captcha/get?id=${id}`, { headers: { cookie } }))
  const [row] = await Effect.runPromise(Effect.flatMap(probe.sql, (sql) => Effect.orDie(sql<{ answer: string }>`SELECT answer FROM captchas WHERE captcha_id = ${id}`)))
  const data = new FormData()
  const values = { firstname: "Jana", lastname: "Nováková", email: "jana@example.cz", customNumber: "", feedback: "Příloha", bot2: row!.answer }
  for (const [name, value] of contactFormFields(values, { selected_1: undefined, selected_2: undefined, selected_3: undefined }, id, limits)) {
    data.append(name, value)
  }
  data.append("attachments", new Blob([file[2] as Uint8Array<ArrayBuffer>], { type: file[1] }), file[0])
  const response = await backend.handler(
    new Request(`${testBaseUrl}/api/contact/submit`, { method: "POST", headers: { cookie, "x-csrf-token": csrfToken }, body: data })
  )
  return { status: response.status, body: await response.text() }
}

const storedFiles = () => Effect.runPromise(countRows(probe, "contact_attachments"))

describe("contact uploads", () => {
  test("the accepted types are images, PDF, plain text and office documents (no SVG, no HTML)", () => {
    expect(acceptedAttachmentTypes).toContain("application/pdf")
    expect(acceptedAttachmentTypes.some((t) => t.includes("svg") || t.includes("html"))).toBe(false)
  })

  test.each(refused.map((f) => [f[0], f[1], f] as const))("%s claimed as %s is refused (422 attachments) and stores nothing", async (_n, _t, file) => {
    expect(attachmentProblem({ name: file[0], contentType: file[1], bytes: file[2] })).toBeDefined()
    const before = await storedFiles()
    const { status, body } = await submit(file)
    expect(status).toBe(422)
    expect(body).toContain("attachments")
    expect(await storedFiles()).toBe(before)
  })

  test.each(accepted.map((f) => [f[0], f[1], f] as const))("%s claimed as %s is stored", async (_n, _t, file) => {
    const before = await storedFiles()
    const { status, body } = await submit(file)
    expect(status, body).toBe(200)
    expect(await storedFiles()).toBe(before + 1)
  })

  test("a stored file is served to the operator only, and only as a download with nosniff", async () => {
    const markup = text("<html><script>alert(1)</script></html>")
    const { status } = await submit(["notes \"x\".txt", "text/plain", markup])
    expect(status).toBe(200)
    const [row] = await Effect.runPromise(
      Effect.flatMap(probe.sql, (sql) => Effect.orDie(sql<{ id: number }>`SELECT max(attachment_id)::int AS id FROM contact_attachments`))
    )
    const url = `${testBaseUrl}/api/contact-attachments/${row!.id}`
    expect((await backend.handler(new Request(url))).status).toBe(401)
    expect((await backend.handler(new Request(url, { headers: { authorization: "Bearer wrong" } }))).status).toBe(401)
    const response = await backend.handler(new Request(url, { headers: { authorization: `Bearer ${operatorToken}` } }))
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/octet-stream")
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="notes [^"]*x[^"]*\.txt"; filename\*=UTF-8''/)
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(response.headers.get("content-security-policy")).toContain("sandbox")
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(markup)
  })

  test("a body declared over the cap is refused with 413 before it is read; nothing is stored", async () => {
    const before = await storedFiles()
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(64 * 1024))
        if (pulled > 400) controller.close()
      }
    })
    const declared = defaultContactUploadConfig.maxPostSize + multipartOverheadBytes + 1
    const response = await backend.handler(
      new Request(`${testBaseUrl}/api/contact/submit`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(declared) },
        body,
        duplex: "half"
      } as RequestInit)
    )
    expect(response.status).toBe(413)
    expect(pulled).toBeLessThan(3)
    expect(await storedFiles()).toBe(before)
  })
})
