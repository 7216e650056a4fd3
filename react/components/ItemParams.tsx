/**
 * An item's parameters (§3 "Params list (key, title, value, css, measure; key COLOR shows a colour swatch)"): each
 * as its title and value with its measure; the COLOR parameter also shows its colour as a swatch (the core's
 * `colorSwatch` accepts only a hex colour). Used by the cart lines and the cart drawer.
 *
 * @module
 */
import type { ItemParam } from "../../core/api/entities/cart.ts"
import { colorSwatch } from "../../core/domain/cart.ts"

/** Props of {@link ItemParams}. */
export interface ItemParamsProps {
  /** The item's parameters; nothing is drawn when there are none. */
  readonly params: ReadonlyArray<ItemParam> | undefined
  /** Extra class. */
  readonly className?: string
}

/**
 * The parameter list.
 *
 * @example
 * ```tsx
 * <ItemParams params={article.params} />
 * ```
 */
export function ItemParams({ params, className }: ItemParamsProps) {
  if (params === undefined || params.length === 0) return null
  return (
    <ul className={["sf-params", className ?? ""].join(" ").trim()}>
      {params.map((param) => {
        const swatch = colorSwatch(param)
        return (
          <li key={param.key} data-param={param.key}>
            <span className="param-title">{param.title ?? param.key}:</span>{" "}
            {swatch !== undefined && <span className="swatch" style={{ backgroundColor: swatch }} aria-hidden="true" data-swatch={swatch} />}
            <span className="param-value">{param.value ?? ""}{param.measure === undefined ? "" : ` ${param.measure}`}</span>
          </li>
        )
      })}
    </ul>
  )
}
