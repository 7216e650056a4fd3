/**
 * The generated images as PNG (demo/server/db/seed/mediaRaster.ts, png.ts): valid files (signature, CRCs, IHDR,
 * decodable by an independent reader), the shapes where the SVG draws them, anti-aliased edges, and the SVG's
 * clamping of sizes and colours, property-tested.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type MediaRow, mediaShapes, mediaSize, silhouetteParts } from "../../demo/server/db/seed/images.ts"
import { drawMedia, rasterWidth, rasterWidthStep, renderMediaPng } from "../../demo/server/db/seed/mediaRaster.ts"
import { encodePng } from "../../demo/server/db/seed/png.ts"
import { makeByteCache } from "../../demo/server/http/mediaCache.ts"
import { decodePng, pixelAt } from "../support/pngDecode.ts"

const row = (overrides: Partial<MediaRow>): MediaRow => ({
  media_id: "v1",
  kind: "product",
  shape: "box",
  label: "Kettle",
  color1: "#2563EB",
  color2: "#F3F4F6",
  width: 600,
  height: 600,
  ...overrides
})

const rgbOf = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))

describe("PNG encoder", () => {
  it("writes a file an independent reader decodes to the same pixels, RGB when opaque and RGBA otherwise", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 24 }),
      fc.integer({ min: 1, max: 24 }),
      fc.boolean(),
      fc.integer(),
      (width, height, opaque, seed) => {
        const pixels = new Uint8Array(width * height * 4)
        let state = seed >>> 0
        for (let i = 0; i < pixels.length; i++) {
          state = (Math.imul(state, 1664525) + 1013904223) >>> 0
          pixels[i] = i % 4 === 3 && opaque ? 255 : (i % 7 === 0 ? state >>> 24 : (i >> 5) & 0xff)
        }
        const decoded = decodePng(encodePng(width, height, pixels))
        expect(decoded.chunks).toEqual(["IHDR", "IDAT", "IEND"])
        expect([decoded.width, decoded.height]).toEqual([width, height])
        expect(decoded.colourType).toBe(opaque || pixels.every((byte, i) => i % 4 !== 3 || byte === 255) ? 2 : 6)
        expect(decoded.rgba).toEqual(pixels)
      }
    ), { numRuns: 200 })
  })

  it("decodes to the same pixels when rows repeat the row above (flat backgrounds, transparent banners), all-zero rows too", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 16 }),
      fc.boolean(),
      fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 24 }),
      fc.integer(),
      (width, opaque, rowKinds, seed) => {
        let state = seed >>> 0
        const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) >>> 24
        const distinct = [0, 1, 2].map((kind) => Uint8Array.from({ length: width * 4 }, (_, i) =>
          kind === 0 ? (opaque && i % 4 === 3 ? 255 : 0) : i % 4 === 3 && opaque ? 255 : random()))
        const pixels = new Uint8Array(width * rowKinds.length * 4)
        rowKinds.forEach((kind, y) => pixels.set(distinct[kind]!, y * width * 4))
        const decoded = decodePng(encodePng(width, rowKinds.length, pixels))
        expect(decoded.rgba).toEqual(pixels)
      }
    ), { numRuns: 300 })
  })

  it("refuses a size below 1x1 or a buffer of another length", () => {
    expect(() => encodePng(0, 1, new Uint8Array(0))).toThrow(RangeError)
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow(RangeError)
  })
})

describe("media rows as PNG", () => {
  it("draws a product's silhouette in the main colour on the second colour, with anti-aliased edges", () => {
    const media = row({ shape: "box", width: 601, height: 601 })
    const png = decodePng(renderMediaPng(media).png)
    expect([png.width, png.height, png.colourType]).toEqual([601, 601, 2])
    expect(pixelAt(png, 5, 5)).toEqual([...rgbOf("#F3F4F6"), 255])
    expect(pixelAt(png, 300, 270)).toEqual([...rgbOf("#2563EB"), 255])
    // The box's left edge is at x 132.22 (cx 300.5 - 0.28 * 601): the pixel it cuts is a blend of the two colours.
    const box = silhouetteParts("box", 601, 601)[0]!
    expect(box.kind).toBe("rect")
    if (box.kind !== "rect") return
    const edge = Math.floor(box.x)
    expect(box.x % 1).not.toBe(0)
    const blended = pixelAt(png, edge, 270)
    expect(blended[0]).toBeGreaterThan(0x25)
    expect(blended[0]).toBeLessThan(0xf3)
    expect(pixelAt(png, edge - 1, 270)).toEqual([...rgbOf("#F3F4F6"), 255])
    expect(pixelAt(png, edge + 1, 270)).toEqual([...rgbOf("#2563EB"), 255])
  })

  it("draws the white parts at their opacity over the silhouette (the phone's screen)", () => {
    const png = decodePng(renderMediaPng(row({ shape: "phone", color1: "#000000" })).png)
    // #ffffff at 0.25 over black
    expect(pixelAt(png, 300, 270)).toEqual([64, 64, 64, 255])
  })

  it("draws a banner on transparency (its gradient is the slide's CSS background), and no text: about 1 kB at 960 px", () => {
    const media = row({ kind: "banner", shape: "banner", color1: "#FF0000", color2: "#0000FF", width: 1200, height: 400 })
    const rendered = renderMediaPng(media, 960)
    const png = decodePng(rendered.png)
    expect([png.width, png.height, png.colourType]).toEqual([960, 320, 6])
    expect(png.rgba.every((byte) => byte === 0)).toBe(true)
    expect(rendered.png.length).toBeLessThan(2048)
  })

  it("draws a banner's thumbnail as the diagonal gradient from the main to the second colour", () => {
    const media = row({ kind: "thumbnail", shape: "banner", color1: "#FF0000", color2: "#0000FF", width: 55, height: 55 })
    const png = decodePng(renderMediaPng(media, 110).png)
    expect([png.width, png.height]).toEqual([110, 110])
    const [r0, , b0] = pixelAt(png, 0, 0)
    const [r1, , b1] = pixelAt(png, 109, 109)
    expect(r0).toBeGreaterThan(250)
    expect(b0).toBeLessThan(5)
    expect(r1).toBeLessThan(5)
    expect(b1).toBeGreaterThan(250)
    // Along a line of constant x/w + y/h the colour is the same: nothing is drawn over the gradient.
    expect(pixelAt(png, 55, 0)).toEqual(pixelAt(png, 0, 55))
  })

  it("draws the dot pattern on transparency: one dot per 24 px tile", () => {
    const png = decodePng(renderMediaPng(row({ kind: "pattern", shape: "pattern", color1: "#FFFFFF", width: 48, height: 48 })).png)
    expect(png.colourType).toBe(6)
    expect(pixelAt(png, 0, 0)[3]).toBe(0)
    expect(pixelAt(png, 12, 12)).toEqual([255, 255, 255, Math.round(0.35 * 255)])
    expect(pixelAt(png, 36, 36)).toEqual(pixelAt(png, 12, 12))
  })

  it("renders at the width asked, rounded up to a multiple of 16, at most twice the row's width", () => {
    expect(rasterWidth(row({}))).toBe(600)
    expect(rasterWidth(row({}), 150)).toBe(160)
    expect(rasterWidth(row({}), 160)).toBe(160)
    expect(rasterWidth(row({}), 5000)).toBe(1200)
    expect(rasterWidth(row({ width: 55, height: 55 }), 110)).toBe(110)
    expect(rasterWidth(row({}), 0)).toBe(600)
    expect(rasterWidth(row({}), Number.NaN)).toBe(600)
  })

  it("clamps sizes to 16..4096 and bad colours to grey, as the SVG does, for any row", () => {
    const size = fc.oneof(fc.double({ noNaN: false }), fc.integer({ min: -100, max: 300 }))
    fc.assert(fc.property(
      fc.constantFrom(...mediaShapes, "unknown"),
      fc.constantFrom("product", "banner", "thumbnail", "icon"),
      size,
      size,
      fc.oneof(fc.string(), fc.constant("#12ab9F")),
      fc.oneof(fc.string(), fc.constant("#FEDCBA")),
      fc.integer({ min: 1, max: 64 }),
      (shape, kind, width, height, color1, color2, asked) => {
        const media = row({ shape, kind, width, height, color1, color2 })
        const natural = mediaSize(media)
        expect(natural.width).toBeGreaterThanOrEqual(16)
        expect(natural.width).toBeLessThanOrEqual(4096)
        expect(natural.height).toBeGreaterThanOrEqual(16)
        expect(natural.height).toBeLessThanOrEqual(4096)
        const w = rasterWidth(media, asked)
        expect(w % rasterWidthStep === 0 || w === natural.width * 2).toBe(true)
        expect(w).toBeLessThanOrEqual(Math.min(64 + rasterWidthStep, natural.width * 2))
        const png = decodePng(renderMediaPng(media, w).png)
        expect(png.width).toBe(w)
        expect(png.height).toBe(Math.max(1, Math.round(natural.height * (w / natural.width))))
        if (kind === "product" && shape !== "pattern") {
          // A corner shows the background: the second colour, or grey when it is not #rrggbb.
          const expected = /^#[0-9a-fA-F]{6}$/.test(color2) ? rgbOf(color2) : rgbOf("#e5e7eb")
          expect(pixelAt(png, 0, 0)).toEqual([...expected, 255])
        }
      }
    ), { numRuns: 150 })
  })

  it("covers the silhouette's area: the ink of each shape is its parts' area, to within 0.5 %", () => {
    const k = 200 / 600
    for (const shape of mediaShapes.filter((shape) => shape !== "pattern")) {
      const { pixels } = drawMedia(row({ shape, color1: "#000000", color2: "#FFFFFF" }), 200)
      let ink = 0
      for (let i = 0; i < pixels.length; i += 4) ink += (255 - pixels[i]!) / 255
      let area = 0
      for (const part of silhouetteParts(shape, 600, 600)) {
        const size = part.kind === "circle"
          ? Math.PI * part.r ** 2
          : part.width * part.height - (4 - Math.PI) * Math.min(part.rx, part.width / 2, part.height / 2) ** 2
        area += (part.white ? -part.opacity : 1) * size * k * k
      }
      if (area === 0) expect(ink, shape).toBe(0)
      else expect(Math.abs(ink - area) / area, shape).toBeLessThan(0.005)
    }
  })
})

describe("rendered-image cache", () => {
  it("renders once per key and holds at most its bounds, dropping the least recently used", () => {
    const cache = makeByteCache(2, 10)
    let renders = 0
    const render = (size: number) => () => {
      renders++
      return new Uint8Array(size)
    }
    cache.getOrRender("a", render(4))
    cache.getOrRender("a", render(4))
    expect(renders).toBe(1)
    cache.getOrRender("b", render(4))
    cache.getOrRender("a", render(4))
    cache.getOrRender("c", render(4))
    expect(cache.size()).toEqual({ entries: 2, bytes: 8 })
    cache.getOrRender("a", render(4))
    expect(renders).toBe(3)
    cache.getOrRender("b", render(4))
    expect(renders).toBe(4)
    cache.getOrRender("big", render(11))
    expect(cache.size().bytes).toBeLessThanOrEqual(10)
  })
})
