/**
 * The cart (§2 preview step): lines with the quantity input (§5 rules and §9 debounce in the cart
 * service), removal, discount codes, totals, and the way to the checkout.
 */
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from "react-router"
import { useRef, useState } from "react"
import { stepLocation } from "../../../../core/domain/checkout.ts"
import { applyCartResponse, initialCartState } from "../../../../core/services/Cart.ts"
import { cartStateAtom } from "../../../../react/storefront/atoms.ts"
import { useCartActions, useCartEntity, useCartLine, useCartLineIds } from "../../../../react/storefront/hooks.ts"
import { useStorefront } from "../../../../react/storefront/StorefrontProvider.tsx"
import { QuantityInput } from "../../../../react/QuantityInput.tsx"
import { hasSessionCookie, shopCaller } from "../lib/api.server.ts"
import { cookieValue, preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { FlashList } from "../components/FlashList.tsx"

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  if (new URL(request.url).pathname.replace(/\/+$/, "") !== shop.urlKeys.cart) throw new Response(null, { status: 404 })
  if (!hasSessionCookie(request)) return { response: null }
  const caller = shopCaller(request, context, shop)
  const response = await caller.call((client) => client.cartApi.loadCart()).catch(() => null)
  return { response }
}

export function meta() {
  return [{ title: "Cart | Storefront" }, { name: "description", content: "Your shopping cart: products, quantities, discount codes and the total." }]
}

export default function CartPage() {
  const { response } = useLoaderData<typeof loader>()
  const { store } = useStorefront()
  const seeded = useRef(false)
  if (!seeded.current) {
    seeded.current = true
    if (response !== null && store.get(cartStateAtom).cart === undefined) store.set(cartStateAtom, applyCartResponse(initialCartState, response as never))
  }
  const { t, shop, money } = useShopText()
  const lineIds = useCartLineIds()
  const cart = useCartEntity()
  const navigate = useNavigate()
  return (
    <section className="cart-page">
      <h1>{t("sf_cart")}</h1>
      <FlashList source="cart" />
      {lineIds.length === 0 ? (
        <p>{t("sf_cart_empty")} <Link to="/">{t("sf_back_to_shop")}</Link></p>
      ) : (
        <>
          <ul className="cart-lines" aria-label={t("sf_cart_items")}>
            {lineIds.map((id) => <CartLineRow key={id} lineId={id} />)}
          </ul>
          <DiscountForm />
          <dl className="totals">
            <dt>{t("sf_total")}</dt>
            <dd>{money(Number(cart?.total?.total ?? cart?.cartPrice ?? 0))}</dd>
          </dl>
          <button type="button" className="button primary big" onClick={() => void navigate(stepLocation("customer", shop))}>
            {t("sf_continue_to_checkout")}
          </button>
        </>
      )}
    </section>
  )
}

/** One cart line; re-renders only when this line changes. */
function CartLineRow({ lineId }: { readonly lineId: string }) {
  const line = useCartLine(lineId)
  const actions = useCartActions()
  const { t, money } = useShopText()
  if (line === undefined) return null
  const article = line.article
  return (
    <li className="cart-line">
      {article.image !== undefined && <img src={article.image.url} alt="" width={72} height={72} />}
      <div className="what">
        {article.url !== undefined ? <Link to={article.url}>{article.title}</Link> : <span>{article.title}</span>}
        {(article.params ?? []).length > 0 && (
          <p className="params">{(article.params ?? []).map((p) => `${p.title}: ${p.value}`).join(", ")}</p>
        )}
        {(article.bundles ?? []).map((b) => <p key={`${b.type}-${b.id}`} className="bundle">+ {b.title}</p>)}
      </div>
      <QuantityInput
        count={line.count}
        stock={line.stock}
        labels={{
          count: t("sf_quantity"),
          decrease: t("sf_decrease"),
          increase: t("sf_increase"),
          corrected: (reason, count) => t(`quantity_correction_${reason}` as never, { min: 1, max: 30, count })
        }}
        onChange={(count) => void actions.typeAmount(lineId, String(count)).catch(() => undefined)}
      />
      <span className="line-price">{money(Number(article.linePrice ?? article.unitPrice ?? 0))}</span>
      <button type="button" className="link-button" onClick={() => void actions.remove([lineId]).catch(() => undefined)}
        aria-label={t("sf_remove_item", { item: article.title ?? "" })}>
        {t("sf_remove")}
      </button>
    </li>
  )
}

/** The discount code form (§5). */
function DiscountForm() {
  const { t } = useShopText()
  const actions = useCartActions()
  const [code, setCode] = useState("")
  return (
    <form className="discount" onSubmit={(e) => {
      e.preventDefault()
      if (code.trim() !== "") void actions.addDiscount(code.trim()).then(() => setCode(""), () => undefined)
    }}>
      <label>{t("sf_discount_code")} <input value={code} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="off" /></label>
      <button type="submit" className="button">{t("sf_apply")}</button>
    </form>
  )
}
