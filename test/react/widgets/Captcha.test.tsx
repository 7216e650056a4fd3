// @vitest-environment happy-dom
/**
 * The captchas (§2, §3): the invisible container carries the configured site key and hands the provider's response
 * to its callback while mounted; the image captcha shows its image, a labelled answer field, the id as a hidden
 * field, and asks for a new image.
 */
import { cleanup, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, test, vi } from "vitest"
import { ImageCaptchaView, InvisibleCaptcha } from "../../../react/index.ts"
import { expectNoAxeViolations } from "../../support/axe.ts"
import { renderWidget } from "./render.tsx"

afterEach(cleanup)

describe("InvisibleCaptcha", () => {
  test("site key and callback on the container; the response reaches onResponse until unmounted", async () => {
    const onResponse = vi.fn()
    const { container, unmount } = renderWidget(<InvisibleCaptcha siteKey="6Lc-site-key" onResponse={onResponse} />)
    const box = container.querySelector(".g-recaptcha")!
    expect(box).toHaveAttribute("data-sitekey", "6Lc-site-key")
    expect(box).toHaveAttribute("data-size", "invisible")
    const name = box.getAttribute("data-callback")!
    expect(name).toMatch(/^[A-Za-z0-9]+$/)
    const callback = (window as unknown as Record<string, unknown>)[name] as (token: unknown) => void
    callback("token-123")
    callback("")
    callback(42)
    expect(onResponse.mock.calls).toEqual([["token-123"]])
    await expectNoAxeViolations(container)
    unmount()
    expect((window as unknown as Record<string, unknown>)[name]).toBeUndefined()
  })
})

describe("ImageCaptchaView", () => {
  test("image, answer field, hidden id; reload asks for a new image and is busy meanwhile", async () => {
    const onReload = vi.fn()
    const captcha = { id: "ABCDEFGHIJKLMNOP", src: "data:image/png;base64,iVBORw0KGgo=" }
    const { container, rerender } = renderWidget(<ImageCaptchaView captcha={captcha} reloading={false} onReload={onReload} />)
    expect(screen.getByRole("img", { name: "Security code" })).toHaveAttribute("src", captcha.src)
    await userEvent.type(screen.getByRole("textbox", { name: "Copy the code from the image" }), "x7k2")
    expect(container.querySelector("input[type=hidden][name=bot2i]")).toHaveValue("ABCDEFGHIJKLMNOP")
    expect(container.querySelector("input[name=bot2]")).toHaveValue("x7k2")
    await expectNoAxeViolations(container)
    await userEvent.click(screen.getByRole("button", { name: "Show another code" }))
    expect(onReload).toHaveBeenCalledOnce()
    rerender(<ImageCaptchaView captcha={captcha} reloading onReload={onReload} error="Wrong code" />)
    expect(screen.getByRole("button", { name: "Show another code" })).toBeDisabled()
    expect(screen.getByRole("textbox", { name: "Copy the code from the image" })).toHaveAccessibleDescription("Wrong code")
  })
})
