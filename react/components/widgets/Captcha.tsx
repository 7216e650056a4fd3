/**
 * Captchas (§2, §3, §9): the invisible captcha container (the provider's widget fills it; the site key comes from the
 * app's configuration, the response reaches a callback) and the image captcha, whose image reloads with a new id and
 * a random parameter through the contact service.
 *
 * @module
 */
import { useEffect, useId, useState } from "react"
import type { ContactCaptcha } from "../../../core/services/Contact.ts"
import { useRunWith } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link InvisibleCaptcha}. */
export interface InvisibleCaptchaProps {
  /** The captcha provider's site key (from configuration). */
  readonly siteKey: string
  /** Receives the provider's response token. */
  readonly onResponse: (token: string) => void
  /** Extra classes. */
  readonly className?: string
}

/** The global callback name the provider calls for a container (letters and digits only, stable across SSR). */
export const captchaCallbackName = (id: string): string => `sfCaptcha${id.replace(/[^A-Za-z0-9]/g, "")}`

/**
 * The invisible captcha container: `data-sitekey`, `data-size="invisible"` and `data-callback` naming a global
 * function that hands the response token to `onResponse` (registered while mounted).
 *
 * @example
 * ```tsx
 * <InvisibleCaptcha siteKey={config.captchaSiteKey} onResponse={setToken} />
 * ```
 */
export function InvisibleCaptcha({ siteKey, onResponse, className }: InvisibleCaptchaProps) {
  const callback = captchaCallbackName(useId())
  useEffect(() => {
    const globals = window as unknown as Record<string, unknown>
    globals[callback] = (token: unknown) => {
      if (typeof token === "string" && token !== "") onResponse(token)
    }
    return () => {
      delete globals[callback]
    }
  }, [callback, onResponse])
  return <div className={["g-recaptcha", className ?? ""].join(" ").trim()} data-sitekey={siteKey} data-size="invisible" data-callback={callback} />
}

/** Props of {@link ImageCaptchaView}. */
export interface ImageCaptchaViewProps {
  /** The current captcha, undefined while none is loaded. */
  readonly captcha: ContactCaptcha | undefined
  /** A reload is in flight. */
  readonly reloading: boolean
  /** Asks for a new image. */
  readonly onReload: () => void
  /** The form field name of the answer (default `bot2`). */
  readonly answerName?: string
  /** The form field name of the captcha id (default `bot2i`). */
  readonly idName?: string
  /** An error text for the answer (the server refused it). */
  readonly error?: string | undefined
}

/**
 * The image captcha: the image, a reload button and the answer field (with the captcha id as a hidden field).
 *
 * @example
 * ```tsx
 * <ImageCaptchaView captcha={captcha} reloading={false} onReload={reload} />
 * ```
 */
export function ImageCaptchaView({ captcha, reloading, onReload, answerName = "bot2", idName = "bot2i", error }: ImageCaptchaViewProps) {
  const { t } = useShopText()
  const inputId = useId()
  const errorId = useId()
  return (
    <div className="sf-captcha" aria-busy={reloading}>
      {captcha !== undefined
        ? <img src={captcha.src} alt={t("widgets_captcha_image")} width={160} height={50} />
        : <span className="sf-captcha-placeholder">{t("loading")}</span>}
      <button type="button" className="button" onClick={onReload} disabled={reloading}>{t("widgets_captcha_reload")}</button>
      <label htmlFor={inputId}>{t("widgets_captcha_answer")}</label>
      <input id={inputId} name={answerName} required autoComplete="off" aria-invalid={error !== undefined}
        {...(error === undefined ? {} : { "aria-describedby": errorId })} />
      {error !== undefined && <p id={errorId} className="sf-error">{error}</p>}
      {captcha !== undefined && <input type="hidden" name={idName} value={captcha.id} />}
    </div>
  )
}

/**
 * The image captcha over the contact service: loads a challenge on mount, reloads with a new id and random
 * parameter on request (a failure keeps the old image).
 *
 * @example
 * ```tsx
 * <form><ImageCaptcha /></form>
 * ```
 */
export function ImageCaptcha({ error }: { readonly error?: string | undefined }) {
  const run = useRunWith()
  const [captcha, setCaptcha] = useState<ContactCaptcha | undefined>(undefined)
  const [reloading, setReloading] = useState(false)
  const reload = () => {
    setReloading(true)
    run((m) => m.Contact.use((contact) => contact.reloadCaptcha))
      .then((state) => setCaptcha(state.captcha), () => undefined)
      .finally(() => setReloading(false))
  }
  useEffect(reload, [run])
  return <ImageCaptchaView captcha={captcha} reloading={reloading} onReload={reload} error={error} />
}
