/**
 * The Content and Contact services against the reference backend through msw: the topic tree and limits from
 * findByTitle, the captcha id from Effect's Random (seeded, so deterministic), the topic picker with the 90 ms info
 * box on the TestClock, the drawers, validation before sending, the multipart submit with a solved captcha, a
 * refused captcha, and faults (5xx, 429, reset, malformed JSON, timeout) that keep the page's state.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Random, SubscriptionRef } from "effect"
import { TestClock } from "effect/testing"
import { CaptchaGroup } from "../../core/api/captcha.ts"
import { ContactGroup } from "../../core/api/contact.ts"
import { ContentGroup } from "../../core/api/content.ts"
import { captchaIdFrom, isCaptchaId } from "../../core/domain/captcha.ts"
import { infoBoxDelayMs, type ContactTopic, type TopicLevel } from "../../core/domain/contact.ts"
import { shopById } from "../../core/domain/shop.ts"
import { Contact, type ContactSubmitValues } from "../../core/services/Contact.ts"
import { Content } from "../../core/services/Content.ts"
import { CaptchaHandlers } from "../../demo/server/handlers/captcha.ts"
import { ContactHandlers } from "../../demo/server/handlers/contact.ts"
import { ContentHandlers } from "../../demo/server/handlers/content.ts"
import { groupsOf } from "../server/accountSupport.ts"
import { backendFor } from "../support/server.ts"
import { dbProbe } from "../support/sideApis.ts"
import { failureOf, faults, http, shopLayer, url, useBackend } from "./harness.ts"

const probe = dbProbe()
const harness = useBackend(
  backendFor(groupsOf(ContentGroup, ContactGroup, CaptchaGroup), Layer.mergeAll(ContentHandlers, ContactHandlers, CaptchaHandlers), probe.layer)
)
const layer = Contact.layer.pipe(Layer.provideMerge(Content.layerWith({ frontendHash: "abc123" })), Layer.provideMerge(shopLayer()))
const state = Contact.use((contact) => SubscriptionRef.get(contact.state))
const submitPath = "/api/contact/submit"

/** The first path from the root to a leaf, as (level, key) picks. */
const leafPath = (tree: ReadonlyArray<ContactTopic>): Array<readonly [TopicLevel, string]> => {
  const picks: Array<readonly [TopicLevel, string]> = []
  let level = tree
  for (const depth of [1, 2, 3] as const) {
    const node = level[0]
    if (node === undefined) break
    picks.push([depth, node.key])
    level = node.children
  }
  return picks
}

/** The picks down to the first topic with an info box text. */
const pathToInfo = (tree: ReadonlyArray<ContactTopic>): Array<readonly [TopicLevel, string]> | undefined => {
  const walk = (nodes: ReadonlyArray<ContactTopic>, depth: number, path: Array<readonly [TopicLevel, string]>): Array<readonly [TopicLevel, string]> | undefined => {
    for (const node of nodes) {
      const here = [...path, [depth as TopicLevel, node.key] as const]
      if (node.txt !== undefined) return here
      const below = depth < 3 ? walk(node.children, depth + 1, here) : undefined
      if (below !== undefined) return below
    }
    return undefined
  }
  return walk(tree, 1, [])
}

const values: ContactSubmitValues = { firstname: "Jana", lastname: "Nováková", email: "jana@example.cz", feedback: "Where is my parcel?" }

/** Loads the page, picks a leaf topic and answers the captcha from the test database. */
const readyToSend = Effect.gen(function*() {
  const contact = yield* Contact
  const loaded = yield* contact.load("contact")
  for (const [level, key] of leafPath(loaded.tree)) yield* contact.selectTopic(level, key)
  const id = (yield* state).captcha!.id
  const sql = yield* probe.sql
  const rows = yield* Effect.orDie(sql<{ answer: string }>`SELECT answer FROM captchas WHERE captcha_id = ${id}`)
  return { contact, answer: rows[0]!.answer, id }
})

describe("Content", () => {
  it.effect("findByTitle sends the frontend hash; an unknown title is ContentNotFound", () =>
    Effect.gen(function*() {
      const content = yield* Content
      const page = yield* content.contactPage("contact")
      assert.isAbove(page.tree.length, 0)
      assert.isDefined(page.config?.maxFileSizeFormatted)
      assert.include(harness.sent("GET", "/api/shopContent/findByTitle")[0]!.path, "hash=abc123")
      const missing = yield* Effect.flip(content.findByTitle("no-such-page"))
      assert.strictEqual(missing._tag, "ContentNotFound")
    }).pipe(Effect.provide(layer)))
})

