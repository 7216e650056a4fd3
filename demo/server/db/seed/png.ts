/**
 * A PNG encoder for RGBA pixel buffers (8 bits per channel, non-interlaced): each row gets the filter (none, sub, up,
 * average or Paeth) with the smallest sum of absolute differences, as libpng's heuristic does, and the filtered rows
 * are deflated with node:zlib. Opaque images are written as RGB (colour type 2), others as RGBA (colour type 6).
 *
 * @module
 */
import { deflateSync } from "node:zlib"

/** The eight bytes every PNG file starts with. */
export const pngSignature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

const crcTable = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** The CRC-32 (ISO 3309, as PNG chunks use) of `bytes`. */
export const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const chunk = (type: string, data: Uint8Array): Uint8Array => {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
  return out
}

const paeth = (a: number, b: number, c: number): number => {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

/** Writes `row` under each of the five filters into `outs` (after each's filter byte); returns the cheapest filter. */
const filterRow = (row: Uint8Array, above: Uint8Array, bpp: number, outs: ReadonlyArray<Uint8Array>): number => {
  const [none, sub, up, average, paethOut] = outs as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array]
  let costNone = 0
  let costSub = 0
  let costUp = 0
  let costAverage = 0
  let costPaeth = 0
  for (let i = 0; i < row.length; i++) {
    const x = row[i]!
    const a = i >= bpp ? row[i - bpp]! : 0
    const b = above[i]!
    const c = i >= bpp ? above[i - bpp]! : 0
    const vNone = x
    const vSub = (x - a) & 0xff
    const vUp = (x - b) & 0xff
    const vAverage = (x - ((a + b) >> 1)) & 0xff
    const vPaeth = (x - paeth(a, b, c)) & 0xff
    none[i + 1] = vNone
    sub[i + 1] = vSub
    up[i + 1] = vUp
    average[i + 1] = vAverage
    paethOut[i + 1] = vPaeth
    costNone += vNone < 128 ? vNone : 256 - vNone
    costSub += vSub < 128 ? vSub : 256 - vSub
    costUp += vUp < 128 ? vUp : 256 - vUp
    costAverage += vAverage < 128 ? vAverage : 256 - vAverage
    costPaeth += vPaeth < 128 ? vPaeth : 256 - vPaeth
  }
  const costs = [costNone, costSub, costUp, costAverage, costPaeth]
  let best = 0
  for (let filter = 1; filter < 5; filter++) if (costs[filter]! < costs[best]!) best = filter
  return best
}

/**
 * Encodes `rgba` (width x height x 4 bytes, rows top to bottom, not premultiplied) as a PNG file.
 *
 * @example
 * ```ts
 * const png = encodePng(1, 1, Uint8Array.of(255, 0, 0, 255)) // one red pixel
 * ```
 */
export const encodePng = (width: number, height: number, rgba: Uint8Array): Uint8Array => {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new RangeError("PNG size must be at least 1x1")
  if (rgba.length !== width * height * 4) throw new RangeError("pixel buffer does not match the size")
  let opaque = true
  for (let i = 3; i < rgba.length && opaque; i += 4) opaque = rgba[i] === 255
  const bpp = opaque ? 3 : 4
  const stride = width * bpp
  const filtered = new Uint8Array((stride + 1) * height)
  const outs = [0, 1, 2, 3, 4].map((filter) => {
    const out = new Uint8Array(stride + 1)
    out[0] = filter
    return out
  })
  const zeroRow = Buffer.alloc(stride)
  let above: Uint8Array = zeroRow
  let aboveIsZero = true
  for (let y = 0; y < height; y++) {
    let row: Uint8Array
    if (opaque) {
      row = new Uint8Array(stride)
      for (let x = 0, s = y * width * 4; x < width; x++, s += 4) {
        row[x * 3] = rgba[s]!
        row[x * 3 + 1] = rgba[s + 1]!
        row[x * 3 + 2] = rgba[s + 2]!
      }
    } else {
      row = rgba.subarray(y * stride, (y + 1) * stride)
    }
    // A row equal to the one above filters to zeros under Up (or None when it is all zeros), the cheapest any filter
    // gives and the filter filterRow would choose; the filtered buffer is already zeros.
    const bytes = Buffer.from(row.buffer, row.byteOffset, stride)
    const repeated = bytes.equals(Buffer.from(above.buffer, above.byteOffset, stride))
    const rowIsZero: boolean = repeated ? aboveIsZero : bytes.equals(zeroRow)
    if (repeated) filtered[y * (stride + 1)] = rowIsZero ? 0 : 2
    else filtered.set(outs[filterRow(row, above, bpp, outs)]!, y * (stride + 1))
    above = row
    aboveIsZero = rowIsZero
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header[8] = 8
  header[9] = opaque ? 2 : 6
  const parts = [pngSignature, chunk("IHDR", header), chunk("IDAT", deflateSync(filtered, { level: 6 })), chunk("IEND", new Uint8Array(0))]
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}
