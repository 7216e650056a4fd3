/**
 * The storefront document's module preloads after its content (demo/web/app/lib/modulePreloads.ts): the head's
 * `<link rel="modulepreload">` tags are taken out and asked for by one inline script (with the page's nonce) just
 * before `</body>`, wherever the stream's chunks split the document; nothing else of it changes.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { modulePreloadScript, modulePreloadsAfterContent, takeModulePreloads } from "../../demo/web/app/lib/modulePreloads.ts"

const preloads = [
  "<link rel=\"modulepreload\" href=\"/assets/entry.client-B.js\" nonce=\"a/b+c==\"/>",
  "<link rel=\"modulepreload\" href=\"/assets/root-D.js\" nonce=\"a/b+c==\"/>",
  "<link rel=\"modulepreload\" href=\"/assets/entry.client-B.js\" nonce=\"a/b+c==\"/>"
]
const headStart = "<!DOCTYPE html><html lang=\"cs-CZ\"><head><meta charSet=\"utf-8\"/>"
const headRest = "<link rel=\"icon\" href=\"/favicon.svg\"/><style id=\"sf-styles\">.a{content:\"žluťoučký\"}</style></head>"
const content = "<body><p>Příliš žluťoučký kůň</p><script nonce=\"a/b+c==\" type=\"module\" async=\"\">import \"/assets/root-D.js\"</script>"
const end = "</body></html>"

const script = "<script nonce=\"a/b+c==\">for(const h of [\"/assets/entry.client-B.js\",\"/assets/root-D.js\"])" +
  "{const l=document.createElement(\"link\");l.rel=\"modulepreload\";l.href=h;document.head.appendChild(l)}</script>"

/** The document sent through the stream in chunks cut at `cuts` (byte offsets). */
const streamed = async (text: string, cuts: ReadonlyArray<number>): Promise<string> => {
  const bytes = new TextEncoder().encode(text)
  const offsets = [...new Set([0, ...cuts.map((cut) => Math.min(cut, bytes.length)), bytes.length])].sort((a, b) => a - b)
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let index = 1; index < offsets.length; index++) controller.enqueue(bytes.slice(offsets[index - 1], offsets[index]))
      controller.close()
    }
  })
  return new Response(source.pipeThrough(modulePreloadsAfterContent())).text()
}

describe("module preloads after the content", () => {
  it("takes the head's module preloads, each URL once, with their nonce", () => {
    expect(takeModulePreloads(headStart + preloads.join("") + headRest)).toEqual({
      head: headStart + headRest,
      hrefs: ["/assets/entry.client-B.js", "/assets/root-D.js"],
      nonce: "a/b+c=="
    })
    expect(modulePreloadScript({ hrefs: ["/assets/entry.client-B.js", "/assets/root-D.js"], nonce: "a/b+c==" })).toBe(script)
    expect(modulePreloadScript({ hrefs: [], nonce: undefined })).toBe("")
  })

  it("moves them before </body>, wherever the chunks are cut (also inside a multi-byte character or a tag)", async () => {
    const document = headStart + preloads.join("") + headRest + content + end
    const length = new TextEncoder().encode(document).length
    await fc.assert(fc.asyncProperty(fc.array(fc.integer({ min: 0, max: length }), { maxLength: 12 }), async (cuts) => {
      expect(await streamed(document, cuts)).toBe(headStart + headRest + content + script + end)
    }), { numRuns: 200 })
  })

  it("puts the script at the end of a document without </body>, and leaves a document without preloads as it is", async () => {
    expect(await streamed(headStart + preloads.join("") + headRest + content, [40, 300])).toBe(headStart + headRest + content + script)
    expect(await streamed(headStart + headRest + content + end, [10, 200])).toBe(headStart + headRest + content + end)
  })
})
