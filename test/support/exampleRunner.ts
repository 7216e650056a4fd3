/**
 * One Node process that runs the docs/examples scripts one after another, for the example tests
 * (test/server/checkoutExample.test.ts, storefrontExample.test.ts; issue 9). A script loads Effect and the core
 * (about a second of CPU per process); here they load once and each run evaluates only the script itself again
 * (imported under a URL of its own), with its arguments in `process.argv`, its standard output and error captured
 * and `process.exitCode` read as its exit code. The runs are serial, as separate processes run one after another
 * would be: the parent sends one at a time and the runner queues what arrives meanwhile, so two runs never share the
 * swapped `process.stdout`, `process.argv` or `process.exit` (a run restores them however it ends). A run that does
 * not end within its deadline cannot be stopped inside the process: the runner is killed, that run fails, and later
 * runs fail at once instead of waiting behind it. When its parent disconnects the runner
 * has nothing left to do and ends by itself, unless a run left something running (a timer, a server, an open
 * stream): the tests check it ends.
 *
 * {@link startExampleRunner} starts it (in the tests); run as a script, it serves the requests.
 */
import { fork } from "node:child_process"
import { pathToFileURL } from "node:url"

/** One run of a script: its arguments. */
interface RunRequest {
  readonly id: number
  readonly script: string
  readonly args: ReadonlyArray<string>
}

/** What a run printed and the code its process would have exited with. */
export interface RunResult {
  readonly stdout: string
  readonly stderr: string
  readonly code: number
}

/** A script's `process.exit(code)` inside the runner: ends the run, not the runner. */
class Exit {
  readonly code: number
  constructor(code: number) {
    this.code = code
  }
}

let runs = 0

/** Runs `script` with `args` in this process: see the module's comment. */
const runHere = async ({ script, args }: RunRequest): Promise<RunResult> => {
  const out: Array<string> = []
  const err: Array<string> = []
  const { argv, exit } = process
  const writeOut = process.stdout.write
  const writeErr = process.stderr.write
  const capture = (into: Array<string>) => ((chunk: string | Uint8Array) => {
    into.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"))
    return true
  }) as typeof process.stdout.write
  process.argv = [process.execPath, script, ...args]
  process.exitCode = undefined
  process.stdout.write = capture(out)
  process.stderr.write = capture(err)
  process.exit = ((code?: number | string | null) => {
    throw new Exit(Number(code ?? process.exitCode ?? 0))
  }) as typeof process.exit
  let code: number
  try {
    await import(`${pathToFileURL(script).href}?run=${++runs}`)
    code = Number(process.exitCode ?? 0)
  } catch (error) {
    if (error instanceof Exit) code = error.code
    else {
      err.push(`${error instanceof Error ? error.stack : String(error)}\n`)
      code = 1
    }
  } finally {
    process.argv = argv
    process.exit = exit
    process.stdout.write = writeOut
    process.stderr.write = writeErr
    process.exitCode = undefined
  }
  return { stdout: out.join(""), stderr: err.join(""), code }
}

if (process.send !== undefined && import.meta.filename === process.argv[1]) {
  let queue: Promise<unknown> = Promise.resolve()
  process.on("message", (request: RunRequest) => {
    queue = queue.then(() => runHere(request)).then((result) => process.send!({ id: request.id, ...result }))
  })
}

/** The runner as its tests use it. */
export interface ExampleRunner {
  /** Runs the script with the arguments; fails as `execFile` does when the run's exit code is not 0. */
  readonly run: (script: string, args: ReadonlyArray<string>) => Promise<RunResult>
  /** Disconnects and answers the runner's exit code, or `"still running"` if it has not ended within `ms`. */
  readonly end: (ms: number) => Promise<number | "still running">
}

/**
 * Starts the runner in a Node process of its own (the tests' Node, with their environment). A run that has not ended
 * `runTimeoutMs` after it started (the suite's test timeout by default) kills the runner.
 */
export const startExampleRunner = ({ runTimeoutMs = 60_000 }: { readonly runTimeoutMs?: number } = {}): ExampleRunner => {
  // Without the test worker's own Node options (its module conditions): as `node <script>` runs.
  const child = fork(import.meta.filename, [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] })
  const pending = new Map<number, (result: RunResult) => void>()
  let ids = 0
  let queue: Promise<unknown> = Promise.resolve()
  child.on("message", ({ id, ...result }: RunResult & { readonly id: number }) => {
    pending.get(id)?.(result)
    pending.delete(id)
  })
  const exited = new Promise<number>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal === null ? 1 : 128))))
  const send = (script: string, args: ReadonlyArray<string>) =>
    new Promise<RunResult>((resolve, reject) => {
      const id = ++ids
      const deadline = setTimeout(() => {
        reject(new Error(`${script} ${args.join(" ")} did not end within ${runTimeoutMs} ms: the example runner is stopped`))
        child.kill()
      }, runTimeoutMs)
      pending.set(id, (result) => {
        clearTimeout(deadline)
        resolve(result)
      })
      void exited.then((code) => {
        clearTimeout(deadline)
        reject(new Error(`the example runner exited with ${code} during a run`))
      })
      // A runner killed at its deadline may count as connected until its exit is seen, and the send then fails
      // (EPIPE): this run fails by that exit (or its own deadline), not by an uncaught error of the worker.
      if (child.connected) child.send({ id, script, args } satisfies RunRequest, () => {})
    })
  return {
    run: (script, args) => {
      const result = queue.then(() => send(script, args))
      queue = result.catch(() => undefined)
      return result.then((outcome) => {
        if (outcome.code === 0) return outcome
        throw Object.assign(new Error(`${script} ${args.join(" ")} exited with ${outcome.code}:\n${outcome.stderr}`), outcome)
      })
    },
    end: async (ms) => {
      if (child.connected) child.disconnect()
      const timer = new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), ms).unref())
      const outcome = await Promise.race([exited, timer])
      if (outcome === "still running") child.kill()
      return outcome
    }
  }
}
