/**
 * The contact form (spec §2, §3, §4, §5, §9): the three-level topic tree and its selection, the
 * info box, the phone and form drawers, validation and the submitted fields.
 *
 * @module
 */
import type { Shop } from "./shop.ts"

/** Levels of the topic tree (§2: three). */
export const topicLevels = [1, 2, 3] as const

/** A level of the topic tree: primary, secondary, tertiary. */
export type TopicLevel = (typeof topicLevels)[number]

/** The subject-specific number field a topic asks for (§3: label and placeholder from the topic). */
export interface CustomNumberField {
  /** The field's label. */
  readonly label: string
  /** The field's placeholder. */
  readonly placeholder?: string
}

/**
 * A node of the topic tree (the JSON of content.body, §7; shape ours): `key` (the reason sent
 * with the form), `title`, optional `txt` (info box text), optional `customNumber` and
 * `children` (the next level; empty on the third level).
 */
export interface ContactTopic {
  /** The topic's key, sent as the hidden reason. */
  readonly key: string
  /** The topic's title in the picker. */
  readonly title: string
  /** Text of the info box shown when the topic is chosen. */
  readonly txt?: string
  /** The subject-specific number field the topic asks for. */
  readonly customNumber?: CustomNumberField
  /** The topics of the next level. */
  readonly children: ReadonlyArray<ContactTopic>
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const nonBlank = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined

const readCustomNumber = (value: unknown): CustomNumberField | undefined => {
  if (!isRecord(value)) return undefined
  const label = nonBlank(value["label"])
  if (label === undefined) return undefined
  const placeholder = nonBlank(value["placeholder"])
  return placeholder === undefined ? { label } : { label, placeholder }
}

const readTopics = (value: unknown, level: number): ReadonlyArray<ContactTopic> => {
  if (!Array.isArray(value) || level > topicLevels.length) return []
  const topics: Array<ContactTopic> = []
  for (const node of value as ReadonlyArray<unknown>) {
    if (!isRecord(node)) continue
    const rawKey = node["key"]
    const key = typeof rawKey === "number" && Number.isFinite(rawKey) ? String(rawKey) : nonBlank(rawKey)
    if (key === undefined) continue
    const txt = nonBlank(node["txt"])
    const customNumber = readCustomNumber(node["customNumber"])
    topics.push({
      key,
      title: nonBlank(node["title"]) ?? key,
      ...(txt === undefined ? {} : { txt }),
      ...(customNumber === undefined ? {} : { customNumber }),
      children: readTopics(node["children"], level + 1)
    })
  }
  return topics
}

/**
 * The topic tree from content.body (§7): a JSON string or already-parsed value holding an array
 * of level-one nodes (or an object with such a `children` array). Total: unreadable input gives
 * an empty tree, nodes without a key are dropped, a missing title becomes the key, blank txt is
 * dropped, and levels below the third are cut off.
 */
export const contactTopicTree = (body: unknown): ReadonlyArray<ContactTopic> => {
  let value = body
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return []
    }
  }
  if (isRecord(value)) value = value["children"]
  return readTopics(value, 1)
}

/** The selected topic key per level (§3 wire names); undefined means nothing chosen. */
export interface TopicSelection {
  /** The primary topic's key. */
  readonly selected_1: string | undefined
  /** The secondary topic's key. */
  readonly selected_2: string | undefined
  /** The tertiary topic's key. */
  readonly selected_3: string | undefined
}

/** No topic chosen. */
export const emptySelection: TopicSelection = { selected_1: undefined, selected_2: undefined, selected_3: undefined }

/**
 * The topic nodes on the selected path, top down, stopping at the first level whose key is not
 * chosen or not found among the children of the level above.
 */
export const selectedPath = (tree: ReadonlyArray<ContactTopic>, selection: TopicSelection): ReadonlyArray<ContactTopic> => {
  const path: Array<ContactTopic> = []
  let level = tree
  for (const key of [selection.selected_1, selection.selected_2, selection.selected_3]) {
    if (key === undefined) break
    const node = level.find((topic) => topic.key === key)
    if (node === undefined) break
    path.push(node)
    level = node.children
  }
  return path
}

/**
 * The selection after choosing `key` on a level (§4): choosing the primary topic resets the
 * secondary and tertiary, choosing the secondary resets the tertiary (even when the same key is
 * chosen again). Choosing undefined clears the level and those below. A level can only be chosen
 * when the level above is; with a tree, only a child of the topic chosen above (or a root on
 * level one). Otherwise the selection is unchanged.
 */
