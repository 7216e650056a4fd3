/**
 * Before each component test file that shares its worker (the "dom" project of vitest.config.ts): the document,
 * the storages, the cookies, the address, the timers and the stubbed globals start as a fresh happy-dom would
 * give them, so no file sees what an earlier one left behind.
 */
import { cleanup } from "@testing-library/react"
import { afterAll, afterEach, vi } from "vitest"

const firstAddress = ((globalThis as { __firstAddress?: string }).__firstAddress ??= window.location.href)

const clearAttributes = (element: Element) => {
  for (const name of element.getAttributeNames()) element.removeAttribute(name)
}

const resetDocument = () => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  document.head.replaceChildren()
  document.body.replaceChildren()
  clearAttributes(document.body)
  clearAttributes(document.documentElement)
  localStorage.clear()
  sessionStorage.clear()
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
  if (window.location.href !== firstAddress) window.history.replaceState(null, "", firstAddress)
}

resetDocument()
afterEach(() => cleanup())
afterAll(resetDocument)
