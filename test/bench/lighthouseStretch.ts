/**
 * `node test/bench/lighthouseStretch.ts <shop url> [pages] [runs] [out dir]`: why Lighthouse's blocking time varies
 * on a shared machine. Runs `npx lighthouse@13` (the bench's mobile defaults, simulated throttling) on the given pages
 * of a shop you started (`PORT=4xxx npm start`; `pages` is a comma list of paths, default `/`), keeping each run's
 * trace (`--save-assets`, in `out dir`, default a temporary one), while it polls `/proc` every 100 ms: the machine's
 * busy CPU (`/proc/stat`), the CPU of the shop's server (the process listening on the url's port), of Lighthouse's
 * Node process and of each Chromium process it starts (browser, renderers, GPU, network and other utilities), and the
 * run-queue delay of every renderer's main thread (`/proc/<pid>/task/<pid>/schedstat`: time it was runnable but not
 * running). Trace timestamps and the samples share Linux's monotonic clock.
 *
 * Per run it prints Lighthouse's performance score and TBT, then the page's main-thread tasks of 12.5 ms or more of
 * wall time (what Lantern multiplies by 4) after the first contentful paint: wall `dur`, thread CPU `tdur`, and over
 * the task's window the renderer main thread's run-queue delay and the CPU ms of each process class. Two TBT
 * estimates close the run: the tasks' (4 x dur - 50) summed, as Lighthouse reads them, and (4 x tdur - 50), the
 * page's own work. Figures only, no assertions.
 *
 * @module
 */
import { execFileSync, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { chromiumFlags, chromiumPath } from "../e2e/harness.ts"
import type { TraceEvent } from "./traceEvent.ts"

/** One poll of `/proc`: when (monotonic µs), CPU ms by process class so far, run-queue delay ms by renderer pid. */
interface Sample {
  readonly at: number
  readonly machineBusy: number
  readonly cpu: Record<string, number>
  readonly delay: Record<number, number>
  readonly run: Record<number, number>
}

const url = process.argv[2] ?? ""
if (url === "") throw new Error("usage: node test/bench/lighthouseStretch.ts <shop url> [paths] [runs] [out dir]")
const paths = (process.argv[3] ?? "/").split(",")
const runs = Math.max(1, Number(process.argv[4] ?? "1") || 1)
const out = process.argv[5] ?? mkdtempSync(join(tmpdir(), "lh-stretch-"))
mkdirSync(out, { recursive: true })
const tick = 1000 / 100
const now = () => Number(process.hrtime.bigint() / 1000n)
const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}
/** ppid and utime+stime (ms) of a process. */
const statOf = (pid: number): { ppid: number; cpu: number } | undefined => {
  const text = read(`/proc/${pid}/stat`)
  if (text === undefined) return undefined
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ")
  return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) * tick }
}
const machineBusy = (): number => {
  const fields = (read("/proc/stat") ?? "").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number)
  return (fields.reduce((a, b) => a + b, 0) - fields[3]! - fields[4]!) * tick
}
const port = new URL(url).port
const serverPid = (() => {
  const listening = /pid=(\d+)/.exec(execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" }))
  return listening === null ? -1 : Number(listening[1])
})()

const classOf = (pid: number, root: number, parents: Map<number, number>): string | undefined => {
  if (pid === serverPid) return "server"
  let up = pid
  for (let hops = 0; hops < 8 && up > 1; hops++) {
    if (up === root) break
    up = parents.get(up) ?? 0
  }
  if (up !== root) return undefined
  // Chromium rewrites its children's command lines into one space-separated string.
  const args = (read(`/proc/${pid}/cmdline`) ?? "").split(/[\0 ]/)
  if (!args[0]!.includes("chrom")) return args.some((arg) => arg.includes("lighthouse")) ? "lighthouse" : "npx"
  const type = args.find((arg) => arg.startsWith("--type="))?.slice(7)
  if (type === undefined) return "browser"
  if (type === "utility") return args.some((arg) => arg.includes("NetworkService")) ? "network" : "utility"
  return type === "gpu-process" ? "gpu" : type
}

/** Polls `/proc` every 100 ms while `running` is on; the tree under `root` is what Lighthouse started. */
const sampler = (root: number) => {
  const samples: Array<Sample> = []
  const classes = new Map<number, string>()
  const last = new Map<number, number>()
  const totals: Record<string, number> = {}
  let scanned = 0
  const poll = () => {
    const at = now()
    if (at - scanned > 250_000) {
      scanned = at
      const parents = new Map<number, number>()
      const pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number)
      for (const pid of pids) parents.set(pid, statOf(pid)?.ppid ?? 0)
      // Classified again on every scan: a child Chromium forks shows its parent's command line until it has started.
      for (const pid of pids) {
        const kind = classOf(pid, root, parents)
        if (kind !== undefined) classes.set(pid, kind)
      }
    }
    const delay: Record<number, number> = {}
    const run: Record<number, number> = {}
    for (const [pid, kind] of classes) {
      const cpu = statOf(pid)?.cpu
      if (cpu === undefined) continue
      // A process seen for the first time counts from now (the server's earlier CPU is not this run's).
      totals[kind] = (totals[kind] ?? 0) + cpu - (last.get(pid) ?? (kind === "server" ? cpu : 0))
      last.set(pid, cpu)
      if (kind === "renderer") {
        const sched = (read(`/proc/${pid}/task/${pid}/schedstat`) ?? "0 0").split(" ").map(Number)
        run[pid] = sched[0]! / 1e6
        delay[pid] = sched[1]! / 1e6
      }
    }
    samples.push({ at, machineBusy: machineBusy(), cpu: { ...totals }, delay, run })
  }
  poll()
  const timer = setInterval(poll, 100)
  return { samples, stop: () => clearInterval(timer) }
}