export const selectTopic = (
  selection: TopicSelection,
  level: TopicLevel,
  key: string | undefined,
  tree?: ReadonlyArray<ContactTopic>
): TopicSelection => {
  const above = [selection.selected_1, selection.selected_2].slice(0, level - 1)
  if (key !== undefined) {
    if (above.some((k) => k === undefined)) return selection
    if (tree !== undefined) {
      const path = selectedPath(tree, selection)
      const parent = level === 1 ? undefined : path[level - 2]
      if (level > 1 && parent === undefined) return selection
      const options = parent === undefined ? tree : parent.children
      if (!options.some((topic) => topic.key === key)) return selection
    }
  }
  switch (level) {
    case 1:
      return { selected_1: key, selected_2: undefined, selected_3: undefined }
    case 2:
      return { selected_1: selection.selected_1, selected_2: key, selected_3: undefined }
    case 3:
      return { selected_1: selection.selected_1, selected_2: selection.selected_2, selected_3: key }
  }
}

/** The hidden reason sent with the form (§3): the key of the deepest selected topic, or undefined. */
export const hiddenReason = (selection: TopicSelection): string | undefined =>
  selection.selected_3 ?? selection.selected_2 ?? selection.selected_1

/** The deepest selected topic node, or undefined. */
export const currentTopic = (tree: ReadonlyArray<ContactTopic>, selection: TopicSelection): ContactTopic | undefined =>
  selectedPath(tree, selection).at(-1)

/** Whether the selected path ends on a topic without children (a complete choice). */
export const isTopicComplete = (tree: ReadonlyArray<ContactTopic>, selection: TopicSelection): boolean => {
  const topic = currentTopic(tree, selection)
  return topic !== undefined && topic.children.length === 0 && topic.key === hiddenReason(selection)
}

/** The delay before a topic's info box shows, in ms (§4: about 90 ms). */
export const infoBoxDelayMs = 90

/** The info box text (§4): the txt of the deepest selected topic, if it has one. */
export const infoBoxText = (tree: ReadonlyArray<ContactTopic>, selection: TopicSelection): string | undefined =>
  currentTopic(tree, selection)?.txt

/**
 * The subject-specific number field (§3): the customNumber of the deepest selected topic that
 * has one (a topic inherits its ancestor's), or undefined when none on the path has one.
 */
export const customNumberField = (
  tree: ReadonlyArray<ContactTopic>,
  selection: TopicSelection
): CustomNumberField | undefined =>
  selectedPath(tree, selection).findLast((topic) => topic.customNumber !== undefined)?.customNumber

/** The contact page's order-tracking help link (§2: shops with that feature, the Czech one), or undefined. */
export const orderTrackingHelpLink = (shop: Shop): string | undefined =>
  shop.features.contactOrderTrackingHelp ? shop.urlKeys.orderTracking : undefined

/** The contact drawers offered from the info box (§4). */
export type ContactDrawer = "phone" | "form"

/** What happens to the contact drawers: one is toggled, or both close. */
export type ContactDrawerEvent =
  | {
      /** Toggle one drawer. */
      readonly type: "toggle"
      /** The drawer toggled. */
      readonly drawer: ContactDrawer
    }
  | {
      /** Close both drawers. */
      readonly type: "close"
    }

/**
 * The open contact drawer after an event (§4: the form and phone drawers toggle each other):
 * toggling the open drawer closes it, toggling the other opens it and closes the open one.
 */
export const contactDrawerReducer = (open: ContactDrawer | undefined, event: ContactDrawerEvent): ContactDrawer | undefined =>
  event.type === "close" || open === event.drawer ? undefined : event.drawer

/** The maximum number of attachments (§5, §9). */
export const maxAttachments = 5

/** The message key of the required-fields note (§5). */
export const requiredFieldsNoteKey = "frm_required-fields"

/** The message keys of validation errors (ours except the note's). */
export const contactErrorKeys = {
  /** A required field is blank. */
  required: "frm_required",
  /** The email has no email syntax. */
  invalidEmail: "frm_invalid-email",
  /** More than five attachments. */
  tooManyAttachments: "frm_too-many-attachments",
  /** One attachment is larger than the maximum file size. */
  fileTooLarge: "frm_file-too-large",
  /** The attachments together are larger than the maximum post size. */
  postTooLarge: "frm_post-too-large"
} as const

/** The message key of a validation error. */
export type ContactErrorKey = (typeof contactErrorKeys)[keyof typeof contactErrorKeys]

/** A file chosen as an attachment, as far as validation needs it. */
export interface AttachmentFile {
  /** File name. */
  readonly name: string
  /** Size in bytes. */
  readonly size: number
}

/** The values of the contact form (§3 wire names; bot2 is the captcha answer). */
export interface ContactFormValues {
  /** First name (required). */
  readonly firstname?: string | undefined
  /** Last name (required). */
  readonly lastname?: string | undefined
  /** Email (required). */
  readonly email?: string | undefined
  /** Subject or document number (optional). */
  readonly customNumber?: string | undefined
  /** The message (required). */
  readonly feedback?: string | undefined
  /** The captcha answer (required). */
  readonly bot2?: string | undefined
  /** The chosen files. */
  readonly attachments?: ReadonlyArray<AttachmentFile> | undefined
}

