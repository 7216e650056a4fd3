/**
 * Uses the storefront core from a plain Node script: prints, for every shop, how a price, a zip
 * and a typed cart quantity come out, and which billing methods a shopper is offered.
 *
 * Run: npx node docs/examples/rules.ts
 */
import { Customer, Money, Payment, Quantity, Shop, Zip } from "../../core/index.ts"

const methods = {
  CZU: { title: "Card" },
  CZ0: { title: "Cash on delivery", disabled: true },
  SIU_c: { title: "Card" },
  SIU_cw: { title: "Card (wallet)" }
}

const sampleZip: Record<Shop.Country, string> = { CZ: "11000", SK: "81101", HR: "10000", HU: "1051", PL: "00950", SI: "1000" }

for (const shop of Shop.allShops) {
  const offered = Object.keys(Payment.availableBillingMethods(methods, { shop, walletSupported: true }))
  console.log(
    [
      shop.shopId,
      Money.formatPrice(1299, shop),
      Money.formatPrice(1299.5, shop),
      Zip.formatZip(sampleZip[shop.country], shop),
      `typed "99" -> ${Quantity.parseQuantity("99").count}`,
      Customer.displayName({ firstname: "Jana", lastname: "Nováková" }),
      `methods: ${offered.join(",")}`
    ].join(" | ")
  )
}