describe("Contact", () => {
  it.effect("loads the topic tree, the limits, the order-tracking link (CZ) and a captcha whose id comes from Random", () =>
    Effect.gen(function*() {
      const contact = yield* Contact
      const expected = captchaIdFrom(yield* Effect.all(Array.from({ length: 16 }, () => Random.next)).pipe(Random.withSeed("contact")))
      const loaded = yield* contact.load("contact").pipe(Random.withSeed("contact"))
      assert.strictEqual(loaded.status, "ready")
      assert.isAbove(loaded.tree.length, 0)
      assert.isTrue(loaded.tree.some((topic) => topic.children.length > 0))
      assert.isDefined(loaded.config)
      assert.strictEqual(loaded.orderTrackingLink, shopById("CZ10MA").urlKeys.orderTracking)
      assert.strictEqual(loaded.captcha?.id, expected)
      assert.isTrue(isCaptchaId(expected))
      assert.match(loaded.captcha!.src, /^data:image\/png;base64,/)
      const reloaded = yield* contact.reloadCaptcha
      assert.notStrictEqual(reloaded.captcha?.id, expected)
      assert.include(harness.sent("GET", "/api/captcha/get")[1]!.path, "rnd=")
    }).pipe(Effect.provide(layer)))

  it.effect("a topic with a text shows its info box after 90 ms on the Clock (§4); choosing again hides it", () =>
    Effect.gen(function*() {
      const contact = yield* Contact
      const loaded = yield* contact.load("contact")
      const path = pathToInfo(loaded.tree)
      assert.isDefined(path, "the seeded tree has a topic with a text")
      for (const [level, key] of path!) yield* contact.selectTopic(level, key)
      assert.isUndefined((yield* state).infoBox)
      yield* TestClock.adjust(infoBoxDelayMs - 1)
      assert.isUndefined((yield* state).infoBox)
      yield* TestClock.adjust(1)
      assert.isString((yield* state).infoBox)
      // choosing the primary topic again resets the levels below and the box (§4)
      const [firstLevel, firstKey] = path![0]!
      const reset = yield* contact.selectTopic(firstLevel, firstKey)
      assert.isUndefined(reset.infoBox)
      assert.isUndefined(reset.selection.selected_2)
      assert.strictEqual(infoBoxDelayMs, 90)
    }).pipe(Effect.provide(layer)))

  it.effect("an info box still pending when another topic is chosen never shows", () =>
    Effect.gen(function*() {
      const contact = yield* Contact
      const loaded = yield* contact.load("contact")
      const path = pathToInfo(loaded.tree)!
      for (const [level, key] of path) yield* contact.selectTopic(level, key)
      yield* TestClock.adjust(50)
      const other = loaded.tree.find((topic) => topic.key !== path[0]![1] && topic.txt === undefined)
      if (other !== undefined) yield* contact.selectTopic(1, other.key)
      else yield* contact.selectTopic(1, undefined)
      yield* TestClock.adjust(100)
      assert.isUndefined((yield* state).infoBox)
    }).pipe(Effect.provide(layer)))

  it.effect("the phone and form drawers toggle each other (§4)", () =>
    Effect.gen(function*() {
      const contact = yield* Contact
      assert.strictEqual((yield* contact.toggleDrawer("phone")).drawer, "phone")
      assert.strictEqual((yield* contact.toggleDrawer("form")).drawer, "form")
      assert.isUndefined((yield* contact.toggleDrawer("form")).drawer)
    }).pipe(Effect.provide(layer)))

  it.effect("validates before sending (§5): required fields, too many or too large files; nothing is sent", () =>
    Effect.gen(function*() {
      const contact = yield* Contact
      const loaded = yield* contact.load("contact")
      const empty = yield* Effect.flip(contact.submit({}))
      assert.strictEqual(empty._tag, "ContactFormInvalid")
      assert.deepStrictEqual(Object.keys((yield* state).errors).sort(), ["bot2", "email", "feedback", "firstname", "lastname"])
      const files = Array.from({ length: 6 }, (_, i) => new File(["x"], `f${i}.txt`))
      const tooMany = yield* Effect.flip(contact.submit({ ...values, bot2: "ABC", attachments: files }))
      assert.strictEqual(tooMany._tag === "ContactFormInvalid" && tooMany.errors.attachments, "frm_too-many-attachments")
      const big = new File([new Uint8Array(loaded.config!.maxFileSize + 1)], "big.bin")
      const tooLarge = yield* Effect.flip(contact.submit({ ...values, bot2: "ABC", attachments: [big] }))
      assert.strictEqual(tooLarge._tag === "ContactFormInvalid" && tooLarge.errors.files?.[0]?.name, "big.bin")
      assert.lengthOf(harness.sent("POST", submitPath), 0)
    }).pipe(Effect.provide(layer)))

  it.effect("sends the form as multipart with the captcha id and an attachment; the server accepts it", () =>
    Effect.gen(function*() {
      const { contact, answer, id } = yield* readyToSend
      const sent = yield* contact.submit({ ...values, bot2: answer, attachments: [new File(["hello"], "note.txt", { type: "text/plain" })] })
      assert.isTrue(sent.submitted)
      assert.strictEqual(sent.flash?.type, "success")
      const request = harness.sent("POST", submitPath)
      assert.lengthOf(request, 1)
      assert.match(request[0]!.headers["content-type"] ?? "", /^multipart\/form-data/)
      yield* harness.settle
      assert.include(request[0]!.body ?? "", id)
      assert.include(request[0]!.body ?? "", "note.txt")
    }).pipe(Effect.provide(layer)))

  it.effect("a wrong captcha answer is refused (422 bot2): the field is marked and a new captcha shows", () =>
    Effect.gen(function*() {
      const { contact, id } = yield* readyToSend
      const error = yield* Effect.flip(contact.submit({ ...values, bot2: "WRONG" }))
      assert.strictEqual(error._tag === "ContactSubmitFailed" && error.field, "bot2")
      const s = yield* state
      assert.strictEqual(s.refusedField, "bot2")
      assert.strictEqual(s.flash?.type, "danger")
      assert.notStrictEqual(s.captcha?.id, id)
      assert.isFalse(s.submitted)
      assert.isFalse(s.submitting)
    }).pipe(Effect.provide(layer)))

  for (const [name, fault] of [["5xx", faults.serverError], ["429", faults.tooMany], ["reset", faults.reset], ["malformed JSON", faults.malformed]] as const) {
    it.effect(`a submit answered by ${name} shows a danger flash and keeps the page (tree, topics, captcha)`, () =>
      Effect.gen(function*() {
        const { contact, answer } = yield* readyToSend
        const before = yield* state
        harness.server.use(http.post(url(submitPath), fault))
        const error = yield* Effect.flip(contact.submit({ ...values, bot2: answer }))
        assert.strictEqual(error._tag, "ContactSubmitFailed")
        const after = yield* state
        assert.strictEqual(after.flash?.type, "danger")
        assert.strictEqual(after.flash?.cat, "form")
        assert.deepStrictEqual(after.tree, before.tree)
        assert.deepStrictEqual(after.selection, before.selection)
        assert.isDefined(after.captcha)
        assert.isFalse(after.submitting)
        assert.lengthOf(harness.sent("POST", submitPath), 1, "a POST is not retried")
      }).pipe(Effect.provide(layer)))
  }

  it.effect("a submit that times out (5 s) shows the request-timeout flash", () =>
    Effect.gen(function*() {
      const { contact, answer } = yield* readyToSend
      harness.server.use(http.post(url(submitPath), harness.hang))
      const exit = yield* harness.drive(contact.submit({ ...values, bot2: answer }), { stepMs: 1000 })
      const error = failureOf(exit)
      assert.strictEqual(error?._tag === "ContactSubmitFailed" && error.failure.kind, "timeout")
      assert.strictEqual((yield* state).flash?.message, "err_request_timeout")
    }).pipe(Effect.provide(layer)))

  it.effect("a content load failing with 5xx (GET: retried, then given up) marks the page failed", () =>
    Effect.gen(function*() {
      harness.server.use(http.get(url("/api/shopContent/findByTitle"), faults.unavailable))
      const contact = yield* Contact
      const exit = yield* harness.drive(contact.load("contact"), { stepMs: 500 })
      assert.strictEqual(failureOf(exit)?._tag, "CallFailed")
      assert.lengthOf(harness.sent("GET", "/api/shopContent/findByTitle"), 10)
      assert.strictEqual((yield* state).status, "failed")
    }).pipe(Effect.provide(layer)))
})
