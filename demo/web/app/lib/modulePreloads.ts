/**
 * The first load's module preloads after the page's content. React Router's `<Scripts>` lists every module of the
 * first load (20-odd chunks) as `<link rel="modulepreload">`, which React hoists to the top of the head, so the browser
 * requests them all before it has read the page, and they arrive before its first paint. The first paint needs none of
 * them (the stylesheet is inline, the HTML is complete), so the head's module preloads are taken out and asked for by
 * a small inline script at the end of the body, after the content (where React Router's own module script starts the
 * route modules too): the page paints from its HTML first, and the whole module graph is still requested at once, not
 * one import level at a time.
 *
 * @module
 */

const encoder = new TextEncoder()
const headEnd = encoder.encode("</head>")
const bodyEnd = encoder.encode("</body>")

/** The index of the first `needle` in `bytes` at or after `from`, or -1. */
const indexOf = (bytes: Uint8Array, needle: Uint8Array, from: number): number => {
  outer: for (let start = Math.max(0, from); start + needle.length <= bytes.length; start++) {
    for (let offset = 0; offset < needle.length; offset++) {
      if (bytes[start + offset] !== needle[offset]) continue outer
    }
    return start
  }
  return -1
}

/** A module preload tag (React writes its attributes double-quoted). */
const modulePreloadTag = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\b${name}="([^"]*)"`, "i").exec(tag)?.[1]

/** The head without its module preloads, the preloaded URLs in order, and the nonce they carried. */
export interface TakenPreloads {
  /** The head's HTML without the module preload tags. */
  readonly head: string
  /** The URLs the tags named, in their order, each once. */
  readonly hrefs: ReadonlyArray<string>
  /** The page's script nonce (from the tags), if any. */
  readonly nonce: string | undefined
}

/** Takes the module preload tags out of the head's HTML. */
export const takeModulePreloads = (head: string): TakenPreloads => {
  const hrefs: Array<string> = []
  let nonce: string | undefined
  const rest = head.replace(modulePreloadTag, (tag) => {
    const href = attribute(tag, "href")
    if (href !== undefined && !hrefs.includes(href)) hrefs.push(href)
    nonce ??= attribute(tag, "nonce")
    return ""
  })
  return { head: rest, hrefs, nonce }
}

/** The inline script that asks for the module preloads (nothing when there are none). */
export const modulePreloadScript = ({ hrefs, nonce }: Pick<TakenPreloads, "hrefs" | "nonce">): string => {
  if (hrefs.length === 0) return ""
  const list = JSON.stringify(hrefs).replace(/</g, "\\u003c")
  return `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>for(const h of ${list}){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)}</script>`
}

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a, 0)
  joined.set(b, a.length)
  return joined
}

/**
 * A byte stream of an HTML document with its head's module preloads moved to the end of its body (see the module
 * comment): the bytes up to the end of the head are held until `</head>` arrives (React writes the head with the
 * page's shell, in one go), the body passes through, and the preload script goes in before `</body>` (at the end when
 * the document has none). A document without a head end is passed on whole when it ends.
 */
export const modulePreloadsAfterContent = (): TransformStream<Uint8Array, Uint8Array> => {
  let held: Uint8Array = new Uint8Array(0)
  let state: "head" | "body" | "done" = "head"
  let script = ""
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (state === "done") {
        controller.enqueue(chunk)
        return
      }
      const searchFrom = held.length - (state === "head" ? headEnd : bodyEnd).length + 1
      held = concat(held, chunk)
      if (state === "head") {
        const end = indexOf(held, headEnd, searchFrom)
        if (end === -1) return
        const taken = takeModulePreloads(decode(held.subarray(0, end)))
        script = modulePreloadScript(taken)
        controller.enqueue(encoder.encode(taken.head))
        held = held.slice(end)
        state = script === "" ? "done" : "body"
        if (state === "done") {
          controller.enqueue(held)
          held = new Uint8Array(0)
          return
        }
      }
      const end = indexOf(held, bodyEnd, 0)
      if (end === -1) {
        // Everything but a possible start of `</body>` goes on at once.
        const keep = Math.min(held.length, bodyEnd.length - 1)
        if (held.length > keep) controller.enqueue(held.slice(0, held.length - keep))
        held = held.slice(held.length - keep)
        return
      }
      controller.enqueue(held.slice(0, end))
      controller.enqueue(encoder.encode(script))
      controller.enqueue(held.slice(end))
      held = new Uint8Array(0)
      state = "done"
    },
    flush(controller) {
      if (state === "head" && held.length > 0) controller.enqueue(held)
      if (state === "body") {
        controller.enqueue(held)
        controller.enqueue(encoder.encode(script))
      }
    }
  })
}
