// temporary profiling driver (not committed)
import autocannon from "autocannon"
import { spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
const port = 4000 + Math.floor(Math.random() * 900)
const base = `http://127.0.0.1:${port}`
const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=/tmp/speed-prof", "demo/server/main.ts"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" }, stdio: ["ignore", "ignore", "inherit"]
})
for (;;) { try { await fetch(base + "/"); break } catch { await new Promise((r) => setTimeout(r, 200)) } }
const shopper = async () => {
  const r = await fetch(`${base}/api/session`)
  const cookie = (r.headers.get("set-cookie") ?? "").split(";")[0]!
  const { csrfToken } = (await r.json()) as { csrfToken: string }
  return { cookie, csrfToken, headers: { cookie, "x-csrf-token": csrfToken, "x-requested-with": "XMLHttpRequest", "content-type": "application/json" } }
}
const add = async (h: Record<string, string>, variantId: number) => {
  const r = await fetch(`${base}/api/v2/cart.cart-api/add-to-cart`, { method: "PUT", headers: { ...h, "idempotency-key": randomUUID() }, body: JSON.stringify({ variantId, amount: 1, extended: true }) })
  const b = (await r.json()) as any
  return b.cartItems.find((a: any) => a.variantId === variantId).articleId as number
}
const one = await shopper()
const ids = Array.from({ length: 100 }, (_, i) => i + 1).join(",")
const vs = ((await (await fetch(`${base}/product-api/find-variants-by-id?ids=${ids}`, { headers: one.headers })).json()) as any[]).filter((v) => v.availability === "in_stock").map((v) => v.variantId).slice(0, 3)
const shoppers: any[] = []
for (let i = 0; i < 50; i++) { const s = await shopper(); const lines = []; for (const v of vs) lines.push({ variantId: v, itemId: await add(s.headers, v) }); shoppers.push({ ...s, lines }) }
let next = 0
const res = await autocannon({ url: base, connections: 50, duration: Number(process.env.D ?? 8), requests: [
  { method: "PUT", path: "/api/v2/cart.cart-api/add-to-cart", setupRequest: (req: any, ctx: any) => { const who = shoppers[next % 50]; const line = who.lines[Math.floor(next / 50) % 3]; next++; ctx.who = who; ctx.line = line; return { ...req, headers: { ...who.headers, "idempotency-key": randomUUID() }, body: JSON.stringify({ variantId: line.variantId, amount: 1, extended: true }) } } },
  { method: "POST", path: "/api/v2/cart.cart-api/change-amount", setupRequest: (req: any, ctx: any) => ({ ...req, headers: ctx.who.headers, body: JSON.stringify({ id: ctx.line.itemId, amount: 1, extended: true }) }) }
] as any })
console.log("rps", res.requests.average, "p50", res.latency.p50, "p99", res.latency.p99, "errors", res.errors + res.non2xx + res.timeouts)
child.kill("SIGINT")
await new Promise((r) => child.once("exit", r))
