/**
 * Choosing the post office a parcel goes to (spec §3 post outlet, §5 the search starts at 2 characters, §9 keys
 * tab, enter, escape, up, down; 500 ms debounce, at most 15 shown): a disclosure showing the chosen outlet with a
 * button to choose or change it, and, open, a WAI-ARIA combobox whose listbox shows each outlet's postal code (in
 * the shop's pattern, the core's `formatZip`) and postAddress, with a status line saying how many were found.
 *
 * Thin: the picker's state and what a key does are the Outlets service's (the domain's `outletPickerReducer`),
 * given as {@link PostOutletPickerProps.state} and {@link PostOutletPickerProps.actions} (`useOutlets()` gives
 * both); what choosing does to the cart is the caller's `onChoose`.
 *
 * @example
 * ```tsx
 * const { state, actions } = useOutlets()
 * <PostOutletPicker state={state} actions={actions} chosen={chosen} onChoose={(outlet) => selectOutlet(outlet)} />
 * ```
 *
 * @module
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react"
import type { PostOutlet } from "../../../core/api/entities/outlet.ts"
import { outletText, shouldSearch, type OutletPickerKey } from "../../../core/domain/outlet.ts"
import { formatZip } from "../../../core/domain/zip.ts"
import type { OutletsState } from "../../../core/services/Outlets.ts"
import type { OutletActions } from "../../storefront/hooks.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link PostOutletPicker}. */
export interface PostOutletPickerProps {
  /** The Outlets service's state: query, shown outlets, open, active, selected, searching. */
  readonly state: OutletsState
  /** The Outlets service's actions. */
  readonly actions: OutletActions
  /** The outlet the cart has now, if any (shown, with a button to change it). */
  readonly chosen?: PostOutlet | undefined
  /** Makes the picked outlet the cart's; settles with whether the shop took it. */
  readonly onChoose: (outlet: PostOutlet) => Promise<boolean>
  /** What the delivery is, e.g. the transport's title and price, shown above the button. */
  readonly title?: string | undefined
  readonly className?: string | undefined
}

const keyOf: Readonly<Record<string, OutletPickerKey>> = {
  ArrowDown: "down",
  ArrowUp: "up",
  Enter: "enter",
  Escape: "escape",
  Tab: "tab"
}

const ignore = () => undefined

/** The post outlet picker. */
export function PostOutletPicker({ state, actions, chosen, onChoose, title, className }: PostOutletPickerProps) {
  const { t, shop } = useShopText()
  const id = useId()
  const panelId = `${id}-panel`
  const inputId = `${id}-input`
  const listId = `${id}-list`
  const hintId = `${id}-hint`
  const optionId = (index: number) => `${id}-option-${index}`
  const [expanded, setExpanded] = useState(false)
  const [text, setText] = useState("")
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  // The selection the service had when this picker mounted is not a new pick (the service outlives the step).
  const handled = useRef<PostOutlet | undefined>(state.selected)

  useEffect(() => {
    const picked = state.selected
    if (picked === undefined || picked === handled.current) return
    handled.current = picked
    setBusy(true)
    setRefused(false)
    void onChoose(picked).then((applied) => {
      setRefused(!applied)
      if (applied) {
        setExpanded(false)
        setText("")
        toggle.current?.focus()
      }
    }, ignore).finally(() => setBusy(false))
  }, [state.selected, onChoose])

  useEffect(() => {
    if (expanded) input.current?.focus()
  }, [expanded])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const key = keyOf[event.key]
    if (key === undefined || event.altKey || event.ctrlKey || event.metaKey) return
    if (key === "escape" && !state.open) {
      // The list is closed already: Escape closes the picker, back to its button.
      if (chosen !== undefined) {
        event.preventDefault()
        setExpanded(false)
        toggle.current?.focus()
      }
      return
    }
    // Enter never submits the surrounding form; arrows do not move the caret; Tab moves focus on as usual.
    if (key !== "tab") event.preventDefault()
    void actions.key(key).catch(ignore)
  }

  const zipOf = (outlet: PostOutlet) => formatZip(outlet.zip, shop)
  const active = state.open && state.active !== undefined ? state.active : undefined
  const searched = shouldSearch(text)
  const status = !searched
    ? ""
    : state.searching
      ? t("outlet_searching")
      : state.outlets.length === 0
        ? t("outlet_none")
        : t("outlet_found", { count: state.outlets.length })

  return (
    <div className={["post-outlet", className].filter(Boolean).join(" ")} aria-busy={busy}>
      {title !== undefined && <p className="post-outlet-title">{title}</p>}
      {chosen !== undefined && <p className="post-outlet-chosen">{t("outlet_chosen", { outlet: outletText(chosen, zipOf(chosen)) })}</p>}
      <button ref={toggle} type="button" className="button" aria-expanded={expanded} aria-controls={panelId}
        onClick={() => setExpanded(!expanded)}>
        {chosen === undefined ? t("outlet_choose") : t("outlet_change")}
      </button>
      <div id={panelId} className="post-outlet-panel" hidden={!expanded}>
        {expanded && (
          <>
            <p className="field">
              <label htmlFor={inputId}>{t("outlet_search_label")}</label>
              <input ref={input} id={inputId} type="text" role="combobox" autoComplete="off" spellCheck={false}
                aria-autocomplete="list" aria-expanded={state.open} aria-controls={listId}
                aria-activedescendant={active === undefined ? undefined : optionId(active)} aria-describedby={hintId}
                value={text}
                onChange={(event) => {
                  const query = event.currentTarget.value
                  setText(query)
                  setRefused(false)
                  void actions.type(query).catch(ignore)
                }}
                onKeyDown={onKeyDown}
                onBlur={() => void actions.blur().catch(ignore)} />
            </p>
            <p id={hintId} className="hint">{t("outlet_search_hint")}</p>
            <ul id={listId} role="listbox" aria-label={t("outlet_list_label")} className="post-outlet-list" hidden={!state.open}>
              {state.open && state.outlets.map((outlet, index) => (
                <li key={`${outlet.zip}-${outlet.postAddress}`} id={optionId(index)} role="option" aria-selected={index === active}
                  className={index === active ? "active" : undefined}
                  onMouseEnter={() => void actions.point(index).catch(ignore)}
                  // Keeps the focus in the input, so the click is not a blur that closes the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void actions.choose(index).catch(ignore)}>
                  <span className="post-outlet-zip">{zipOf(outlet)}</span>
                  <span className="post-outlet-address">{outlet.postAddress}</span>
                </li>
              ))}
            </ul>
            <p role="status" className="hint post-outlet-status">{status}</p>
            {refused && <p role="alert" className="error">{t("outlet_refused")}</p>}
          </>
        )}
      </div>
    </div>
  )
}
