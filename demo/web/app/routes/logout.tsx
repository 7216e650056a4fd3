/** Logout (§6): the account service logs out with the session's CSRF token, then the home page. */
import { useEffect } from "react"
import { useCustomer } from "../../../../react/storefront/hooks.ts"
import { useShopText } from "../lib/i18n.ts"

export function meta() {
  return [{ title: "Logout | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function Logout() {
  const customer = useCustomer()
  const { t } = useShopText()
  useEffect(() => {
    void customer.logout().catch(() => undefined).finally(() => window.location.assign("/"))
    // Log out once on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return <p className="spinner" role="status">{t("sf_logging_out")}</p>
}
