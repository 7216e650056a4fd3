/**
 * Media rows as raster images: the same background, silhouette and dot pattern as `renderMediaSvg`, drawn into
 * an RGBA buffer with anti-aliased edges (each pixel's coverage from the shape's signed distance at the pixel's
 * centre) and encoded as PNG. Browsers decode a PNG off the main thread; an SVG `<img>` is a document of its own,
 * parsed, laid out and painted on it. No text is drawn: a product photo has no caption (the `<img>`'s alt names the
 * product) and a banner's title is the page's text.
 *
 * @module
 */
import { hasGradientBackground, isPatternMedia, type MediaPart, type MediaRow, mediaColors, mediaSize, silhouetteParts } from "./images.ts"
import { encodePng } from "./png.ts"

/** A raster image: its size in px and its PNG bytes. */
export interface RasterImage {
  readonly width: number
  readonly height: number
  readonly png: Uint8Array
}

/** A requested width is rounded up to a multiple of this many px, so one image has at most 256 widths to cache. */
export const rasterWidthStep = 16

/**
 * The width a raster of `media` is rendered at when `requested` px are asked for: the row's own width when none is
 * asked, else the requested width rounded up to a multiple of {@link rasterWidthStep}, at most twice the row's width
 * (a 2x screen) and 4096.
 */
export const rasterWidth = (media: Pick<MediaRow, "width" | "height">, requested?: number): number => {
  const natural = mediaSize(media).width
  if (requested === undefined || !Number.isFinite(requested) || requested <= 0) return natural
  return Math.min(4096, natural * 2, Math.ceil(requested / rasterWidthStep) * rasterWidthStep)
}

const rgb = (hex: string): readonly [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
}

const clamp01 = (value: number): number => (value < 0 ? 0 : value > 1 ? 1 : value)

/** Blends `colour` at `alpha` (0..1) over pixel `i` of `pixels` (straight alpha, source over). */
const blend = (pixels: Uint8Array, i: number, colour: readonly [number, number, number], alpha: number): void => {
  if (alpha <= 0) return
  const destAlpha = pixels[i + 3]! / 255
  const outAlpha = alpha + destAlpha * (1 - alpha)
  for (let c = 0; c < 3; c++) {
    pixels[i + c] = Math.round((colour[c]! * alpha + pixels[i + c]! * destAlpha * (1 - alpha)) / outAlpha)
  }
  pixels[i + 3] = Math.round(outAlpha * 255)
}

/** The signed distance (px, negative inside) from (px, py) to a part scaled by `k`. */
const distance = (part: MediaPart, k: number, px: number, py: number): number => {
  if (part.kind === "circle") return Math.hypot(px - part.cx * k, py - part.cy * k) - part.r * k
  const hx = (part.width * k) / 2
  const hy = (part.height * k) / 2
  const r = Math.min(part.rx * k, hx, hy)
  const qx = Math.abs(px - (part.x * k + hx)) - (hx - r)
  const qy = Math.abs(py - (part.y * k + hy)) - (hy - r)
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r
}

const fillPart = (pixels: Uint8Array, w: number, h: number, part: MediaPart, k: number, colour: readonly [number, number, number]): void => {
  const [left, top, right, bottom] = part.kind === "circle"
    ? [part.cx - part.r, part.cy - part.r, part.cx + part.r, part.cy + part.r]
    : [part.x, part.y, part.x + part.width, part.y + part.height]
  const x0 = Math.max(0, Math.floor(left * k) - 1)
  const y0 = Math.max(0, Math.floor(top * k) - 1)
  const x1 = Math.min(w, Math.ceil(right * k) + 1)
  const y1 = Math.min(h, Math.ceil(bottom * k) + 1)
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const coverage = clamp01(0.5 - distance(part, k, x + 0.5, y + 0.5))
      if (coverage > 0) blend(pixels, (y * w + x) * 4, colour, coverage * part.opacity)
    }
  }
}

/**
 * Whether a row's PNG has no background of its own: a banner's gradient is its slide's CSS background (the slider
 * paints the slide's two colours behind the image), so the pixels would repeat it at up to 121 kB and 212 ms of
 * rendering for a 2x desktop; transparent, the file is about 1 kB. The SVG keeps the gradient.
 */
export const hasTransparentBackground = (media: Pick<MediaRow, "kind">): boolean => media.kind === "banner"

/**
 * Draws a media row at `width` px (default its own; the height keeps the row's proportions) into RGBA pixels: the
 * dot pattern on transparency, or the background (none for banners, {@link hasTransparentBackground}; the two
 * colours' diagonal gradient for thumbnails, else the second colour) and the shape's silhouette in the main colour.
 */
export const drawMedia = (media: MediaRow, width?: number): { readonly width: number; readonly height: number; readonly pixels: Uint8Array } => {
  const size = mediaSize(media)
  const w = Math.max(1, Math.round(width ?? size.width))
  const k = w / size.width
  const h = Math.max(1, Math.round(size.height * k))
  const pixels = new Uint8Array(w * h * 4)
  const [c1, c2] = mediaColors(media).map(rgb) as [readonly [number, number, number], readonly [number, number, number]]
  if (isPatternMedia(media)) {
    const tile = 24 * k
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const dx = ((x + 0.5) % tile) - tile / 2
        const dy = ((y + 0.5) % tile) - tile / 2
        const coverage = clamp01(0.5 - (Math.hypot(dx, dy) - 3 * k))
        blend(pixels, (y * w + x) * 4, c1, coverage * 0.35)
      }
    }
    return { width: w, height: h, pixels }
  }
  const gradient = hasGradientBackground(media)
  for (let y = 0; y < (hasTransparentBackground(media) ? 0 : h); y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4
      const t = gradient ? ((x + 0.5) / w + (y + 0.5) / h) / 2 : 1
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(c1[c]! * (1 - t) + c2[c]! * t)
      pixels[i + 3] = 255
    }
  }
  for (const part of silhouetteParts(media.shape, size.width, size.height)) {
    fillPart(pixels, w, h, part, k, part.white ? [255, 255, 255] : c1)
  }
  return { width: w, height: h, pixels }
}

/** A media row as a PNG at `width` px (see {@link drawMedia}). */
export const renderMediaPng = (media: MediaRow, width?: number): RasterImage => {
  const drawn = drawMedia(media, width)
  return { width: drawn.width, height: drawn.height, png: encodePng(drawn.width, drawn.height, drawn.pixels) }
}
