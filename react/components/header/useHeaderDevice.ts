/**
 * The device class of the window's width for the header's menu and mobile panels, followed at once on every resize
 * (no debounce): when the window widens past the desktop breakpoint with the phone menu open, the desktop menu is
 * drawn in the same frame instead of the phone accordions staying over the page until a debounce ends. React skips
 * the re-render while the class stays the same, so resizing within a class costs nothing.
 *
 * @module
 */
import { useEffect, useState } from "react"
import { deviceFor, type Device } from "../../../core/domain/layout/breakpoints.ts"

/** The current device class; `fallback` on the server and in the first render (hydration matches the server). */
export const useHeaderDevice = (fallback: Device = "desktop"): Device => {
  const [device, setDevice] = useState<Device>(fallback)
  useEffect(() => {
    const follow = () => setDevice(deviceFor(window.innerWidth))
    follow()
    window.addEventListener("resize", follow)
    return () => window.removeEventListener("resize", follow)
  }, [])
  return device
}
