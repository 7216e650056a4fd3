/**
 * The storefront document's module preloads at low fetch priority (demo/web/app/lib/modulePreloads.ts): every
 * `<link rel="modulepreload">` of the head is marked `fetchpriority="low"`, wherever the stream's chunks split the
 * document, and nothing else of it changes.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { lowPriorityModulePreloads, lowPriorityModulePreloadStream } from "../../demo/web/app/lib/modulePreloads.ts"

const head = [
  "<!DOCTYPE html><html lang=\"cs-CZ\"><head><meta charSet=\"utf-8\"/>",
  "<link rel=\"modulepreload\" href=\"/assets/entry.client-B.js\" nonce=\"a/b+c==\"/>",
  "<link rel=\"modulepreload\" href=\"/assets/root-D.js\"/>",
  "<link rel=\"modulepreload\" fetchpriority=\"high\" href=\"/assets/keep.js\"/>",
  "<link rel=\"icon\" href=\"/favicon.svg\"/>",
  "<style id=\"sf-styles\">.a{content:\"žluťoučký\"}</style></head>"
].join("")
const body = "<body><p>Příliš žluťoučký kůň</p><link rel=\"modulepreload\" href=\"/assets/late.js\"/>" +
  "<script type=\"module\" async=\"\">import \"/assets/root-D.js\"</script></body></html>"

const expectedHead = head
  .replace("<link rel=\"modulepreload\" href=\"/assets/entry.client-B.js\"", "<link fetchpriority=\"low\" rel=\"modulepreload\" href=\"/assets/entry.client-B.js\"")
  .replace("<link rel=\"modulepreload\" href=\"/assets/root-D.js\"", "<link fetchpriority=\"low\" rel=\"modulepreload\" href=\"/assets/root-D.js\"")

/** The document sent through the stream in chunks cut at `cuts` (byte offsets). */
const streamed = async (bytes: Uint8Array, cuts: ReadonlyArray<number>): Promise<string> => {
  const offsets = [...new Set([0, ...cuts, bytes.length])].sort((a, b) => a - b)
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let index = 1; index < offsets.length; index++) controller.enqueue(bytes.slice(offsets[index - 1], offsets[index]))
      controller.close()
    }
  })
  return new Response(source.pipeThrough(lowPriorityModulePreloadStream())).text()
}

describe("low-priority module preloads", () => {
  it("marks the head's module preloads low, keeps a preload's own priority and every other tag", () => {
    expect(lowPriorityModulePreloads(head)).toBe(expectedHead)
  })

  it("rewrites the head only, wherever the chunks are cut (also inside a multi-byte character or the head's end)", async () => {
    const bytes = new TextEncoder().encode(head + body)
    await fc.assert(fc.asyncProperty(fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 12 }), async (cuts) => {
      expect(await streamed(bytes, cuts)).toBe(expectedHead + body)
    }), { numRuns: 200 })
  })

  it("passes a document without a head end whole, rewritten", async () => {
    const fragment = "<link rel=\"modulepreload\" href=\"/x.js\"/><p>ž</p>"
    expect(await streamed(new TextEncoder().encode(fragment), [3, 40])).toBe("<link fetchpriority=\"low\" rel=\"modulepreload\" href=\"/x.js\"/><p>ž</p>")
  })
})
