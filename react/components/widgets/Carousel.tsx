/**
 * A product carousel (§4, §9): a window of items moved by arrows (3 items on desktop, 1 otherwise), the arrows
 * disabled at the ends and hidden when everything fits, clicks within 500 ms of the last one ignored; the core's
 * carousel reducer decides every move. Items outside the window are inert, so the keyboard and screen readers meet
 * only what shows.
 *
 * @module
 */
import { Children, isValidElement, useEffect, useId, useReducer, type ReactNode } from "react"
import type { Device } from "../../../core/domain/layout/breakpoints.ts"
import { carouselArrows, carouselReducer, initialCarousel } from "../../../core/domain/layout/carousel.ts"
import { useShopText } from "../../storefront/text.tsx"
import { useDevice } from "./useDevice.ts"

/** How many items fit in a carousel's window per device (ours; the stylesheet lays the items out the same way). */
export const carouselItemsPerView: { readonly [D in Device]: number } = { mobile: 2, tablet: 3, desktop: 4 }

/** Props of {@link Carousel}. */
export interface CarouselProps {
  /** The carousel's accessible name (its heading's text). */
  readonly label: string
  /** The items, one child each. */
  readonly children: ReactNode
  /** Items per window by device (default {@link carouselItemsPerView}). */
  readonly perView?: { readonly [D in Device]: number }
  /** Extra classes. */
  readonly className?: string
}

/**
 * A carousel of items (product cards).
 *
 * @example
 * ```tsx
 * <Carousel label={t("sf_newest")}>{products.map((p) => <ProductCard key={p.variantId} product={p} />)}</Carousel>
 * ```
 */
export function Carousel({ label, children, perView = carouselItemsPerView, className }: CarouselProps) {
  const { t } = useShopText()
  const id = useId()
  const device = useDevice()
  const items = Children.toArray(children)
  const layout = { itemCount: items.length, visibleCount: perView[device], device }
  const [state, dispatch] = useReducer(carouselReducer, layout, initialCarousel)
  useEffect(() => {
    dispatch({ type: "layoutChanged", ...layout })
    // The layout is these three numbers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layout.itemCount, layout.visibleCount, layout.device])
  const arrows = carouselArrows(state)
  return (
    <div className={["sf-carousel", className ?? ""].join(" ").trim()} role="group" aria-roledescription="carousel" aria-label={label}
      style={{ "--sf-per-view": state.visibleCount, "--sf-position": state.position } as Record<string, number>}>
      {!arrows.hidden && (
        <button type="button" className="sf-carousel-arrow sf-carousel-arrow--prev" aria-label={t("sf_previous")} aria-controls={id}
          disabled={arrows.prevDisabled} onClick={() => dispatch({ type: "prev", at: Date.now() })}>
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <div className="sf-carousel-window">
        <ul id={id} className="sf-carousel-track">
          {items.map((item, index) => {
            const visible = index >= state.position && index < state.position + state.visibleCount
            return <li key={isValidElement(item) && item.key !== null ? item.key : index} className="sf-carousel-item" inert={!visible} aria-hidden={!visible}>{item}</li>
          })}
        </ul>
      </div>
      {!arrows.hidden && (
        <button type="button" className="sf-carousel-arrow sf-carousel-arrow--next" aria-label={t("sf_next")} aria-controls={id}
          disabled={arrows.nextDisabled} onClick={() => dispatch({ type: "next", at: Date.now() })}>
          <span aria-hidden="true">›</span>
        </button>
      )}
    </div>
  )
}
