/**
 * Starts the reference shop backend on 127.0.0.1 (PORT, default 3000): PGlite under .data/pglite
 * by default, PostgreSQL when DATABASE_URL is set; migrations and the first-start seed run before
 * it listens. Prints its URL. STOREFRONT_MAIL_DROP_DIR also writes each outgoing e-mail into that directory;
 * STOREFRONT_TEST_CAPTCHA_ANSWER (end-to-end tests only) makes every captcha's answer that text.
 *
 * @module
 */
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import { HttpRouter } from "effect/http"
import { createServer } from "node:http"
import { layer as databaseLayer } from "./db/Database.ts"
import { CaptchaTestAnswer, captchaTestAnswerOf, captchaTestAnswerVariable } from "./domain/captcha.ts"
import { MailDropDir, mailDropDirVariable } from "./domain/outbox.ts"
import { AppRoutes } from "./http/app.ts"

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? "127.0.0.1"
const mailDropDir = process.env[mailDropDirVariable]?.trim() || undefined
const captchaTestAnswer = captchaTestAnswerOf(process.env[captchaTestAnswerVariable])

// The database is migrated and seeded before the port opens: a request that arrives while it starts
// is refused rather than left hanging on a server without a handler.
// Serving logs "Listening on http://host:port" once the port is open (PORT=0 picks a free one; the
// crash and scale-out tests read that line to find the server).
const ServerLive = HttpRouter.serve(AppRoutes, { disableLogger: true }).pipe(
  Layer.provide(NodeHttpServer.layer(createServer, { host, port })),
  Layer.provide(databaseLayer),
  Layer.provide(Layer.succeed(MailDropDir, mailDropDir)),
  Layer.provide(Layer.succeed(CaptchaTestAnswer, captchaTestAnswer))
)

Layer.launch(ServerLive).pipe(NodeRuntime.runMain)
