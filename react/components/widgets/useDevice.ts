/**
 * The device class of the window (§2 breakpoints), re-read on resize: after the §9 debounce by default, or at once
 * (the header's menu and mobile panels, so widening past the desktop breakpoint with the phone menu open draws the
 * desktop menu in the same frame).
 *
 * @module
 */
import { startTransition, useEffect, useState } from "react"
import { deviceFor, resizeDebounceMs, type Device } from "../../../core/domain/layout/breakpoints.ts"

/** Options of {@link useDevice}. */
export interface UseDeviceOptions {
  /** Whether a resize is followed after the §9 debounce (300 ms after the last resize); false follows every resize at once. Default true. */
  readonly debounce?: boolean
}

/**
 * The current device class: `fallback` during server rendering and the first render (so hydration matches), then
 * the window's (that first change rendered as a transition), updated 300 ms after the last resize (or at once with `debounce: false`; React skips the re-render
 * while the class stays the same).
 *
 * @example
 * ```tsx
 * const device = useDevice()
 * const step = carouselStep(device)
 * const menuDevice = useDevice("desktop", { debounce: false })
 * ```
 */
export const useDevice = (fallback: Device = "mobile", { debounce = true }: UseDeviceOptions = {}): Device => {
  const [device, setDevice] = useState<Device>(fallback)
  useEffect(() => {
    const follow = () => setDevice(deviceFor(window.innerWidth))
    // The first read, right after hydration, is a transition: on a phone it swaps what the server rendered for the
    // desktop (the header's whole menu) for the mobile parts, a render React splits into short tasks and interrupts
    // for the shopper's first tap instead of one long task.
    startTransition(follow)
    let timer: ReturnType<typeof setTimeout> | undefined
    const onResize = debounce
      ? () => {
        clearTimeout(timer)
        timer = setTimeout(follow, resizeDebounceMs)
      }
      : follow
    window.addEventListener("resize", onResize)
    return () => {
      clearTimeout(timer)
      window.removeEventListener("resize", onResize)
    }
  }, [debounce])
  return device
}
