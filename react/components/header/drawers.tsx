/**
 * The header drawers' shared state (§2: one open at a time, the 900 ms hide delay, closed on mobile): the core's
 * drawers reducer driven by pointer, focus and key events, with the hide timer scheduled at its deadline.
 *
 * @module
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type ReactNode
} from "react"
import {
  drawerHideDeadline,
  drawersReducer,
  initialDrawers,
  type Drawer,
  type DrawersEvent,
  type DrawersState
} from "../../../core/domain/layout/drawers.ts"
import { useDevice } from "../widgets/useDevice.ts"
import { useDrawerRequests } from "../../storefront/signals.tsx"

/** An event of the drawers without its time (the provider stamps it). */
export type DrawersInput = DrawersEvent extends infer E ? (E extends DrawersEvent ? Omit<E, "at"> : never) : never

/** What the drawers of one header share. */
export interface DrawersContextValue {
  /** Which drawer is open and when it hides. */
  readonly state: DrawersState
  /** Sends an event to the drawers (stamped with the current time). */
  readonly send: (event: DrawersInput) => void
}

const DrawersContext = createContext<DrawersContextValue | undefined>(undefined)

const stamped = (state: DrawersState, event: DrawersInput): DrawersState =>
  drawersReducer(state, { ...event, at: Date.now() } as DrawersEvent)

/**
 * Holds the header drawers: at most one open, closed on mobile, hidden 900 ms after the pointer leaves (§2, §9).
 * Put it around the header; {@link HeaderDrawer}s inside it share it.
 *
 * @example
 * ```tsx
 * <DrawersProvider>
 *   <CartDrawer />
 *   <LoginDrawer csrfToken={token} />
 * </DrawersProvider>
 * ```
 */
export function DrawersProvider({ children }: { readonly children?: ReactNode }) {
  const device = useDevice("desktop")
  const [state, dispatch] = useReducer(stamped, device, initialDrawers)
  useEffect(() => dispatch({ type: "deviceChanged", device }), [device])
  const deadline = drawerHideDeadline(state)
  useEffect(() => {
    if (deadline === null) return
    const timer = setTimeout(() => dispatch({ type: "tick" }), Math.max(0, deadline - Date.now()))
    return () => clearTimeout(timer)
  }, [deadline])
  const send = useCallback((event: DrawersInput) => dispatch(event), [])
  // A drawer the core asks for (§8: a wishlist error opens the wishlist drawer) opens as on hover.
  useDrawerRequests((drawer) => dispatch({ type: "pointerEnter", drawer }))
  const value = useMemo(() => ({ state, send }), [state, send])
  return <DrawersContext.Provider value={value}>{children}</DrawersContext.Provider>
}

/**
 * The drawers of the nearest {@link DrawersProvider}.
 *
 * @example
 * ```tsx
 * const { state, send } = useDrawers()
 * const open = state.open === "cart"
 * ```
 */
export const useDrawers = (): DrawersContextValue => {
  const value = useContext(DrawersContext)
  if (value === undefined) throw new Error("useDrawers must be used under a <DrawersProvider>")
  return value
}

/** One drawer's open state and its openers. */
export interface DrawerHandle {
  /** Whether the drawer is open. */
  readonly open: boolean
  /** Sends an event about this drawer. */
  readonly send: (type: "pointerEnter" | "pointerLeave" | "toggle") => void
  /** Closes whichever drawer is open (Escape). */
  readonly close: () => void
}

/**
 * One drawer of the nearest {@link DrawersProvider}.
 *
 * @example
 * ```tsx
 * const cart = useDrawer("cart")
 * return <button aria-expanded={cart.open} onClick={() => cart.send("toggle")}>Cart</button>
 * ```
 */
export const useDrawer = (drawer: Drawer): DrawerHandle => {
  const { state, send } = useDrawers()
  return useMemo(() => ({
    open: state.open === drawer,
    send: (type) => send({ type, drawer }),
    close: () => send({ type: "escape" })
  }), [state.open, drawer, send])
}
