/** Unknown URLs: the 404 page in the shop's style. */
import { data } from "react-router"
import { PageErrorView } from "../components/PageError.tsx"

export function loader() {
  return data(null, { status: 404 })
}

export function meta() {
  return [{ title: "404" }]
}

export default function NotFound() {
  return <PageErrorView notFound />
}
