/**
 * A happy-dom window as the globals of a Node test (import it first): for component tests that also run the
 * reference backend in process, whose database code needs Node's module URLs (a DOM test environment rewrites them).
 */
import { Window } from "happy-dom"

const window = new Window({ url: "http://shop.test/", width: 1280, height: 800 })
const globals = globalThis as Record<string, unknown>
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globals) continue
  try {
    globals[key] = (window as unknown as Record<string, unknown>)[key]
  } catch {
    // A getter that needs its window: left out.
  }
}
for (const key of ["window", "document", "navigator", "location", "localStorage", "sessionStorage", "getComputedStyle", "requestAnimationFrame", "cancelAnimationFrame"]) {
  const value = (window as unknown as Record<string, unknown>)[key]
  Object.defineProperty(globalThis, key, {
    value: typeof value === "function" ? (value as (...args: Array<unknown>) => unknown).bind(window) : value,
    configurable: true,
    writable: true
  })
}
