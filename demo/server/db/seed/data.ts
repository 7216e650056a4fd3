/**
 * The fixed vocabulary of the seed: category trees, product nouns, colours, parameters, cities with
 * real coordinates, street names, people's names and shop texts, in the six shop languages.
 *
 * A {@link Texts} tuple holds one text per language in the order of {@link languages}.
 *
 * @module
 */
import type { Country } from "../../../../core/domain/shop.ts"

/** The shop languages, in the order of every {@link Texts} tuple. */
export const languages = ["cs", "sk", "hr", "hu", "pl", "sl"] as const

/** A shop language. */
export type Language = (typeof languages)[number]

/** One text per language, in the order of {@link languages}. */
export type Texts = readonly [cs: string, sk: string, hr: string, hu: string, pl: string, sl: string]

/** The text of `texts` in `language` (`cs` when the language is unknown). */
export const tr = (texts: Texts, language: string): string => {
  const index = (languages as ReadonlyArray<string>).indexOf(language)
  return texts[index < 0 ? 0 : index] as string
}

/** A url key from a title: ASCII, lower case, words joined by `-` (`Mobilní telefony` -> `mobilni-telefony`). */
export const slugify = (text: string): string =>
  text
    .replace(/[łŁ]/g, "l")
    .replace(/[đĐ]/g, "d")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")

// -----------------------------------------------------------------------------------------------
// catalogue
// -----------------------------------------------------------------------------------------------

/** The parameters a product may carry, with their localized titles and unit. */
export const paramDefs: { readonly [key: string]: { readonly title: Texts; readonly measure?: string } } = {
  COLOR: { title: ["Barva", "Farba", "Boja", "Szín", "Kolor", "Barva"] },
  STORAGE: { title: ["Úložiště", "Úložisko", "Pohrana", "Tárhely", "Pamięć", "Shramba"], measure: "GB" },
  RAM: { title: ["Operační paměť", "Operačná pamäť", "Radna memorija", "Memória", "Pamięć RAM", "Delovni pomnilnik"], measure: "GB" },
  DISPLAY: { title: ["Úhlopříčka", "Uhlopriečka", "Dijagonala", "Képátló", "Przekątna", "Diagonala"], measure: "\"" },
  POWER: { title: ["Příkon", "Príkon", "Snaga", "Teljesítmény", "Moc", "Moč"], measure: "W" },
  CAPACITY: { title: ["Kapacita", "Kapacita", "Kapacitet", "Kapacitás", "Pojemność", "Kapaciteta"], measure: "kg" },
  VOLUME: { title: ["Objem", "Objem", "Volumen", "Űrtartalom", "Pojemność", "Prostornina"], measure: "l" },
  ENERGY: { title: ["Energetická třída", "Energetická trieda", "Energetski razred", "Energiaosztály", "Klasa energetyczna", "Energijski razred"] },
  WEIGHT: { title: ["Hmotnost", "Hmotnosť", "Težina", "Tömeg", "Waga", "Teža"], measure: "kg" },
  PLATFORM: { title: ["Platforma", "Platforma", "Platforma", "Platform", "Platforma", "Platforma"] },
  LICENSE: { title: ["Licence", "Licencia", "Licenca", "Licenc", "Licencja", "Licenca"], measure: "" },
  ALCOHOL: { title: ["Obsah alkoholu", "Obsah alkoholu", "Udio alkohola", "Alkoholtartalom", "Zawartość alkoholu", "Vsebnost alkohola"], measure: "%" }
}

/** A colour of a variant: its COLOR value per language and its swatch. */
export interface ColorDef {
  /** Language-neutral code, used in variant codes. */
  readonly code: string
  /** The swatch, `#rrggbb` (sent as the param's `css`). */
  readonly hex: string
  /** The COLOR value per language. */
  readonly name: Texts
}

/** The colours variants come in. */
export const colors: ReadonlyArray<ColorDef> = [
  { code: "BK", hex: "#1F2328", name: ["černá", "čierna", "crna", "fekete", "czarny", "črna"] },
  { code: "WH", hex: "#F5F5F4", name: ["bílá", "biela", "bijela", "fehér", "biały", "bela"] },
  { code: "SL", hex: "#C0C4C8", name: ["stříbrná", "strieborná", "srebrna", "ezüst", "srebrny", "srebrna"] },
  { code: "BL", hex: "#2563EB", name: ["modrá", "modrá", "plava", "kék", "niebieski", "modra"] },
  { code: "RD", hex: "#DC2626", name: ["červená", "červená", "crvena", "piros", "czerwony", "rdeča"] },
  { code: "GN", hex: "#16A34A", name: ["zelená", "zelená", "zelena", "zöld", "zielony", "zelena"] },
  { code: "GD", hex: "#D4A017", name: ["zlatá", "zlatá", "zlatna", "arany", "złoty", "zlata"] },
  { code: "GR", hex: "#4B5563", name: ["grafitová", "grafitová", "grafitna", "grafit", "grafitowy", "grafitna"] },
  { code: "PK", hex: "#EC4899", name: ["růžová", "ružová", "ružičasta", "rózsaszín", "różowy", "roza"] }
]

/** How a leaf category's products vary and what they carry. */
export interface LeafDef {
  /** Language-neutral category code. */
  readonly code: string
  /** Category title per language (its url key is the slug of it). */
  readonly title: Texts
  /** The product noun per language, prefixed to product titles. */
  readonly noun: Texts
  /** Brands sold in the category. */
  readonly brands: ReadonlyArray<string>
  /** Model series names. */
  readonly series: ReadonlyArray<string>
  /** Price range of the base variant, in EUR. */
  readonly priceEur: readonly [min: number, max: number]
  /** Colour codes the variants may come in (empty: no COLOR variation, one neutral colour). */
  readonly colors: ReadonlyArray<string>
  /** Storage/size options that multiply variants (with the price factor of each step). */
  readonly sizes?: { readonly key: string; readonly values: ReadonlyArray<number>; readonly factor: number }
  /** Fixed extra parameters: key -> candidate values. */
  readonly params: { readonly [key: string]: ReadonlyArray<string> }
  /** The image shape. */
  readonly shape: string
  /** Which bundle types its products offer. */
  readonly bundles: ReadonlyArray<"warranty" | "insurance" | "digital" | "return_guarantee">
  /** Products are digital content (licences). */
  readonly digital?: boolean
  /** Products are for adults only (the adult-content gate). */
  readonly adult?: boolean
}

/** A top category with its leaves. */
export interface TopCategoryDef {
  /** Language-neutral category code. */
  readonly code: string
  /** Title per language. */
  readonly title: Texts
  /** Accent colour of its images and banners. */
  readonly accent: string
  /** The leaf categories that hold products. */
  readonly leaves: ReadonlyArray<LeafDef>
}

const all = ["BK", "WH", "SL", "BL", "RD", "GN", "GD", "GR", "PK"]
const dark = ["BK", "WH", "SL", "GR"]
const electronicsBundles = ["warranty", "insurance", "digital", "return_guarantee"] as const
const applianceBundles = ["warranty", "return_guarantee"] as const

