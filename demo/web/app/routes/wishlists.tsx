/**
 * The wishlists of the logged-in customer (§2 "Wishlist pages", §7 new wishlist API): the lists (the main one first),
 * one list's items at '{wishlist-url}-detail/{wishlistId}' (the main list at the wishlist urls), and managing them:
 * create a list, rename or delete one (not the main list), remove an item, move an item to another list. Every form
 * posts to this route's action, so it works without JavaScript.
 */
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigate, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router"
import { wishlistDetailUrl, type Shop } from "../../../../core/domain/shop.ts"
import { useState } from "react"
import { FormNotice } from "../../../../react/components/forms/FormNotice.tsx"
import { TextField } from "../../../../react/components/forms/TextField.tsx"
import { cookieHeaders, hasSessionCookie } from "../lib/api.server.ts"
import { checkedForm, field, pagePathOf, pageSession } from "../lib/forms.server.ts"
import { csrfField } from "../lib/forms.ts"
import { preferencesOf } from "../lib/preferences.ts"
import { useShopText } from "../lib/i18n.ts"
import { useWishlists } from "../../../../react/storefront/hooks.ts"
import { PageError } from "../components/PageError.tsx"

const loginRedirect = (shop: Shop, request: Request) =>
  redirect(`${shop.urlKeys.login}?return=${encodeURIComponent(pagePathOf(request))}`)

const requestedList = (params: Readonly<Record<string, string | undefined>>): number | undefined => {
  const id = Number(params["wishlistId"])
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { shop } = preferencesOf(request)
  if (!hasSessionCookie(request)) throw loginRedirect(shop, request)
  const { caller, session } = await pageSession(request, context, shop)
  const summary = await caller.call((client) => client.wishlist.findAll()).catch(() => undefined)
  if (summary === undefined) throw loginRedirect(shop, request)
  const listId = requestedList(params) ?? summary.mainWishListId
  const items = await caller.call((client) => client.wishlist.getItems({ query: listId === undefined ? {} : { wishListId: listId } as never }))
    .catch(() => undefined)
  if (items === undefined) throw data(null, { status: 404 })
  return data({
    csrfToken: session.csrfToken,
    lists: summary.wishlists ?? [],
    mainId: summary.mainWishListId,
    listId,
    items: items.items ?? []
  }, { headers: cookieHeaders(caller) })
}

type WishlistResult =
  | { readonly done: "created" | "renamed" | "deleted" | "removed" | "moved" }
  | { readonly failed: string }

const reason = (error: unknown): string =>
  typeof error === "object" && error !== null
    ? String((error as { describedBy?: unknown; message?: unknown }).describedBy ?? (error as { message?: unknown }).message ?? "")
    : ""

export async function action({ request, context }: ActionFunctionArgs) {
  const { shop } = preferencesOf(request)
  const { form, caller } = await checkedForm(request, context, shop)
  const answer = (result: WishlistResult) => data(result, { headers: cookieHeaders(caller) })
  const listId = Number(field(form, "wishListId"))
  const run = async (done: Extract<WishlistResult, { done: string }>["done"], call: () => Promise<unknown>) =>
    call().then(() => answer({ done }), (error: unknown) => answer({ failed: reason(error) }))
  switch (field(form, "intent")) {
    case "create": {
      const name = field(form, "name").trim()
      if (name === "") return answer({ failed: "" })
      const created = await caller.call((client) => client.wishlist.saveWishlist({ payload: { name } })).catch((error: unknown) => error)
      if (typeof created === "object" && created !== null && "wishListId" in created) {
        throw redirect(wishlistDetailUrl(shop, Number(created.wishListId)), { headers: cookieHeaders(caller) })
      }
      return answer({ failed: reason(created) })
    }
    case "rename":
      return run("renamed", () => caller.call((client) => client.wishlist.saveWishlist({ payload: { wishListId: listId, name: field(form, "name").trim() } })))
    case "delete": {
      const deleted = await caller.call((client) => client.wishlist.removeWishlist({ payload: { wishListId: listId } })).then(() => true, (error: unknown) => error)
      if (deleted === true) throw redirect(shop.urlKeys.clientWishlist, { headers: cookieHeaders(caller) })
      return answer({ failed: reason(deleted) })
    }
    case "remove":
      return run("removed", () => caller.call((client) => client.wishlist.delete({ payload: { wishListId: listId, itemId: Number(field(form, "itemId")) } })))
    case "move": {
      const target = Number(field(form, "target"))
      const variantId = Number(field(form, "variantId"))
      return run("moved", async () => {
        await caller.call((client) => client.wishlist.add({ payload: { variantId, wishlistId: target, amount: Math.max(1, Number(field(form, "amount")) || 1) } }))
        await caller.call((client) => client.wishlist.delete({ payload: { wishListId: listId, itemId: Number(field(form, "itemId")) } }))
      })
    }
    default:
      return answer({ failed: "" })
  }
}

export function meta() {
  return [{ title: "Wishlist | Storefront" }, { name: "robots", content: "noindex" }]
}

