/**
 * The storefront document's modules after the first paint (demo/web/app/lib/modulePreloads.ts): the head's
 * `<link rel="modulepreload">` tags are taken out, and the body's inline module script is replaced by a classic inline
 * script (same nonce) that adds the preloads and the module once the page has painted, wherever the stream's chunks
 * split the document; nothing else of it changes. The script itself runs in a stand-in of the browser's globals: a
 * visible page appends a few elements per task (a tap is not kept waiting behind 20-odd requests being started), a
 * hidden one all at once.
 */
import fc from "fast-check"
import { runInNewContext } from "node:vm"
import { describe, expect, it } from "vitest"
import { afterFirstPaintModules, afterFirstPaintScript, appendsPerTask, modulesAfterFirstPaintStream, takeModulePreloads } from "../../demo/web/app/lib/modulePreloads.ts"

const nonce = "a/b+c=="
const preloads = [
  `<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="${nonce}"/>`,
  `<link fetchpriority="low" rel="modulepreload" href="/assets/root-D.js" nonce="${nonce}"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="${nonce}"/>`
]
const hrefs = ["/assets/entry.client-B.js", "/assets/root-D.js"]
const headStart = "<!DOCTYPE html><html lang=\"cs-CZ\"><head><meta charSet=\"utf-8\"/>"
const headRest = "<link rel=\"icon\" href=\"/favicon.svg\"/><style id=\"sf-styles\">.a{content:\"žluťoučký\"}</style></head>"
const contextScript = `<script nonce="${nonce}">window.__reactRouterContext = {"a":"ž <\\u002fscript>"};</script>`
const moduleSource = "import \"/assets/manifest-1.js\"; import * as route0 from \"/assets/root-D.js\";\nimport(\"/assets/entry.client-B.js\");"
const moduleScript = `<script nonce="${nonce}" type="module" async="">${moduleSource}</script>`
const dataScript = `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue("[\\"kůň\\"]");</script>`
const content = "<body><p>Příliš žluťoučký kůň</p>"
const scriptLike = "<script-like>&lt;script</script-like>"
const end = "</body></html>"

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
  return new Response(source.pipeThrough(modulesAfterFirstPaintStream())).text()
}

/** An element the script creates, as far as it sets it. */
type Created = Record<string, unknown> & { readonly tag: string }

/**
 * Runs the script's text in a stand-in browser: `visibility` as the document's, `paintEntries` as the paint timing
 * the browser supports ("none": no paint timing). Returns what it appended to the head, the paint observer's callback
 * (to report a paint) and the event listeners it added.
 */
const runScript = (html: string, visibility: "visible" | "hidden", paintEntries: "paint" | "none") => {
  const appended: Array<Created> = []
  const listeners = new Map<string, () => void>()
  let observe: ((names: ReadonlyArray<string>) => void) | undefined
  const frames: Array<() => void> = []
  const timers: Array<{ readonly run: () => void; readonly ms: number }> = []
  const text = /<script[^>]*>([\s\S]*)<\/script>$/.exec(html)![1]!
  class PerformanceObserver {
    static readonly supportedEntryTypes = paintEntries === "paint" ? ["navigation", "paint"] : ["navigation"]
    disconnected = false
    constructor(callback: (list: { getEntriesByName: (name: string) => Array<unknown> }, observer: PerformanceObserver) => void) {
      observe = (names) => {
        if (!this.disconnected) callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, this)
      }
    }
    observe(options: unknown) {
      expect(options).toEqual({ type: "paint", buffered: true })
    }
    disconnect() {
      this.disconnected = true
    }
  }
  runInNewContext(text, {
    document: {
      currentScript: { nonce },
      visibilityState: visibility,
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: Created) => appended.push({ ...element }) }
    },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    requestAnimationFrame: (frame: () => void) => frames.push(frame),
    setTimeout: (run: () => void, ms = 0) => timers.push({ run, ms }),
    PerformanceObserver
  })
  return { appended, listeners, paint: (names: ReadonlyArray<string>) => observe?.(names), frames, timers }
}

const started = (source: string): Array<Created> => [
  ...hrefs.map((href) => ({ tag: "link", rel: "modulepreload", href })),
  ...(source === "" ? [] : [{ tag: "script", type: "module", nonce, textContent: source }])
]

