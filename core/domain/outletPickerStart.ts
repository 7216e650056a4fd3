/**
 * The outlet picker's first state, apart from the picker's rules (`outlet.ts`) so that a page holding the picker's
 * state loads only this.
 *
 * @module
 */
import type { OutletPickerState, PostOutlet } from "./outlet.ts"

/** The picker before anything is typed. */
export const initialOutletPicker = <O extends PostOutlet = PostOutlet>(): OutletPickerState<O> => ({
  query: "",
  outlets: [],
  open: false,
  active: undefined,
  selected: undefined
})
