/**
 * The image captcha of a form (spec §2, §3): the picture (base64 PNG), the answer field `bot2`, the hidden captcha
 * id `bot2i`, and a link that shows another picture (the page reloads the challenge with a random parameter).
 *
 * @module
 */
import { useId } from "react"
import { captchaImageSrc } from "../../../core/domain/captcha.ts"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** Props of {@link CaptchaField}. */
export interface CaptchaFieldProps {
  /** The challenge: its id and base64 PNG. */
  readonly captcha: { readonly id: string; readonly image: string }
  /** Where 'another picture' goes (the same page with a new random parameter). */
  readonly reloadTo: string
  /** An error about the answer. */
  readonly error?: string | undefined
}

/**
 * The captcha picture, its answer field and the reload link.
 *
 * @example
 * ```tsx
 * <CaptchaField captcha={captcha} reloadTo={captchaReloadUrl(location.pathname, Date.now())} />
 * ```
 */
export function CaptchaField({ captcha, reloadTo, error }: CaptchaFieldProps) {
  const { t } = useShopText()
  const Link = useLink()
  const id = useId()
  return (
    <div className={`form-field captcha${error === undefined ? "" : " form-field--invalid"}`}>
      <img src={captchaImageSrc(captcha.image)} alt={t("pg_contact_captcha_image")} className="captcha__image" />
      <Link to={reloadTo} className="captcha__reload">{t("pg_contact_captcha_reload")}</Link>
      <label htmlFor={id}>{t("pg_contact_captcha")}<span aria-hidden="true"> *</span></label>
      <input
        id={id}
        name="bot2"
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
      />
      <input type="hidden" name="bot2i" value={captcha.id} />
      {error === undefined ? null : <p id={`${id}-error`} className="form-error">{error}</p>}
    </div>
  )
}
