/**
 * The shop's generated images at other widths: the reference server renders `/media/{id}.png` at the width `?w=`
 * asks for (demo/server/http/media.ts); any other image has one size.
 *
 * @module
 */

/** The URL of a shop image at `width` px, or undefined for an image the shop's media route does not render. */
export const mediaUrlAtWidth = (url: string, width: number): string | undefined =>
  /^\/media\/[^/?#]+\.png$/.test(url) ? `${url}?w=${width}` : undefined
