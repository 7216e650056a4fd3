/**
 * An accordion whose open state depends on the device (§4: mobile, tablet and desktop states configurable): it
 * starts in its device's configured state, the shopper toggles it, and a change of device class resets it.
 *
 * @module
 */
import { useEffect, useId, useReducer, type ReactNode } from "react"
import { accordionReducer, initialAccordion, type AccordionConfig } from "../../core/domain/layout/accordion.ts"
import { useDevice } from "./widgets/useDevice.ts"

/** Props of {@link Accordion}. */
export interface AccordionProps {
  /** The header's text (the toggle button's name). */
  readonly title: ReactNode
  /** Open state per device; missing devices take the core's default (closed on mobile and tablet, open on desktop). */
  readonly config?: Partial<AccordionConfig>
  /** The content. */
  readonly children?: ReactNode
  /** Extra class. */
  readonly className?: string
  /** The heading level of the header (default 2). */
  readonly level?: 2 | 3 | 4
}

/**
 * A disclosure: a heading with a button (`aria-expanded`, `aria-controls`) and its content.
 *
 * @example
 * ```tsx
 * <Accordion title="Customer service" config={{ mobile: false, desktop: true }}>
 *   <ul>...</ul>
 * </Accordion>
 * ```
 */
export function Accordion({ title, config = {}, children, className, level = 2 }: AccordionProps) {
  const device = useDevice("desktop")
  const [state, dispatch] = useReducer(accordionReducer, initialAccordion(config, device))
  useEffect(() => dispatch({ type: "deviceChanged", device }), [device])
  const id = useId()
  const Heading = `h${level}` as const
  return (
    <div className={["accordion", state.open ? "open" : "", className].filter(Boolean).join(" ")}>
      <Heading className="accordion-heading">
        <button type="button" aria-expanded={state.open} aria-controls={id} onClick={() => dispatch({ type: "toggle" })}>
          {title}
        </button>
      </Heading>
      <div id={id} className="accordion-panel" hidden={!state.open}>{children}</div>
    </div>
  )
}
