/**
 * The info box of a chosen contact topic (spec §4): it appears about 90 ms after the topic is chosen and offers to
 * show the phone or the form; the two drawers toggle each other (the core's `contactDrawerReducer`).
 *
 * @module
 */
import { useEffect, useId, useState, type ReactNode } from "react"
import { contactDrawerReducer, infoBoxDelayMs, type ContactDrawer } from "../../../core/domain/contact.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link ContactInfoBox}. */
export interface ContactInfoBoxProps {
  /** The topic's info text, or undefined when the topic has none (then only the form shows). */
  readonly text: string | undefined
  /** The customer-service phone shown in the phone drawer. */
  readonly phone: string
  /** The form (the form drawer's content). */
  readonly children: ReactNode
}

/**
 * The info box with 'show phone' and 'show form', and the form drawer holding `children`. Without an info text the
 * form is simply shown.
 *
 * @example
 * ```tsx
 * <ContactInfoBox text={infoBoxText(tree, selection)} phone="+420 225 000 000"><ContactForm /></ContactInfoBox>
 * ```
 */
export function ContactInfoBox({ text, phone, children }: ContactInfoBoxProps) {
  const { t } = useShopText()
  const id = useId()
  const [shownText, setShownText] = useState<string | undefined>(text)
  const [drawer, setDrawer] = useState<ContactDrawer | undefined>("form")
  useEffect(() => {
    if (text === shownText) return
    setShownText(undefined)
    if (text === undefined) return
    const timer = setTimeout(() => setShownText(text), infoBoxDelayMs)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text])
  const toggle = (which: ContactDrawer) => setDrawer((open) => contactDrawerReducer(open, { type: "toggle", drawer: which }))
  if (text === undefined) return <>{children}</>
  return (
    <div className="contact-info">
      {shownText === undefined ? null : (
        <div className="contact-info__box" role="note">
          <p>{shownText}</p>
          <div className="contact-info__actions">
            <button type="button" className="button button--secondary" aria-expanded={drawer === "phone"} aria-controls={`${id}-phone`} onClick={() => toggle("phone")}>
              {t("pg_contact_show_phone")}
            </button>
            <button type="button" className="button button--secondary" aria-expanded={drawer === "form"} aria-controls={`${id}-form`} onClick={() => toggle("form")}>
              {t("pg_contact_show_form")}
            </button>
          </div>
        </div>
      )}
      <div id={`${id}-phone`} hidden={drawer !== "phone"} className="contact-info__phone">
        <p>{t("pg_contact_phone", { phone })}</p>
      </div>
      <div id={`${id}-form`} hidden={drawer !== "form"}>{children}</div>
    </div>
  )
}
