/**
 * Generic modal options and when a modal closes (spec §2): overlay click, Escape and the close
 * button close a closable modal; a non-closable modal (the legal-conditions modal) ignores them all.
 * The image lightbox is a full-screen modal that also closes on a click on the image.
 *
 * @module
 */

/** Modal sizes (the spec names a size option without its values; ours). */
export const modalSizes = ["small", "medium", "large"] as const

/** A modal size. */
export type ModalSize = (typeof modalSizes)[number]

/** Options of the generic modal (§2). */
export interface ModalOptions {
  /** Width class of the dialog. */
  readonly size: ModalSize
  /** Title (or title localisation key); no header title when absent. */
  readonly title?: string
  /** Extra style classes of the header. */
  readonly headerClass?: string
  /** Extra style classes of the heading. */
  readonly headingClass?: string
  /** Extra style classes of the body. */
  readonly bodyClass?: string
  /** The modal covers the whole viewport. */
  readonly fullScreen: boolean
  /** The shopper may close it; only then does the close button show. */
  readonly closable: boolean
  /** A click on the modal content closes it too (the image lightbox); false when absent. */
  readonly closeOnContentClick?: boolean
}

/** Defaults of the generic modal (ours where the spec is silent): medium, not full-screen, closable. */
export const defaultModalOptions: ModalOptions = { size: "medium", fullScreen: false, closable: true }

/** Modal options from overrides over {@link defaultModalOptions}. */
export const modalOptions = (overrides: Partial<ModalOptions>): ModalOptions => ({ ...defaultModalOptions, ...overrides })

/** The legal-conditions modal (§2: non-closable; it closes only when its approve call succeeds, §4). */
export const legalConditionsModalOptions: ModalOptions = modalOptions({ closable: false })

/** Title localisation key of the image lightbox (§2: the title 'click to close'). */
export const lightboxTitleKey = "click to close"

/** The image lightbox (§2): a full-screen image titled 'click to close' that closes on click. */
export const imageLightboxOptions: ModalOptions = modalOptions({
  size: "large",
  fullScreen: true,
  title: lightboxTitleKey,
  closeOnContentClick: true
})

/** Shopper actions that may close a modal. */
export const modalEvents = ["overlayClick", "escape", "closeButton", "contentClick"] as const

/** A shopper action on a modal. */
export type ModalEvent = (typeof modalEvents)[number]

/** Whether a modal shows its close button (§2: only when closable). */
export const modalShowsCloseButton = (options: ModalOptions): boolean => options.closable

/**
 * Whether an action closes a modal (§2). A closable modal closes on overlay click, Escape and its
 * close button, and on a content click when `closeOnContentClick`; a non-closable modal closes on
 * none of them (it has no close button, and Escape and overlay clicks do nothing).
 */
export const modalCloseOn = (event: ModalEvent, options: ModalOptions): boolean =>
  options.closable && (event !== "contentClick" || options.closeOnContentClick === true)