describe("modules after the first paint", () => {
  it("takes the head's module preloads, each URL once, with their nonce", () => {
    expect(takeModulePreloads(headStart + preloads.join("") + headRest)).toEqual({ head: headStart + headRest, hrefs, nonce })
    expect(takeModulePreloads(headStart + headRest)).toEqual({ head: headStart + headRest, hrefs: [], nonce: undefined })
  })

  it("replaces the module script, wherever the chunks are cut (inside a multi-byte character, a tag or an end tag)", async () => {
    const document = headStart + preloads.join("") + headRest + content + contextScript + scriptLike + moduleScript + dataScript + end
    const expected = headStart + headRest + content + contextScript + scriptLike + afterFirstPaintScript(hrefs, moduleSource, nonce) + dataScript + end
    const length = new TextEncoder().encode(document).length
    await fc.assert(fc.asyncProperty(fc.array(fc.integer({ min: 0, max: length }), { maxLength: 16 }), async (cuts) => {
      expect(await streamed(document, cuts)).toBe(expected)
    }), { numRuns: 300 })
  })

  it("starts the preloads at the document's end when it has no module script; leaves a document without either alone", async () => {
    expect(await streamed(headStart + preloads.join("") + headRest + content + end, [50, 300]))
      .toBe(headStart + headRest + content + end + afterFirstPaintScript(hrefs, "", nonce))
    const plain = headStart + headRest + content + contextScript + end
    expect(await streamed(plain, [10, 200])).toBe(plain)
    expect(await streamed("<p>ž</p><link rel=\"modulepreload\" href=\"/x.js\"/>", [3])).toBe("<p>ž</p><link rel=\"modulepreload\" href=\"/x.js\"/>")
  })

  it("keeps the module's source intact inside the script, whatever it contains", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (source) => {
      const html = afterFirstPaintScript(hrefs, source, nonce)
      const text = html.slice(html.indexOf(">") + 1, -"</script>".length)
      expect(text).not.toMatch(/<\/script|<!--|<script/i)
      const browser = runScript(html, "hidden", "paint")
      expect(browser.appended).toEqual(started(source))
      expect(afterFirstPaintModules(`<p>a</p>${contextScript}${html}${dataScript}`)).toEqual([{ hrefs, source }])
    }))
  })

  it("in the browser: nothing is asked for before the first contentful paint, everything once right after it", () => {
    const browser = runScript(afterFirstPaintScript(hrefs, moduleSource, nonce), "visible", "paint")
    expect(browser.appended).toEqual([])
    browser.paint(["first-paint"])
    expect(browser.appended).toEqual([])
    browser.paint(["first-paint", "first-contentful-paint"])
    expect(browser.appended).toEqual(started(moduleSource))
    browser.paint(["first-contentful-paint"])
    browser.listeners.get("visibilitychange")?.()
    expect(browser.appended).toEqual(started(moduleSource))
  })

  it("in the browser: a page that goes hidden before painting starts then; a page without a paint starts 2 s after load", () => {
    const hidden = runScript(afterFirstPaintScript(hrefs, moduleSource, nonce), "visible", "paint")
    hidden.listeners.get("visibilitychange")!()
    expect(hidden.appended).toEqual(started(moduleSource))
    const unpainted = runScript(afterFirstPaintScript(hrefs, moduleSource, nonce), "visible", "paint")
    unpainted.listeners.get("load")!()
    expect(unpainted.appended).toEqual([])
    expect(unpainted.timers.map((timer) => timer.ms)).toEqual([2000])
    unpainted.timers[0]!.run()
    expect(unpainted.appended).toEqual(started(moduleSource))
  })

  it("in the browser: a visible page appends the preloads, then the module, a few per task; a hidden page all at once", () => {
    const many = Array.from({ length: 2 * appendsPerTask + 2 }, (_, index) => `/assets/chunk-${index}.js`)
    const all = [
      ...many.map((href) => ({ tag: "link", rel: "modulepreload", href })),
      { tag: "script", type: "module", nonce, textContent: moduleSource }
    ]
    const browser = runScript(afterFirstPaintScript(many, moduleSource, nonce), "visible", "paint")
    browser.paint(["first-contentful-paint"])
    const perTask = [browser.appended.length]
    for (let task = 0; task < browser.timers.length; task++) {
      expect(browser.timers[task]!.ms).toBe(0)
      const before = browser.appended.length
      browser.timers[task]!.run()
      perTask.push(browser.appended.length - before)
    }
    expect(browser.appended).toEqual(all)
    expect(Math.max(...perTask)).toBeLessThanOrEqual(appendsPerTask)
    expect(perTask.length).toBe(Math.ceil(all.length / appendsPerTask))
    const hidden = runScript(afterFirstPaintScript(many, moduleSource, nonce), "hidden", "paint")
    expect(hidden.appended).toEqual(all)
    expect(hidden.timers).toEqual([])
  })

  it("in a browser without paint timing: after its next frame, in a task of its own", () => {
    const browser = runScript(afterFirstPaintScript(hrefs, moduleSource, nonce), "visible", "none")
    expect(browser.appended).toEqual([])
    browser.frames[0]!()
    expect(browser.appended).toEqual([])
    expect(browser.timers.map((timer) => timer.ms)).toEqual([0])
    browser.timers[0]!.run()
    expect(browser.appended).toEqual(started(moduleSource))
  })
})
