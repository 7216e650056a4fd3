/**
 * The streamed page's gzip (`demo/server/http/gzipBursts.ts`): whatever the chunks and however they spread over
 * turns of the event loop, the whole stream inflates to the page, and everything written before a pause is on the
 * wire, inflatable, while the stream is still open (the web `CompressionStream` held it until the end).
 */
import { fc, test } from "@fast-check/vitest"
import { constants, gunzipSync } from "node:zlib"
import { describe, expect } from "vitest"
import { gzipBursts } from "../../demo/server/http/gzipBursts.ts"

const collect = async (stream: ReadableStream<Uint8Array>): Promise<Array<Uint8Array>> => {
  const parts: Array<Uint8Array> = []
  for await (const part of stream) parts.push(part)
  return parts
}

const join = (parts: ReadonlyArray<Uint8Array>): Uint8Array => Buffer.concat(parts.map((part) => Buffer.from(part)))

/** What a browser can inflate of the bytes received so far (a sync-flushed prefix of a gzip stream). */
const inflatedSoFar = (received: ReadonlyArray<Uint8Array>): string =>
  gunzipSync(join(received), { finishFlush: constants.Z_SYNC_FLUSH }).toString("latin1")

const turns = fc.array(fc.array(fc.uint8Array({ minLength: 1, maxLength: 3000 }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 })

describe("gzipBursts", () => {
  test.prop([turns], { numRuns: 40 })("each turn's bytes are inflatable before the stream ends, and the whole stream is the page", async (written) => {
    const received: Array<Uint8Array> = []
    const { readable, writable } = gzipBursts()
    const reading = (async () => {
      for await (const chunk of readable) received.push(chunk)
    })()
    const writer = writable.getWriter()
    let sent = ""
    for (const turn of written) {
      for (const chunk of turn) {
        await writer.ready
        void writer.write(chunk)
        sent += Buffer.from(chunk).toString("latin1")
      }
      await expect.poll(() => inflatedSoFar(received), { timeout: 5000, interval: 5 }).toBe(sent)
    }
    await writer.close()
    await reading
    expect(gunzipSync(join(received)).toString("latin1")).toBe(sent)
  })

  test.prop([fc.string({ minLength: 1, maxLength: 20_000 })], { numRuns: 20 })("a page written in one turn costs a few bytes over one gzip of it", async (page) => {
    const bytes = new TextEncoder().encode(page)
    const out = join(await collect(new Blob([bytes]).stream().pipeThrough(gzipBursts())))
    const whole = join(await collect(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))))
    expect(new TextDecoder().decode(gunzipSync(out))).toBe(page)
    expect(out.length).toBeLessThanOrEqual(whole.length + 16)
  })

  test("a reader that goes away mid-page stops the compressor: later writes are dropped, nothing throws", async () => {
    const { readable, writable } = gzipBursts()
    const writer = writable.getWriter()
    const reader = readable.getReader()
    void writer.write(new Uint8Array(4000).fill(60))
    await reader.read()
    await reader.cancel()
    for (let turn = 0; turn < 5; turn++) {
      void writer.write(new Uint8Array(4000).fill(61)).catch(() => undefined)
      await new Promise((done) => setImmediate(done))
    }
    await writer.close().catch(() => undefined)
    await new Promise((done) => setTimeout(done, 50))
  })
})
