import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  contactDrawerReducer,
  contactErrorKeys,
  contactFormFields,
  contactTopicTree,
  currentTopic,
  customNumberField,
  emptySelection,
  hiddenReason,
  infoBoxDelayMs,
  infoBoxText,
  isContactFormValid,
  isEmail,
  isTopicComplete,
  maxAttachments,
  orderTrackingHelpLink,
  requiredContactFields,
  requiredFieldsNoteKey,
  selectedPath,
  selectTopic,
  topicLevels
} from "../../../core/domain/contact.ts"
import { validateContactForm } from "../../../core/domain/contact.ts"
import type { ContactDrawer, ContactDrawerEvent, ContactTopic, TopicLevel, TopicSelection } from "../../../core/domain/contact.ts"
import { allShops, shopById } from "../../../core/domain/shop.ts"

const key = fc.constantFrom("a", "b", "c", "d")
const text = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,8}$/)

const topicAt = (depth: number): fc.Arbitrary<ContactTopic> =>
  fc
    .record({
      key,
      title: text,
      txt: fc.option(text, { nil: undefined }),
      customNumber: fc.option(
        fc.record({ label: text, placeholder: fc.option(text, { nil: undefined }) }).map(({ label, placeholder }) =>
          placeholder === undefined ? { label } : { label, placeholder }
        ),
        { nil: undefined }
      ),
      children: depth < 3 ? fc.uniqueArray(topicAt(depth + 1), { maxLength: 3, selector: (t) => t.key }) : fc.constant([])
    })
    .map(({ txt, customNumber, ...rest }) => ({
      ...rest,
      ...(txt === undefined ? {} : { txt }),
      ...(customNumber === undefined ? {} : { customNumber })
    }))

const tree = fc.uniqueArray(topicAt(1), { maxLength: 4, selector: (t) => t.key })
const level = fc.constantFrom<TopicLevel>(1, 2, 3)
const choice = fc.tuple(level, fc.option(key, { nil: undefined }))
const selection: fc.Arbitrary<TopicSelection> = fc.record({
  selected_1: fc.option(key, { nil: undefined }),
  selected_2: fc.option(key, { nil: undefined }),
  selected_3: fc.option(key, { nil: undefined })
})

const reachable = (t: ReadonlyArray<ContactTopic>, choices: ReadonlyArray<readonly [TopicLevel, string | undefined]>) =>
  choices.reduce((s, [l, k]) => selectTopic(s, l, k, t), emptySelection)

describe("topic tree (§2, §7)", () => {
  test("three levels", () => {
    expect(topicLevels).toEqual([1, 2, 3])
  })

  test.prop([tree])("a tree written as JSON reads back as itself", (t) => {
    expect(contactTopicTree(JSON.stringify(t))).toEqual(t)
    expect(contactTopicTree(t)).toEqual(t)
    expect(contactTopicTree({ children: t })).toEqual(t)
  })

  test.prop([fc.oneof(fc.string(), fc.jsonValue(), fc.anything())])("any body gives a tree without throwing", (body) => {
    const read = contactTopicTree(body)
    expect(Array.isArray(read)).toBe(true)
    const depth = (nodes: ReadonlyArray<ContactTopic>): number => Math.max(0, ...nodes.map((n) => 1 + depth(n.children)))
    expect(depth(read)).toBeLessThanOrEqual(3)
  })

  test("tolerant reading: keyless nodes dropped, missing title is the key, blank txt dropped, a fourth level cut", () => {
    const body = JSON.stringify([
      { title: "no key" },
      { key: 7, txt: "  ", children: [{ key: "x", title: "X", children: [{ key: "y", title: "Y", children: [{ key: "z", title: "Z" }] }] }] }
    ])
    expect(contactTopicTree(body)).toEqual([
      { key: "7", title: "7", children: [{ key: "x", title: "X", children: [{ key: "y", title: "Y", children: [] }] }] }
    ])
    expect(contactTopicTree("{not json")).toEqual([])
  })
})