/** The value of a cumulative series at `at` µs, interpolated between the samples around it. */
const valueAt = (samples: ReadonlyArray<Sample>, at: number, get: (sample: Sample) => number | undefined): number => {
  let before: Sample | undefined
  for (const sample of samples) {
    if (get(sample) === undefined) continue
    if (sample.at <= at) before = sample
    else {
      if (before === undefined) return get(sample)!
      return get(before)! + ((get(sample)! - get(before)!) * (at - before.at)) / (sample.at - before.at)
    }
  }
  return before === undefined ? 0 : get(before)!
}

const lighthouse = (target: string, base: string) =>
  new Promise<{ pid: number; done: Promise<number> }>((started) => {
    const child = spawn("npx", [
      "--yes", "lighthouse@13", target, "--quiet",
      `--chrome-flags=${chromiumFlags.join(" ")}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--output=json", `--output-path=${base}.json`, "--save-assets"
    ], { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ["ignore", "ignore", "inherit"] })
    started({ pid: child.pid!, done: new Promise((done) => child.on("exit", (code) => done(code ?? 1))) })
  })

const fmt = (value: number) => value.toFixed(0).padStart(5)
for (const path of paths) {
  for (let index = 1; index <= runs; index++) {
    const base = join(out, `${path.replace(/\W+/g, "_") || "_"}-${index}`)
    const load = loadavg()[0]!.toFixed(1)
    const cpuBefore = process.cpuUsage()
    const { pid, done } = await lighthouse(`${url}${path}`, base)
    const { samples, stop } = sampler(pid)
    await done
    stop()
    const ownCpu = (process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1000
    const report = JSON.parse(readFileSync(`${base}.json`, "utf8")) as {
      categories: Record<string, { score: number }>
      audits: Record<string, { numericValue?: number }>
    }
    const traceFile = readdirSync(out).find((name) => name.startsWith(`${base.split("/").pop()}.json`) === false && name.startsWith(`${base.split("/").pop()}`) && name.endsWith(".trace.json"))
    const events = (JSON.parse(readFileSync(join(out, traceFile!), "utf8")) as { traceEvents: Array<TraceEvent> }).traceEvents
    const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`
    const busyOf = new Map<string, number>()
    const renderers = new Set(events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain").map(thread))
    for (const event of events) if (event.name === "RunTask" && renderers.has(thread(event))) busyOf.set(thread(event), (busyOf.get(thread(event)) ?? 0) + (event.dur ?? 0))
    const main = [...busyOf].sort((a, b) => b[1] - a[1])[0]![0]
    const [mainPid] = main.split(":").map(Number)
    const fcp = events.find((event) => event.name === "firstContentfulPaint" && event.pid === mainPid)?.ts ?? 0
    const navigation = events.find((event) => event.name === "navigationStart" && event.pid === mainPid)?.ts ?? 0
    const tasks = events.filter((event) => thread(event) === main && event.name === "RunTask" && event.ph === "X" && (event.dur ?? 0) >= 12_500 && event.ts >= fcp)
    const score = Math.round((report.categories["performance"]?.score ?? 0) * 100)
    const tbt = Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0)
    const first = samples[0]!
    const lastSample = samples[samples.length - 1]!
    const seconds = (lastSample.at - first.at) / 1e6
    const shares = Object.entries(lastSample.cpu).sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${(ms / 1000).toFixed(1)}`).join(", ")
    const others = (lastSample.machineBusy - first.machineBusy - Object.values(lastSample.cpu).reduce((a, b) => a + b, 0)) / 1000
    console.log(`\n${path} run ${index}: performance ${score}, TBT ${tbt} ms, load ${load}; ${seconds.toFixed(1)} s, CPU s: ${shares}, rest of the machine ${others.toFixed(1)}, this sampler ${(ownCpu / 1000).toFixed(1)}; renderer main ${mainPid}, FCP @${((fcp - navigation) / 1000).toFixed(0)} ms`)
    console.log(`   @ms   dur  tdur delay | CPU ms in the window by class (busy of the machine, 2 cores = 2 x dur)`)
    let wallTbt = 0
    let cpuTbt = 0
    for (const task of tasks) {
      const start = task.ts
      const end = task.ts + task.dur!
      const dur = task.dur! / 1000
      const tdur = (task.tdur ?? task.dur!) / 1000
      wallTbt += Math.max(0, 4 * dur - 50)
      cpuTbt += Math.max(0, 4 * tdur - 50)
      const delay = valueAt(samples, end, (sample) => sample.delay[mainPid!]) - valueAt(samples, start, (sample) => sample.delay[mainPid!])
      const kinds = Object.keys(lastSample.cpu)
      const windowCpu = kinds.map((kind) => [kind, valueAt(samples, end, (sample) => sample.cpu[kind] ?? 0) - valueAt(samples, start, (sample) => sample.cpu[kind] ?? 0)] as const)
      const busy = valueAt(samples, end, (sample) => sample.machineBusy) - valueAt(samples, start, (sample) => sample.machineBusy)
      const ours = windowCpu.reduce((sum, [, ms]) => sum + ms, 0)
      console.log(`${fmt((start - navigation) / 1000)} ${fmt(dur)} ${fmt(tdur)} ${fmt(delay)} | ${windowCpu.filter(([, ms]) => ms >= 1).map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`).join(", ")}, rest ${(busy - ours).toFixed(0)} (busy ${busy.toFixed(0)})`)
    }
    console.log(`   sum(4 x dur - 50) ${wallTbt.toFixed(0)} ms, sum(4 x tdur - 50) ${cpuTbt.toFixed(0)} ms`)
  }
}
