import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  addressFormFieldsOf,
  addressFormProblems,
  addressPayload,
  checkoutCustomerPayload,
  emptyAddressForm,
  type AddressFormFields
} from "../../../core/domain/customer.ts"
import { allShops, shopById } from "../../../core/domain/shop.ts"
import { isValidZip, zipDigitCount } from "../../../core/domain/zip.ts"

const anyShop = fc.constantFrom(...allShops)
const text = fc.string({ maxLength: 12 })
const form = fc.record<AddressFormFields>({
  firstname: text, lastname: text, street: text, city: text, zip: fc.oneof(text, fc.stringMatching(/^[0-9]{4,5}$/)), phone: text,
  business: fc.boolean(), companyName: text, companyRegistrationNumber: text, companyTaxNumber: text
})

describe("the customer step's address form (§2, §3, §5)", () => {
  test.prop([form, anyShop])("the payload: trimmed, the shop's country, the zip in the shop's format when valid, no blank optional field", (f, shop) => {
    const payload = addressPayload(f, shop)
    expect(payload.country).toBe(shop.country)
    expect(payload.firstname).toBe(f.firstname.trim())
    if (isValidZip(f.zip, shop)) expect(isValidZip(payload.zip, shop)).toBe(true)
    for (const value of Object.values(payload)) if (typeof value === "string" && value !== payload.zip) expect(value).toBe(value.trim())
    if (f.phone.trim() === "") expect("phone" in payload).toBe(false)
    if (!f.business) expect(Object.keys(payload).filter((k) => k.startsWith("company") || k === "businessArea")).toEqual([])
    if (!shop.features.companyRegistrationNumber) expect("companyRegistrationNumber" in payload).toBe(false)
  })

  test("examples: CZ and PL zips formatted, HR takes no registration number", () => {
    const filled = { ...emptyAddressForm, firstname: " Jana ", lastname: "Nová", street: "Dlouhá 1", city: "Praha", zip: "11000" }
    expect(addressPayload(filled, shopById("CZ10MA"), "jana@example.cz")).toEqual({
      firstname: "Jana", lastname: "Nová", street: "Dlouhá 1", city: "Praha", zip: "110 00", country: "CZ", email: "jana@example.cz"
    })
    expect(addressPayload({ ...filled, zip: "00950" }, shopById("PL10MA")).zip).toBe("00-950")
    const business = { ...filled, business: true, companyName: "Firma", companyRegistrationNumber: "123", companyTaxNumber: "HR1" }
    expect(addressPayload(business, shopById("HR10MA"))).toMatchObject({ businessArea: true, companyName: "Firma", companyTaxNumber: "HR1" })
    expect(addressFormFieldsOf(shopById("HR10MA"), true)).not.toContain("companyRegistrationNumber")
    expect(addressFormFieldsOf(shopById("CZ10MA"), true)).toContain("companyRegistrationNumber")
  })

  test.prop([form, anyShop])("problems: each empty required field shown, and a zip without the country's digits", (f, shop) => {
    const problems = addressFormProblems(f, shop)
    for (const field of ["firstname", "lastname", "street", "city"] as const) {
      expect(problems.some((p) => p.field === field && p.reason === "required")).toBe(f[field].trim() === "")
    }
    expect(problems.some((p) => p.field === "companyName")).toBe(f.business && f.companyName.trim() === "")
    expect(problems.some((p) => p.field === "zip" && p.reason === "zip_format")).toBe(f.zip.trim() !== "" && !isValidZip(f.zip, shop))
  })

  test.prop([anyShop])("a filled form with the country's zip has no problem", (shop) => {
    const zip = "1".repeat(zipDigitCount(shop))
    expect(addressFormProblems({ ...emptyAddressForm, firstname: "A", lastname: "B", street: "C", city: "D", zip }, shop)).toEqual([])
  })

  test.prop([fc.integer(), fc.option(fc.integer(), { nil: undefined }), fc.option(fc.string(), { nil: undefined })])(
    "update-customer data: the chosen billing profile, the shipping address when chosen, the customer's name as a fallback",
    (billing, shipping, name) => {
      const payload = checkoutCustomerPayload({ billingProfileId: billing, ...(name === undefined ? {} : { firstname: name }) }, { firstname: "Eva", lastname: "Malá", email: "e@x.cz" }, shipping)
      expect(payload.selectedAddresses).toEqual(shipping === undefined ? { billing } : { billing, shipping })
      expect(payload.firstname).toBe(name ?? "Eva")
      expect(payload.email).toBe("e@x.cz")
    }
  )
})
