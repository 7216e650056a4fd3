// @vitest-environment happy-dom
/**
 * The §8 failures as a shopper meets them, over the real services (their clock on Vitest's fake timers) and a
 * backend answering as the reference one does: a wrong password shows the server's title in red above the login
 * form for exactly 5 s and then nothing of it stays; a list name already taken opens the wishlist drawer with the
 * server's describedBy for exactly 5 s; a refusal with redirect true goes to its same-origin url through the page's navigate.
 * (axe runs on these states in status.test.tsx and PageRequests.test.tsx: it needs real timers, and switching to them
 * here would drop the services' pending 5 s timers.)
 */
import { act, cleanup, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { setImmediate as realSetImmediate } from "node:timers"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { webHandlerHttpClient } from "../../../core/api/client.ts"
import { loginFailureTitleMs } from "../../../core/domain/auth.ts"
import { wishlistMessageMs } from "../../../core/services/Wishlist.ts"
import { shopById } from "../../../core/domain/shop.ts"
import { accountStateFor } from "../../../core/services/accountState.ts"
import { layer } from "../../../core/storefront.ts"
import { DrawersProvider } from "../../../react/components/header/drawers.tsx"
import { LoginForm } from "../../../react/components/header/LoginForm.tsx"
import { WishlistDrawer } from "../../../react/components/header/WishlistDrawer.tsx"
import { accountStateAtom } from "../../../react/storefront/atoms.ts"
import { useWishlists } from "../../../react/storefront/hooks.ts"
import { PageRequests } from "../../../react/storefront/signals.tsx"
import { StorefrontProvider, type InitialState } from "../../../react/storefront/StorefrontProvider.tsx"
import { setViewportWidth } from "../header/support.tsx"

await import("../../../react/components/header/WishlistPanel.tsx")
await import("../../../react/storefront/services.ts")

const shop = shopById("CZ10MA")
const baseUrl = "http://shop.test"
const wrongPasswordTitle = "Wrong e-mail or password."
const takenName = "A list with this name already exists."

type Route = (request: Request) => Response
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

/** A backend answering the routes given ("METHOD /path") and 404 to the rest; records what was sent. */
const backend = (routes: Record<string, Route>) => {
  const sent: Array<string> = []
  const handler = async (request: Request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`
    sent.push(key)
    return routes[key]?.(request) ?? json({ _tag: "NotFound" }, 404)
  }
  return { handler, sent }
}

const renderLive = (ui: React.ReactElement, handler: (request: Request) => Promise<Response>, initial: InitialState = []) => {
  const navigate = vi.fn()
  const services = layer({ shop, baseUrl, transport: webHandlerHttpClient(handler), liveData: false, session: { csrfToken: "csrf", cartId: 1 } })
  render(
    <StorefrontProvider shop={shop} baseUrl={baseUrl} language="en" layer={services} initial={initial}>
      <PageRequests navigate={navigate} reload={vi.fn()} />
      <main><DrawersProvider>{ui}</DrawersProvider></main>
    </StorefrontProvider>
  )
  return { navigate }
}

let shopper: ReturnType<typeof userEvent.setup>

beforeEach(() => {
  // The services' clock runs on these timers.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] })
  setViewportWidth(1280)
  shopper = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime })
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

/** Lets the services answer (their calls resolve on promises and the scheduler's own ticks). */
const answered = () => act(() => vi.advanceTimersByTimeAsync(0))

/**
 * Lets the services' scheduler run what it has queued (e.g. the fiber that starts a 5 s timer right after showing
 * a message), without moving the clock.
 */
const schedulerIdle = async () => {
  for (let round = 0; round < 10; round++) {
    await answered()
    await act(() => new Promise<void>((resolve) => realSetImmediate(() => resolve())))
  }
}

/** Waits, without moving the clock, until `check` passes (the services' answer has reached the page). */
const untilShown = async (check: () => void) => {
  for (let round = 0; ; round++) {
    await answered()
    try {
      return check()
    } catch (error) {
      if (round > 200) throw error
    }
  }
}

describe("login failure (§8)", () => {
  test("a wrong password shows the server's title in red above the form for exactly 5 s; then nothing of it stays", async () => {
    const { handler, sent } = backend({
      "POST /api/auth/login/": () => json({ _tag: "LoginRejected", title: wrongPasswordTitle, error: wrongPasswordTitle, errors: [] }, 401)
    })
    const { navigate } = renderLive(<LoginForm />, handler)
    await shopper.type(screen.getByLabelText("E-mail"), "jana@example.cz")
    await shopper.type(screen.getByLabelText("Password"), "wrong-password")
    await shopper.click(screen.getByRole("button", { name: "Log in" }))
    await untilShown(() => expect(screen.getByText(wrongPasswordTitle)).toBeInTheDocument())
    expect(sent).toContain("POST /api/auth/login/")
    const title = screen.getByText(wrongPasswordTitle)
    const form = screen.getByRole("button", { name: "Log in" }).closest("form")!
    // Above the form, not inside it; red (the error style); announced.
    expect(form.contains(title)).toBe(false)
    expect(title.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(title).toHaveClass("field-error")
    expect(title.closest("[role=alert]")).not.toBeNull()
    // Shown once: its repeat among the form flashes is not shown under the fields.
    expect(screen.getAllByText(wrongPasswordTitle)).toHaveLength(1)
    await schedulerIdle()

    await act(() => vi.advanceTimersByTimeAsync(loginFailureTitleMs - 1))
    await schedulerIdle()
    expect(screen.getByText(wrongPasswordTitle)).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1))
    await schedulerIdle()
    expect(screen.queryByText(wrongPasswordTitle)).toBeNull()
    for (const alert of screen.queryAllByRole("alert")) expect(alert).toHaveTextContent("")
    expect(screen.queryByText(/fail|wrong|error/i)).toBeNull()
    expect(navigate).not.toHaveBeenCalled()
  })
})

/** A button that saves a new wishlist under a name (what the wishlist page's form does). */
function SaveList({ name }: { readonly name: string }) {
  const { run } = useWishlists()
  return <button type="button" onClick={() => void run((wishlist) => wishlist.saveWishlist(name)).catch(() => undefined)}>Save list</button>
}

const loggedIn: InitialState = [[accountStateAtom, accountStateFor({ id: 7, isLogged: true, firstname: "Jana", lastname: "Nováková" })]]

const wishlistRoutes = (saveAnswer: Route): Record<string, Route> => ({
  "GET /api/v2/wishlist.wishlist-api/get-items": () => json({ items: [], itemsCount: 0, mainWishListId: 1 }),
  "GET /api/v2/wishlist.wishlist-api/find-all": () => json({ wishlists: [] }),
  "POST /api/v2/wishlist.wishlist-api/save-wishlist": saveAnswer
})

describe("wishlist errors (§8)", () => {
  test("a name already taken (redirect false) opens the wishlist drawer with the server's message for exactly 5 s", async () => {
    const { handler } = backend(wishlistRoutes(() => json({ _tag: "WishlistRejected", describedBy: takenName, redirect: false }, 422)))
    const { navigate } = renderLive(<><WishlistDrawer /><SaveList name="Birthday" /></>, handler, loggedIn)
    const trigger = screen.getByRole("link", { name: /Wishlist/ })
    expect(trigger).toHaveAttribute("aria-expanded", "false")
    await shopper.click(screen.getByRole("button", { name: "Save list" }))
    await untilShown(() => {
      expect(trigger).toHaveAttribute("aria-expanded", "true")
      expect(within(screen.getByRole("region", { name: "Wishlist" })).getByRole("alert")).toHaveTextContent(takenName)
    })
    expect(screen.getAllByRole("alert")).toHaveLength(1)
    await schedulerIdle()

    // The message stays exactly 5 s (§8), then goes; the drawer stays open for the shopper.
    const drawer = screen.getByRole("region", { name: "Wishlist" })
    await act(() => vi.advanceTimersByTimeAsync(wishlistMessageMs - 1))
    await schedulerIdle()
    expect(within(drawer).getByRole("alert")).toHaveTextContent(takenName)
    await act(() => vi.advanceTimersByTimeAsync(1))
    await schedulerIdle()
    expect(screen.queryByText(takenName)).toBeNull()
    expect(trigger).toHaveAttribute("aria-expanded", "true")
    expect(navigate).not.toHaveBeenCalled()
  })

  test("a refusal with redirect true goes to its same-origin url through the page's navigate; another site's url to the wishlist page", async () => {
    let target = "/muj-ucet/seznamy"
    const { handler } = backend(wishlistRoutes(() => json({ _tag: "WishlistRejected", redirect: true, url: target }, 422)))
    const { navigate } = renderLive(<SaveList name="Birthday" />, handler, loggedIn)
    await shopper.click(screen.getByRole("button", { name: "Save list" }))
    await vi.waitFor(async () => {
      await answered()
      expect(navigate).toHaveBeenCalledWith("/muj-ucet/seznamy")
    })
    target = "https://evil.example/"
    await shopper.click(screen.getByRole("button", { name: "Save list" }))
    await vi.waitFor(async () => {
      await answered()
      expect(navigate).toHaveBeenCalledTimes(2)
    })
    expect(navigate).toHaveBeenLastCalledWith(shop.urlKeys.wishlist)
  })
})
