/**
 * The address fields of the customer step (§2): person, street, city, the zip in the shop
 * country's format (§5), phone, and for a business address the company fields the shop asks for.
 * Which fields show and what is wrong with them are the core's rules (`addressFormFieldsOf`,
 * `addressFormProblems`).
 *
 * @module
 */
import { useId } from "react"
import { addressFormFieldsOf, type AddressFormField, type AddressFormFields, type AddressFormProblem } from "../../../core/domain/customer.ts"
import type { MessageKey } from "../../../core/messages/index.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link AddressFields}. */
export interface AddressFieldsProps {
  readonly value: AddressFormFields
  /** The form after the shopper changed a field. */
  readonly onChange: (value: AddressFormFields) => void
  /** The problems to show (after a submit). */
  readonly problems: ReadonlyArray<AddressFormProblem>
}

const labels: { readonly [F in AddressFormField]: MessageKey } = {
  firstname: "sf_first_name",
  lastname: "sf_last_name",
  street: "sf_street",
  city: "sf_city",
  zip: "sf_zip",
  phone: "sf_phone",
  companyName: "pu_company_name",
  companyRegistrationNumber: "pu_company_registration_number",
  companyTaxNumber: "pu_company_tax_number"
}

const autoComplete: { readonly [F in AddressFormField]?: string } = {
  firstname: "given-name",
  lastname: "family-name",
  street: "street-address",
  city: "address-level2",
  zip: "postal-code",
  phone: "tel",
  companyName: "organization"
}

const optional: ReadonlyArray<AddressFormField> = ["phone", "companyRegistrationNumber", "companyTaxNumber"]

/** The address fields. */
export function AddressFields({ value, onChange, problems }: AddressFieldsProps) {
  const { t, shop } = useShopText()
  const id = useId()
  return (
    <>
      <p className="business">
        <label className="check">
          <input type="checkbox" checked={value.business} onChange={(e) => onChange({ ...value, business: e.currentTarget.checked })} />
          {t("pu_business_address")}
        </label>
      </p>
      {addressFormFieldsOf(shop, value.business).map((field) => {
        const problem = problems.find((p) => p.field === field)
        const errorId = `${id}-${field}-error`
        return (
          <p key={field} className="field">
            <label htmlFor={`${id}-${field}`}>{t(labels[field], { pattern: shop.zipPattern })}</label>
            <input id={`${id}-${field}`} name={field} value={value[field]} required={!optional.includes(field)}
              autoComplete={autoComplete[field]} type={field === "phone" ? "tel" : "text"} inputMode={field === "zip" ? "numeric" : undefined}
              aria-invalid={problem !== undefined} aria-describedby={problem === undefined ? undefined : errorId}
              onChange={(e) => onChange({ ...value, [field]: e.currentTarget.value })} />
            {problem !== undefined && (
              <span id={errorId} className="field-error" role="alert">
                {problem.reason === "zip_format" ? t("sf_zip_invalid", { pattern: shop.zipPattern }) : t("pu_required")}
              </span>
            )}
          </p>
        )
      })}
    </>
  )
}
