/**
 * Responsive images: an app whose image server renders an image at other widths tells the components how to ask for
 * one ({@link ImageWidthsProvider}), and the components give each `<img>` a `srcset` of those widths and a `sizes` of
 * the width they show it at, so a phone downloads and decodes a 320 px image where it shows 160 CSS px, not the 600 px
 * original. Without a provider an image has its one `src`.
 *
 * @module
 */
import { createContext, useContext, type ImgHTMLAttributes, type ReactNode } from "react"

/** The URL of the image at `url` rendered `width` px wide, or undefined when that image has no other widths. */
export type ImageUrlAtWidth = (url: string, width: number) => string | undefined

/** The widths (px) a `srcset` offers below twice the largest width an image is shown at. */
export const srcSetWidths = [160, 320, 480, 640, 960, 1600] as const

/** How a component shows an image. */
export interface ImageDisplay {
  /** The largest width (CSS px) the image is shown at. */
  readonly largest: number
  /** The `sizes` attribute: the width it is shown at, by viewport. */
  readonly sizes: string
  /** The image's own width (px), when known: no candidate is wider than twice it. */
  readonly own?: number | undefined
}

/** How the slider's, the floating banner's and the cart drawer's thumbnails show their image: 55 CSS px. */
export const thumbnailImageDisplay: ImageDisplay = { largest: 55, sizes: "55px" }

/** The attributes of a responsive `<img>`: `srcSet` and `sizes` only when the image has other widths. */
export interface ImageSources {
  readonly src: string
  readonly srcSet?: string
  readonly sizes?: string
}

/**
 * The sources of an image shown as `display` says: `src` is the image's own URL; the `srcset` has it at each of
 * {@link srcSetWidths} below twice the largest width shown, at that largest width and at twice it (a 2x screen), each
 * capped at twice the image's own width, each URL by `urlAtWidth`. Without `urlAtWidth`, or when it has no URL for a
 * width, the image has its `src` only.
 */
export const imageSources = (url: string, display: ImageDisplay, urlAtWidth: ImageUrlAtWidth | undefined): ImageSources => {
  const largest = Math.round(display.largest)
  if (urlAtWidth === undefined || !(largest >= 1)) return { src: url }
  const limit = display.own !== undefined && display.own >= 1 ? display.own * 2 : Infinity
  const wanted = [...srcSetWidths.filter((width) => width < largest * 2), largest, largest * 2]
  const widths = [...new Set(wanted.map((width) => Math.min(width, limit)))].sort((a, b) => a - b)
  const candidates: Array<string> = []
  for (const width of widths) {
    const at = urlAtWidth(url, width)
    if (at === undefined) return { src: url }
    candidates.push(`${at} ${width}w`)
  }
  return candidates.length === 0 ? { src: url } : { src: url, srcSet: candidates.join(", "), sizes: display.sizes }
}

const ImageWidthsContext = createContext<ImageUrlAtWidth | undefined>(undefined)

/** Gives the components the app's way to ask for an image at another width. */
export function ImageWidthsProvider({ urlAtWidth, children }: { readonly urlAtWidth: ImageUrlAtWidth; readonly children?: ReactNode }) {
  return <ImageWidthsContext.Provider value={urlAtWidth}>{children}</ImageWidthsContext.Provider>
}

/**
 * The `src`, `srcSet` and `sizes` of an `<img>` of `url` shown as `display` says (see {@link imageSources}).
 *
 * @example
 * ```tsx
 * const sources = useImageSources(image.url, { largest: 340, sizes: "(max-width: 767px) 50vw, 280px", own: image.width })
 * return <img {...sources} alt="" width={image.width} height={image.height} />
 * ```
 */
export const useImageSources = (url: string, display: ImageDisplay): ImageSources =>
  imageSources(url, display, useContext(ImageWidthsContext))

/** Props of {@link ResponsiveImage}: an `<img>`'s, with `display` in place of `srcSet` and `sizes`. */
export type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes"> & {
  readonly src: string
  readonly display: ImageDisplay
}

/**
 * An `<img>` with the sources {@link useImageSources} gives it.
 *
 * @example
 * ```tsx
 * <ResponsiveImage src={image.url} display={{ largest: 64, sizes: "64px" }} alt="" width={64} height={64} />
 * ```
 */
export function ResponsiveImage({ src, display, alt, ...rest }: ResponsiveImageProps) {
  const sources = useImageSources(src, display)
  return <img {...(sources.srcSet === undefined ? {} : { srcSet: sources.srcSet, sizes: sources.sizes })} src={sources.src} alt={alt} {...rest} />
}