/** The category tree every shop gets (titles localized). */
export const categoryTree: ReadonlyArray<TopCategoryDef> = [
  {
    code: "phones",
    title: ["Mobily a tablety", "Mobily a tablety", "Mobiteli i tableti", "Mobilok és tabletek", "Telefony i tablety", "Mobiteli in tablice"],
    accent: "#2563EB",
    leaves: [
      {
        code: "smartphones",
        title: ["Mobilní telefony", "Mobilné telefóny", "Pametni telefoni", "Okostelefonok", "Smartfony", "Pametni telefoni"],
        noun: ["Mobilní telefon", "Mobilný telefón", "Pametni telefon", "Okostelefon", "Smartfon", "Pametni telefon"],
        brands: ["Voltra", "Nordika", "Kestrel", "Zenvo", "Aurex"],
        series: ["Nova", "Pulse", "Edge", "Lite", "Max", "Air"],
        priceEur: [149, 1299],
        colors: all,
        sizes: { key: "STORAGE", values: [128, 256, 512], factor: 1.18 },
        params: { DISPLAY: ["6.1", "6.4", "6.7"], RAM: ["6", "8", "12"] },
        shape: "phone",
        bundles: electronicsBundles
      },
      {
        code: "tablets",
        title: ["Tablety", "Tablety", "Tableti", "Tabletek", "Tablety", "Tablice"],
        noun: ["Tablet", "Tablet", "Tablet", "Tablet", "Tablet", "Tablični računalnik"],
        brands: ["Voltra", "Nordika", "Lumio", "Zenvo"],
        series: ["Tab", "Pad", "Slate", "Note"],
        priceEur: [129, 1099],
        colors: dark,
        sizes: { key: "STORAGE", values: [64, 128, 256], factor: 1.15 },
        params: { DISPLAY: ["10.4", "11", "12.9"] },
        shape: "phone",
        bundles: electronicsBundles
      },
      {
        code: "smartwatches",
        title: ["Chytré hodinky", "Inteligentné hodinky", "Pametni satovi", "Okosórák", "Smartwatche", "Pametne ure"],
        noun: ["Chytré hodinky", "Inteligentné hodinky", "Pametni sat", "Okosóra", "Smartwatch", "Pametna ura"],
        brands: ["Kestrel", "Aurex", "Pulsar", "Zenvo"],
        series: ["Fit", "Run", "Active", "Classic"],
        priceEur: [59, 599],
        colors: ["BK", "SL", "GD", "PK", "BL"],
        params: { DISPLAY: ["1.3", "1.4", "1.9"] },
        shape: "round",
        bundles: ["warranty", "insurance", "return_guarantee"]
      }
    ]
  },
  {
    code: "computers",
    title: ["Počítače a notebooky", "Počítače a notebooky", "Računala i laptopi", "Számítógépek és laptopok", "Komputery i laptopy", "Računalniki in prenosniki"],
    accent: "#7C3AED",
    leaves: [
      {
        code: "laptops",
        title: ["Notebooky", "Notebooky", "Laptopi", "Laptopok", "Laptopy", "Prenosniki"],
        noun: ["Notebook", "Notebook", "Laptop", "Laptop", "Laptop", "Prenosnik"],
        brands: ["Pragma", "Nordika", "Voltra", "Lumio", "Tessor"],
        series: ["Book", "Pro", "Studio", "Flex", "Gamer"],
        priceEur: [399, 2499],
        colors: ["SL", "GR", "BK"],
        sizes: { key: "STORAGE", values: [512, 1024], factor: 1.12 },
        params: { DISPLAY: ["14", "15.6", "16"], RAM: ["8", "16", "32"] },
        shape: "laptop",
        bundles: electronicsBundles
      },
      {
        code: "monitors",
        title: ["Monitory", "Monitory", "Monitori", "Monitorok", "Monitory", "Monitorji"],
        noun: ["Monitor", "Monitor", "Monitor", "Monitor", "Monitor", "Monitor"],
        brands: ["Tessor", "Lumio", "Pragma", "Vistara"],
        series: ["View", "Vision", "Pro", "Curve"],
        priceEur: [99, 899],
        colors: ["BK", "WH", "SL"],
        params: { DISPLAY: ["24", "27", "32", "34"] },
        shape: "screen",
        bundles: ["warranty", "return_guarantee"]
      },
      {
        code: "keyboards",
        title: ["Klávesnice", "Klávesnice", "Tipkovnice", "Billentyűzetek", "Klawiatury", "Tipkovnice"],
        noun: ["Klávesnice", "Klávesnica", "Tipkovnica", "Billentyűzet", "Klawiatura", "Tipkovnica"],
        brands: ["Keyra", "Tessor", "Pragma"],
        series: ["Type", "Mech", "Silent", "Slim"],
        priceEur: [19, 199],
        colors: ["BK", "WH", "GR", "PK"],
        params: { WEIGHT: ["0.6", "0.9", "1.1"] },
        shape: "box",
        bundles: ["warranty", "return_guarantee"]
      }
    ]
  },
  {
    code: "tv-audio",
    title: ["TV, foto, audio-video", "TV, foto, audio-video", "TV, foto i audio", "TV, fotó, audió", "RTV i foto", "TV, foto in avdio"],
    accent: "#DB2777",
    leaves: [
      {
        code: "televisions",
        title: ["Televize", "Televízory", "Televizori", "Televíziók", "Telewizory", "Televizorji"],
        noun: ["Televize", "Televízor", "Televizor", "Televízió", "Telewizor", "Televizor"],
        brands: ["Vistara", "Lumio", "Nordika", "Aurex"],
        series: ["QLED", "OLED", "Cinema", "Smart"],
        priceEur: [249, 2999],
        colors: ["BK", "SL"],
        sizes: { key: "DISPLAY", values: [43, 55, 65], factor: 1.35 },
        params: { ENERGY: ["E", "F", "G"] },
        shape: "screen",
        bundles: electronicsBundles
      },
      {
        code: "headphones",
        title: ["Sluchátka", "Slúchadlá", "Slušalice", "Fejhallgatók", "Słuchawki", "Slušalke"],
        noun: ["Sluchátka", "Slúchadlá", "Slušalice", "Fejhallgató", "Słuchawki", "Slušalke"],
        brands: ["Aurex", "Sonora", "Kestrel"],
        series: ["Buds", "Studio", "Sport", "Quiet"],
        priceEur: [19, 449],
        colors: ["BK", "WH", "BL", "PK", "GN"],
        params: { WEIGHT: ["0.05", "0.25", "0.3"] },
        shape: "round",
        bundles: ["warranty", "insurance", "return_guarantee"]
      },
      {
        code: "cameras",
        title: ["Fotoaparáty", "Fotoaparáty", "Fotoaparati", "Fényképezőgépek", "Aparaty fotograficzne", "Fotoaparati"],
        noun: ["Fotoaparát", "Fotoaparát", "Fotoaparat", "Fényképezőgép", "Aparat", "Fotoaparat"],
        brands: ["Optika", "Lumio", "Vistara"],
        series: ["Alpha", "Z", "Mirror", "Snap"],
        priceEur: [299, 2499],
        colors: ["BK", "SL"],
        params: { WEIGHT: ["0.4", "0.6", "0.8"] },
        shape: "round",
        bundles: electronicsBundles
      }
    ]
  },
  {
    code: "appliances",
    title: ["Velké spotřebiče", "Veľké spotrebiče", "Veliki kućanski aparati", "Nagy háztartási gépek", "Duże AGD", "Veliki gospodinjski aparati"],
    accent: "#0891B2",
    leaves: [
      {
        code: "washers",
        title: ["Pračky", "Práčky", "Perilice rublja", "Mosógépek", "Pralki", "Pralni stroji"],
        noun: ["Pračka", "Práčka", "Perilica rublja", "Mosógép", "Pralka", "Pralni stroj"],
        brands: ["Hausberg", "Nordika", "Clara"],
        series: ["Eco", "Steam", "Silence", "Compact"],
        priceEur: [279, 1099],
        colors: ["WH"],
        params: { CAPACITY: ["7", "8", "9", "10"], ENERGY: ["A", "B", "C"] },
        shape: "appliance",
        bundles: applianceBundles
      },
      {
        code: "fridges",
        title: ["Chladničky", "Chladničky", "Hladnjaci", "Hűtőszekrények", "Lodówki", "Hladilniki"],
        noun: ["Chladnička", "Chladnička", "Hladnjak", "Hűtőszekrény", "Lodówka", "Hladilnik"],
        brands: ["Hausberg", "Frostik", "Clara"],
        series: ["Fresh", "NoFrost", "Duo", "Side"],
        priceEur: [299, 1799],
        colors: ["WH", "SL", "BK"],
        params: { VOLUME: ["250", "330", "420"], ENERGY: ["C", "D", "E"] },
        shape: "appliance",
        bundles: applianceBundles
      },
      {
        code: "dishwashers",
        title: ["Myčky nádobí", "Umývačky riadu", "Perilice posuđa", "Mosogatógépek", "Zmywarki", "Pomivalni stroji"],
        noun: ["Myčka nádobí", "Umývačka riadu", "Perilica posuđa", "Mosogatógép", "Zmywarka", "Pomivalni stroj"],
        brands: ["Hausberg", "Clara", "Nordika"],
        series: ["Clean", "Silent", "Slim", "Auto"],
        priceEur: [299, 999],
        colors: ["WH", "SL"],
        params: { ENERGY: ["B", "C", "D"] },
        shape: "appliance",
        bundles: applianceBundles
      }
    ]
  },
  {
    code: "kitchen",
    title: ["Kuchyňské spotřebiče", "Kuchynské spotrebiče", "Mali kućanski aparati", "Konyhai kisgépek", "Małe AGD", "Mali gospodinjski aparati"],
    accent: "#EA580C",
    leaves: [
      {
        code: "coffee",
        title: ["Kávovary", "Kávovary", "Aparati za kavu", "Kávéfőzők", "Ekspresy do kawy", "Kavni aparati"],
        noun: ["Kávovar", "Kávovar", "Aparat za kavu", "Kávéfőző", "Ekspres do kawy", "Kavni aparat"],
        brands: ["Barista", "Clara", "Hausberg"],
        series: ["Crema", "Espresso", "Latte", "Duo"],
        priceEur: [59, 899],
        colors: ["BK", "SL", "RD", "WH"],
        params: { POWER: ["1350", "1450", "1600"] },
        shape: "box",
        bundles: applianceBundles
      },
      {
        code: "vacuums",
        title: ["Vysavače", "Vysávače", "Usisavači", "Porszívók", "Odkurzacze", "Sesalniki"],
        noun: ["Vysavač", "Vysávač", "Usisavač", "Porszívó", "Odkurzacz", "Sesalnik"],
        brands: ["Cyklon", "Hausberg", "Clara"],
        series: ["Turbo", "Cordless", "Robot", "Power"],
        priceEur: [59, 699],
        colors: ["GR", "RD", "BL", "WH"],
        params: { POWER: ["250", "450", "700"] },
        shape: "box",
        bundles: applianceBundles
      },
      {
        code: "blenders",
        title: ["Mixéry", "Mixéry", "Blenderi", "Turmixgépek", "Blendery", "Mešalniki"],
        noun: ["Mixér", "Mixér", "Blender", "Turmixgép", "Blender", "Mešalnik"],
        brands: ["Clara", "Barista", "Cyklon"],
        series: ["Smoothie", "Chef", "Mini", "Pro"],
        priceEur: [25, 299],
        colors: ["BK", "WH", "RD", "GN"],
        params: { POWER: ["600", "1000", "1500"] },
        shape: "box",
        bundles: ["warranty"]
      }
    ]
  },
  {
    code: "gaming",
    title: ["Hry a zábava", "Hry a zábava", "Gaming i zabava", "Gaming és szórakozás", "Gry i rozrywka", "Igre in zabava"],
    accent: "#16A34A",
    leaves: [
      {
        code: "consoles",
        title: ["Herní konzole", "Herné konzoly", "Igraće konzole", "Játékkonzolok", "Konsole", "Igralne konzole"],
        noun: ["Herní konzole", "Herná konzola", "Igraća konzola", "Játékkonzol", "Konsola", "Igralna konzola"],
        brands: ["Ludex", "Arcadia"],
        series: ["One", "Neo", "Go", "Pro"],
        priceEur: [249, 599],
        colors: ["BK", "WH"],
        sizes: { key: "STORAGE", values: [512, 1024], factor: 1.15 },
        params: {},
        shape: "box",
        bundles: ["warranty", "insurance", "return_guarantee"]
      },
      {
        code: "games",
        title: ["Hry", "Hry", "Video igre", "Videojátékok", "Gry wideo", "Video igre"],
        noun: ["Hra", "Hra", "Igra", "Játék", "Gra", "Igra"],
        brands: ["Arcadia Studios", "Pixelforge", "Northwind Games"],
        series: ["Legends", "Racing", "Kingdom", "Galaxy", "Football"],
        priceEur: [15, 75],
        colors: [],
        params: { PLATFORM: ["Ludex One", "Ludex Neo", "PC", "Arcadia Go"] },
        shape: "box",
        bundles: []
      },
      {
        code: "controllers",
        title: ["Herní ovladače", "Herné ovládače", "Kontroleri", "Kontrollerek", "Kontrolery", "Igralni ploščki"],
        noun: ["Herní ovladač", "Herný ovládač", "Kontroler", "Kontroller", "Kontroler", "Igralni plošček"],
        brands: ["Ludex", "Arcadia", "Keyra"],
        series: ["Pad", "Elite", "Wireless"],
        priceEur: [29, 179],
        colors: ["BK", "WH", "RD", "BL"],
        params: {},
        shape: "round",
        bundles: ["warranty", "return_guarantee"]
      }
    ]
  },
  {
    code: "software",
    title: ["Software", "Softvér", "Softver", "Szoftverek", "Oprogramowanie", "Programska oprema"],
    accent: "#4F46E5",
    leaves: [
      {
        code: "antivirus",
        title: ["Antiviry", "Antivírusy", "Antivirusni programi", "Vírusirtók", "Antywirusy", "Protivirusni programi"],
        noun: ["Antivirus", "Antivírus", "Antivirus", "Vírusirtó", "Antywirus", "Protivirusni program"],
        brands: ["Shieldon", "Securia"],
        series: ["Total", "Internet", "Mobile", "Family"],
        priceEur: [19, 89],
        colors: [],
        params: { LICENSE: ["1", "3", "5"], PLATFORM: ["Windows", "macOS", "Android"] },
        shape: "box",
        bundles: [],
        digital: true
      },
      {
        code: "office",
        title: ["Kancelářský software", "Kancelársky softvér", "Uredski softver", "Irodai szoftverek", "Oprogramowanie biurowe", "Pisarniška programska oprema"],
        noun: ["Kancelářský balík", "Kancelársky balík", "Uredski paket", "Irodai csomag", "Pakiet biurowy", "Pisarniški paket"],
        brands: ["Officio", "Documa"],
        series: ["Home", "Business", "Student"],
        priceEur: [59, 299],
        colors: [],
        params: { LICENSE: ["1", "5"], PLATFORM: ["Windows", "macOS"] },
        shape: "box",
        bundles: [],
        digital: true
      }
    ]
  },
  {
    code: "home-garden",
    title: ["Dům a zahrada", "Dom a záhrada", "Dom i vrt", "Ház és kert", "Dom i ogród", "Dom in vrt"],
    accent: "#65A30D",
    leaves: [
      {
        code: "grills",
        title: ["Grily", "Grily", "Roštilji", "Grillek", "Grille", "Žari"],
        noun: ["Gril", "Gril", "Roštilj", "Grill", "Grill", "Žar"],
        brands: ["Flamberg", "Hausberg"],
        series: ["Party", "Master", "Compact", "Gas"],
        priceEur: [79, 1199],
        colors: ["BK", "RD", "SL"],
        params: { WEIGHT: ["12", "24", "45"] },
        shape: "round",
        bundles: applianceBundles
      },
      {
        code: "tools",
        title: ["Nářadí", "Náradie", "Alati", "Szerszámok", "Narzędzia", "Orodje"],
        noun: ["Aku vrtačka", "Aku vŕtačka", "Aku bušilica", "Akkus fúró", "Wiertarka akumulatorowa", "Akumulatorski vrtalnik"],
        brands: ["Toolbrand", "Kraftwerk", "Hausberg"],
        series: ["18V", "Impact", "Compact", "Pro"],
        priceEur: [49, 399],
        colors: ["GN", "BL", "RD"],
        params: { POWER: ["400", "550", "800"] },
        shape: "box",
        bundles: applianceBundles
      },
      {
        code: "lighting",
        title: ["Osvětlení", "Osvetlenie", "Rasvjeta", "Világítás", "Oświetlenie", "Razsvetljava"],
        noun: ["Stolní lampa", "Stolová lampa", "Stolna svjetiljka", "Asztali lámpa", "Lampka biurkowa", "Namizna svetilka"],
        brands: ["Lumio", "Lucerna"],
        series: ["Desk", "Arc", "Mood", "Smart"],
        priceEur: [15, 149],
        colors: ["BK", "WH", "GD", "GN"],
        params: { POWER: ["5", "8", "12"] },
        shape: "round",
        bundles: ["warranty"]
      }
    ]
  },
  {
    code: "drinks",
    title: ["Nápoje", "Nápoje", "Pića", "Italok", "Napoje", "Pijače"],
    accent: "#9F1239",
    leaves: [
      {
        code: "wine",
        title: ["Víno", "Víno", "Vino", "Borok", "Wina", "Vina"],
        noun: ["Víno", "Víno", "Vino", "Bor", "Wino", "Vino"],
        brands: ["Vinařství Hrad", "Villa Danubia", "Castel Istra"],
        series: ["Ryzlink", "Frankovka", "Merlot", "Chardonnay", "Rosé"],
        priceEur: [6, 59],
        colors: [],
        params: { VOLUME: ["0.75"], ALCOHOL: ["11.5", "12.5", "13.5"] },
        shape: "bottle",
        bundles: [],
        adult: true
      },
      {
        code: "spirits",
        title: ["Destiláty", "Destiláty", "Žestoka pića", "Röviditalok", "Alkohole mocne", "Žgane pijače"],
        noun: ["Whisky", "Whisky", "Whisky", "Whisky", "Whisky", "Viski"],
        brands: ["Highland Oak", "Old Cooper"],
        series: ["12 Years", "Single Malt", "Reserve", "Blend"],
        priceEur: [19, 149],
        colors: [],
        params: { VOLUME: ["0.7"], ALCOHOL: ["40", "43", "46"] },
        shape: "bottle",
        bundles: [],
        adult: true
      }
    ]
  }
]

