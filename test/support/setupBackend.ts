/**
 * Before each server, services and security test file: the files share their worker (vitest.config.ts), so the
 * process's throttle counters, which every in-process backend without its own uses, start empty for each file
 * as they did when each file had its own process.
 */
import { Context } from "effect"
import { Throttles } from "../../demo/server/http/throttle.ts"

Context.get(Context.empty(), Throttles).clear()
