/**
 * Gzip for a streamed page that sends each burst of the page at once. The web `CompressionStream` hands zlib every
 * chunk React writes as a job of its own and sends nothing until its output buffer fills, so a page below ~16 kB
 * gzipped reached the browser only when the stream ended, 15 to 850 ms after its response head on this machine
 * (the render itself was over, the rest was zlib jobs waiting for the thread pool). Here the chunks written in one
 * turn of the event loop are compressed as one, and the compressor is flushed (`Z_SYNC_FLUSH`: a byte boundary, the
 * dictionary kept), so what the server has rendered is on the wire at once and the browser can paint the shell while
 * later parts still render.
 *
 * @module
 */
import { constants, createGzip } from "node:zlib"

/**
 * A gzip transform flushing after each event-loop turn's writes (see the module comment). A reader that goes away (the
 * browser closed the connection) stops the compressor: what is written after that is dropped, nothing throws.
 */
export const gzipBursts = (): TransformStream<Uint8Array, Uint8Array> => {
  const gzip = createGzip()
  let pending: Array<Uint8Array> = []
  let written: Promise<void> = Promise.resolve()
  let output: TransformStreamDefaultController<Uint8Array> | undefined
  let stopped = false
  let failure: unknown
  const stop = (error?: unknown) => {
    if (stopped) return
    stopped = true
    failure = error
    pending = []
    gzip.destroy()
    if (error !== undefined) {
      try {
        output?.error(error)
      } catch {
        // the stream is already closed or errored
      }
    }
  }
  gzip.on("data", (chunk: Buffer) => {
    if (stopped) return
    try {
      output?.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
    } catch {
      stop()
    }
  })
  gzip.on("error", (error) => stop(error))
  /** Compresses what was written since the last burst and flushes it out. */
  const burst = () => {
    const chunks = pending
    pending = []
    if (stopped || chunks.length === 0) return Promise.resolve()
    return new Promise<void>((done, fail) => {
      gzip.write(Buffer.concat(chunks), (error) => error ? fail(error) : gzip.flush(constants.Z_SYNC_FLUSH, () => done()))
    })
  }
  return new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      output = controller
    },
    transform(chunk) {
      if (stopped) return undefined
      if (pending.length === 0) {
        written = written
          .then(() => new Promise<void>((turn) => setImmediate(turn)))
          .then(burst)
          .catch((error: unknown) => stop(error))
      }
      pending.push(chunk)
      return undefined
    },
    async flush() {
      await written
      await burst().catch((error: unknown) => stop(error))
      if (stopped) {
        if (failure !== undefined) throw failure
        return
      }
      await new Promise<void>((done, fail) => {
        gzip.once("error", fail)
        gzip.once("end", done)
        gzip.end()
      })
    }
  })
}