/** The localized titles of the bundle offers. */
export const bundleTitles: {
  readonly warranty2: Texts
  readonly warranty3: Texts
  readonly insurance: Texts
  readonly returnGuarantee: Texts
} = {
  warranty2: ["Prodloužená záruka +2 roky", "Predĺžená záruka +2 roky", "Produljeno jamstvo +2 godine", "Kiterjesztett garancia +2 év", "Przedłużona gwarancja +2 lata", "Podaljšana garancija +2 leti"],
  warranty3: ["Prodloužená záruka +3 roky", "Predĺžená záruka +3 roky", "Produljeno jamstvo +3 godine", "Kiterjesztett garancia +3 év", "Przedłużona gwarancja +3 lata", "Podaljšana garancija +3 leta"],
  insurance: ["Pojištění proti poškození a krádeži", "Poistenie proti poškodeniu a krádeži", "Osiguranje od oštećenja i krađe", "Biztosítás sérülés és lopás ellen", "Ubezpieczenie od uszkodzeń i kradzieży", "Zavarovanje pred poškodbo in krajo"],
  returnGuarantee: ["Vrácení do 90 dnů", "Vrátenie do 90 dní", "Povrat u 90 dana", "Visszaküldés 90 napon belül", "Zwrot do 90 dni", "Vračilo v 90 dneh"]
}

