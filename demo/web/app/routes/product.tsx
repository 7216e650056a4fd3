/**
 * A product page (§2): images, variants, parameters (colour swatches), availability, price, the
 * services offered with it (warranty, insurance...), add to cart with an amount, add to wishlist.
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router"
import { useState } from "react"
import { maxQuantity, minQuantity } from "../../../../core/domain/quantity.ts"
import type { AddToCartService } from "../../../../core/api/cart.ts"
import { useCartActions, useCustomer, useWishlists } from "../../../../react/storefront/hooks.ts"
import { shopCaller } from "../lib/api.server.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useRootData, useShopText } from "../lib/i18n.ts"

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  const caller = shopCaller(request, context, shop)
  try {
    return await caller.call((client) =>
      client.catalogue.product({ query: { category: params["category"] ?? "", variant: params["variant"] ?? "" } }))
  } catch (error) {
    if ((error as { _tag?: string })._tag === "NotFound") throw data(null, { status: 404 })
    throw error
  }
}

export function meta({ loaderData: answer }: MetaArgs<typeof loader>) {
  if (answer === undefined) return [{ title: "404" }]
  return [
    { title: `${answer.product.title} | Storefront` },
    { name: "description", content: answer.product.description.slice(0, 150) }
  ]
}

export default function Product() {
  const { product } = useLoaderData<typeof loader>()
  const { t, money, text } = useShopText()
  const cart = useCartActions()
  const customer = useCustomer()
  const root = useRootData()
  const loggedIn = root.customerId !== null || customer.customer?.isLogged === true
  const wishlists = useWishlists()
  const [amount, setAmount] = useState(1)
  const [services, setServices] = useState<ReadonlyArray<AddToCartService>>([])
  const [adding, setAdding] = useState(false)
  const [message, setMessage] = useState<string | undefined>(undefined)
  const [image, setImage] = useState(0)
  const main = product.images[image] ?? product.image
  const add = async () => {
    setAdding(true)
    setMessage(undefined)
    try {
      await cart.add({ variantId: product.variantId, amount, services, context: "detail" })
      setMessage(t("sf_added_to_cart"))
    } catch (error) {
      const flashes = (error as { flashes?: ReadonlyArray<{ message: string }> }).flashes ?? []
      setMessage(flashes.map((f) => text(f.message)).join(" ") || t("unknown_error"))
    } finally {
      setAdding(false)
    }
  }
  const toWishlist = async () => {
    try {
      await wishlists.run((w) => w.add(product.variantId))
      setMessage(t("sf_added_to_wishlist"))
    } catch {
      setMessage(t("err_login_required"))
    }
  }
  return (
    <article className="product-page">
      <nav aria-label={t("sf_breadcrumbs")} className="breadcrumbs">
        <ol>
          <li><Link to="/">{t("sf_home")}</Link></li>
          {product.breadcrumbs.map((c) => <li key={c.categoryId}><Link to={`/${c.urlKey}`}>{c.title}</Link></li>)}
        </ol>
      </nav>
      <div className="product-main">
        <div className="gallery">
          {main !== null && main !== undefined && (
            <img src={main.url} alt={product.title} width={main.width} height={main.height} fetchPriority="high" />
          )}
          {product.images.length > 1 && (
            <div className="thumbs">
              {product.images.map((img, i) => (
                <button key={img.url} type="button" aria-label={`${t("sf_image")} ${i + 1}`} aria-current={i === image} onClick={() => setImage(i)}>
                  <img src={img.url} alt="" width={64} height={64} loading="lazy" />
                </button>
              ))}
            </div>
          )}
        </div>
        <div className="buy-box">
          <p className="brand">{product.brand}</p>
          <h1>{product.title}</h1>
          <p className="price big">
            {money(product.price)}
            {product.originalPrice !== null && product.originalPrice > product.price && <del>{money(product.originalPrice)}</del>}
          </p>
          <p className={product.inStock > 0 ? "stock in" : "stock out"}>
            {product.inStock > 0 ? t("sf_in_stock_count", { count: product.inStock }) : t("sf_out_of_stock")}
          </p>
          {product.marketplacePartner !== null && <p className="partner">{t("sf_sold_by", { partner: product.marketplacePartner })}</p>}
          {product.variants.length > 1 && (
            <fieldset className="variants">
              <legend>{t("sf_variants")}</legend>
              <ul>
                {product.variants.map((v) => {
                  const colour = v.params.find((p) => p.css !== null)
                  return (
                    <li key={v.variantId}>
                      <Link to={v.url} aria-current={v.variantId === product.variantId ? "true" : undefined} className="variant">
                        {colour !== undefined && <span className="swatch" style={{ background: colour.css ?? undefined }} aria-hidden="true" />}
                        {v.title}
                      </Link>
                    </li>
                  )
                })}
              </ul>
            </fieldset>
          )}
          {product.bundles.length > 0 && (
            <fieldset className="bundles">
              <legend>{t("sf_services")}</legend>
              {product.bundles.map((b) => (
                <label key={b.bundleId} className="check">
                  <input type="checkbox" checked={services.some((s) => s.bundleId === b.bundleId)}
                    onChange={(e) => setServices(e.currentTarget.checked
                      ? [...services, { type: b.type, bundleId: b.bundleId }]
                      : services.filter((s) => s.bundleId !== b.bundleId))} />
                  {b.title} (+{money(b.price)})
                </label>
              ))}
            </fieldset>
          )}
          <div className="add-row">
            <label>{t("sf_quantity")}
              <input type="number" min={minQuantity} max={maxQuantity} value={amount} inputMode="numeric"
                onChange={(e) => {
                  const n = Number(e.currentTarget.value)
                  setAmount(Number.isInteger(n) ? Math.min(maxQuantity, Math.max(minQuantity, n)) : 1)
                }} />
            </label>
            <button type="button" className="button primary" onClick={() => void add()} disabled={adding || product.inStock <= 0} aria-busy={adding}>
              {adding ? t("loading") : t("sf_add_to_cart")}
            </button>
            {loggedIn && (
              <button type="button" className="button" onClick={() => void toWishlist()}>{t("sf_add_to_wishlist")}</button>
            )}
          </div>
          <p role="status" aria-live="polite" className="status">{message}</p>
        </div>
      </div>
      <section aria-labelledby="description-heading">
        <h2 id="description-heading">{t("sf_description")}</h2>
        <p>{product.description}</p>
      </section>
      {product.params.length > 0 && (
        <section aria-labelledby="params-heading">
          <h2 id="params-heading">{t("sf_parameters")}</h2>
          <table className="params">
            <tbody>
              {product.params.map((p) => (
                <tr key={p.key}><th scope="row">{p.title}</th><td>{p.value}{p.measure === null ? "" : ` ${p.measure}`}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </article>
  )
}
