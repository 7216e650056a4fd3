/**
 * The inline icons of §2 (arrow, search, thumbs-up, smiley, help, card brands) and the header's own (cart, heart,
 * person, menu): small SVGs in `currentColor`, decorative unless given a `title`.
 *
 * @module
 */
import type { ReactNode } from "react"

/** Props of every icon. */
export interface IconProps {
  /** Size in CSS pixels (square); default 20. */
  readonly size?: number
  /** An accessible name; without one the icon is decorative (hidden from screen readers). */
  readonly title?: string
  /** Extra class. */
  readonly className?: string
}

/** The directions of {@link ArrowIcon}. */
export type ArrowDirection = "left" | "right" | "up" | "down"

const rotation: { readonly [D in ArrowDirection]: number } = { right: 0, down: 90, left: 180, up: 270 }

function Svg({ size = 20, title, className, children, viewBox = "0 0 24 24" }: IconProps & { readonly children: ReactNode; readonly viewBox?: string }) {
  return (
    <svg className={["icon", className].filter(Boolean).join(" ")} width={size} height={size} viewBox={viewBox}
      fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" focusable="false"
      {...(title === undefined ? { "aria-hidden": true } : { role: "img", "aria-label": title })}>
      {children}
    </svg>
  )
}

/**
 * An arrow (§2).
 *
 * @example
 * ```tsx
 * <button aria-label="Next"><ArrowIcon direction="right" /></button>
 * ```
 */
export function ArrowIcon({ direction = "right", ...props }: IconProps & { readonly direction?: ArrowDirection }) {
  return <Svg {...props}><path d="M5 12h14M13 6l6 6-6 6" transform={`rotate(${rotation[direction]} 12 12)`} /></Svg>
}

/**
 * A magnifying glass (§2 search icon).
 *
 * @example
 * ```tsx
 * <button type="submit"><SearchIcon /> Search</button>
 * ```
 */
export function SearchIcon(props: IconProps) {
  return <Svg {...props}><circle cx="11" cy="11" r="7" /><path d="M20 20l-4-4" /></Svg>
}

/**
 * A thumbs-up (§2).
 *
 * @example
 * ```tsx
 * <ThumbsUpIcon title="Recommended" />
 * ```
 */
export function ThumbsUpIcon(props: IconProps) {
  return <Svg {...props}><path d="M7 10v11H3V10zM7 10l4-8a3 3 0 0 1 3 3v4h6a2 2 0 0 1 2 2l-2 8a2 2 0 0 1-2 2H7" /></Svg>
}

/**
 * A smiley (§2).
 *
 * @example
 * ```tsx
 * <SmileyIcon title="Satisfied" />
 * ```
 */
export function SmileyIcon(props: IconProps) {
  return <Svg {...props}><circle cx="12" cy="12" r="9" /><path d="M8 14a5 5 0 0 0 8 0M9 9h.01M15 9h.01" /></Svg>
}

/**
 * A question mark in a circle (§2 help icon).
 *
 * @example
 * ```tsx
 * <a href="/help"><HelpIcon /> Help</a>
 * ```
 */
export function HelpIcon(props: IconProps) {
  return <Svg {...props}><circle cx="12" cy="12" r="9" /><path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01" /></Svg>
}

/**
 * A shopping cart.
 *
 * @example
 * ```tsx
 * <CartIcon /> Cart
 * ```
 */
export function CartIcon(props: IconProps) {
  return <Svg {...props}><path d="M3 4h2l2.4 11h11l2-8H6.3" /><circle cx="9" cy="20" r="1.5" /><circle cx="17" cy="20" r="1.5" /></Svg>
}

/**
 * A heart (wishlist).
 *
 * @example
 * ```tsx
 * <HeartIcon /> Wishlist
 * ```
 */
export function HeartIcon(props: IconProps) {
  return <Svg {...props}><path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" /></Svg>
}

/**
 * A person (account).
 *
 * @example
 * ```tsx
 * <UserIcon /> Log in
 * ```
 */
export function UserIcon(props: IconProps) {
  return <Svg {...props}><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></Svg>
}

/**
 * Three bars (menu).
 *
 * @example
 * ```tsx
 * <button aria-expanded={open}><MenuIcon /> Menu</button>
 * ```
 */
export function MenuIcon(props: IconProps) {
  return <Svg {...props}><path d="M4 6h16M4 12h16M4 18h16" /></Svg>
}

/** The card brands with an icon (§2). */
export const cardBrands = ["visa", "mastercard", "maestro", "amex"] as const

/** A card brand. */
export type CardBrand = (typeof cardBrands)[number]

const brandNames: { readonly [B in CardBrand]: string } = { visa: "Visa", mastercard: "Mastercard", maestro: "Maestro", amex: "American Express" }

/**
 * A card brand's mark (§2), named by the brand (brand names are not translated).
 *
 * @example
 * ```tsx
 * <CardBrandIcon brand="visa" />
 * ```
 */
export function CardBrandIcon({ brand, size = 32, className }: { readonly brand: CardBrand; readonly size?: number; readonly className?: string }) {
  const height = Math.round(size * 0.625)
  return (
    <svg className={["icon card-brand", className].filter(Boolean).join(" ")} width={size} height={height} viewBox="0 0 32 20"
      role="img" aria-label={brandNames[brand]} focusable="false">
      <rect width="32" height="20" rx="3" fill={brand === "visa" ? "#1a1f71" : brand === "amex" ? "#2e77bb" : "#222"} />
      {brand === "visa" && <text x="16" y="14" fill="#fff" fontSize="9" fontWeight="700" textAnchor="middle" fontFamily="sans-serif">VISA</text>}
      {(brand === "mastercard" || brand === "maestro") && (
        <>
          <circle cx="13" cy="10" r="6" fill="#eb001b" />
          <circle cx="19" cy="10" r="6" fill={brand === "mastercard" ? "#f79e1b" : "#00a2e5"} fillOpacity="0.9" />
        </>
      )}
      {brand === "amex" && <text x="16" y="13.5" fill="#fff" fontSize="7" fontWeight="700" textAnchor="middle" fontFamily="sans-serif">AMEX</text>}
    </svg>
  )
}
