import { useId, useState, type KeyboardEvent } from "react"
import {
  decrement,
  increment,
  isMinusDisabled,
  isPlusDisabled,
  maxQuantity,
  minQuantity,
  parseQuantity,
  type QuantityCorrection
} from "../core/domain/quantity.ts"

/** Texts of the quantity input, in the shop's language. */
export interface QuantityInputLabels {
  /** Accessible name of the count field, e.g. "Quantity". */
  readonly count: string
  /** Accessible name of the minus button, e.g. "Decrease quantity". */
  readonly decrease: string
  /** Accessible name of the plus button, e.g. "Increase quantity". */
  readonly increase: string
  /** The message announced when a typed count was replaced, per reason. */
  readonly corrected: (reason: QuantityCorrection, count: number) => string
}

/** Props of {@link QuantityInput}. */
export interface QuantityInputProps {
  /** The committed count of the cart line. */
  readonly count: number
  /** Pieces in stock; plus is disabled unless the stock exceeds the count (§5). */
  readonly stock?: number
  /** Called with every new whole count in [1, 30]. */
  readonly onChange: (count: number) => void
  readonly labels: QuantityInputLabels
  /** Disables the whole control, e.g. while the line is being removed. */
  readonly disabled?: boolean
}

/**
 * The cart item count of §4/§5: minus, a typed count and plus. Only whole counts in [1, 30] leave
 * it; typed garbage is replaced on commit (blur or Enter) and the replacement is announced.
 */
export function QuantityInput({ count, stock, onChange, labels, disabled = false }: QuantityInputProps) {
  const [draft, setDraft] = useState<string | undefined>(undefined)
  const [notice, setNotice] = useState("")
  const noticeId = useId()

  const change = (next: number) => {
    setDraft(undefined)
    setNotice("")
    if (next !== count) onChange(next)
  }

  const commit = () => {
    if (draft === undefined) return
    const parsed = parseQuantity(draft, count)
    setDraft(undefined)
    setNotice(parsed._tag === "Corrected" ? labels.corrected(parsed.reason, parsed.count) : "")
    if (parsed.count !== count) onChange(parsed.count)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") commit()
    else if (event.key === "ArrowUp" && !isPlusDisabled(count, stock)) {
      event.preventDefault()
      change(increment(count, stock))
    } else if (event.key === "ArrowDown" && !isMinusDisabled(count)) {
      event.preventDefault()
      change(decrement(count))
    }
  }

  return (
    <span className="sf-quantity" role="group" aria-label={labels.count}>
      <button
        type="button"
        aria-label={labels.decrease}
        disabled={disabled || isMinusDisabled(count)}
        onClick={() => change(decrement(count))}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={labels.count}
        aria-describedby={notice === "" ? undefined : noticeId}
        disabled={disabled}
        value={draft ?? String(count)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        aria-label={labels.increase}
        disabled={disabled || isPlusDisabled(count, stock)}
        onClick={() => change(increment(count, stock))}
      >
        +
      </button>
      <span id={noticeId} role="status" aria-live="polite" className="sf-quantity__notice">
        {notice}
      </span>
    </span>
  )
}