/** Product description sentence per language (`{brand}` and `{category}` are replaced). */
export const descriptionTemplate: Texts = [
  "Spolehlivý produkt značky {brand} z kategorie {category}. Skladem na prodejnách i online.",
  "Spoľahlivý produkt značky {brand} z kategórie {category}. Skladom na predajniach aj online.",
  "Pouzdan proizvod marke {brand} iz kategorije {category}. Dostupno u poslovnicama i online.",
  "Megbízható {brand} termék a(z) {category} kategóriából. Üzleteinkben és online is kapható.",
  "Niezawodny produkt marki {brand} z kategorii {category}. Dostępny w sklepach i online.",
  "Zanesljiv izdelek znamke {brand} iz kategorije {category}. Na voljo v trgovinah in na spletu."
]

// -----------------------------------------------------------------------------------------------
// geography
// -----------------------------------------------------------------------------------------------

/** A city with real coordinates and a real-looking postal code (digits only). */
export interface CityDef {
  /** City name. */
  readonly name: string
  /** Latitude of the centre. */
  readonly lat: number
  /** Longitude of the centre. */
  readonly lng: number
  /** A postal code of the city, digits only. */
  readonly zip: string
}

/** Twelve cities per country, largest first. */
export const cities: { readonly [C in Country]: ReadonlyArray<CityDef> } = {
  CZ: [
    { name: "Praha", lat: 50.0755, lng: 14.4378, zip: "11000" },
    { name: "Brno", lat: 49.1951, lng: 16.6068, zip: "60200" },
    { name: "Ostrava", lat: 49.8209, lng: 18.2625, zip: "70200" },
    { name: "Plzeň", lat: 49.7384, lng: 13.3736, zip: "30100" },
    { name: "Liberec", lat: 50.7671, lng: 15.0562, zip: "46001" },
    { name: "Olomouc", lat: 49.5938, lng: 17.2509, zip: "77900" },
    { name: "České Budějovice", lat: 48.9745, lng: 14.4743, zip: "37001" },
    { name: "Hradec Králové", lat: 50.2104, lng: 15.8252, zip: "50002" },
    { name: "Ústí nad Labem", lat: 50.6607, lng: 14.0323, zip: "40001" },
    { name: "Pardubice", lat: 50.0343, lng: 15.7812, zip: "53002" },
    { name: "Zlín", lat: 49.2265, lng: 17.6707, zip: "76001" },
    { name: "Jihlava", lat: 49.3961, lng: 15.5912, zip: "58601" }
  ],
  SK: [
    { name: "Bratislava", lat: 48.1486, lng: 17.1077, zip: "81101" },
    { name: "Košice", lat: 48.7164, lng: 21.2611, zip: "04001" },
    { name: "Prešov", lat: 48.9985, lng: 21.2339, zip: "08001" },
    { name: "Žilina", lat: 49.2231, lng: 18.7394, zip: "01001" },
    { name: "Nitra", lat: 48.3069, lng: 18.0864, zip: "94901" },
    { name: "Banská Bystrica", lat: 48.7363, lng: 19.1462, zip: "97401" },
    { name: "Trnava", lat: 48.3774, lng: 17.5872, zip: "91701" },
    { name: "Trenčín", lat: 48.8945, lng: 18.0444, zip: "91101" },
    { name: "Martin", lat: 49.0665, lng: 18.9239, zip: "03601" },
    { name: "Poprad", lat: 49.0614, lng: 20.298, zip: "05801" },
    { name: "Zvolen", lat: 48.5762, lng: 19.1371, zip: "96001" },
    { name: "Michalovce", lat: 48.7543, lng: 21.9195, zip: "07101" }
  ],
  HR: [
    { name: "Zagreb", lat: 45.815, lng: 15.9819, zip: "10000" },
    { name: "Split", lat: 43.5081, lng: 16.4402, zip: "21000" },
    { name: "Rijeka", lat: 45.3271, lng: 14.4422, zip: "51000" },
    { name: "Osijek", lat: 45.555, lng: 18.6955, zip: "31000" },
    { name: "Zadar", lat: 44.1194, lng: 15.2314, zip: "23000" },
    { name: "Pula", lat: 44.8666, lng: 13.8496, zip: "52100" },
    { name: "Slavonski Brod", lat: 45.1603, lng: 18.0156, zip: "35000" },
    { name: "Karlovac", lat: 45.4929, lng: 15.5553, zip: "47000" },
    { name: "Varaždin", lat: 46.3057, lng: 16.3366, zip: "42000" },
    { name: "Šibenik", lat: 43.735, lng: 15.8952, zip: "22000" },
    { name: "Dubrovnik", lat: 42.6507, lng: 18.0944, zip: "20000" },
    { name: "Sisak", lat: 45.4658, lng: 16.3784, zip: "44000" }
  ],
  HU: [
    { name: "Budapest", lat: 47.4979, lng: 19.0402, zip: "1051" },
    { name: "Debrecen", lat: 47.5316, lng: 21.6273, zip: "4024" },
    { name: "Szeged", lat: 46.253, lng: 20.1414, zip: "6720" },
    { name: "Miskolc", lat: 48.1035, lng: 20.7784, zip: "3525" },
    { name: "Pécs", lat: 46.0727, lng: 18.2323, zip: "7621" },
    { name: "Győr", lat: 47.6875, lng: 17.6504, zip: "9021" },
    { name: "Nyíregyháza", lat: 47.9554, lng: 21.7167, zip: "4400" },
    { name: "Kecskemét", lat: 46.8964, lng: 19.6897, zip: "6000" },
    { name: "Székesfehérvár", lat: 47.186, lng: 18.4221, zip: "8000" },
    { name: "Szombathely", lat: 47.2307, lng: 16.6218, zip: "9700" },
    { name: "Szolnok", lat: 47.1621, lng: 20.1825, zip: "5000" },
    { name: "Eger", lat: 47.9025, lng: 20.3772, zip: "3300" }
  ],
  PL: [
    { name: "Warszawa", lat: 52.2297, lng: 21.0122, zip: "00950" },
    { name: "Kraków", lat: 50.0647, lng: 19.945, zip: "31000" },
    { name: "Łódź", lat: 51.7592, lng: 19.456, zip: "90001" },
    { name: "Wrocław", lat: 51.1079, lng: 17.0385, zip: "50001" },
    { name: "Poznań", lat: 52.4064, lng: 16.9252, zip: "60001" },
    { name: "Gdańsk", lat: 54.352, lng: 18.6466, zip: "80001" },
    { name: "Szczecin", lat: 53.4285, lng: 14.5528, zip: "70001" },
    { name: "Bydgoszcz", lat: 53.1235, lng: 18.0084, zip: "85001" },
    { name: "Lublin", lat: 51.2465, lng: 22.5684, zip: "20001" },
    { name: "Katowice", lat: 50.2649, lng: 19.0238, zip: "40001" },
    { name: "Białystok", lat: 53.1325, lng: 23.1688, zip: "15001" },
    { name: "Rzeszów", lat: 50.0412, lng: 21.9991, zip: "35001" }
  ],
  SI: [
    { name: "Ljubljana", lat: 46.0569, lng: 14.5058, zip: "1000" },
    { name: "Maribor", lat: 46.5547, lng: 15.6459, zip: "2000" },
    { name: "Celje", lat: 46.2397, lng: 15.2677, zip: "3000" },
    { name: "Kranj", lat: 46.2389, lng: 14.3556, zip: "4000" },
    { name: "Koper", lat: 45.5481, lng: 13.7302, zip: "6000" },
    { name: "Velenje", lat: 46.3592, lng: 15.1103, zip: "3320" },
    { name: "Novo mesto", lat: 45.8011, lng: 15.171, zip: "8000" },
    { name: "Ptuj", lat: 46.4201, lng: 15.87, zip: "2250" },
    { name: "Murska Sobota", lat: 46.6581, lng: 16.161, zip: "9000" },
    { name: "Nova Gorica", lat: 45.956, lng: 13.6484, zip: "5000" },
    { name: "Kamnik", lat: 46.2259, lng: 14.6121, zip: "1241" },
    { name: "Jesenice", lat: 46.4364, lng: 14.0523, zip: "4270" }
  ]
}