describe("topic selection (§3, §4)", () => {
  test("choosing primary resets secondary and tertiary; choosing secondary resets tertiary", () => {
    const full = { selected_1: "a", selected_2: "b", selected_3: "c" }
    expect(selectTopic(full, 1, "d")).toEqual({ selected_1: "d", selected_2: undefined, selected_3: undefined })
    expect(selectTopic(full, 2, "d")).toEqual({ selected_1: "a", selected_2: "d", selected_3: undefined })
    expect(selectTopic(full, 3, "d")).toEqual({ selected_1: "a", selected_2: "b", selected_3: "d" })
    expect(selectTopic(emptySelection, 2, "a")).toBe(emptySelection)
  })

  test.prop([selection, level, key])("choosing a level keeps the levels above and resets those below", (s, l, k) => {
    fc.pre(l === 1 || (l === 2 ? s.selected_1 !== undefined : s.selected_1 !== undefined && s.selected_2 !== undefined))
    const after = selectTopic(s, l, k)
    const levels = [after.selected_1, after.selected_2, after.selected_3]
    const before = [s.selected_1, s.selected_2, s.selected_3]
    expect(levels[l - 1]).toBe(k)
    expect(levels.slice(0, l - 1)).toEqual(before.slice(0, l - 1))
    expect(levels.slice(l).every((x) => x === undefined)).toBe(true)
  })

  test.prop([tree, fc.array(choice, { maxLength: 10 })])(
    "with the tree, every reachable selection is a path of the tree without gaps, and the reason is its deepest key",
    (t, choices) => {
      const s = reachable(t, choices)
      const chosen = [s.selected_1, s.selected_2, s.selected_3].filter((k) => k !== undefined)
      expect([s.selected_1, s.selected_2, s.selected_3].slice(0, chosen.length)).toEqual(chosen)
      const path = selectedPath(t, s)
      expect(path.map((n) => n.key)).toEqual(chosen)
      expect(hiddenReason(s)).toBe(chosen.at(-1))
      expect(currentTopic(t, s)?.key).toBe(chosen.at(-1))
      expect(isTopicComplete(t, s)).toBe(path.length > 0 && path.at(-1)!.children.length === 0)
    }
  )

  test.prop([tree, fc.array(choice, { maxLength: 10 })])(
    "the info box shows the deepest topic's txt; the custom number is the nearest one up the path",
    (t, choices) => {
      const s = reachable(t, choices)
      const path = selectedPath(t, s)
      expect(infoBoxText(t, s)).toBe(path.at(-1)?.txt)
      const withNumber = path.filter((n) => n.customNumber !== undefined)
      expect(customNumberField(t, s)).toEqual(withNumber.at(-1)?.customNumber)
    }
  )

  test("the hidden reason is the deepest selected key; the info box waits about 90 ms", () => {
    expect(hiddenReason(emptySelection)).toBeUndefined()
    expect(hiddenReason({ selected_1: "a", selected_2: "b", selected_3: undefined })).toBe("b")
    expect(infoBoxDelayMs).toBe(90)
  })

  test("the order-tracking help link is for the Czech shop", () => {
    expect(orderTrackingHelpLink(shopById("CZ10MA"))).toBe(shopById("CZ10MA").urlKeys.orderTracking)
    expect(allShops.filter((s) => orderTrackingHelpLink(s) !== undefined).map((s) => s.shopId)).toEqual(["CZ10MA"])
  })
})

describe("phone and form drawers (§4)", () => {
  const drawer = fc.constantFrom<ContactDrawer>("phone", "form")
  const drawerEvent: fc.Arbitrary<ContactDrawerEvent> = fc.oneof(
    drawer.map((d): ContactDrawerEvent => ({ type: "toggle", drawer: d })),
    fc.constant<ContactDrawerEvent>({ type: "close" })
  )

  test("the drawers toggle each other", () => {
    expect(contactDrawerReducer(undefined, { type: "toggle", drawer: "phone" })).toBe("phone")
    expect(contactDrawerReducer("phone", { type: "toggle", drawer: "form" })).toBe("form")
    expect(contactDrawerReducer("form", { type: "toggle", drawer: "form" })).toBeUndefined()
    expect(contactDrawerReducer("form", { type: "close" })).toBeUndefined()
  })

  test.prop([fc.option(drawer, { nil: undefined }), fc.array(drawerEvent, { maxLength: 12 })])(
    "toggling a drawer opens it unless it is open; toggling twice restores the state",
    (start, events) => {
      let open = start
      for (const e of events) {
        const next = contactDrawerReducer(open, e)
        if (e.type === "toggle") {
          expect(next).toBe(open === e.drawer ? undefined : e.drawer)
          expect(contactDrawerReducer(next, e)).toBe(open === e.drawer ? e.drawer : undefined)
        } else expect(next).toBeUndefined()
        open = next
      }
    }
  )
})

