/**
 * The storefront's document: head, header (menu, search, shop and language switch, account, wishlist
 * and cart), the page, footer; the root loader reads the shopper's session, the shop's categories and
 * the cart drawer's items through the core client, once, on the server.
 */
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useNavigate, useRouteError, useRouteLoaderData, type LoaderFunctionArgs } from "react-router"
import { shopById } from "../../../core/domain/shop.ts"
import { uiLanguageLocales } from "../../../core/messages/languages.ts"
import { translate } from "../../../core/messages/translator.ts"
import { StorefrontProvider } from "../../../react/storefront/StorefrontProvider.tsx"
import { ImageWidthsProvider } from "../../../react/storefront/images.tsx"
import { LinkProvider } from "../../../react/storefront/text.tsx"
import { PageRequests } from "../../../react/storefront/signals.tsx"
import { RouterLink } from "./lib/link.tsx"
import { use } from "react"
import { NonceContext } from "./lib/nonce.ts"
import { accountStateAtom, widgetsStateAtom } from "../../../react/storefront/atoms.ts"
import { accountStateFor } from "../../../core/services/accountState.ts"
import { initialWidgetsState } from "../../../core/services/widgetsState.ts"
import { cookieHeaders, hasSessionCookie, shopCaller } from "./lib/api.server.ts"
import { cookieValue, preferencesOf } from "./lib/preferences.ts"
import { useRootData, type RootData } from "./lib/i18n.ts"
import { lazy, Suspense, useContext } from "react"
import { inlineStylesId, ShellContext } from "./lib/shell.ts"
import { useHydratedMarker } from "./lib/hydrated.ts"
import { mediaUrlAtWidth } from "./lib/mediaImages.ts"
import type { Consents } from "../../../core/domain/consent.ts"
import { ConsentPanel, DataProtectionModal } from "../../../react/components/widgets/Consent.tsx"
import { LegalConditions } from "../../../react/components/widgets/LegalConditions.tsx"
import { AdultContentGate } from "../../../react/components/widgets/AdultGate.tsx"
import { FaviconLinks } from "../../../react/components/widgets/FaviconLinks.tsx"
import { faviconLinks } from "../../../react/components/widgets/sanitizeHtml.ts"
import { checkoutSteps, checkoutStepTable } from "../../../core/domain/checkout.ts"
import { translateText } from "../../../core/messages/translator.ts"

// The header and footer hydrate from their own chunks, loaded right after the page's, so the first-load JavaScript
// stays within budget; the server renders them in place (lib/shell.ts).
const LazyHeader = lazy(() => import("./components/Header.tsx").then((module) => ({ default: module.Header })))
const LazyFooter = lazy(() => import("./components/Footer.tsx").then((module) => ({ default: module.Footer })))

/** The debug panel (`?debug`), loaded only when asked for. */
const DebugPanel = lazy(() => import("./components/DebugPanel.tsx"))

/**
 * Starts recording the page's tracking calls (`?debug`): its chunk is requested while the page hydrates, before the
 * services' (requested on the shopper's first interaction or in idle time, and far bigger), so it watches from their
 * first event on, and pages without `?debug` do not load it.
 */
const recordTracking = () => void import("./lib/trackingRecorder.ts").then((recorder) => recorder.installTrackingRecorder())

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop, language } = preferencesOf(request)
  const caller = shopCaller(request, context, shop)
  const hasSession = hasSessionCookie(request)
  const [session, categories, menu, widgets, footerMenu] = await Promise.all([
    hasSession ? caller.call((client) => client.session.get()) : Promise.resolve(undefined),
    caller.call((client) => client.catalogue.categories()).then((answer) => answer.categories, () => []),
    caller.call((client) => client.menu.getMenu({ query: { menu: "main" } })).then((answer) => answer.items, () => []),
    caller.call((client) => client.widgets.getWidgetsData({ query: { extended: true } })).catch(() => undefined),
    caller.call((client) => client.menu.getMenu({ query: { menu: "footer" } })).then((answer) => answer.items, () => [])
  ])
  const customerId = session?.shopId === shop.shopId ? session.customerId : null
  // The logged-in customer with their consents (the data-protection modal's rule reads them), from the cart's answer.
  const customer = customerId === null
    ? undefined
    : await caller.call((client) => client.cartApi.loadCart()).then((answer) => answer.customer, () => undefined)
  const data: RootData = {
    shopId: shop.shopId,
    language,
    csrfToken: session?.shopId === shop.shopId ? session.csrfToken : "",
    cartId: session?.shopId === shop.shopId ? session.cartId : 0,
    customerId,
    ...(customer === undefined ? {} : { customer }),
    categories: categories.map(({ categoryId, parentId, urlKey, title }) => ({ categoryId, parentId, urlKey, title })),
    menu,
    cartArticles: widgets?.cart?.articles ?? [],
    debug: new URL(request.url).searchParams.has("debug"),
    consents: recordedConsents(cookieValue(request.headers.get("cookie"), consentCookie)),
    favicon: faviconLinks(faviconHtml),
    footerMenu
  }
  return Response.json(data, { headers: cookieHeaders(caller) })
}