/** The upload limits from the server config (§7: config.maxFileSize and config.maxPostSize, bytes). */
export interface ContactLimits {
  /** The largest single file, in bytes. */
  readonly maxFileSize?: number | undefined
  /** The largest total of all files, in bytes. */
  readonly maxPostSize?: number | undefined
}

/** The required text fields (§5: first name, last name, email, message and captcha). */
export const requiredContactFields = ["firstname", "lastname", "email", "feedback", "bot2"] as const

/** A required text field. */
export type RequiredContactField = (typeof requiredContactFields)[number]

/** An attachment that is too large on its own. */
export interface AttachmentError {
  /** Position of the file among the attachments. */
  readonly index: number
  /** File name. */
  readonly name: string
  /** The message key. */
  readonly error: typeof contactErrorKeys.fileTooLarge
}

/**
 * The errors of a contact form, by field; an empty object means valid. `attachments` is about
 * the set (too many, or too large together), `files` lists single files that are too large.
 */
export type ContactFormErrors = {
  readonly [F in RequiredContactField]?: ContactErrorKey
} & {
  /** An error of the attachments as a set. */
  readonly attachments?: typeof contactErrorKeys.tooManyAttachments | typeof contactErrorKeys.postTooLarge
  /** The attachments too large on their own. */
  readonly files?: ReadonlyArray<AttachmentError>
}

/**
 * Email syntax: the WHATWG rule of `<input type=email>` (§5: email type), applied after
 * trimming. It allows a dotless domain such as `a@localhost`, as browsers do.
 */
export const isEmail = (value: string): boolean =>
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/.test(
    value.trim()
  )

const isLimit = (limit: number | undefined): limit is number => limit !== undefined && Number.isFinite(limit) && limit >= 0

/**
 * Validates the contact form (§5). First name, last name, email, message (feedback) and captcha
 * (bot2) must be non-blank, the email must have email syntax; customNumber is optional. At most
 * five attachments; each no larger than maxFileSize and all together no larger than maxPostSize
 * (text fields not counted). A limit that is missing or not a finite non-negative number is not
 * checked (the server still enforces it).
 */
export const validateContactForm = (values: ContactFormValues, limits: ContactLimits): ContactFormErrors => {
  const errors: {
    -readonly [F in keyof ContactFormErrors]: ContactFormErrors[F]
  } = {}
  for (const field of requiredContactFields) {
    if ((values[field] ?? "").trim() === "") errors[field] = contactErrorKeys.required
  }
  if (errors.email === undefined && !isEmail(values.email ?? "")) errors.email = contactErrorKeys.invalidEmail
  const attachments = values.attachments ?? []
  if (attachments.length > maxAttachments) errors.attachments = contactErrorKeys.tooManyAttachments
  else if (isLimit(limits.maxPostSize)) {
    const total = attachments.reduce((sum, file) => sum + file.size, 0)
    if (total > limits.maxPostSize) errors.attachments = contactErrorKeys.postTooLarge
  }
  const { maxFileSize } = limits
  if (isLimit(maxFileSize)) {
    const files = attachments.flatMap((file, index) =>
      file.size > maxFileSize ? [{ index, name: file.name, error: contactErrorKeys.fileTooLarge }] : []
    )
    if (files.length > 0) errors.files = files
  }
  return errors
}

/** Whether validation found no error. */
export const isContactFormValid = (errors: ContactFormErrors): boolean => Object.keys(errors).length === 0

/** The form field carrying the hidden reason (§3; name ours). */
export const reasonField = "reason"

/** The form field carrying the captcha id (§3). */
export const captchaIdField = "bot2i"

/**
 * The text fields of the multipart contact submission (§3), attachments excluded: the values
 * (trimmed, the message as typed), the captcha id, the hidden reason, the three selections and
 * MAX_FILE_SIZE when the limit is known. Absent values are sent as empty strings.
 */
export const contactFormFields = (
  values: ContactFormValues,
  selection: TopicSelection,
  captchaId: string,
  limits: ContactLimits
): ReadonlyArray<readonly [string, string]> => {
  const trimmed = (value: string | undefined): string => (value ?? "").trim()
  const fields: Array<readonly [string, string]> = [
    ["firstname", trimmed(values.firstname)],
    ["lastname", trimmed(values.lastname)],
    ["email", trimmed(values.email)],
    ["customNumber", trimmed(values.customNumber)],
    ["feedback", values.feedback ?? ""],
    ["bot2", trimmed(values.bot2)],
    [captchaIdField, captchaId],
    [reasonField, hiddenReason(selection) ?? ""],
    ["selected_1", selection.selected_1 ?? ""],
    ["selected_2", selection.selected_2 ?? ""],
    ["selected_3", selection.selected_3 ?? ""]
  ]
  if (isLimit(limits.maxFileSize)) fields.push(["MAX_FILE_SIZE", String(Math.trunc(limits.maxFileSize))])
  return fields
}
