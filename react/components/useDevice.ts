/**
 * The device class of the window (§2 breakpoints), re-read 300 ms after the last resize (§9).
 *
 * @module
 */
import { useEffect, useState } from "react"
import { deviceFor, resizeDebounceMs, type Device } from "../../core/domain/layout/breakpoints.ts"

/**
 * The current device class: `initial` during server rendering and the first render (so hydration matches), then the
 * window's, updated 300 ms after resizing stops.
 *
 * @example
 * ```tsx
 * const device = useDevice()
 * return device === "mobile" ? <MobileNav /> : <DesktopNav />
 * ```
 */
export const useDevice = (initial: Device = "desktop"): Device => {
  const [device, setDevice] = useState<Device>(initial)
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