/** The shop's favicon snippet, put in the page through the favicon container (its sanitizer runs here, on the server). */
const faviconHtml = "<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">"

/** The cookie keeping the consents recorded in this browser, read by the loader on the next page. */
const consentCookie = "sf_consents"

/** Keeps the recorded consents in the first-party cookie. */
const keepConsents = (consents: Consents) => {
  document.cookie = `${consentCookie}=${encodeURIComponent(JSON.stringify(consents))}; Path=/; Max-Age=31536000; SameSite=Lax`
}

/** The consents this browser recorded (a JSON object of booleans), or none. */
const recordedConsents = (raw: string | undefined): Readonly<Record<string, boolean>> => {
  try {
    const parsed: unknown = JSON.parse(raw ?? "{}")
    if (typeof parsed !== "object" || parsed === null) return {}
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"))
  } catch {
    return {}
  }
}

export function Layout({ children }: { readonly children: React.ReactNode }) {
  const root = useRootData() as RootData | undefined
  const lang = root?.language ?? "en"
  const nonce = use(NonceContext)
  // The stylesheet is inline (the server's entry hands it over); the browser hydrates the text it was sent.
  const styles = use(ShellContext)?.styles ?? (typeof document === "undefined" ? "" : document.getElementById(inlineStylesId)?.textContent ?? "")
  return (
    <html lang={uiLanguageLocales[lang]} data-ui-language={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <style id={inlineStylesId} dangerouslySetInnerHTML={{ __html: styles }} />
        <FaviconLinks links={root?.favicon ?? []} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration {...(nonce === undefined ? {} : { nonce })} />
        <Scripts {...(nonce === undefined ? {} : { nonce })} />
      </body>
    </html>
  )
}

export default function App() {
  const root = useRootData()
  const shell = useContext(ShellContext)
  const Header = shell?.Header ?? LazyHeader
  const Footer = shell?.Footer ?? LazyFooter
  const shop = shopById(root.shopId)
  const matches = useMatches()
  const adultContent = matches.some((match) => (match.loaderData as { adultContent?: unknown } | undefined)?.adultContent === true)
  // The cart and the checkout steps are never interrupted by the data-protection or the legal modal: they show on the
  // next other page.
  const inCheckout = matches.some((match) => match.id.startsWith("cart:") || match.id.startsWith("checkout:"))
  // The debug panel lists every tracking call of the page, including those made before its code has loaded.
  if (root.debug && typeof window !== "undefined") recordTracking()
  const navigate = useNavigate()
  useHydratedMarker()
  return (
    <StorefrontProvider
      key={shop.shopId}
      shop={shop}
      baseUrl=""
      language={root.language}
      session={{ csrfToken: root.csrfToken, cartId: root.cartId }}
      storage="browser"
      dataLayer="browser"
      tracking={{
        debug: root.debug,
        stepTitles: Object.fromEntries(checkoutSteps.map((step) => [step, translateText(root.language, checkoutStepTable[step].titleKey)]))
      }}
      live={typeof window !== "undefined"}
      start="interaction"
      initial={[
        [widgetsStateAtom, { ...initialWidgetsState, cartArticles: root.cartArticles as never }],
        ...(root.customer === undefined ? [] : [[accountStateAtom, accountStateFor(root.customer)] as const])
      ]}
    >
      <LinkProvider link={RouterLink}>
        <ImageWidthsProvider urlAtWidth={mediaUrlAtWidth}>
          <PageRequests navigate={(to) => void navigate(to)} />
          <a className="skip-link" href="#main">Skip to content</a>
          <ConsentPanel recorded={root.consents} onRecorded={keepConsents} />
          <Suspense fallback={null}><Header /></Suspense>
          <main id="main" className="page" tabIndex={-1}>
            <Outlet />
          </main>
          <Suspense fallback={null}><Footer /></Suspense>
          {!inCheckout && <DataProtectionModal />}
          <LegalConditions enabled={root.customerId !== null && !inCheckout} />
          <AdultContentGate needed={adultContent} />
          {root.debug ? <Suspense fallback={null}><DebugPanel /></Suspense> : null}
        </ImageWidthsProvider>
      </LinkProvider>
    </StorefrontProvider>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const root = useRouteLoaderData("root") as RootData | undefined
  const notFound = isRouteErrorResponse(error) && error.status === 404
  useHydratedMarker()
  const say = (key: "sf_not_found_title" | "sf_not_found_text" | "sf_back_to_shop" | "unknown_error", english: string) =>
    root === undefined ? english : translate(root.language, key)
  return (
    <main id="main" className="page error-page">
      <h1>{notFound ? say("sf_not_found_title", "Page not found") : say("unknown_error", "Something went wrong. Please try again.")}</h1>
      {notFound && <p>{say("sf_not_found_text", "The page you are looking for does not exist or has moved.")}</p>}
      <p><Link to="/">{say("sf_back_to_shop", "Back to the shop")}</Link></p>
    </main>
  )
}
