/**
 * The security settings of the reference backend, read from the environment (README "Security settings"). Every
 * setting has a safe default; tests override them with `Layer.succeed(SecuritySettings, ...)`.
 *
 * @module
 */
import { Context, Option } from "effect"
import type { HttpServerRequest } from "effect/http"

/** What the server's security middleware runs with. */
export interface SecuritySettingsShape {
  /** Whether the session cookie carries `Secure` (`SECURE_COOKIES`; on by default when `NODE_ENV=production`). */
  readonly secureCookies: boolean
  /**
   * Whether the server runs behind a proxy it trusts (`TRUST_PROXY=1`): the client address is then the first
   * `X-Forwarded-For` entry and `X-Forwarded-Proto: https` marks TLS. Off by default: the socket's address counts.
   */
  readonly trustProxy: boolean
  /** The token that opens `GET /api/tracking-events` (`OPERATOR_TOKEN`); unset, the listing answers 404. */
  readonly operatorToken: string | undefined
  /** The largest request body of a JSON route, in bytes (`MAX_JSON_BODY_BYTES`, default 64 KiB). */
  readonly maxJsonBodyBytes: number
  /** Whether throttling applies (`THROTTLING=0` turns it off, e.g. for a load test from one address). */
  readonly throttling: boolean
}

const flag = (value: string | undefined): boolean | undefined =>
  value === undefined || value.trim() === "" ? undefined : /^(1|true|yes|on)$/i.test(value.trim())

const positiveInt = (value: string | undefined, fallback: number): number => {
  const n = Number(value)
  return value !== undefined && Number.isSafeInteger(n) && n > 0 ? n : fallback
}

/** The settings an environment gives (missing or malformed values take the defaults). */
export const securitySettingsFrom = (env: Readonly<Record<string, string | undefined>>): SecuritySettingsShape => ({
  secureCookies: flag(env["SECURE_COOKIES"]) ?? env["NODE_ENV"] === "production",
  trustProxy: flag(env["TRUST_PROXY"]) ?? false,
  operatorToken: env["OPERATOR_TOKEN"]?.trim() === "" ? undefined : env["OPERATOR_TOKEN"]?.trim(),
  maxJsonBodyBytes: positiveInt(env["MAX_JSON_BODY_BYTES"], 64 * 1024),
  throttling: flag(env["THROTTLING"]) ?? true
})

/** The server's security settings, from `process.env` unless provided. */
export const SecuritySettings = Context.Reference<SecuritySettingsShape>("demo/server/SecuritySettings", {
  defaultValue: () => securitySettingsFrom(process.env)
})

/** The address a request comes from: the trusted proxy's first `X-Forwarded-For` entry, else the socket's peer. */
export const clientAddress = (settings: SecuritySettingsShape, request: HttpServerRequest.HttpServerRequest): string => {
  if (settings.trustProxy) {
    const forwarded = request.headers["x-forwarded-for"]?.split(",")[0]?.trim()
    if (forwarded !== undefined && forwarded !== "") return forwarded
  }
  return Option.getOrElse(request.remoteAddress, () => "unknown")
}

/** Whether a request reached the server over TLS (directly, or through the trusted proxy). */
export const overTls = (settings: SecuritySettingsShape, request: HttpServerRequest.HttpServerRequest): boolean =>
  request.url.startsWith("https:") || (settings.trustProxy && request.headers["x-forwarded-proto"] === "https")
