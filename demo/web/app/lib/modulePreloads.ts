/**
 * The first load's module preloads at low fetch priority. React Router's `<Scripts>` lists every module of the first
 * load (20-odd chunks) as `<link rel="modulepreload">`, which React hoists to the top of the head, so Chromium
 * requests them at high priority, ahead of the page's first paint and its images. The first paint needs none of
 * them (the stylesheet is inline, the HTML is complete), so the head's preloads are marked `fetchpriority="low"`:
 * they are still requested as soon as the head is read, and the module graph waits for them as before, but the
 * banner or product image (`fetchpriority="high"`) and the document come first. Nothing else in the page is touched.
 *
 * @module
 */

const headEnd = new TextEncoder().encode("</head>")

/** The index just after the first `</head>` in `bytes` at or after `from`, or -1. */
const indexAfterHeadEnd = (bytes: Uint8Array, from: number): number => {
  outer: for (let start = Math.max(0, from); start + headEnd.length <= bytes.length; start++) {
    for (let offset = 0; offset < headEnd.length; offset++) {
      if (bytes[start + offset] !== headEnd[offset]) continue outer
    }
    return start + headEnd.length
  }
  return -1
}

/** A module preload tag without a fetch priority of its own. */
const modulePreloadTag = /<link\b(?![^>]*\bfetchpriority=)([^>]*\brel="modulepreload"[^>]*)>/gi

/** The head's HTML with every module preload that names no fetch priority marked `fetchpriority="low"`. */
export const lowPriorityModulePreloads = (head: string): string =>
  head.replace(modulePreloadTag, (_tag, attributes: string) => `<link fetchpriority="low"${attributes}>`)

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a, 0)
  joined.set(b, a.length)
  return joined
}

/**
 * A byte stream of an HTML document with {@link lowPriorityModulePreloads} applied to its head: the bytes up to the
 * end of the head are held until `</head>` arrives (React writes the head with the page's shell, in one go), the
 * rest passes through unchanged. A document without a head end is passed on whole, rewritten, when it ends.
 */
export const lowPriorityModulePreloadStream = (): TransformStream<Uint8Array, Uint8Array> => {
  let held: Uint8Array = new Uint8Array(0)
  let passing = false
  const rewrite = (bytes: Uint8Array): Uint8Array => new TextEncoder().encode(lowPriorityModulePreloads(new TextDecoder().decode(bytes)))
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (passing) {
        controller.enqueue(chunk)
        return
      }
      const searchFrom = held.length - headEnd.length + 1
      held = concat(held, chunk)
      const end = indexAfterHeadEnd(held, searchFrom)
      if (end === -1) return
      passing = true
      controller.enqueue(rewrite(held.subarray(0, end)))
      if (end < held.length) controller.enqueue(held.slice(end))
      held = new Uint8Array(0)
    },
    flush(controller) {
      if (!passing && held.length > 0) controller.enqueue(rewrite(held))
    }
  })
}
