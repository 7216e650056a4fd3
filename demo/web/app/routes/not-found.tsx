/** Unknown URLs: the 404 page in the shop's style. */
import { data, Link } from "react-router"
import { useShopText } from "../lib/i18n.ts"

export function loader() {
  return data(null, { status: 404 })
}

export function meta() {
  return [{ title: "404" }]
}

export default function NotFound() {
  const { t } = useShopText()
  return (
    <section className="error-page">
      <h1>{t("sf_not_found_title")}</h1>
      <p>{t("sf_not_found_text")}</p>
      <p><Link to="/" className="button primary">{t("sf_back_to_shop")}</Link></p>
    </section>
  )
}
