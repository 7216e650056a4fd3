/**
 * The server's outer layer of defence, around every route (issue 10 "Security", issue 12):
 *
 * - a request id per request, sent back as `X-Request-Id`;
 * - every 5xx logged as one JSON line with its cause and the request id (never headers, bodies or query strings, so
 *   no passwords, tokens or cookies), on stderr by default; a request the client gave up on (it closed the connection
 *   before the answer) is no server error: it is logged at level `info` with status {@link clientAbortStatus}, and
 *   neither is a request interrupted without its client's abort (the server stopping under it): level `info`, status
 *   {@link serverStopStatus};
 * - a body cap: a request whose `Content-Length` is over the cap is refused with 413 before anything is read, and a
 *   body without a length stops being read at the cap (JSON routes {@link SecuritySettingsShape.maxJsonBodyBytes},
 *   multipart uploads the contact form's total plus {@link multipartOverheadBytes});
 * - headers: `X-Content-Type-Options: nosniff` and `Referrer-Policy: strict-origin-when-cross-origin` everywhere, a
 *   Content-Security-Policy (pages: own origin, scripts only with the request's nonce, `frame-ancestors 'none'`;
 *   other answers: nothing at all), and `Cache-Control: no-store` on whatever is session-bound (API answers, pages,
 *   their data requests and anything setting a cookie).
 *
 * @module
 */
import { randomFillSync, randomUUID } from "node:crypto"
import { ByteSize, Cause, Context, Effect, Exit, Layer } from "effect"
import { Cookies, HttpIncomingMessage, HttpRouter, HttpServerError, HttpServerRequest, HttpServerResponse } from "effect/http"
import { CurrentReadDependencies, ReadCache } from "../db/ReadCache.ts"
import { ContactUploadLimits } from "../domain/contact.ts"
import { CurrentFastReads, type ReplayRecord } from "./fastReads.ts"
import { SecuritySettings } from "./securitySettings.ts"

/** The response header carrying the request id. */
export const requestIdHeader = "x-request-id"

/** Room for the form fields and multipart framing of an upload, on top of the files' total (64 KiB). */
export const multipartOverheadBytes = 64 * 1024

/** The CSP nonce of the current request, for the page render's inline scripts. */
export class CspNonce extends Context.Service<CspNonce, string>()("demo/server/CspNonce") {}

/** The status logged for a request its client aborted (nginx's "client closed request"; nothing is sent). */
export const clientAbortStatus = 499

/** The status of a request interrupted by the server stopping (its fiber interrupted, not by its client's abort). */
export const serverStopStatus = 503

/**
 * One logged server error, or (level `info`, status {@link clientAbortStatus}) one request its client aborted, or
 * (level `info`, status {@link serverStopStatus}) one the server stopped under.
 */
export interface ServerErrorRecord {
  readonly level: "error" | "info"
  readonly time: string
  readonly requestId: string
  readonly method: string
  /** The path, without the query string (it may carry tokens). */
  readonly path: string
  readonly status: number
  /** The cause, pretty-printed, with password-like values masked. */
  readonly cause: string
}

/** Where server errors go: one JSON line each on stderr unless provided otherwise (tests collect them). */
export const ServerErrorLog = Context.Reference<(record: ServerErrorRecord) => void>("demo/server/ServerErrorLog", {
  defaultValue: () => (record) => process.stderr.write(`${JSON.stringify(record)}\n`)
})

/** Masks values of password-, token- and cookie-like keys in a text (a cause may quote a payload). */
export const maskSecrets = (text: string): string =>
  text.replace(
    /("?(?:password|passwd|newPassword|oldPassword|token|csrf[_-]?token|cookie|authorization|secret)"?\s*[:=]\s*)("[^"]*"|[^\s,;}&]+)/gi,
    "$1***"
  )

/** The Content-Security-Policy of a page whose inline scripts carry `nonce`. */
export const pagePolicy = (nonce: string): string =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'"
  ].join("; ")

/** The Content-Security-Policy of every answer that is not a page (JSON, files): it may run and embed nothing. */
export const nonPagePolicy = "default-src 'none'; frame-ancestors 'none'"

const bodyMethods = new Set(["POST", "PUT", "PATCH", "DELETE"])

/** Random bytes drawn from the CSPRNG a block at a time: a nonce takes the next 16 (one system call per 256 nonces). */
const noncePool = Buffer.alloc(4096)
let noncePoolOffset = noncePool.length

/** A new CSP nonce: 16 bytes of the CSPRNG, base64. */
export const newNonce = (): string => {
  if (noncePoolOffset + 16 > noncePool.length) {
    randomFillSync(noncePool)
    noncePoolOffset = 0
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + 16)
  noncePoolOffset += 16
  return nonce
}

/** The path of a request URL (`/a/b?c` or `http://host/a/b?c`), without parsing the whole URL. */
export const pathOf = (url: string): string => {
  if (url.charCodeAt(0) !== 47 /* / */ || url.charCodeAt(1) === 47) return new URL(url, "http://localhost").pathname
  const query = url.indexOf("?")
  const hash = url.indexOf("#")
  const end = query === -1 ? hash : hash === -1 ? query : Math.min(query, hash)
  const path = end === -1 ? url : url.slice(0, end)
  // anything the URL parser would change (escapes, other characters, dot segments) goes through it
  return /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/.test(path) && !/\/\.\.?(?:\/|$)/.test(path) ? path : new URL(url, "http://localhost").pathname
}

const sessionBound = (path: string, response: HttpServerResponse.HttpServerResponse, contentType: string): boolean =>
  path.startsWith("/api/") || path.endsWith(".data") || contentType.startsWith("text/html") || !Cookies.isEmpty(response.cookies)