describe("contact form validation (§5, §9)", () => {
  const valid = { firstname: "Jan", lastname: "Novák", email: "jan@example.cz", feedback: "Hello", bot2: "abc" }
  const localPart = fc.stringMatching(/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]{1,20}$/)
  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/)
  const email = fc.tuple(localPart, fc.array(label, { minLength: 1, maxLength: 3 })).map(([l, d]) => `${l}@${d.join(".")}`)
  const file = fc.record({ name: text, size: fc.nat({ max: 10_000 }) })

  test("constants: 5 attachments, the required-fields note key", () => {
    expect(maxAttachments).toBe(5)
    expect(requiredFieldsNoteKey).toBe("frm_required-fields")
    expect(requiredContactFields).toEqual(["firstname", "lastname", "email", "feedback", "bot2"])
    expect(validateContactForm(valid, {})).toEqual({})
  })

  test.prop([fc.record({ firstname: fc.string(), lastname: fc.string(), feedback: fc.string(), bot2: fc.string(), customNumber: fc.string() }, { requiredKeys: [] })])(
    "each required field is an error exactly when blank; customNumber never is",
    (values) => {
      const errors = validateContactForm({ ...values, email: valid.email }, {})
      for (const field of ["firstname", "lastname", "feedback", "bot2"] as const)
        expect(errors[field]).toBe((values[field] ?? "").trim() === "" ? contactErrorKeys.required : undefined)
      expect(errors).not.toHaveProperty("customNumber")
      expect(errors.email).toBeUndefined()
    }
  )

  test.prop([email, fc.stringMatching(/^\s{0,2}$/)])("an email of the input-email shape is accepted, even with surrounding spaces", (e, pad) => {
    expect(isEmail(e)).toBe(true)
    expect(validateContactForm({ ...valid, email: `${pad}${e}${pad}` }, {}).email).toBeUndefined()
  })

  test.prop([fc.string()])("an email without exactly one @ between non-empty parts is rejected", (s) => {
    fc.pre(s.trim() !== "")
    const parts = s.trim().split("@")
    fc.pre(parts.length !== 2 || parts.some((p) => p === ""))
    expect(isEmail(s)).toBe(false)
    expect(validateContactForm({ ...valid, email: s }, {}).email).toBe(contactErrorKeys.invalidEmail)
  })

  test("email examples", () => {
    expect(isEmail("a b@example.cz")).toBe(false)
    expect(isEmail("ab@example..cz")).toBe(false)
    expect(isEmail("ab@-example.cz")).toBe(false)
    expect(validateContactForm({ ...valid, email: "  " }, {}).email).toBe(contactErrorKeys.required)
  })

  test.prop([
    fc.array(file, { maxLength: 8 }),
    fc.option(fc.nat({ max: 10_000 }), { nil: undefined }),
    fc.option(fc.nat({ max: 40_000 }), { nil: undefined })
  ])("at most 5 attachments, each within the file limit, together within the post limit", (files, maxFileSize, maxPostSize) => {
    const errors = validateContactForm({ ...valid, attachments: files }, { maxFileSize, maxPostSize })
    const total = files.reduce((a, f) => a + f.size, 0)
    if (files.length > 5) expect(errors.attachments).toBe(contactErrorKeys.tooManyAttachments)
    else if (maxPostSize !== undefined && total > maxPostSize) expect(errors.attachments).toBe(contactErrorKeys.postTooLarge)
    else expect(errors.attachments).toBeUndefined()
    const tooLarge = maxFileSize === undefined ? [] : files.map((f, i) => [f, i] as const).filter(([f]) => f.size > maxFileSize)
    expect((errors.files ?? []).map((e) => e.index)).toEqual(tooLarge.map(([, i]) => i))
    for (const e of errors.files ?? []) expect(e.error).toBe(contactErrorKeys.fileTooLarge)
    expect(isContactFormValid(errors)).toBe(files.length <= 5 && errors.attachments === undefined && tooLarge.length === 0)
  })

  test("limits at the edge", () => {
    const limits = { maxFileSize: 100, maxPostSize: 250 }
    expect(validateContactForm({ ...valid, attachments: [{ name: "a", size: 100 }, { name: "b", size: 100 }] }, limits)).toEqual({})
    const exact = [{ name: "a", size: 100 }, { name: "b", size: 100 }, { name: "c", size: 50 }]
    expect(validateContactForm({ ...valid, attachments: exact }, limits)).toEqual({})
    expect(validateContactForm({ ...valid, attachments: [...exact, { name: "d", size: 1 }] }, limits).attachments).toBe("frm_post-too-large")
    expect(validateContactForm({ ...valid, attachments: [{ name: "a", size: 101 }] }, limits).files).toEqual([
      { index: 0, name: "a", error: "frm_file-too-large" }
    ])
    const three = Array.from({ length: 3 }, (_, i) => ({ name: `f${i}`, size: 90 }))
    expect(validateContactForm({ ...valid, attachments: three }, limits).attachments).toBe("frm_post-too-large")
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, size: 1 }))
    expect(validateContactForm({ ...valid, attachments: six }, limits).attachments).toBe("frm_too-many-attachments")
    expect(validateContactForm({ ...valid, attachments: six.slice(1) }, limits)).toEqual({})
  })

  test("the submitted fields", () => {
    const fields = contactFormFields(
      { ...valid, firstname: " Jan ", customNumber: " 123 ", feedback: " Hi\n" },
      { selected_1: "a", selected_2: "b", selected_3: undefined },
      "ABCDEFGHIJKLMNOP",
      { maxFileSize: 2048 }
    )
    expect(Object.fromEntries(fields)).toEqual({
      firstname: "Jan",
      lastname: "Novák",
      email: "jan@example.cz",
      customNumber: "123",
      feedback: " Hi\n",
      bot2: "abc",
      bot2i: "ABCDEFGHIJKLMNOP",
      reason: "b",
      selected_1: "a",
      selected_2: "b",
      selected_3: "",
      MAX_FILE_SIZE: "2048"
    })
    expect(Object.fromEntries(contactFormFields({}, emptySelection, "X", {}))).not.toHaveProperty("MAX_FILE_SIZE")
  })
})
