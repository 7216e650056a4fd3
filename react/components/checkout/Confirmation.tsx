/**
 * The placed order (§2 step 4, §3 purchase): its number and items, the links on, and, while the
 * checkout service counts down the confirmation redirect (§9: 6000 ms by default), a notice that the
 * page will move to the order's page.
 *
 * @module
 */
import { useLink, useShopText } from "../../storefront/text.tsx"

/** Props of {@link Confirmation}. */
export interface ConfirmationProps {
  readonly orderId: string
  readonly items: ReadonlyArray<{ readonly title?: string | undefined; readonly count: number }>
  /** The confirmation url the page will move to, if a redirect is coming. */
  readonly redirectsTo?: string | undefined
  readonly className?: string | undefined
}

/** The confirmation. */
export function Confirmation(props: ConfirmationProps) {
  const { t, shop } = useShopText()
  const Link = useLink()
  return (
    <div className={["confirmation", props.className].filter(Boolean).join(" ")} role="status">
      <h2>{t("sf_order_placed", { order: props.orderId })}</h2>
      <ul>{props.items.map((item, i) => <li key={i}>{item.count}× {item.title}</li>)}</ul>
      {props.redirectsTo !== undefined && <p>{t("sf_redirecting")}</p>}
      <p><Link to={shop.urlKeys.clientPurchaseList}>{t("sf_my_orders")}</Link> · <Link to="/">{t("sf_back_to_shop")}</Link></p>
    </div>
  )
}