/** Street names per country. */
export const streets: { readonly [C in Country]: ReadonlyArray<string> } = {
  CZ: ["Národní", "Vinohradská", "Masarykova", "Husova", "Palackého", "Nádražní", "Komenského", "Jiráskova", "Tyršova", "Smetanova"],
  SK: ["Hlavná", "Štúrova", "Obchodná", "Hviezdoslavova", "Mierová", "Kollárova", "Jesenského", "Hurbanova", "Záhradnícka", "Dlhá"],
  HR: ["Ilica", "Vukovarska", "Savska", "Frankopanska", "Zagrebačka", "Radićeva", "Strossmayerova", "Kačićeva", "Jadranska", "Domovinskog rata"],
  HU: ["Váci utca", "Andrássy út", "Rákóczi út", "Kossuth Lajos utca", "Petőfi Sándor utca", "Ady Endre utca", "Arany János utca", "Béke utca", "Fő utca", "Dózsa György út"],
  PL: ["Marszałkowska", "Długa", "Piłsudskiego", "Mickiewicza", "Kościuszki", "Sienkiewicza", "Wolności", "Słowackiego", "Polna", "Ogrodowa"],
  SI: ["Slovenska cesta", "Trubarjeva", "Prešernova", "Cankarjeva", "Partizanska cesta", "Gregorčičeva", "Tržaška cesta", "Celovška cesta", "Glavni trg", "Ulica heroja"]
}

/** Words naming the kinds of branches per language. */
export const branchWords: {
  readonly shop: Texts
  readonly box: Texts
  readonly partner: Texts
  readonly post: Texts
} = {
  shop: ["Prodejna", "Predajňa", "Poslovnica", "Üzlet", "Sklep", "Trgovina"],
  box: ["Box", "Box", "Paketomat", "Csomagautomata", "Paczkomat", "Paketomat"],
  partner: ["Výdejní místo", "Výdajné miesto", "Paketna točka", "Csomagpont", "Punkt odbioru", "Paketno mesto"],
  post: ["Pošta", "Pošta", "Pošta", "Posta", "Urząd Pocztowy", "Pošta"]
}

/** A street address written the way the country writes it, for a post outlet's `postAddress`. */
export const formatPostAddress = (country: Country, street: string, number: number, zip: string, city: string): string =>
  country === "HU"
    ? `${zip} ${city}, ${street} ${number}.`
    : country === "PL"
      ? `ul. ${street} ${number}, ${zip} ${city}`
      : `${street} ${number}, ${zip} ${city}`

/** Registered-company suffixes per country (marketplace partners, business billing profiles). */
export const companySuffix: { readonly [C in Country]: string } = {
  CZ: "s.r.o.",
  SK: "s.r.o.",
  HR: "d.o.o.",
  HU: "Kft.",
  PL: "sp. z o.o.",
  SI: "d.o.o."
}

/** Marketplace partner names (the country's company suffix is appended). */
export const partnerNames: ReadonlyArray<string> = [
  "MegaTech",
  "HomePlus",
  "GameZone",
  "GardenPro",
  "PhotoStar",
  "SoundWave",
  "SmartLiving",
  "ToolMaster"
]

/** First and last names per country: `[firstname, lastname]` pairs. */
export const people: { readonly [C in Country]: ReadonlyArray<readonly [string, string]> } = {
  CZ: [["Jana", "Nováková"], ["Petr", "Svoboda"], ["Lucie", "Dvořáková"], ["Tomáš", "Černý"], ["Eva", "Procházková"], ["Martin", "Kučera"], ["Kateřina", "Veselá"], ["Jakub", "Horák"], ["Tereza", "Němcová"], ["Ondřej", "Marek"]],
  SK: [["Zuzana", "Horváthová"], ["Peter", "Kováč"], ["Lucia", "Vargová"], ["Martin", "Tóth"], ["Jana", "Nagyová"], ["Michal", "Baláž"], ["Katarína", "Szabóová"], ["Tomáš", "Molnár"], ["Veronika", "Lukáčová"], ["Juraj", "Šimko"]],
  HR: [["Ana", "Horvat"], ["Ivan", "Kovačević"], ["Marija", "Babić"], ["Luka", "Marić"], ["Petra", "Jurić"], ["Marko", "Novak"], ["Ivana", "Knežević"], ["Josip", "Vuković"], ["Maja", "Pavlović"], ["Tomislav", "Božić"]],
  HU: [["Anna", "Nagy"], ["Péter", "Kovács"], ["Eszter", "Tóth"], ["Gábor", "Szabó"], ["Katalin", "Horváth"], ["László", "Varga"], ["Zsófia", "Kiss"], ["Balázs", "Molnár"], ["Réka", "Németh"], ["Tamás", "Farkas"]],
  PL: [["Anna", "Nowak"], ["Piotr", "Kowalski"], ["Katarzyna", "Wiśniewska"], ["Tomasz", "Wójcik"], ["Magdalena", "Kowalczyk"], ["Paweł", "Kamiński"], ["Agnieszka", "Lewandowska"], ["Michał", "Zieliński"], ["Joanna", "Szymańska"], ["Krzysztof", "Woźniak"]],
  SI: [["Maja", "Novak"], ["Luka", "Horvat"], ["Nina", "Kovačič"], ["Jan", "Krajnc"], ["Eva", "Zupančič"], ["Matej", "Potočnik"], ["Sara", "Kovač"], ["Žiga", "Mlakar"], ["Ana", "Kos"], ["Rok", "Vidmar"]]
}

/** The top-level domain of demo e-mail addresses per country (`silver@example.cz`). */
export const emailDomain: { readonly [C in Country]: string } = {
  CZ: "example.cz",
  SK: "example.sk",
  HR: "example.hr",
  HU: "example.hu",
  PL: "example.pl",
  SI: "example.si"
}

/** Country phone prefixes. */
export const phonePrefix: { readonly [C in Country]: string } = {
  CZ: "+420",
  SK: "+421",
  HR: "+385",
  HU: "+36",
  PL: "+48",
  SI: "+386"
}

/** VAT rates per country, in percent. */
export const vatRates: { readonly [C in Country]: number } = { CZ: 21, SK: 23, HR: 25, HU: 27, PL: 23, SI: 22 }

// -----------------------------------------------------------------------------------------------
// delivery and payment
// -----------------------------------------------------------------------------------------------

/** A delivery method every shop offers. */
export interface DeliveryDef {
  /** Language-neutral code. */
  readonly code: string
  /** pup, privileged_pup or address. */
  readonly methodKind: "pup" | "privileged_pup" | "address"
  /** express, post, pup, preferred_pup or standard. */
  readonly deliveryType: "express" | "post" | "pup" | "preferred_pup" | "standard"
  /** Which branches serve it (pick-up methods only). */
  readonly branchKind: "shop" | "pup" | "privileged_pup" | "post" | null
  /** Title per language. */
  readonly title: Texts
  /** Price in EUR (converted to the shop's currency). */
  readonly priceEur: number
  /** Free from this cart value in EUR, if ever. */
  readonly freeFromEur: number | null
  /** Delivery days. */
  readonly days: readonly [min: number, max: number]
  /** Delivers marketplace-partner items. */
  readonly marketplace: boolean
}

/** The delivery methods of every shop. */
export const deliveryDefs: ReadonlyArray<DeliveryDef> = [
  { code: "shop-pickup", methodKind: "pup", deliveryType: "pup", branchKind: "shop", title: ["Osobní odběr na prodejně", "Osobný odber na predajni", "Osobno preuzimanje u poslovnici", "Személyes átvétel az üzletben", "Odbiór osobisty w sklepie", "Osebni prevzem v trgovini"], priceEur: 0, freeFromEur: null, days: [0, 1], marketplace: false },
  { code: "box", methodKind: "privileged_pup", deliveryType: "preferred_pup", branchKind: "privileged_pup", title: ["Výdejní box", "Výdajný box", "Paketomat", "Csomagautomata", "Paczkomat", "Paketomat"], priceEur: 1.5, freeFromEur: 50, days: [1, 1], marketplace: false },
  { code: "partner-pickup", methodKind: "pup", deliveryType: "pup", branchKind: "pup", title: ["Výdejní místo partnera", "Výdajné miesto partnera", "Partnerska paketna točka", "Partner csomagpont", "Punkt odbioru partnera", "Partnersko paketno mesto"], priceEur: 2.5, freeFromEur: 60, days: [1, 2], marketplace: false },
  { code: "post-pickup", methodKind: "pup", deliveryType: "post", branchKind: "post", title: ["Balík na poštu", "Balík na poštu", "Paket na poštu", "Csomag postára", "Paczka na pocztę", "Paket na pošto"], priceEur: 3.5, freeFromEur: 80, days: [1, 3], marketplace: false },
  { code: "courier", methodKind: "address", deliveryType: "standard", branchKind: null, title: ["Doručení kurýrem", "Doručenie kuriérom", "Dostava kurirom", "Futárszolgálat", "Dostawa kurierem", "Dostava s kurirjem"], priceEur: 4.5, freeFromEur: 100, days: [1, 2], marketplace: false },
  { code: "express", methodKind: "address", deliveryType: "express", branchKind: null, title: ["Expresní doručení do 3 hodin", "Expresné doručenie do 3 hodín", "Ekspresna dostava za 3 sata", "Expressz kiszállítás 3 órán belül", "Dostawa ekspresowa w 3 godziny", "Ekspresna dostava v 3 urah"], priceEur: 9.9, freeFromEur: null, days: [0, 0], marketplace: false },
  { code: "post-address", methodKind: "address", deliveryType: "post", branchKind: null, title: ["Balík na adresu", "Balík na adresu", "Paket na adresu", "Csomag házhoz", "Paczka pod adres", "Paket na naslov"], priceEur: 5, freeFromEur: null, days: [2, 4], marketplace: false },
  { code: "marketplace", methodKind: "address", deliveryType: "standard", branchKind: null, title: ["Doprava od prodejce", "Doprava od predajcu", "Dostava od prodavatelja", "Szállítás az eladótól", "Dostawa od sprzedawcy", "Dostava od prodajalca"], priceEur: 3.9, freeFromEur: 75, days: [2, 5], marketplace: true }
]

