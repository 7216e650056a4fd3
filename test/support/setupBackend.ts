/**
 * Before each server, services and security test file: the files share their worker (vitest.config.ts), so the
 * process-wide counters every in-process backend uses (the throttles, the failed logins of unknown e-mails) start
 * empty for each file, as they did when each file had its own process.
 */
import { Context } from "effect"
import { clearUnknownEmailLocks } from "../../demo/server/domain/account/login.ts"
import { Throttles } from "../../demo/server/http/throttle.ts"

Context.get(Context.empty(), Throttles).clear()
clearUnknownEmailLocks()
