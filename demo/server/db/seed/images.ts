/**
 * Locally generated images. The seed stores for every image a `media` row (kind, shape, label, two
 * colours, size) and a route renders it on request with {@link renderMediaSvg}; nothing is fetched
 * from outside and no file is written.
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
  /** The text drawn on the image. */
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

/** The URL path the storefront uses for a media id: `/media/{mediaId}.svg`. */
export const mediaUrl = (mediaId: string): string => `/media/${encodeURIComponent(mediaId)}.svg`

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) =>
    char === "<" ? "&lt;" : char === ">" ? "&gt;" : char === "&" ? "&amp;" : char === '"' ? "&quot;" : "&apos;")

const hexColor = (value: string, fallback: string): string => (/^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback)

const silhouette = (shape: string, w: number, h: number, fill: string): string => {
  const cx = w / 2
  const cy = h * 0.45
  const s = Math.min(w, h)
  switch (shape) {
    case "phone":
      return `<rect x="${cx - s * 0.17}" y="${cy - s * 0.32}" width="${s * 0.34}" height="${s * 0.64}" rx="${s * 0.05}" fill="${fill}"/>` +
        `<rect x="${cx - s * 0.14}" y="${cy - s * 0.27}" width="${s * 0.28}" height="${s * 0.52}" rx="${s * 0.02}" fill="#ffffff" opacity="0.25"/>`
    case "laptop":
      return `<rect x="${cx - s * 0.3}" y="${cy - s * 0.22}" width="${s * 0.6}" height="${s * 0.38}" rx="${s * 0.02}" fill="${fill}"/>` +
        `<rect x="${cx - s * 0.38}" y="${cy + s * 0.17}" width="${s * 0.76}" height="${s * 0.05}" rx="${s * 0.02}" fill="${fill}"/>`
    case "screen":
      return `<rect x="${cx - s * 0.4}" y="${cy - s * 0.25}" width="${s * 0.8}" height="${s * 0.46}" rx="${s * 0.02}" fill="${fill}"/>` +
        `<rect x="${cx - s * 0.04}" y="${cy + s * 0.21}" width="${s * 0.08}" height="${s * 0.08}" fill="${fill}"/>`
    case "appliance":
      return `<rect x="${cx - s * 0.25}" y="${cy - s * 0.32}" width="${s * 0.5}" height="${s * 0.64}" rx="${s * 0.03}" fill="${fill}"/>` +
        `<circle cx="${cx}" cy="${cy + s * 0.05}" r="${s * 0.15}" fill="#ffffff" opacity="0.35"/>`
    case "round":
      return `<circle cx="${cx}" cy="${cy}" r="${s * 0.28}" fill="${fill}"/>` +
        `<circle cx="${cx}" cy="${cy}" r="${s * 0.12}" fill="#ffffff" opacity="0.3"/>`
    case "bottle":
      return `<rect x="${cx - s * 0.05}" y="${cy - s * 0.36}" width="${s * 0.1}" height="${s * 0.16}" fill="${fill}"/>` +
        `<rect x="${cx - s * 0.13}" y="${cy - s * 0.2}" width="${s * 0.26}" height="${s * 0.54}" rx="${s * 0.06}" fill="${fill}"/>`
    case "banner":
    case "pattern":
      return ""
    case "icon":
      return `<circle cx="${w / 2}" cy="${h / 2}" r="${s * 0.4}" fill="${fill}"/>`
    default:
      return `<rect x="${cx - s * 0.28}" y="${cy - s * 0.28}" width="${s * 0.56}" height="${s * 0.56}" rx="${s * 0.04}" fill="${fill}"/>`
  }
}

/**
 * Renders a media row as a standalone SVG document (serve it as `image/svg+xml`). The label is
 * XML-escaped, colours that are not `#rrggbb` fall back to grey, and sizes are clamped to 16..4096.
 */
export const renderMediaSvg = (media: MediaRow): string => {
  const w = Math.min(4096, Math.max(16, Math.round(media.width)))
  const h = Math.min(4096, Math.max(16, Math.round(media.height)))
  const c1 = hexColor(media.color1, "#9ca3af")
  const c2 = hexColor(media.color2, "#e5e7eb")
  const label = escapeXml(media.label)
  const id = `g${escapeXml(media.media_id).replace(/[^a-zA-Z0-9]/g, "")}`
  if (media.kind === "pattern" || media.shape === "pattern") {
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
  const background = media.kind === "banner" || media.kind === "thumbnail"
    ? `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/>` +
      `<stop offset="1" stop-color="${c2}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`
    : `<rect width="${w}" height="${h}" fill="${c2}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">` +
    background + silhouette(media.shape, w, h, c1) + text + `</svg>`
}
