/** React Router's `Link` as the link component of the toolkit's components (`LinkProvider`). */
import { Link } from "react-router"
import type { LinkProps } from "../../../../react/storefront/text.tsx"

/** A client-side navigation link for the toolkit's components. */
export function RouterLink({ to, children, ...rest }: LinkProps) {
  return <Link to={to} {...rest}>{children}</Link>
}
