/**
 * Locally generated images. The seed stores for every image a `media` row (kind, shape, label, two
 * colours, size) and a route renders it on request, as PNG (`mediaRaster.ts`, what the pages show) or
 * as SVG ({@link renderMediaSvg}); nothing is fetched from outside and no file is written.
 *
 * @module
 */

/** The shapes an image can draw. */
export const mediaShapes = [
  "phone",
  "laptop",
  "screen",
  "appliance",
  "round",
  "bottle",
  "box",
  "banner",
  "pattern",
  "icon"
] as const

/** A shape an image can draw. */
export type MediaShape = (typeof mediaShapes)[number]

/** The columns of a `media` row that an image is rendered from. */
export interface MediaRow {
  /** The media id (also the file name in {@link mediaUrl}). */
  readonly media_id: string
  /** product, banner, thumbnail, pattern or icon. */
  readonly kind: string
  /** One of {@link mediaShapes}; unknown shapes render as a box. */
  readonly shape: string
  /** The text the SVG draws on the image (the PNG draws none). */
  readonly label: string
  /** Main colour, `#rrggbb`. */
  readonly color1: string
  /** Second colour, `#rrggbb`. */
  readonly color2: string
  /** Width in px. */
  readonly width: number
  /** Height in px. */
  readonly height: number
}

/** The URL path the storefront uses for a media id: `/media/{mediaId}.png` (the raster image, `mediaRaster.ts`). */
export const mediaUrl = (mediaId: string): string => `/media/${encodeURIComponent(mediaId)}.png`

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) =>
    char === "<" ? "&lt;" : char === ">" ? "&gt;" : char === "&" ? "&amp;" : char === '"' ? "&quot;" : "&apos;")

const hexColor = (value: string, fallback: string): string => (/^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback)

/** A filled shape of a media image, in the image's own px (`white` shapes are white at `opacity`, others the main colour). */
export type MediaPart =
  | { readonly kind: "rect"; readonly x: number; readonly y: number; readonly width: number; readonly height: number; readonly rx: number; readonly white: boolean; readonly opacity: number }
  | { readonly kind: "circle"; readonly cx: number; readonly cy: number; readonly r: number; readonly white: boolean; readonly opacity: number }

const rect = (x: number, y: number, width: number, height: number, rx = 0, white = false, opacity = 1): MediaPart =>
  ({ kind: "rect", x, y, width, height, rx, white, opacity })
const circle = (cx: number, cy: number, r: number, white = false, opacity = 1): MediaPart => ({ kind: "circle", cx, cy, r, white, opacity })

/** The silhouette a shape draws on a `w` x `h` image (none for banners and patterns; unknown shapes draw a box). */
export const silhouetteParts = (shape: string, w: number, h: number): ReadonlyArray<MediaPart> => {
  const cx = w / 2
  const cy = h * 0.45
  const s = Math.min(w, h)
  switch (shape) {
    case "phone":
      return [rect(cx - s * 0.17, cy - s * 0.32, s * 0.34, s * 0.64, s * 0.05), rect(cx - s * 0.14, cy - s * 0.27, s * 0.28, s * 0.52, s * 0.02, true, 0.25)]
    case "laptop":
      return [rect(cx - s * 0.3, cy - s * 0.22, s * 0.6, s * 0.38, s * 0.02), rect(cx - s * 0.38, cy + s * 0.17, s * 0.76, s * 0.05, s * 0.02)]
    case "screen":
      return [rect(cx - s * 0.4, cy - s * 0.25, s * 0.8, s * 0.46, s * 0.02), rect(cx - s * 0.04, cy + s * 0.21, s * 0.08, s * 0.08)]
    case "appliance":
      return [rect(cx - s * 0.25, cy - s * 0.32, s * 0.5, s * 0.64, s * 0.03), circle(cx, cy + s * 0.05, s * 0.15, true, 0.35)]
    case "round":
      return [circle(cx, cy, s * 0.28), circle(cx, cy, s * 0.12, true, 0.3)]
    case "bottle":
      return [rect(cx - s * 0.05, cy - s * 0.36, s * 0.1, s * 0.16), rect(cx - s * 0.13, cy - s * 0.2, s * 0.26, s * 0.54, s * 0.06)]
    case "banner":
    case "pattern":
      return []
    case "icon":
      return [circle(w / 2, h / 2, s * 0.4)]
    default:
      return [rect(cx - s * 0.28, cy - s * 0.28, s * 0.56, s * 0.56, s * 0.04)]
  }
}

