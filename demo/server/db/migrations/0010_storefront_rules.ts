/**
 * Migration 10: what the storefront rules of issue 11 need in the database.
 *
 * - `categories.adult`: a category of adult-only products (§4 adult-content gate); filled from the products for a
 *   database seeded before this migration (a fresh one gets it from the seed).
 * - `billing_methods.max_order_total`: the order value above which a method is disabled (cash on delivery up to a
 *   limit, ours; §5 "In CZ, CZ0 is removed when disabled"); filled for the cash-on-delivery methods of an existing
 *   database with the seed's limit of 2 000 EUR in the shop's currency.
 * - `orders.consents`: the order consents the shopper gave or refused when the order was placed (§7 cart consents
 *   and submit consents).
 * - `order_consent_texts`: the text and the note of each order consent per shop language (§3 consents of the
 *   delivery step; ours: marketing by e-mail, and passing data to partners), reference data of this migration.
 *
 * @module
 */
import { runStatements, sqlText } from "./statements.ts"

/** The order consents' texts per language: [language, code, position, text, note]. */
export const orderConsentTexts: ReadonlyArray<readonly [language: string, code: string, position: number, text: string, note: string]> = [
  ["cs", "marketing_1p", 1, "Chci dostávat novinky a nabídky e-mailem", "Souhlas můžete kdykoli odvolat v nastavení účtu nebo odkazem v každém e-mailu."],
  ["cs", "personal_data_3p", 2, "Souhlasím s předáním svých údajů partnerům pro nabídky na míru", "Údaje předáme jen vybraným partnerům; souhlas můžete kdykoli odvolat v nastavení soukromí."],
  ["sk", "marketing_1p", 1, "Chcem dostávať novinky a ponuky e-mailom", "Súhlas môžete kedykoľvek odvolať v nastaveniach účtu alebo odkazom v každom e-maile."],
  ["sk", "personal_data_3p", 2, "Súhlasím s odovzdaním svojich údajov partnerom na ponuky na mieru", "Údaje odovzdáme len vybraným partnerom; súhlas môžete kedykoľvek odvolať v nastaveniach súkromia."],
  ["hr", "marketing_1p", 1, "Želim primati novosti i ponude e-poštom", "Privolu možete povući u bilo kojem trenutku u postavkama računa ili putem poveznice u svakoj poruci."],
  ["hr", "personal_data_3p", 2, "Pristajem da se moji podaci proslijede partnerima radi ponuda po mjeri", "Podatke prosljeđujemo samo odabranim partnerima; privolu možete povući u bilo kojem trenutku u postavkama privatnosti."],
  ["hu", "marketing_1p", 1, "Szeretnék híreket és ajánlatokat kapni e-mailben", "Hozzájárulását bármikor visszavonhatja a fiókbeállításokban vagy az e-mailekben található hivatkozással."],
  ["hu", "personal_data_3p", 2, "Hozzájárulok, hogy adataimat személyre szabott ajánlatok céljából partnereknek átadják", "Adatait csak kiválasztott partnereinknek adjuk át; hozzájárulását bármikor visszavonhatja az adatvédelmi beállításokban."],
  ["pl", "marketing_1p", 1, "Chcę otrzymywać nowości i oferty e-mailem", "Zgodę możesz w każdej chwili wycofać w ustawieniach konta lub przez link w każdej wiadomości."],
  ["pl", "personal_data_3p", 2, "Zgadzam się na przekazanie moich danych partnerom w celu ofert dopasowanych do mnie", "Dane przekazujemy tylko wybranym partnerom; zgodę możesz w każdej chwili wycofać w ustawieniach prywatności."],
  ["sl", "marketing_1p", 1, "Želim prejemati novice in ponudbe po e-pošti", "Soglasje lahko kadar koli prekličete v nastavitvah računa ali prek povezave v vsakem sporočilu."],
  ["sl", "personal_data_3p", 2, "Strinjam se, da se moji podatki posredujejo partnerjem za prilagojene ponudbe", "Podatke posredujemo le izbranim partnerjem; soglasje lahko kadar koli prekličete v nastavitvah zasebnosti."]
]


/** The statements of this migration, in order. */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE categories ADD COLUMN adult boolean NOT NULL DEFAULT false`,
  `UPDATE categories c SET adult = true
    WHERE EXISTS (SELECT 1 FROM products p WHERE p.main_category_id = c.category_id AND p.adult_only)`,
  `ALTER TABLE billing_methods ADD COLUMN max_order_total numeric(12,2)`,
  `UPDATE billing_methods b SET max_order_total = CASE s.currency
      WHEN 'CZK' THEN 50000 WHEN 'HUF' THEN 800000 WHEN 'PLN' THEN 8600 ELSE 2000 END
    FROM shops s WHERE s.shop_id = b.shop_id AND b.code IN ('CZ0', 'SKD', 'HRD', 'HUD', 'PLD', 'SID')`,
  `ALTER TABLE orders ADD COLUMN consents jsonb NOT NULL DEFAULT '{}'::jsonb`,
  `CREATE TABLE order_consent_texts (
    language text NOT NULL,
    code text NOT NULL,
    position integer NOT NULL,
    required boolean NOT NULL DEFAULT false,
    text text NOT NULL,
    note text NOT NULL,
    PRIMARY KEY (language, code)
  )`,
  `INSERT INTO order_consent_texts (language, code, position, text, note) VALUES ${
    orderConsentTexts.map(([language, code, position, text, note]) =>
      `(${sqlText(language)}, ${sqlText(code)}, ${position}, ${sqlText(text)}, ${sqlText(note)})`).join(", ")
  }`
]

/** Runs this migration. */
export default runStatements(statements)
