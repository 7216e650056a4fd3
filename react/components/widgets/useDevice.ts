/**
 * The device class of the window (§2 breakpoints), re-read on resize after the §9 debounce.
 *
 * @module
 */
import { useEffect, useState } from "react"
import { deviceFor, resizeDebounceMs, type Device } from "../../../core/domain/layout/breakpoints.ts"

/**
 * The current device class: `fallback` during server rendering and the first render (so hydration matches), then
 * the window's, updated 300 ms after the last resize.
 *
 * @example
 * ```tsx
 * const device = useDevice()
 * const step = carouselStep(device)
 * ```
 */
export const useDevice = (fallback: Device = "mobile"): Device => {
  const [device, setDevice] = useState<Device>(fallback)
  useEffect(() => {
    setDevice(deviceFor(window.innerWidth))
    let timer: ReturnType<typeof setTimeout> | undefined
    const onResize = () => {
      clearTimeout(timer)
      timer = setTimeout(() => setDevice(deviceFor(window.innerWidth)), resizeDebounceMs)
    }
    window.addEventListener("resize", onResize)
    return () => {
      clearTimeout(timer)
      window.removeEventListener("resize", onResize)
    }
  }, [])
  return device
}
