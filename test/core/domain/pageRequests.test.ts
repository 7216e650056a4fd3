import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { loginFormFlashes } from "../../../core/domain/auth.ts"
import type { FlashMessage } from "../../../core/domain/flash.ts"
import { parseReloadTime, reloadAllowed, reloadGuardWindowMs } from "../../../core/domain/pageReload.ts"

const flash = fc.record({
  message: fc.string(),
  type: fc.constantFrom("danger", "info", "success", "default"),
  cat: fc.constantFrom("form", "cart")
}) as fc.Arbitrary<FlashMessage>

describe("requested page reloads (§4, §8): at most one within the guard window", () => {
  test("examples", () => {
    expect(reloadAllowed(undefined, 1_000)).toBe(true)
    expect(reloadAllowed(1_000, 1_000)).toBe(false)
    expect(reloadAllowed(1_000, 1_000 + reloadGuardWindowMs - 1)).toBe(false)
    expect(reloadAllowed(1_000, 1_000 + reloadGuardWindowMs)).toBe(true)
    expect(reloadGuardWindowMs).toBe(30_000)
  })

  test.prop([fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 40 })])(
    "a reload is refused exactly while the last one is less than the window ago",
    (last, now) => {
      expect(reloadAllowed(last, now)).toBe(!(last <= now && now - last < reloadGuardWindowMs))
    }
  )

  test.prop([fc.integer({ min: 0, max: 2 ** 40 }), fc.nat({ max: 10_000 })])(
    "a page reloading on every load reloads once: the reload it records blocks the next load's",
    (now, loadTime) => {
      expect(reloadAllowed(undefined, now)).toBe(true)
      expect(reloadAllowed(now, now + loadTime)).toBe(false)
    }
  )

  test.prop([fc.integer({ min: -(2 ** 40), max: 2 ** 40 })])("a recorded time reads back; anything else counts as none", (time) => {
    expect(parseReloadTime(String(time))).toBe(time)
    expect(parseReloadTime(null)).toBeUndefined()
    expect(parseReloadTime("")).toBeUndefined()
    expect(parseReloadTime("not a time")).toBeUndefined()
  })
})

describe("login form flashes beside the title (§5, §8)", () => {
  test("the flash repeating the title is not shown again; others stay in order", () => {
    const wrong: FlashMessage = { message: "Wrong e-mail or password", type: "danger", cat: "form" }
    const other: FlashMessage = { message: "Account not confirmed", type: "danger", cat: "form" }
    expect(loginFormFlashes([wrong, other], wrong.message)).toEqual([other])
    expect(loginFormFlashes([wrong], undefined)).toEqual([wrong])
  })

  test.prop([fc.array(flash), fc.option(fc.string(), { nil: undefined })])(
    "the result is the flashes without the title's text, in order",
    (flashes, title) => {
      const shown = loginFormFlashes(flashes, title)
      expect(shown.every((f) => f.message !== title)).toBe(true)
      expect(shown).toEqual(flashes.filter((f) => title === undefined || f.message !== title))
    }
  )
})
