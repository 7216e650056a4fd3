/**
 * Migration 21: the stored links to the generated images (banner slides' images, thumbnails and patterns, the icons
 * of pick-up point types, deliveries and payments) point at the PNG (`/media/{id}.png`), which the browser decodes
 * off its main thread, instead of the SVG, as a newly seeded database does (`mediaUrl`). The `.svg` route stays.
 *
 * @module
 */
import { runStatements } from "./statements.ts"

const toPng = (table: string, column: string): string =>
  `UPDATE ${table} SET ${column} = regexp_replace(${column}, '^(/media/[^/?#]+)\\.svg$', '\\1.png') WHERE ${column} LIKE '/media/%.svg'`

/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  toPng("banner_slides", "image_url"),
  toPng("banner_slides", "thumbnail_image_url"),
  toPng("banner_slides", "pattern_image_url"),
  toPng("pup_types", "icon"),
  toPng("delivery_methods", "icon"),
  toPng("billing_methods", "icon")
]

/** Runs this migration. */
export default runStatements(statements)