/** The pick-up point types (§3 pupTypes) and their titles. */
export const pupTypeDefs: ReadonlyArray<{ readonly id: string; readonly name: Texts }> = [
  { id: "shop", name: branchWords.shop },
  { id: "box", name: branchWords.box },
  { id: "partner", name: branchWords.partner },
  { id: "post", name: branchWords.post }
]

/** A billing method (or child payment) row of a shop. */
export interface BillingDef {
  /** The code that keys billing methods (§3). */
  readonly code: string
  /** The parent method's code, for child payments. */
  readonly parent?: string
  /** Title (in the shop's language). */
  readonly title: string
  /** Fee in EUR (converted). */
  readonly priceEur?: number
  /** A 'lengthy' payment (§4). */
  readonly lengthy?: boolean
  /** Marked disabled. */
  readonly disabled?: boolean
  /** Background payment-provider check (§4: CZN deferred, CZG revolving). */
  readonly providerCheck?: "deferred" | "revolving"
  /** Disabled for orders above this value in EUR (converted): cash on delivery has a limit. */
  readonly maxOrderTotalEur?: number
}

/** The highest order value cash on delivery takes, in EUR (ours; 50 000 Kč): above it CZ0 is disabled, so CZ removes it (§5). */
export const cashOnDeliveryLimitEur = 2000

const card: Texts = ["Platba kartou online", "Platba kartou online", "Plaćanje karticom online", "Online bankkártyás fizetés", "Płatność kartą online", "Plačilo s kartico na spletu"]
const transfer: Texts = ["Bankovní převod", "Bankový prevod", "Bankovna uplata", "Banki átutalás", "Przelew bankowy", "Bančno nakazilo"]
const cod: Texts = ["Dobírka", "Dobierka", "Pouzeće", "Utánvét", "Za pobraniem", "Po povzetju"]
const wallet: Texts = ["Apple Pay / Google Pay", "Apple Pay / Google Pay", "Apple Pay / Google Pay", "Apple Pay / Google Pay", "Apple Pay / Google Pay", "Apple Pay / Google Pay"]
const atShop: Texts = ["Hotově nebo kartou na prodejně", "V hotovosti alebo kartou na predajni", "Gotovinom ili karticom u poslovnici", "Készpénz vagy kártya az üzletben", "Gotówką lub kartą w sklepie", "Gotovina ali kartica v trgovini"]
const savedCard: Texts = ["Uložená karta", "Uložená karta", "Spremljena kartica", "Mentett kártya", "Zapisana karta", "Shranjena kartica"]
const newCard: Texts = ["Nová karta", "Nová karta", "Nova kartica", "Új kártya", "Nowa karta", "Nova kartica"]

/** The billing methods of a shop, by country and language (spec codes: CZU, CZN, CZG, CZ0, PLU, SKU, HUU, SIU_c, SIU_cw...). */
export const billingDefs = (country: Country, language: string): ReadonlyArray<BillingDef> => {
  const l = (texts: Texts) => tr(texts, language)
  const cardChildren = (code: string): ReadonlyArray<BillingDef> => [
    { code: `${code}_VISA`, parent: code, title: `${l(savedCard)} Visa •••• 4242` },
    { code: `${code}_MC`, parent: code, title: `${l(savedCard)} Mastercard •••• 5454` },
    { code: `${code}_NEW`, parent: code, title: l(newCard) }
  ]
  switch (country) {
    case "CZ":
      return [
        { code: "CZU", title: l(atShop) },
        { code: "CZC", title: l(card) },
        ...cardChildren("CZC"),
        { code: "CZN", title: "Odložená platba – zaplaťte do 30 dnů", providerCheck: "deferred" },
        { code: "CZG", title: "Nákup na splátky", providerCheck: "revolving" },
        { code: "CZG_6", parent: "CZG", title: "6 splátek" },
        { code: "CZG_12", parent: "CZG", title: "12 splátek" },
        { code: "CZG_24", parent: "CZG", title: "24 splátek" },
        { code: "CZ0", title: l(cod), priceEur: 1.2, maxOrderTotalEur: cashOnDeliveryLimitEur },
        { code: "CZB", title: l(transfer), lengthy: true },
        { code: "CZAw", title: l(wallet) }
      ]
    case "SK":
      return [
        { code: "SKU", title: l(atShop) },
        { code: "SKC", title: l(card) },
        ...cardChildren("SKC"),
        { code: "SKD", title: l(cod), priceEur: 1.5, maxOrderTotalEur: cashOnDeliveryLimitEur },
        { code: "SKB", title: l(transfer), lengthy: true },
        { code: "SKAw", title: l(wallet) }
      ]
    case "HR":
      return [
        { code: "HRC", title: l(card) },
        ...cardChildren("HRC"),
        { code: "HRD", title: l(cod), priceEur: 1.99, maxOrderTotalEur: cashOnDeliveryLimitEur },
        { code: "HRB", title: l(transfer), lengthy: true },
        { code: "HRAw", title: l(wallet) }
      ]
    case "HU":
      return [
        { code: "HUU", title: l(atShop) },
        { code: "HUC", title: l(card) },
        ...cardChildren("HUC"),
        { code: "HUD", title: l(cod), priceEur: 1.5, maxOrderTotalEur: cashOnDeliveryLimitEur },
        { code: "HUB", title: l(transfer), lengthy: true },
        { code: "HUAw", title: l(wallet) }
      ]
    case "PL":
      return [
        { code: "PLU", title: l(atShop) },
        { code: "PLC", title: l(card) },
        ...cardChildren("PLC"),
        { code: "PLK", title: "BLIK" },
        { code: "PLD", title: l(cod), priceEur: 1.2, maxOrderTotalEur: cashOnDeliveryLimitEur },
        { code: "PLB", title: l(transfer), lengthy: true },
        { code: "PLAw", title: l(wallet) }
      ]
    case "SI":
      return [
        { code: "SIU_c", title: l(card) },
        { code: "SIU_cw", title: `${l(card)} (Apple Pay / Google Pay)` },
        { code: "SID", title: l(cod), priceEur: 1.5, maxOrderTotalEur: cashOnDeliveryLimitEur },
        { code: "SIB", title: l(transfer), lengthy: true }
      ]
  }
}

/** Local discount-code words: the sale code prefix (type D) and the action code prefix (type A). */
export const discountWords: { readonly [C in Country]: { readonly sale: string; readonly action: string } } = {
  CZ: { sale: "SLEVA", action: "AKCE" },
  SK: { sale: "ZLAVA", action: "AKCIA" },
  HR: { sale: "POPUST", action: "AKCIJA" },
  HU: { sale: "KEDVEZMENY", action: "AKCIO" },
  PL: { sale: "RABAT", action: "PROMOCJA" },
  SI: { sale: "POPUST", action: "AKCIJA" }
}

/** Titles of discounts per language. */
export const discountTitles: { readonly sale: Texts; readonly action: Texts; readonly gift: Texts; readonly expired: Texts } = {
  sale: ["Sleva 10 %", "Zľava 10 %", "Popust 10 %", "10% kedvezmény", "Rabat 10%", "Popust 10 %"],
  action: ["Akční sleva", "Akciová zľava", "Akcijski popust", "Akciós kedvezmény", "Rabat promocyjny", "Akcijski popust"],
  gift: ["Dárkový poukaz", "Darčeková poukážka", "Poklon bon", "Ajándékutalvány", "Bon podarunkowy", "Darilni bon"],
  expired: ["Prošlá sleva", "Expirovaná zľava", "Istekli popust", "Lejárt kedvezmény", "Wygasły rabat", "Potekel popust"]
}

// -----------------------------------------------------------------------------------------------
// content
// -----------------------------------------------------------------------------------------------

/** Banner wording: the promotional word put before a category title. */
export const promoWord: Texts = ["Výprodej", "Výpredaj", "Rasprodaja", "Kiárusítás", "Wyprzedaż", "Razprodaja"]

