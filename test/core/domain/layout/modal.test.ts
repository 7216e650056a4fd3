import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import {
  type ModalOptions,
  defaultModalOptions,
  imageLightboxOptions,
  legalConditionsModalOptions,
  lightboxTitleKey,
  modalCloseOn,
  modalEvents,
  modalOptions,
  modalShowsCloseButton,
  modalSizes
} from "../../../../core/domain/layout.ts"

const anyOptions: fc.Arbitrary<ModalOptions> = fc.record(
  {
    size: fc.constantFrom(...modalSizes),
    title: fc.string(),
    headerClass: fc.string(),
    fullScreen: fc.boolean(),
    closable: fc.boolean(),
    closeOnContentClick: fc.boolean()
  },
  { requiredKeys: ["size", "fullScreen", "closable"] }
)
const anyEvent = fc.constantFrom(...modalEvents)

describe("modals (§2)", () => {
  test("generic modal: overlay click, Escape and the close button close it; a content click does not", () => {
    expect(modalCloseOn("overlayClick", defaultModalOptions)).toBe(true)
    expect(modalCloseOn("escape", defaultModalOptions)).toBe(true)
    expect(modalCloseOn("closeButton", defaultModalOptions)).toBe(true)
    expect(modalCloseOn("contentClick", defaultModalOptions)).toBe(false)
    expect(modalShowsCloseButton(defaultModalOptions)).toBe(true)
  })

  test("legal-conditions modal is non-closable: no close button, Escape and overlay do nothing", () => {
    expect(legalConditionsModalOptions.closable).toBe(false)
    expect(modalShowsCloseButton(legalConditionsModalOptions)).toBe(false)
    for (const event of modalEvents) expect(modalCloseOn(event, legalConditionsModalOptions)).toBe(false)
  })

  test("image lightbox: full screen, title 'click to close', closes on click", () => {
    expect(lightboxTitleKey).toBe("click to close")
    expect(imageLightboxOptions.fullScreen).toBe(true)
    expect(imageLightboxOptions.title).toBe("click to close")
    expect(modalCloseOn("contentClick", imageLightboxOptions)).toBe(true)
    expect(modalCloseOn("overlayClick", imageLightboxOptions)).toBe(true)
  })

  test.prop([anyOptions, anyEvent])("a non-closable modal never closes; a closable one closes on every action but a content click, which needs closeOnContentClick", (options, event) => {
    const closes = modalCloseOn(event, options)
    if (!options.closable) expect(closes).toBe(false)
    else if (event === "contentClick") expect(closes).toBe(options.closeOnContentClick === true)
    else expect(closes).toBe(true)
    expect(modalShowsCloseButton(options)).toBe(options.closable)
  })

  test.prop([anyOptions])("modalOptions keeps every override and fills the rest from the defaults", (overrides) => {
    const options = modalOptions(overrides)
    expect(options).toMatchObject(overrides)
    expect(modalOptions({})).toEqual(defaultModalOptions)
  })
})
