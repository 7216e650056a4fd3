/**
 * The package's build (`scripts/build.ts`, what `npm pack` ships) started as the test run begins, when the run
 * includes the packed-package test (the global setup of its project, vitest.config.ts `package`): on a fresh clone
 * the build is most of a minute of one core, and the run's global setup (test/support/globalSetup.ts) leaves the
 * other core idle while it builds the database templates. The packed-package test waits for the outcome and packs
 * that build (`npm pack --ignore-scripts`: prepack would run the same build again only to find it fresh).
 */
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"

/** The package's build as package.json's `build` script (which its `prepack` runs) has it: what this module runs. */
export const buildCommand = "node scripts/build.ts"

/** The environment variable naming the file the early build's outcome is written to (unset: no early build). */
export const packageBuildOutcomeVariable = "SF_PACKAGE_BUILD_OUTCOME"

/** The early build's outcome: the build script's exit code and what it printed. */
interface Outcome {
  readonly code: number | null
  readonly output: string
}

/**
 * Starts {@link buildCommand} in `root` in a process of its own and sets {@link packageBuildOutcomeVariable} for the
 * workers; answers the run's teardown: it stops the build if it is still running and removes the outcome's file.
 */
const startPackageBuild = (root: string, cacheDir: string): (() => void) => {
  mkdirSync(cacheDir, { recursive: true })
  const outcomeFile = join(cacheDir, `build-${process.pid}-${Date.now()}.json`)
  const child = spawn(process.execPath, buildCommand.split(" ").slice(1), { cwd: root, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => output += chunk.toString())
  child.stderr.on("data", (chunk: Buffer) => output += chunk.toString())
  let done = false
  const finish = (outcome: Outcome) => {
    if (done) return
    done = true
    writeFileSync(`${outcomeFile}.partial`, JSON.stringify(outcome))
    renameSync(`${outcomeFile}.partial`, outcomeFile)
  }
  child.on("error", (error) => finish({ code: null, output: String(error) }))
  child.on("close", (code) => finish({ code, output }))
  process.env[packageBuildOutcomeVariable] = outcomeFile
  return () => {
    if (!done) child.kill()
    rmSync(outcomeFile, { force: true })
    rmSync(`${outcomeFile}.taken`, { force: true })
  }
}

/**
 * Waits for the early build the global setup started, if it started one and no test took its outcome yet (a rerun in
 * watch mode builds afresh), and fails with the build's output if the build failed. Answers whether it built: else
 * the caller's `npm pack` builds (prepack).
 */
export const awaitPackageBuild = async (): Promise<boolean> => {
  const outcomeFile = process.env[packageBuildOutcomeVariable]
  if (outcomeFile === undefined || outcomeFile === "") return false
  const taken = `${outcomeFile}.taken`
  while (!existsSync(outcomeFile)) {
    if (existsSync(taken)) return false
    await sleep(200)
  }
  renameSync(outcomeFile, taken)
  const outcome = JSON.parse(readFileSync(taken, "utf8")) as Outcome
  if (outcome.code !== 0) throw new Error(`the package's build exited with ${outcome.code}:\n${outcome.output}`)
  return true
}

const root = join(import.meta.dirname, "..", "..")

/** The `package` project's global setup: starts the build once per run, answers its teardown. */
export default function setup(): () => void {
  if (process.env[packageBuildOutcomeVariable] !== undefined) return () => {}
  return startPackageBuild(root, join(root, "node_modules", ".cache", "sf-package-build"))
}
