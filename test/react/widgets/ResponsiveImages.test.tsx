// @vitest-environment happy-dom
/**
 * Responsive images (react/storefront/images.tsx): with the app's way to ask for an image at a width, the cards, the
 * gallery, the slider and the thumbnails give their `<img>` a `srcset` of widths up to twice the largest they show
 * it at (none over twice the image's own) and a `sizes`, keeping `src`, `width` and `height` (nothing shifts);
 * without it an image has its one `src`. The slider's title is the page's text over its image, the image decorative.
 */
import { cleanup, screen } from "@testing-library/react"
import fc from "fast-check"
import type { ReactNode } from "react"
import { afterEach, describe, expect, test } from "vitest"
import type { ProductSummary } from "../../../core/api/catalogue.ts"
import { mediaUrlAtWidth } from "../../../demo/web/app/lib/mediaImages.ts"
import { BannerSlider, ImageWidthsProvider, imageSources, ProductCard, ProductGallery, srcSetWidths } from "../../../react/index.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { bannerSlides, productSummary } from "../../support/products.ts"
import { renderWidget } from "./render.tsx"

afterEach(cleanup)

const atWidth = (url: string, width: number) => `${url}?w=${width}`

const withWidths = (ui: ReactNode) => <ImageWidthsProvider urlAtWidth={mediaUrlAtWidth}>{ui}</ImageWidthsProvider>

const candidates = (srcSet: string | null | undefined) =>
  (srcSet ?? "").split(", ").map((entry) => {
    const [url, descriptor] = entry.split(" ")
    return { url: url!, width: Number(descriptor!.slice(0, -1)) }
  })

describe("imageSources", () => {
  test("widths ascending, up to twice the largest shown (a 2x screen) or twice the image's own width, each by urlAtWidth", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 3000 }),
      fc.option(fc.integer({ min: 1, max: 3000 }), { nil: undefined }),
      (largest, own) => {
        const sources = imageSources("/media/a.png", { largest, sizes: "50vw", own }, atWidth)
        expect(sources.src).toBe("/media/a.png")
        const limit = own === undefined ? Infinity : own * 2
        expect(sources.sizes).toBe("50vw")
        const entries = candidates(sources.srcSet)
        const widths = entries.map((entry) => entry.width)
        expect(widths).toEqual([...new Set(widths)].sort((a, b) => a - b))
        for (const entry of entries) {
          expect(entry.url).toBe(`/media/a.png?w=${entry.width}`)
          expect(entry.width).toBeLessThanOrEqual(Math.min(limit, largest * 2))
        }
        expect(widths.at(-1)).toBe(Math.min(limit, largest * 2))
        expect(widths).toContain(Math.min(limit, largest))
      }
    ))
  })

  test("an image with one size keeps its src only", () => {
    expect(imageSources("/a.jpg", { largest: 300, sizes: "300px" }, undefined)).toEqual({ src: "/a.jpg" })
    expect(imageSources("/a.jpg", { largest: 300, sizes: "300px" }, () => undefined)).toEqual({ src: "/a.jpg" })
    expect(imageSources("/a.jpg", { largest: 0, sizes: "300px" }, atWidth)).toEqual({ src: "/a.jpg" })
  })

  test("the shop asks its own PNGs at a width with ?w=, and no other image", () => {
    expect(mediaUrlAtWidth("/media/v12.png", 320)).toBe("/media/v12.png?w=320")
    expect(mediaUrlAtWidth("/media/v12.svg", 320)).toBeUndefined()
    expect(mediaUrlAtWidth("https://cdn.example/media/v12.png", 320)).toBeUndefined()
    expect(mediaUrlAtWidth("/media/v12.png?w=100", 320)).toBeUndefined()
  })
})

const product: ProductSummary = { ...productSummary(11, "Steel kettle"), image: { url: "/media/v11.png", width: 600, height: 600 } }

describe("components with the shop's image widths", () => {
  test("a product card offers its image from 160 px to twice the largest card, its size attributes kept", () => {
    const { container } = renderWidget(withWidths(<ProductCard product={product} />))
    const image = container.querySelector("img")!
    expect(image).toHaveAttribute("src", "/media/v11.png")
    expect(image).toHaveAttribute("width", "600")
    expect(image).toHaveAttribute("height", "600")
    expect(image).toHaveAttribute("sizes", "(max-width: 767px) calc(50vw - 45px), 280px")
    expect(candidates(image.getAttribute("srcset")).map((entry) => entry.width)).toEqual([160, 320, 340, 480, 640, 680])
  })

  test("without the provider the card's image has its src only", () => {
    const { container } = renderWidget(<ProductCard product={product} />)
    const image = container.querySelector("img")!
    expect(image).toHaveAttribute("src", "/media/v11.png")
    expect(image).not.toHaveAttribute("srcset")
    expect(image).not.toHaveAttribute("sizes")
  })

  test("the gallery's main image goes up to twice its own width; its thumbnails to 128 px", () => {
    const images = [{ url: "/media/v11.png", width: 600, height: 600 }, { url: "/media/v11-2.png", width: 600, height: 600 }]
    renderWidget(withWidths(<ProductGallery images={images} title="Steel kettle" />))
    const main = screen.getByRole("img", { name: "Steel kettle" })
    expect(candidates(main.getAttribute("srcset")).map((entry) => entry.width)).toEqual([160, 320, 480, 640, 960, 1200])
    const thumbnail = screen.getByRole("button", { name: "Show image 2" }).querySelector("img")!
    expect(candidates(thumbnail.getAttribute("srcset"))).toEqual([
      { url: "/media/v11-2.png?w=64", width: 64 },
      { url: "/media/v11-2.png?w=128", width: 128 }
    ])
  })

  test("a slide's title is the page's text over its decorative image; the link is named by it", async () => {
    const slides = bannerSlides(2)
    const { container } = renderWidget(withWidths(<BannerSlider slides={slides} />))
    const link = screen.getByRole("link", { name: "Offer 1" })
    expect(link).toHaveTextContent("Offer 1")
    const image = link.querySelector("img")!
    expect(image).toHaveAttribute("alt", "")
    expect(image).toHaveAttribute("src", "/media/banner-1.png")
    expect(candidates(image.getAttribute("srcset")).at(-1)).toEqual({ url: "/media/banner-1.png?w=2336", width: 2336 })
    const thumbnail = screen.getByRole("button", { name: /Offer 2/ }).querySelector("img")!
    expect(candidates(thumbnail.getAttribute("srcset")).map((entry) => entry.width)).toEqual([55, 110])
    await expectNoAxeViolations(container)
  })
})
