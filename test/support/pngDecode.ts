/**
 * A small PNG reader for the tests, written from the PNG specification independently of the encoder under test:
 * checks the signature and every chunk's CRC (node:zlib's `crc32`), reads IHDR, inflates the IDAT data and undoes the
 * five row filters, giving RGBA pixels (8-bit RGB and RGBA, non-interlaced, which is what the encoder writes).
 *
 * @module
 */
import { crc32, inflateSync } from "node:zlib"

/** A decoded PNG. */
export interface DecodedPng {
  readonly width: number
  readonly height: number
  /** 2 (RGB) or 6 (RGBA). */
  readonly colourType: number
  /** The chunk types in file order. */
  readonly chunks: ReadonlyArray<string>
  /** RGBA bytes, rows top to bottom. */
  readonly rgba: Uint8Array
}

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Decodes `bytes`, throwing on a bad signature, a bad CRC, an unknown filter or a size that does not add up. */
export const decodePng = (bytes: Uint8Array): DecodedPng => {
  if (!signature.every((byte, i) => bytes[i] === byte)) throw new Error("not a PNG signature")
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunks: Array<string> = []
  const idat: Array<Uint8Array> = []
  let width = 0
  let height = 0
  let colourType = -1
  let offset = 8
  while (offset < bytes.length) {
    const length = view.getUint32(offset)
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
    const data = bytes.subarray(offset + 8, offset + 8 + length)
    const stored = view.getUint32(offset + 8 + length)
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== stored) throw new Error(`bad CRC in ${type}`)
    chunks.push(type)
    if (type === "IHDR") {
      const header = new DataView(data.buffer, data.byteOffset, data.byteLength)
      width = header.getUint32(0)
      height = header.getUint32(4)
      if (data[8] !== 8 || data[10] !== 0 || data[11] !== 0 || data[12] !== 0) throw new Error("unsupported IHDR")
      colourType = data[9]!
    } else if (type === "IDAT") {
      idat.push(data)
    }
    offset += 12 + length
  }
  const bpp = colourType === 2 ? 3 : colourType === 6 ? 4 : 0
  if (bpp === 0) throw new Error(`unsupported colour type ${colourType}`)
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * bpp
  if (raw.length !== (stride + 1) * height) throw new Error("image data does not match IHDR")
  const rgba = new Uint8Array(width * height * 4)
  let previous = new Uint8Array(stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    const row = new Uint8Array(stride)
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0
      const b = previous[i]!
      const c = i >= bpp ? previous[i - bpp]! : 0
      const p = a + b - c
      const predictor = filter === 0 ? 0
        : filter === 1 ? a
        : filter === 2 ? b
        : filter === 3 ? Math.floor((a + b) / 2)
        : filter === 4
        ? (Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c)
        : -1
      if (predictor < 0) throw new Error(`unknown filter ${filter}`)
      row[i] = (line[i]! + predictor) & 0xff
    }
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < bpp; c++) rgba[(y * width + x) * 4 + c] = row[x * bpp + c]!
      if (bpp === 3) rgba[(y * width + x) * 4 + 3] = 255
    }
    previous = row
  }
  return { width, height, colourType, chunks, rgba }
}

/** The RGBA of pixel (x, y). */
export const pixelAt = (png: DecodedPng, x: number, y: number): readonly [number, number, number, number] => {
  const i = (y * png.width + x) * 4
  return [png.rgba[i]!, png.rgba[i + 1]!, png.rgba[i + 2]!, png.rgba[i + 3]!]
}