const withSecurityHeaders = (
  response: HttpServerResponse.HttpServerResponse,
  path: string,
  requestId: string,
  nonce: string
): HttpServerResponse.HttpServerResponse => {
  const contentType = String(response.headers["content-type"] ?? ("contentType" in response.body ? response.body.contentType : ""))
  const headers: Record<string, string> = {
    [requestIdHeader]: requestId,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin"
  }
  if (response.headers["content-security-policy"] === undefined) {
    headers["content-security-policy"] = contentType.startsWith("text/html") ? pagePolicy(nonce) : nonPagePolicy
  }
  if (sessionBound(path, response, contentType) && (response.headers["cache-control"] === undefined || !Cookies.isEmpty(response.cookies))) {
    headers["cache-control"] = "no-store"
  }
  return HttpServerResponse.setHeaders(response, headers)
}

/** The 413 answer of a body over the cap. */
const payloadTooLarge = (cap: number) =>
  HttpServerResponse.jsonUnsafe(
    { _tag: "PayloadTooLarge", message: `The request body is larger than ${cap} bytes.`, maxPostSize: cap },
    { status: 413, headers: { connection: "close" } }
  )

/** Whether a failure is a body read stopped at the cap. */
const isBodyTooLarge = (cause: Cause.Cause<unknown>): boolean =>
  cause.reasons.some((reason) => {
    const error: unknown = reason._tag === "Fail" ? reason.error : reason._tag === "Die" ? reason.defect : undefined
    const parse = (error as { reason?: { _tag?: string; reason?: string } } | undefined)?.reason
    return parse?._tag === "RequestParseError" && parse.reason === "BodyTooLarge"
  })

/**
 * Whether a failure is only the interruption of a request its client aborted: interruptions alone, one of them the
 * client's abort (the others are the fibers it stopped in turn, e.g. a transaction's).
 */
export const isClientAbort = (cause: Cause.Cause<unknown>): boolean =>
  cause.reasons.length > 0 &&
  cause.reasons.every((reason) => reason._tag === "Interrupt") &&
  cause.reasons.some((reason) => reason._tag === "Interrupt" && reason.annotations.has(HttpServerError.ClientAbort.key))

/** Whether a failure is only interruptions (the request's fiber stopped: its client's abort or the server stopping). */
export const isInterruptedOnly = (cause: Cause.Cause<unknown>): boolean =>
  cause.reasons.length > 0 && cause.reasons.every((reason) => reason._tag === "Interrupt")

/** The global middleware (see the module comment). */
export const HardeningMiddleware = HttpRouter.middleware(Effect.gen(function*() {
  const settings = yield* SecuritySettings
  const limits = yield* ContactUploadLimits
  const errorLog = yield* ServerErrorLog
  const fastReads = yield* CurrentFastReads
  const cache = yield* Effect.serviceOption(ReadCache)
  if (fastReads !== undefined && cache._tag === "Some") fastReads.attach(cache.value)
  const capOf = (contentType: string): number =>
    contentType.toLowerCase().startsWith("multipart/") ? limits.maxPostSize + multipartOverheadBytes : settings.maxJsonBodyBytes
  return (httpEffect) => {
    // it never fails: every failure becomes its response here (widened to the router's error type)
    const hardened: Effect.Effect<HttpServerResponse.HttpServerResponse, Effect.Error<typeof httpEffect>, HttpServerRequest.HttpServerRequest> = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const requestId = randomUUID()
      const nonce = newNonce()
      const path = pathOf(request.url)
      let response: HttpServerResponse.HttpServerResponse
      let record: ReplayRecord | undefined
      const cap = capOf(request.headers["content-type"] ?? "")
      const declared = Number(request.headers["content-length"] ?? "0")
      if (bodyMethods.has(request.method) && Number.isFinite(declared) && declared > cap) {
        response = payloadTooLarge(cap)
      } else {
        record = fastReads?.recordFor(request.method, request.url)
        const exit = yield* Effect.exit(
          httpEffect.pipe(
            Effect.provideService(CspNonce, nonce),
            Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(cap)),
            Effect.provideService(CurrentReadDependencies, record)
          )
        )
        let cause: Cause.Cause<unknown> | undefined
        if (Exit.isSuccess(exit)) {
          response = exit.value
        } else if (isClientAbort(exit.cause) || isInterruptedOnly(exit.cause)) {
          // No server error: the client went away, or the server is stopping; one line at level info.
          const aborted = isClientAbort(exit.cause)
          const status = aborted ? clientAbortStatus : serverStopStatus
          errorLog({
            level: "info",
            time: new Date().toISOString(),
            requestId,
            method: request.method,
            path,
            status,
            cause: aborted ? "client aborted the request" : "interrupted before the answer (the server stopping)"
          })
          return HttpServerResponse.empty({ status })
        } else if (isBodyTooLarge(exit.cause)) {
          response = payloadTooLarge(cap)
        } else {
          const [failed, reported] = HttpServerError.causeResponseStripped(exit.cause)
          response = failed
          cause = reported._tag === "Some" ? reported.value : exit.cause
        }
        if (response.status >= 500) {
          errorLog({
            level: "error",
            time: new Date().toISOString(),
            requestId,
            method: request.method,
            path,
            status: response.status,
            cause: maskSecrets(cause === undefined ? `answered ${response.status} without a failure` : Cause.pretty(cause))
          })
        }
      }
      const answered = withSecurityHeaders(response, path, requestId, nonce)
      if (record !== undefined) fastReads!.keep(request, record, answered)
      return answered
    })
    return hardened
  }
}), { global: true })

/** {@link HardeningMiddleware} as a layer over the app's router. */
export const HardeningLayer: Layer.Layer<never, never, HttpRouter.HttpRouter> = HardeningMiddleware as never