const svgPart = (part: MediaPart, fill: string): string => {
  const paint = part.white ? `fill="#ffffff"${part.opacity === 1 ? "" : ` opacity="${part.opacity}"`}` : `fill="${fill}"`
  return part.kind === "circle"
    ? `<circle cx="${part.cx}" cy="${part.cy}" r="${part.r}" ${paint}/>`
    : `<rect x="${part.x}" y="${part.y}" width="${part.width}" height="${part.height}"${part.rx === 0 ? "" : ` rx="${part.rx}"`} ${paint}/>`
}

/** Clamps a media row's size to 16..4096 px, as both renderers do. */
export const mediaSize = (media: Pick<MediaRow, "width" | "height">): { readonly width: number; readonly height: number } => ({
  width: Math.min(4096, Math.max(16, Math.round(Number.isNaN(media.width) ? 16 : media.width))),
  height: Math.min(4096, Math.max(16, Math.round(Number.isNaN(media.height) ? 16 : media.height)))
})

/** A media row's main and second colour, `#rrggbb`, grey when the row's is not. */
export const mediaColors = (media: Pick<MediaRow, "color1" | "color2">): readonly [string, string] =>
  [hexColor(media.color1, "#9ca3af"), hexColor(media.color2, "#e5e7eb")]

/** Whether a row is drawn as the dot pattern. */
export const isPatternMedia = (media: Pick<MediaRow, "kind" | "shape">): boolean => media.kind === "pattern" || media.shape === "pattern"

/** Whether a row's background is the two colours' diagonal gradient (banners and their thumbnails) rather than the second colour. */
export const hasGradientBackground = (media: Pick<MediaRow, "kind">): boolean => media.kind === "banner" || media.kind === "thumbnail"

/**
 * Renders a media row as a standalone SVG document (serve it as `image/svg+xml`). The label is
 * XML-escaped, colours that are not `#rrggbb` fall back to grey, and sizes are clamped to 16..4096.
 */
export const renderMediaSvg = (media: MediaRow): string => {
  const { width: w, height: h } = mediaSize(media)
  const [c1, c2] = mediaColors(media)
  const label = escapeXml(media.label)
  const id = `g${escapeXml(media.media_id).replace(/[^a-zA-Z0-9]/g, "")}`
  if (isPatternMedia(media)) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs><pattern id="${id}" width="24" height="24" patternUnits="userSpaceOnUse">` +
      `<circle cx="12" cy="12" r="3" fill="${c1}" opacity="0.35"/></pattern></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#${id})"/></svg>`
  }
  const small = w <= 64 || h <= 64
  const fontSize = Math.max(8, Math.round(Math.min(w, h) * (media.kind === "banner" ? 0.09 : 0.06)))
  const text = small || label === ""
    ? ""
    : `<text x="${w / 2}" y="${media.kind === "banner" ? h / 2 : h * 0.9}" font-family="sans-serif" font-size="${fontSize}" ` +
      `font-weight="600" text-anchor="middle" dominant-baseline="middle" fill="${media.kind === "banner" ? "#ffffff" : "#1f2937"}">${label}</text>`
  const background = hasGradientBackground(media)
    ? `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/>` +
      `<stop offset="1" stop-color="${c2}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`
    : `<rect width="${w}" height="${h}" fill="${c2}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">` +
    background + silhouetteParts(media.shape, w, h).map((part) => svgPart(part, c1)).join("") + text + `</svg>`
}
