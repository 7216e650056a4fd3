/**
 * The generic modal (§2): a dialog with a size, an optional title, header/heading/body classes, a full-screen and a
 * closable option. The overlay, Escape and the close button close it when it is closable (the core's `modalCloseOn`);
 * focus moves into it, stays in it, and returns where it was when it closes.
 *
 * @module
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react"
import { modalCloseOn, modalOptions, modalShowsCloseButton, type ModalEvent, type ModalOptions } from "../../../core/domain/layout/modal.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link Modal}. */
export interface ModalProps {
  /** Whether the modal shows. */
  readonly open: boolean
  /** Asked to close (overlay click, Escape, close button; only when closable). */
  readonly onClose?: (cause: ModalEvent) => void
  /** Size, classes, full-screen and closable (defaults: medium, closable). */
  readonly options?: Partial<ModalOptions>
  /** The dialog's title (a text, already translated); it names the dialog. */
  readonly title?: string
  /** The dialog's accessible name when it has no visible title. */
  readonly label?: string
  /** Extra classes of the dialog. */
  readonly className?: string
  /** The dialog's content. */
  readonly children?: ReactNode
}

const focusable = [
  "a[href]", "button:not([disabled])", "input:not([disabled]):not([type=hidden])", "select:not([disabled])",
  "textarea:not([disabled])", "[tabindex]:not([tabindex='-1'])"
].join(",")

const focusablesIn = (element: HTMLElement): ReadonlyArray<HTMLElement> =>
  [...element.querySelectorAll<HTMLElement>(focusable)].filter((candidate) => !candidate.hasAttribute("inert"))

/**
 * A dialog over the page.
 *
 * @example
 * ```tsx
 * <Modal open={open} onClose={() => setOpen(false)} title={t("widgets_size_chart")} options={{ size: "large" }}>
 *   <SizeChart />
 * </Modal>
 * ```
 */
export function Modal({ open, onClose, options: overrides, title, label, className, children }: ModalProps) {
  const { t } = useShopText()
  const options = modalOptions(overrides ?? {})
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const element = dialog.current
    if (element !== null) (focusablesIn(element)[0] ?? element).focus()
    return () => {
      if (previous !== null && previous.isConnected) previous.focus()
    }
  }, [open])

  if (!open) return null
  const close = (cause: ModalEvent) => {
    if (modalCloseOn(cause, options)) onClose?.(cause)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation()
      close("escape")
      return
    }
    if (event.key !== "Tab" || dialog.current === null) return
    const items = focusablesIn(dialog.current)
    const first = items[0]
    const last = items[items.length - 1]
    if (first === undefined || last === undefined) {
      event.preventDefault()
      return
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }
  const classes = ["sf-modal", `sf-modal--${options.size}`, options.fullScreen ? "sf-modal--full" : "", className ?? ""]
    .filter((name) => name !== "").join(" ")
  return (
    <div className="sf-modal-overlay" onKeyDown={onKeyDown}
      onClick={(event) => { if (event.target === event.currentTarget) close("overlayClick") }}>
      <div ref={dialog} role="dialog" aria-modal="true" tabIndex={-1} className={classes}
        {...(title === undefined ? { "aria-label": label } : { "aria-labelledby": titleId })}>
        {(title !== undefined || modalShowsCloseButton(options)) && (
          <div className={["sf-modal-header", options.headerClass ?? ""].join(" ").trim()}>
            {title !== undefined && <h2 id={titleId} className={["sf-modal-title", options.headingClass ?? ""].join(" ").trim()}>{title}</h2>}
            {modalShowsCloseButton(options) && (
              <button type="button" className="sf-modal-close" aria-label={t("close")} onClick={() => close("closeButton")}>
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
        )}
        <div className={["sf-modal-body", options.bodyClass ?? ""].join(" ").trim()}>{children}</div>
      </div>
    </div>
  )
}