/** The floating banner's title. */
export const floatingBannerTitle: Texts = ["Doprava zdarma od 2 500 Kč", "Doprava zdarma od 100 €", "Besplatna dostava od 100 €", "Ingyenes szállítás 40 000 Ft felett", "Darmowa dostawa od 400 zł", "Brezplačna dostava nad 100 €"]

/** A node of the contact topic tree (three levels; `txt` shows an info box). */
export interface TopicDef {
  /** The topic key sent as the hidden reason. */
  readonly key: string
  /** Title per language. */
  readonly title: Texts
  /** Info-box text per language. */
  readonly txt?: Texts
  /** The subject-specific number field per language. */
  readonly customNumber?: { readonly label: Texts; readonly placeholder: Texts }
  /** The next level. */
  readonly children?: ReadonlyArray<TopicDef>
}

const orderNumber = {
  label: ["Číslo objednávky", "Číslo objednávky", "Broj narudžbe", "Rendelésszám", "Numer zamówienia", "Številka naročila"] as Texts,
  placeholder: ["např. 1234567890", "napr. 1234567890", "npr. 1234567890", "pl. 1234567890", "np. 1234567890", "npr. 1234567890"] as Texts
}
const documentNumber = {
  label: ["Číslo dokladu", "Číslo dokladu", "Broj računa", "Számlaszám", "Numer dokumentu", "Številka računa"] as Texts,
  placeholder: ["např. FV2025001234", "napr. FV2025001234", "npr. R2025001234", "pl. SZ2025001234", "np. FV2025001234", "npr. R2025001234"] as Texts
}

/** The contact form's topic tree (§2: three levels; nodes with `txt` show an info box). */
export const contactTopics: ReadonlyArray<TopicDef> = [
  {
    key: "order",
    title: ["Objednávka", "Objednávka", "Narudžba", "Rendelés", "Zamówienie", "Naročilo"],
    children: [
      {
        key: "order-status",
        title: ["Stav objednávky", "Stav objednávky", "Status narudžbe", "Rendelés állapota", "Status zamówienia", "Stanje naročila"],
        children: [
          {
            key: "order-where",
            title: ["Kde je moje zásilka?", "Kde je moja zásielka?", "Gdje je moja pošiljka?", "Hol van a csomagom?", "Gdzie jest moja przesyłka?", "Kje je moja pošiljka?"],
            txt: ["Stav zásilky najdete v sekci Sledování objednávky.", "Stav zásielky nájdete v sekcii Sledovanie objednávky.", "Status pošiljke pronaći ćete u odjeljku Praćenje narudžbe.", "A csomag állapotát a Rendeléskövetés oldalon találja.", "Status przesyłki znajdziesz w sekcji Śledzenie zamówienia.", "Stanje pošiljke najdete v razdelku Sledenje naročilu."],
            customNumber: orderNumber
          },
          {
            key: "order-delay",
            title: ["Zpoždění doručení", "Oneskorenie doručenia", "Kašnjenje dostave", "Késik a kiszállítás", "Opóźnienie dostawy", "Zamuda dostave"],
            customNumber: orderNumber
          }
        ]
      },
      {
        key: "order-change",
        title: ["Změna objednávky", "Zmena objednávky", "Izmjena narudžbe", "Rendelés módosítása", "Zmiana zamówienia", "Sprememba naročila"],
        txt: ["Objednávku lze změnit, dokud nebyla odeslána.", "Objednávku je možné zmeniť, kým nebola odoslaná.", "Narudžbu možete izmijeniti dok nije poslana.", "A rendelés a feladásig módosítható.", "Zamówienie można zmienić, dopóki nie zostało wysłane.", "Naročilo lahko spremenite, dokler ni odposlano."],
        children: [
          {
            key: "order-change-address",
            title: ["Změna adresy", "Zmena adresy", "Promjena adrese", "Címváltozás", "Zmiana adresu", "Sprememba naslova"],
            customNumber: orderNumber
          },
          {
            key: "order-cancel",
            title: ["Zrušení objednávky", "Zrušenie objednávky", "Otkazivanje narudžbe", "Rendelés lemondása", "Anulowanie zamówienia", "Preklic naročila"],
            txt: ["Nezaplacenou objednávku zrušíte v Mém účtu.", "Nezaplatenú objednávku zrušíte v Mojom účte.", "Neplaćenu narudžbu otkazujete u Mom računu.", "A ki nem fizetett rendelést a Fiókomban mondhatja le.", "Nieopłacone zamówienie anulujesz w Moim koncie.", "Neplačano naročilo prekličete v Mojem računu."],
            customNumber: orderNumber
          }
        ]
      }
    ]
  },
  {
    key: "complaint",
    title: ["Reklamace", "Reklamácia", "Reklamacija", "Reklamáció", "Reklamacja", "Reklamacija"],
    children: [
      {
        key: "complaint-new",
        title: ["Nová reklamace", "Nová reklamácia", "Nova reklamacija", "Új reklamáció", "Nowa reklamacja", "Nova reklamacija"],
        children: [
          {
            key: "complaint-defect",
            title: ["Vada výrobku", "Vada výrobku", "Neispravan proizvod", "Hibás termék", "Wada produktu", "Napaka izdelka"],
            customNumber: documentNumber
          },
          {
            key: "complaint-damaged",
            title: ["Poškozená zásilka", "Poškodená zásielka", "Oštećena pošiljka", "Sérült csomag", "Uszkodzona przesyłka", "Poškodovana pošiljka"],
            txt: ["Poškozenou zásilku nepřebírejte a sepište protokol s dopravcem.", "Poškodenú zásielku nepreberajte a spíšte protokol s dopravcom.", "Oštećenu pošiljku nemojte preuzeti i sastavite zapisnik s dostavljačem.", "A sérült csomagot ne vegye át, és vegyen fel jegyzőkönyvet a futárral.", "Nie odbieraj uszkodzonej przesyłki i sporządź protokół z kurierem.", "Poškodovane pošiljke ne prevzemite in s kurirjem sestavite zapisnik."],
            customNumber: documentNumber
          }
        ]
      },
      {
        key: "complaint-status",
        title: ["Stav reklamace", "Stav reklamácie", "Status reklamacije", "Reklamáció állapota", "Status reklamacji", "Stanje reklamacije"],
        children: [
          {
            key: "complaint-duration",
            title: ["Jak dlouho trvá vyřízení?", "Ako dlho trvá vybavenie?", "Koliko traje rješavanje?", "Mennyi ideig tart az ügyintézés?", "Jak długo trwa rozpatrzenie?", "Koliko časa traja reševanje?"],
            txt: ["Reklamaci vyřídíme nejpozději do 30 dnů.", "Reklamáciu vybavíme najneskôr do 30 dní.", "Reklamaciju rješavamo najkasnije u 30 dana.", "A reklamációt legkésőbb 30 napon belül intézzük.", "Reklamację rozpatrzymy najpóźniej w ciągu 30 dni.", "Reklamacijo rešimo najkasneje v 30 dneh."]
          },
          {
            key: "complaint-other",
            title: ["Jiný dotaz k reklamaci", "Iná otázka k reklamácii", "Drugo pitanje o reklamaciji", "Egyéb kérdés a reklamációról", "Inne pytanie o reklamację", "Drugo vprašanje o reklamaciji"],
            customNumber: documentNumber
          }
        ]
      }
    ]
  },
  {
    key: "account",
    title: ["Můj účet", "Môj účet", "Moj račun", "Fiókom", "Moje konto", "Moj račun"],
    children: [
      {
        key: "account-login",
        title: ["Přihlášení", "Prihlásenie", "Prijava", "Bejelentkezés", "Logowanie", "Prijava"],
        children: [
          {
            key: "account-password",
            title: ["Zapomenuté heslo", "Zabudnuté heslo", "Zaboravljena lozinka", "Elfelejtett jelszó", "Zapomniane hasło", "Pozabljeno geslo"],
            txt: ["Nové heslo si nastavíte přes odkaz Zapomenuté heslo.", "Nové heslo si nastavíte cez odkaz Zabudnuté heslo.", "Novu lozinku postavite putem poveznice Zaboravljena lozinka.", "Új jelszót az Elfelejtett jelszó linken állíthat be.", "Nowe hasło ustawisz przez link Zapomniane hasło.", "Novo geslo nastavite prek povezave Pozabljeno geslo."]
          },
          {
            key: "account-locked",
            title: ["Zablokovaný účet", "Zablokovaný účet", "Blokiran račun", "Zárolt fiók", "Zablokowane konto", "Blokiran račun"]
          }
        ]
      },
      {
        key: "account-data",
        title: ["Osobní údaje", "Osobné údaje", "Osobni podaci", "Személyes adatok", "Dane osobowe", "Osebni podatki"],
        children: [
          {
            key: "account-gdpr",
            title: ["Ochrana osobních údajů", "Ochrana osobných údajov", "Zaštita osobnih podataka", "Adatvédelem", "Ochrona danych osobowych", "Varstvo osebnih podatkov"],
            txt: ["Souhlasy upravíte v Mém účtu v části Nastavení soukromí.", "Súhlasy upravíte v Mojom účte v časti Nastavenie súkromia.", "Privole uređujete u Mom računu pod Postavke privatnosti.", "A hozzájárulásokat a Fiókom Adatvédelmi beállítások részében módosíthatja.", "Zgody zmienisz w Moim koncie w Ustawieniach prywatności.", "Privolitve uredite v Mojem računu pod Nastavitve zasebnosti."]
          },
          {
            key: "account-delete",
            title: ["Zrušení účtu", "Zrušenie účtu", "Brisanje računa", "Fiók törlése", "Usunięcie konta", "Izbris računa"]
          }
        ]
      }
    ]
  }
]

