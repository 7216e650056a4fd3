/**
 * The image lightbox (§2): a full-screen image titled 'click to close' that closes on a click on the image (and, as
 * any closable modal, on Escape, the overlay and the close button); and the product gallery that opens it.
 *
 * @module
 */
import { useState } from "react"
import { imageLightboxOptions, lightboxTitleKey } from "../../../core/domain/layout/modal.ts"
import { type ImageDisplay, ResponsiveImage } from "../../storefront/images.tsx"
import { useShopText } from "../../storefront/text.tsx"
import { Modal } from "./Modal.tsx"

/** An image with its intrinsic size. */
export interface GalleryImage {
  /** The image URL. */
  readonly url: string
  /** Width in px. */
  readonly width: number
  /** Height in px. */
  readonly height: number
}

/** Props of {@link ImageLightbox}. */
export interface ImageLightboxProps {
  /** The image shown, or null when closed. */
  readonly image: GalleryImage | null
  /** Its text alternative. */
  readonly alt: string
  /** Asked to close. */
  readonly onClose: () => void
}

/**
 * A full-screen image; a click on it closes it.
 *
 * @example
 * ```tsx
 * <ImageLightbox image={zoomed} alt={product.title} onClose={() => setZoomed(null)} />
 * ```
 */
export function ImageLightbox({ image, alt, onClose }: ImageLightboxProps) {
  const { t } = useShopText()
  const title = t(lightboxTitleKey)
  return (
    <Modal open={image !== null} onClose={onClose} options={imageLightboxOptions} title={title} className="sf-lightbox">
      {image !== null && (
        <button type="button" className="sf-lightbox-image" title={title} onClick={onClose}>
          <img src={image.url} alt={alt} width={image.width} height={image.height} />
        </button>
      )}
    </Modal>
  )
}

/** How the gallery shows its main image: the page's width on a phone or tablet (one column), about 560 CSS px beside the buy box. */
export const galleryImageDisplay: ImageDisplay = { largest: 960, sizes: "(max-width: 1023px) calc(100vw - 80px), 560px" }

/** How the gallery shows a thumbnail: 64 CSS px. */
export const galleryThumbnailDisplay: ImageDisplay = { largest: 64, sizes: "64px" }

/** Props of {@link ProductGallery}. */
export interface ProductGalleryProps {
  /** The product's images, main first. */
  readonly images: ReadonlyArray<GalleryImage>
  /** The product's name: the main image's text alternative. */
  readonly title: string
  /** Extra classes. */
  readonly className?: string
}

/**
 * A product's images: the main one opens the lightbox, thumbnails choose the main one.
 *
 * @example
 * ```tsx
 * <ProductGallery images={product.images} title={product.title} />
 * ```
 */
export function ProductGallery({ images, title, className }: ProductGalleryProps) {
  const { t } = useShopText()
  const [index, setIndex] = useState(0)
  const [zoomed, setZoomed] = useState(false)
  const main = images[index] ?? images[0]
  if (main === undefined) return null
  return (
    <div className={["sf-gallery", className ?? ""].join(" ").trim()}>
      <button type="button" className="sf-gallery-main" aria-label={t("widgets_enlarge_image", { title })} onClick={() => setZoomed(true)}>
        <ResponsiveImage src={main.url} display={{ ...galleryImageDisplay, own: main.width }} alt={title} width={main.width} height={main.height}
          fetchPriority="high" />
      </button>
      {images.length > 1 && (
        <div className="sf-gallery-thumbs">
          {images.map((image, i) => (
            <button key={image.url} type="button" aria-label={t("widgets_show_image", { n: i + 1 })} aria-pressed={i === index} onClick={() => setIndex(i)}>
              <ResponsiveImage src={image.url} display={{ ...galleryThumbnailDisplay, own: image.width }} alt="" width={64} height={64} loading="lazy" />
            </button>
          ))}
        </div>
      )}
      <ImageLightbox image={zoomed ? main : null} alt={title} onClose={() => setZoomed(false)} />
    </div>
  )
}
