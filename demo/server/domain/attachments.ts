/**
 * What the contact form accepts as an attachment (issue 12): images, PDF, plain text and office documents, each
 * recognised by its content (magic bytes), which must agree with the type the client claimed and with the file name's
 * extension. Executables, HTML, SVG (it can carry script) and anything unrecognised are refused.
 *
 * @module
 */
import { isSafeText } from "../../../core/api/entities/text.ts"

/** One accepted kind of file: its media types, its extensions and how its bytes start. */
interface AttachmentKind {
  readonly types: ReadonlyArray<string>
  readonly extensions: ReadonlyArray<string>
  readonly matches: (bytes: Uint8Array) => boolean
}

const startsWith = (bytes: Uint8Array, ...signature: ReadonlyArray<number>): boolean =>
  signature.every((byte, i) => bytes[i] === byte)

const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to))

const isZip = (bytes: Uint8Array): boolean => startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)

/** Whether a zip's first kilobytes name an entry (`[Content_Types].xml` of OOXML, `mimetype` of ODF). */
const zipNames = (bytes: Uint8Array, name: string): boolean =>
  isZip(bytes) && Buffer.from(bytes.subarray(0, 64 * 1024)).includes(name, 0, "latin1")

const isOle = (bytes: Uint8Array): boolean => startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)

/** Plain text: valid UTF-8 (an optional BOM) with no control character but tab, line breaks and form feed. */
const isPlainText = (bytes: Uint8Array): boolean => {
  let text: string
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return false
  }
  return isSafeText(text.replaceAll("\f", ""))
}

/** The accepted kinds. */
export const attachmentKinds: ReadonlyArray<AttachmentKind> = [
  { types: ["image/png"], extensions: ["png"], matches: (b) => startsWith(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  { types: ["image/jpeg", "image/pjpeg"], extensions: ["jpg", "jpeg"], matches: (b) => startsWith(b, 0xff, 0xd8, 0xff) },
  { types: ["image/gif"], extensions: ["gif"], matches: (b) => ["GIF87a", "GIF89a"].includes(ascii(b, 0, 6)) },
  { types: ["image/webp"], extensions: ["webp"], matches: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
  { types: ["application/pdf"], extensions: ["pdf"], matches: (b) => ascii(b, 0, 5) === "%PDF-" },
  { types: ["text/plain"], extensions: ["txt", "text", "log", "csv"], matches: isPlainText },
  {
    types: [
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    ],
    extensions: ["docx", "xlsx", "pptx"],
    matches: (b) => zipNames(b, "[Content_Types].xml")
  },
  {
    types: ["application/msword", "application/vnd.ms-excel", "application/vnd.ms-powerpoint"],
    extensions: ["doc", "xls", "ppt"],
    matches: isOle
  },
  {
    types: [
      "application/vnd.oasis.opendocument.text",
      "application/vnd.oasis.opendocument.spreadsheet",
      "application/vnd.oasis.opendocument.presentation"
    ],
    extensions: ["odt", "ods", "odp"],
    matches: (b) => zipNames(b, "mimetype")
  }
]

/** The media types the contact form accepts (for the file input's `accept` and the docs). */
export const acceptedAttachmentTypes: ReadonlyArray<string> = attachmentKinds.flatMap((kind) => kind.types)

const extensionOf = (name: string): string => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? ""

/**
 * Why an attachment is refused, or undefined when it is accepted: its claimed type (parameters ignored) must be an
 * accepted one, its name's extension must be one of that kind's, and its bytes must be of that kind.
 */
export const attachmentProblem = (file: { readonly name: string; readonly contentType: string; readonly bytes: Uint8Array }): string | undefined => {
  const claimed = file.contentType.split(";")[0]!.trim().toLowerCase()
  const kind = attachmentKinds.find((k) => k.types.includes(claimed))
  if (kind === undefined) return `${file.name}: only images, PDF, plain text and office documents can be attached.`
  if (!kind.extensions.includes(extensionOf(file.name))) return `${file.name}: the file name does not match its type (${claimed}).`
  if (!kind.matches(file.bytes)) return `${file.name}: the content is not a ${claimed} file.`
  return undefined
}