export default function Wishlists() {
  const { csrfToken, lists, mainId, listId, items } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as WishlistResult | undefined
  const busy = useNavigation().state === "submitting"
  const { t, shop } = useShopText()
  const current = lists.find((list) => list.wishListId === listId)
  const others = lists.filter((list) => list.wishListId !== listId)
  const isMain = listId === mainId
  const nameOf = (list: { readonly wishListId: number; readonly name?: string | undefined }) =>
    list.wishListId === mainId ? t("wishlist_main") : list.name ?? ""
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name={csrfField} value={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="wishListId" value={listId ?? ""} />
    </>
  )
  // Once the page runs, a new list is created through the wishlist service: a refusal (e.g. a name already taken)
  // opens the wishlist drawer with the server's message for 5 s (§8); without JavaScript the form posts to the action.
  const wishlists = useWishlists()
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const createList = (event: React.FormEvent<HTMLFormElement>) => {
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim()
    if (name === "") return
    event.preventDefault()
    setCreating(true)
    wishlists.run((wishlist) => wishlist.saveWishlist(name))
      .then((state) => {
        if (state.created !== undefined) void navigate(state.created.detailUrl)
      }, () => undefined)
      .finally(() => setCreating(false))
  }
  const doneText = { created: t("pg_saved"), renamed: t("pg_saved"), deleted: t("pg_saved"), removed: t("pg_wl_removed"), moved: t("pg_wl_moved") }
  return (
    <section className="account-page wishlists-page">
      <h1>{t("sf_wishlist")}</h1>
      {result !== undefined && "done" in result ? <FormNotice tone="success">{doneText[result.done]}</FormNotice> : null}
      {result !== undefined && "failed" in result ? <FormNotice tone="error">{result.failed || t("pg_failed")}</FormNotice> : null}
      <nav aria-label={t("pg_wl_lists")} className="account-section">
        <h2>{t("pg_wl_lists")}</h2>
        <ul>
          {lists.map((list) => (
            <li key={list.wishListId}>
              <Link to={list.wishListId === mainId ? shop.urlKeys.clientWishlist : wishlistDetailUrl(shop, list.wishListId)}
                aria-current={list.wishListId === listId ? "page" : undefined}>
                {nameOf(list)} ({list.itemsCount ?? list.items?.length ?? 0})
              </Link>
            </li>
          ))}
        </ul>
        <Form method="post" className="inline-form" onSubmit={createList}>
          <input type="hidden" name={csrfField} value={csrfToken} />
          <input type="hidden" name="intent" value="create" />
          <TextField label={t("pg_wl_name")} name="name" required maxLength={100} />
          <button type="submit" className="button primary" disabled={busy || creating} aria-busy={creating}>{t("pg_wl_create")}</button>
        </Form>
      </nav>
      <section className="account-section" aria-labelledby="wishlist-title">
        <h2 id="wishlist-title">{current === undefined ? t("wishlist_main") : nameOf(current)}</h2>
        {isMain || current === undefined ? null : (
          <div className="inline-form">
            <Form method="post" className="inline-form">
              {hidden("rename")}
              <TextField label={t("pg_wl_name")} name="name" required maxLength={100} defaultValue={current.name ?? ""} />
              <button type="submit" className="button button--secondary" disabled={busy}>{t("pg_wl_rename")}</button>
            </Form>
            <Form method="post">
              {hidden("delete")}
              <button type="submit" className="button button--secondary" disabled={busy}>{t("pg_wl_delete")}</button>
            </Form>
          </div>
        )}
        {items.length === 0 ? <p>{t("sf_wishlist_empty")}</p> : (
          <table className="data-table">
            <caption className="visually-hidden">{current === undefined ? t("wishlist_main") : nameOf(current)}</caption>
            <thead><tr><th scope="col">{t("sf_items")}</th><th scope="col">{t("pg_wl_actions")}</th></tr></thead>
            <tbody>
              {items.map((item) => {
                const title = item.product?.variant.title ?? ""
                const url = item.product?.mainCategoryUrlKey !== undefined && item.product.variant.variantUrl !== undefined
                  ? `/${item.product.mainCategoryUrlKey}/${item.product.variant.variantUrl}` : undefined
                return (
                  <tr key={item.wishListItemId}>
                    <td>{url === undefined ? title : <Link to={url}>{title}</Link>}</td>
                    <td>
                      {others.length === 0 || item.product?.variant.variantId === undefined ? null : (
                        <Form method="post" className="inline-form">
                          {hidden("move")}
                          <input type="hidden" name="itemId" value={item.wishListItemId} />
                          <input type="hidden" name="variantId" value={item.product.variant.variantId} />
                          <input type="hidden" name="amount" value={item.amount ?? 1} />
                          <div className="form-field">
                            <label htmlFor={`move-${item.wishListItemId}`}>{t("pg_wl_move_to")}</label>
                            <select id={`move-${item.wishListItemId}`} name="target">
                              {others.map((list) => <option key={list.wishListId} value={list.wishListId}>{nameOf(list)}</option>)}
                            </select>
                          </div>
                          <button type="submit" className="button button--secondary" disabled={busy} aria-label={t("pg_wl_move_item", { item: title })}>{t("pg_wl_move")}</button>
                        </Form>
                      )}
                      <Form method="post" className="inline-form">
                        {hidden("remove")}
                        <input type="hidden" name="itemId" value={item.wishListItemId} />
                        <button type="submit" className="button button--secondary" disabled={busy}>{t("sf_remove_item", { item: title })}</button>
                      </Form>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </section>
    </section>
  )
}

/** An error of this page, shown inside the shop's layout. */
export function ErrorBoundary() {
  return <PageError />
}