/** Short static texts per language. */
export const texts: {
  readonly contactHeading: Texts
  readonly termsTitle: Texts
  readonly termsBody: Texts
  readonly privacyTitle: Texts
  readonly privacyBody: Texts
  readonly legalUpdateTitle: Texts
  readonly legalUpdateText: Texts
  readonly adultHeading: Texts
  readonly adultDanger: Texts
  readonly adultText: Texts
  readonly consentHeading: Texts
  readonly consentText: Texts
  readonly dataProtectionTitle: Texts
  readonly mainWishlist: Texts
  readonly giftWishlist: Texts
  readonly reviewTitles: ReadonlyArray<Texts>
  readonly reviewBodies: ReadonlyArray<Texts>
} = {
  contactHeading: ["Kontaktujte nás", "Kontaktujte nás", "Kontaktirajte nas", "Kapcsolat", "Skontaktuj się z nami", "Kontaktirajte nas"],
  termsTitle: ["Obchodní podmínky", "Obchodné podmienky", "Uvjeti poslovanja", "Általános szerződési feltételek", "Regulamin sklepu", "Splošni pogoji poslovanja"],
  termsBody: [
    "<h1>Obchodní podmínky</h1><p>Tyto podmínky upravují nákup v internetovém obchodě.</p>",
    "<h1>Obchodné podmienky</h1><p>Tieto podmienky upravujú nákup v internetovom obchode.</p>",
    "<h1>Uvjeti poslovanja</h1><p>Ovi uvjeti uređuju kupnju u internetskoj trgovini.</p>",
    "<h1>Általános szerződési feltételek</h1><p>A feltételek a webáruházban történő vásárlásra vonatkoznak.</p>",
    "<h1>Regulamin sklepu</h1><p>Regulamin określa zasady zakupów w sklepie internetowym.</p>",
    "<h1>Splošni pogoji poslovanja</h1><p>Pogoji urejajo nakup v spletni trgovini.</p>"
  ],
  privacyTitle: ["Ochrana osobních údajů", "Ochrana osobných údajov", "Zaštita osobnih podataka", "Adatvédelmi tájékoztató", "Polityka prywatności", "Varstvo osebnih podatkov"],
  privacyBody: [
    "<h1>Ochrana osobních údajů</h1><p>Osobní údaje zpracováváme jen v nezbytném rozsahu.</p>",
    "<h1>Ochrana osobných údajov</h1><p>Osobné údaje spracúvame len v nevyhnutnom rozsahu.</p>",
    "<h1>Zaštita osobnih podataka</h1><p>Osobne podatke obrađujemo samo u nužnom opsegu.</p>",
    "<h1>Adatvédelmi tájékoztató</h1><p>Személyes adatait csak a szükséges mértékben kezeljük.</p>",
    "<h1>Polityka prywatności</h1><p>Dane osobowe przetwarzamy tylko w niezbędnym zakresie.</p>",
    "<h1>Varstvo osebnih podatkov</h1><p>Osebne podatke obdelujemo le v nujnem obsegu.</p>"
  ],
  legalUpdateTitle: ["Aktualizace obchodních podmínek", "Aktualizácia obchodných podmienok", "Ažuriranje uvjeta poslovanja", "Az ÁSZF frissítése", "Aktualizacja regulaminu", "Posodobitev pogojev poslovanja"],
  legalUpdateText: [
    "<p>Od 1. 1. 2025 platí nové obchodní podmínky. Pro pokračování je prosím potvrďte.</p>",
    "<p>Od 1. 1. 2025 platia nové obchodné podmienky. Pre pokračovanie ich prosím potvrďte.</p>",
    "<p>Od 1. 1. 2025. vrijede novi uvjeti poslovanja. Za nastavak ih molimo potvrdite.</p>",
    "<p>2025. január 1-jétől új ÁSZF érvényes. A folytatáshoz kérjük, fogadja el.</p>",
    "<p>Od 1.01.2025 obowiązuje nowy regulamin. Aby kontynuować, zaakceptuj go.</p>",
    "<p>Od 1. 1. 2025 veljajo novi pogoji poslovanja. Za nadaljevanje jih potrdite.</p>"
  ],
  adultHeading: ["Obsah pro dospělé", "Obsah pre dospelých", "Sadržaj za odrasle", "Felnőtt tartalom", "Treści dla dorosłych", "Vsebina za odrasle"],
  adultDanger: ["Tato stránka obsahuje alkohol.", "Táto stránka obsahuje alkohol.", "Ova stranica sadrži alkohol.", "Ez az oldal alkoholt tartalmaz.", "Ta strona zawiera alkohol.", "Ta stran vsebuje alkohol."],
  adultText: ["Pokračováním potvrzujete, že je vám alespoň 18 let.", "Pokračovaním potvrdzujete, že máte aspoň 18 rokov.", "Nastavkom potvrđujete da imate najmanje 18 godina.", "A továbblépéssel megerősíti, hogy elmúlt 18 éves.", "Kontynuując, potwierdzasz, że masz co najmniej 18 lat.", "Z nadaljevanjem potrjujete, da ste stari vsaj 18 let."],
  consentHeading: ["Vaše soukromí", "Vaše súkromie", "Vaša privatnost", "Az Ön adatai", "Twoja prywatność", "Vaša zasebnost"],
  consentText: ["Používáme cookies pro fungování webu a personalizaci.", "Používame cookies na fungovanie webu a personalizáciu.", "Koristimo kolačiće za rad stranice i personalizaciju.", "Sütiket használunk a működéshez és a személyre szabáshoz.", "Używamy plików cookie do działania strony i personalizacji.", "Piškotke uporabljamo za delovanje strani in prilagajanje."],
  dataProtectionTitle: ["Ochrana vašich údajů", "Ochrana vašich údajov", "Zaštita vaših podataka", "Adatainak védelme", "Ochrona Twoich danych", "Varstvo vaših podatkov"],
  mainWishlist: ["Oblíbené", "Obľúbené", "Lista želja", "Kívánságlista", "Ulubione", "Seznam želja"],
  giftWishlist: ["Dárky", "Darčeky", "Pokloni", "Ajándékok", "Prezenty", "Darila"],
  reviewTitles: [
    ["Skvělá koupě", "Skvelá kúpa", "Odlična kupnja", "Remek vétel", "Świetny zakup", "Odličen nakup"],
    ["Spokojenost", "Spokojnosť", "Zadovoljstvo", "Elégedett vagyok", "Zadowolenie", "Zadovoljstvo"],
    ["Dobrý poměr cena/výkon", "Dobrý pomer cena/výkon", "Dobar omjer cijene i kvalitete", "Jó ár-érték arány", "Dobry stosunek ceny do jakości", "Dobro razmerje med ceno in kakovostjo"],
    ["Mohlo by být lepší", "Mohlo by to byť lepšie", "Moglo bi biti bolje", "Lehetne jobb", "Mogło być lepiej", "Lahko bi bilo bolje"]
  ],
  reviewBodies: [
    ["Funguje přesně podle očekávání, doporučuji.", "Funguje presne podľa očakávania, odporúčam.", "Radi točno kako sam očekivao, preporučujem.", "Pontosan úgy működik, ahogy vártam, ajánlom.", "Działa dokładnie tak, jak oczekiwałem, polecam.", "Deluje natanko po pričakovanjih, priporočam."],
    ["Rychlé doručení a kvalitní zpracování.", "Rýchle doručenie a kvalitné spracovanie.", "Brza dostava i kvalitna izrada.", "Gyors szállítás és minőségi kivitel.", "Szybka dostawa i dobre wykonanie.", "Hitra dostava in kakovostna izdelava."],
    ["Za tu cenu nemám co vytknout.", "Za tú cenu nemám čo vytknúť.", "Za tu cijenu nemam zamjerki.", "Ennyiért nincs mit kifogásolni.", "Za tę cenę nie mam zastrzeżeń.", "Za to ceno nimam pripomb."],
    ["Drobné nedostatky, ale celkově v pořádku.", "Drobné nedostatky, ale celkovo v poriadku.", "Sitni nedostaci, ali sve u svemu u redu.", "Apró hibák, de összességében rendben van.", "Drobne wady, ale ogólnie w porządku.", "Manjše pomanjkljivosti, a na splošno v redu."]
  ]
}
