/**
 * The cart's lines (§2 preview step): each with its image, link, parameters, the quantity input
 * (§5 rules and §9 debounce in the cart service), its services (bundles: warranty, insurance,
 * digital content, return guarantee) to add or remove, its price and a remove button. A line
 * re-renders only when it changes.
 *
 * @example
 * ```tsx
 * <CartLines />
 * ```
 *
 * @module
 */
import type { Bundle } from "../../../core/api/entities/cart.ts"
import { bundlePrice, isActiveBundle, type BundleType } from "../../../core/domain/cart.ts"
import type { CartLine } from "../../../core/services/cartState.ts"
import type { MessageKey } from "../../../core/messages/index.ts"
import { QuantityInput } from "../../QuantityInput.tsx"
import { ItemParams } from "../ItemParams.tsx"
import { useCartActions, useCartLine, useCartLineIds, type CartActions } from "../../storefront/hooks.ts"
import { ResponsiveImage } from "../../storefront/images.tsx"
import { useLink, useShopText } from "../../storefront/text.tsx"

/** The cart actions a line uses. */
export type CartLineActions = Pick<CartActions, "typeAmount" | "remove" | "addBundle" | "removeBundle">

const bundleLabels: { readonly [T in BundleType]: MessageKey } = {
  warranty: "pu_bundle_warranty",
  insurance: "pu_bundle_insurance",
  digital: "account_menu_clientDigitalContent",
  return_guarantee: "pu_bundle_return_guarantee"
}

const ignore = () => undefined

/** One cart line, drawn from its state and the actions. */
export function CartLineView({ line, actions }: { readonly line: CartLine; readonly actions: CartLineActions }) {
  const { t, money } = useShopText()
  const Link = useLink()
  const { article, lineId } = line
  const title = article.title ?? ""
  const bundles = (article.bundles ?? []).filter((bundle): bundle is Bundle & { readonly id: number } => bundle.id !== undefined)
  return (
    <li className="cart-line">
      {article.image !== undefined && (
        <ResponsiveImage src={article.image.url} display={{ largest: 72, sizes: "72px", own: article.image.width }} alt=""
          width={article.image.width ?? 72} height={article.image.height ?? 72} />
      )}
      <div className="what">
        {article.url !== undefined ? <Link to={article.url}>{title}</Link> : <span>{title}</span>}
        <ItemParams params={article.params} />
        {bundles.length > 0 && (
          <fieldset className="bundles">
            <legend>{t("sf_services")}</legend>
            {bundles.map((bundle) => {
              const active = isActiveBundle(bundle)
              return (
                <label key={`${bundle.type}-${bundle.id}`} className="check">
                  <input type="checkbox" checked={active}
                    onChange={() => void (active ? actions.removeBundle(lineId, bundle.type, bundle.id) : actions.addBundle(lineId, bundle.type, bundle.id)).catch(ignore)} />
                  {bundle.title ?? t(bundleLabels[bundle.type])} <span className="price">{money(bundlePrice(bundle, line.count))}</span>
                </label>
              )
            })}
          </fieldset>
        )}
      </div>
      <QuantityInput
        count={line.count}
        stock={line.stock}
        labels={{
          count: t("sf_quantity"),
          decrease: t("sf_decrease"),
          increase: t("sf_increase"),
          corrected: (reason, count) => t(`quantity_correction_${reason}` as MessageKey, { min: 1, max: 30, count })
        }}
        onChange={(count) => void actions.typeAmount(lineId, String(count)).catch(ignore)}
      />
      <span className="line-price">{money(Number(article.linePrice ?? article.unitPrice ?? 0))}</span>
      <button type="button" className="link-button" onClick={() => void actions.remove([lineId]).catch(ignore)}
        aria-label={t("sf_remove_item", { item: title })}>
        {t("sf_remove")}
      </button>
    </li>
  )
}

/** One cart line of the provider's cart; re-renders only when this line changes. */
export function CartLineRow({ lineId }: { readonly lineId: string }) {
  const line = useCartLine(lineId)
  const actions = useCartActions()
  return line === undefined ? null : <CartLineView line={line} actions={actions} />
}

/** The provider's cart lines, in order. */
export function CartLines({ className }: { readonly className?: string | undefined }) {
  const { t } = useShopText()
  const lineIds = useCartLineIds()
  return (
    <ul className={["cart-lines", className].filter(Boolean).join(" ")} aria-label={t("sf_cart_items")}>
      {lineIds.map((id) => <CartLineRow key={id} lineId={id} />)}
    </ul>
  )
}
