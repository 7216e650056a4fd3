// @vitest-environment happy-dom
/**
 * The product card, price and availability (§2, §5): the card links to the product, prices drop a zero decimal in
 * the shop's currency with the old price struck through, and the pieces in stock follow CLDR plurals of the UI
 * language (Polish 22 is "few", Croatian 21 is "one", Slovenian 2 is "two").
 */
import { cleanup, screen } from "@testing-library/react"
import { afterEach, describe, expect, test } from "vitest"
import type { ProductSummary } from "../../../core/api/catalogue.ts"
import { Availability, Price, ProductCard, VariantCard } from "../../../react/index.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { renderWidget } from "./render.tsx"

afterEach(cleanup)

const product: ProductSummary = {
  variantId: 11,
  productId: 1,
  title: "Steel kettle",
  brand: "Brew",
  url: "/kitchen/steel-kettle",
  image: { url: "/media/kettle.png", width: 300, height: 300 },
  price: 1290,
  originalPrice: 1490,
  currency: "CZK",
  vatRate: 21,
  inStock: 3,
  availabilityKey: "in_stock",
  adultOnly: false,
  marketplacePartner: null
} as ProductSummary

describe("ProductCard", () => {
  test("links image and title to the product; price, old price and availability", async () => {
    const { container } = renderWidget(<ProductCard product={product} className="featured" />)
    const link = screen.getByRole("link", { name: "Steel kettle" })
    expect(link).toHaveAttribute("href", "/kitchen/steel-kettle")
    expect(screen.getByRole("heading", { level: 3, name: "Steel kettle" })).toBeInTheDocument()
    expect(container.querySelector(".price")?.firstChild?.textContent?.replace(/\s/g, " ")).toBe("1 290 Kč")
    expect(container.querySelector("del")).toHaveTextContent("Original price")
    expect(screen.getByText("In stock")).toBeInTheDocument()
    expect(container.firstElementChild).toHaveClass("product-card", "featured")
    await expectNoAxeViolations(container)
  })

  test("out of stock, no old price when it was not higher", () => {
    const { container } = renderWidget(<ProductCard product={{ ...product, inStock: 0, originalPrice: 1000 }} headingLevel={2} />)
    expect(screen.getByText("Out of stock")).toBeInTheDocument()
    expect(container.querySelector("del")).toBeNull()
    expect(screen.getByRole("heading", { level: 2 })).toBeInTheDocument()
  })

  test("a product-API variant links to /{mainCategoryUrlKey}/{variantUrl}", () => {
    renderWidget(<VariantCard variant={{ id: 1, variantId: 2, title: "Mug", mainCategoryUrlKey: "kitchen", variantUrl: "mug-blue", price: 99 }} />)
    expect(screen.getByRole("link", { name: "Mug" })).toHaveAttribute("href", "/kitchen/mug-blue")
  })
})

describe("Price and Availability", () => {
  test("a zero decimal is dropped", () => {
    const { container } = renderWidget(<Price price={25} />, { shopId: "SK10MA", language: "sk" })
    expect(container.textContent?.replace(/\s/g, " ")).toBe("25 €")
  })

  test.each([
    ["pl", "PL10MA", 22, "Dostępne 22 sztuki"],
    ["pl", "PL10MA", 25, "Dostępnych 25 sztuk"],
    ["pl", "PL10MA", 1, "Dostępna 1 sztuka"],
    ["hr", "HR10MA", 21, "Na zalihi 21 komad"],
    ["hr", "HR10MA", 23, "Na zalihi 23 komada"],
    ["sl", "SI10SI", 2, "Na zalogi 2 kosa"],
    ["sl", "SI10SI", 103, "Na zalogi 103 kosi"],
    ["cs", "CZ10MA", 4, "Skladem 4 kusy"],
    ["cs", "CZ10MA", 5, "Skladem 5 kusů"],
    ["en", "CZ10MA", 1, "In stock: 1 piece"]
  ] as const)("%s: %i pieces in stock", (language, shopId, count, text) => {
    renderWidget(<Availability inStock={count} showCount />, { shopId, language })
    expect(screen.getByText(text)).toBeInTheDocument()
  })
})
