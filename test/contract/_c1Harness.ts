/**
 * Helpers for the contract tests of the widgets, legal, content, contact, captcha, menu, banner, searching,
 * outlets, adult-content and "other" groups: reflection over a group's endpoints, the wire codecs the endpoints
 * really use, and an in-process server for a group.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { afterAll } from "@effect/vitest"
import { fc } from "@fast-check/vitest"
import { Context, Effect, Layer, Result, Schema } from "effect"
import { HttpClient, HttpClientRequest, HttpClientResponse, HttpRouter, HttpServerRequest } from "effect/http"
import { HttpApiMiddleware } from "effect/http-api"
import type { HttpApiEndpoint } from "effect/http-api"
import { decodeProblems } from "../../core/api/decode.ts"
import { CsrfTokenInvalid } from "../../core/api/errors.ts"
import { csrfHeader } from "../../core/api/headers.ts"
import { CallTimeout } from "../../core/api/policy.ts"
import { CsrfProtection } from "../../core/api/security.ts"

/** One row of a route table: endpoint name, HTTP method, path. */
export type Route = readonly [name: string, method: string, path: string]

/** Any group, as far as these helpers read it (the endpoint types vary too much for `HttpApiGroup.Top`). */
export interface AnyGroup {
  /** The endpoints by name. */
  readonly endpoints: object
  /** The group's annotations. */
  readonly annotations: Context.Context<never>
}

/** The endpoints of a group, by name. */
export const endpointsOf = (group: AnyGroup): Record<string, HttpApiEndpoint.Top> =>
  group.endpoints as unknown as Record<string, HttpApiEndpoint.Top>

/** The route table of a group, sorted by endpoint name. */
export const routesOf = (group: AnyGroup): Array<Route> =>
  Object.values(endpointsOf(group))
    .map((e): Route => [e.identifier, e.method, e.path])
    .sort((a, b) => a[0].localeCompare(b[0]))

/** Sorts a route table by endpoint name. */
export const sortRoutes = (routes: ReadonlyArray<Route>): Array<Route> => [...routes].sort((a, b) => a[0].localeCompare(b[0]))

/** The names of a group's endpoints that carry {@link CsrfProtection}, sorted. */
export const csrfProtectedOf = (group: AnyGroup): Array<string> =>
  Object.values(endpointsOf(group))
    .filter((e) => e.middlewares.has(CsrfProtection as never))
    .map((e) => e.identifier)
    .sort()

/** The effective timeout of an endpoint (ms): its own annotation, else its group's, else the default. */
export const timeoutOf = (group: AnyGroup, name: string): number => {
  const endpoint = endpointsOf(group)[name]
  if (endpoint === undefined) throw new Error(`no endpoint ${name}`)
  return (
    Context.getOrUndefined(endpoint.annotations, CallTimeout) ??
    Context.getOrUndefined(group.annotations, CallTimeout) ??
    CallTimeout.defaultValue()
  )
}

/** The names of a group's endpoints without an OpenAPI description. */
export const undescribedOf = (group: AnyGroup, key: Context.Key<unknown, string>): Array<string> =>
  Object.values(endpointsOf(group))
    .filter((e) => (Context.getOrUndefined(e.annotations, key) ?? "").length === 0)
    .map((e) => e.identifier)

type AnyCodec = Schema.Codec<unknown, unknown, never, never>

const endpoint = (group: AnyGroup, name: string): HttpApiEndpoint.Top => {
  const e = endpointsOf(group)[name]
  if (e === undefined) throw new Error(`no endpoint ${name}`)
  return e
}

/** The query codec an endpoint really uses (the declared query Schema with the string-tree codec applied). */
export const queryCodecOf = (group: AnyGroup, name: string): AnyCodec => {
  const query = endpoint(group, name).query
  if (query === undefined) throw new Error(`${name} has no query`)
  return query as unknown as AnyCodec
}

/** The payload codec an endpoint really uses for a content type (default JSON). */
export const payloadCodecOf = (group: AnyGroup, name: string, contentType = "application/json"): AnyCodec => {
  const entry = endpoint(group, name).payload.get(contentType)
  if (entry === undefined) throw new Error(`${name} has no ${contentType} payload`)
  return entry.schemas[0] as unknown as AnyCodec
}

/** The error schemas an endpoint declares, by their HTTP status. */
export const errorStatusesOf = (group: AnyGroup, name: string): Array<number> =>
  [...endpoint(group, name).error]
    .map((schema) => schema.ast)
    .map((ast) => {
      const annotated = (ast as { annotations?: { httpApiStatus?: number } }).annotations?.httpApiStatus
      const keyed = (ast as { context?: { annotations?: { httpApiStatus?: number } } }).context?.annotations?.httpApiStatus
      return annotated ?? keyed ?? 500
    })
    .sort()

/**
 * A value sent as a query string and read back: encoded by the endpoint's query codec, written with
 * `URLSearchParams`, parsed again and decoded.
 */
export const queryWireRoundTrip = (group: AnyGroup, name: string, value: unknown): unknown => {
  const codec = queryCodecOf(group, name)
  const encoded = Schema.encodeSync(codec)(value) as Record<string, string | ReadonlyArray<string> | undefined>
  const search = new URLSearchParams()
  for (const [key, v] of Object.entries(encoded)) {
    if (v === undefined) continue
    for (const item of typeof v === "string" ? [v] : v) search.append(key, item)
  }
  const parsed: Record<string, string> = {}
  for (const [key, v] of new URLSearchParams(search.toString())) parsed[key] = v
  return Schema.decodeUnknownSync(codec)(parsed)
}

/** A value sent as a JSON body and read back: encoded by the endpoint's payload codec, stringified, parsed, decoded. */
export const jsonWireRoundTrip = (group: AnyGroup, name: string, value: unknown): unknown => {
  const codec = payloadCodecOf(group, name)
  const text = JSON.stringify(Schema.encodeSync(codec)(value))
  return Schema.decodeUnknownSync(codec)(JSON.parse(text))
}

/**
 * The failing field paths (dotted, each once, sorted) when a codec decodes `input`, or `"accepted"` when it decodes.
 * Never throws: a throw would itself fail the test.
 */
export const rejectedPaths = (codec: AnyCodec, input: unknown): Array<string> | "accepted" => {
  const result = Schema.decodeUnknownResult(codec, { errors: "all" })(input)
  return Result.isSuccess(result) ? "accepted" : [...new Set(decodeProblems(result.failure).map((p) => p.path))].sort()
}

/** The readable message of a refused decode (`path: message; ...`), or `"accepted"`. */
export const rejectionMessage = (codec: AnyCodec, input: unknown): string => {
  const result = Schema.decodeUnknownResult(codec, { errors: "all" })(input)
  return Result.isSuccess(result)
    ? "accepted"
    : decodeProblems(result.failure)
        .map((p) => `${p.path}: ${p.message}`)
        .join("; ")
}

/** The CSRF token the in-process server expects. */
export const testCsrfToken = "tok-123"

/** CSRF protection as a server would do it: the header must equal {@link testCsrfToken}. */
const CsrfLive = Layer.succeed(CsrfProtection, (httpEffect) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (request.headers[csrfHeader] !== testCsrfToken) return yield* new CsrfTokenInvalid({ message: "bad token" })
    return yield* httpEffect
  })
)

/**
 * Serves an API in-process: `apiLayer` is `HttpApiBuilder.layer(api)` with its group handlers provided. Adds the
 * CSRF check and ProblemDetails. Returns the web handler and an `HttpClient` layer over it that sends the CSRF header
 * unless `withCsrf` is false. The handler is disposed after the tests of the file or `describe` that made it (the pure
 * files share their worker: an undisposed handler keeps its runtime and a listener on `process.stdin`).
 */
export const serveInProcess = (apiLayer: unknown) => {
  const routes = (apiLayer as Layer.Layer<never>).pipe(
    Layer.provide([CsrfLive, HttpApiMiddleware.layerProblemDetails()]),
    Layer.provide(NodeHttpServer.layerHttpServices)
  ) as unknown as Layer.Layer<never>
  const { handler, dispose } = HttpRouter.toWebHandler(routes, { disableLogger: true })
  afterAll(dispose)
  const clientLayer = (withCsrf: boolean) =>
    Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request, _url, signal) =>
        HttpClientRequest.toWeb(withCsrf ? HttpClientRequest.setHeader(request, csrfHeader, testCsrfToken) : request, {
          signal
        }).pipe(
          Effect.flatMap((web) => Effect.promise(() => handler(web))),
          Effect.map((response) => HttpClientResponse.fromWeb(request, response)),
          Effect.orDie
        )
      )
    )
  return { handler, dispose, clientLayer }
}

/** Positive ids as JSON numbers. */
export const positiveIdArb = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })

/** Query-string values that are not a positive whole number. */
export const notPositiveIdStringArb = fc.oneof(
  fc.string().filter((s) => !/^-?\d+$/.test(s)),
  fc.integer({ max: 0 }).map(String),
  fc.constantFrom("", " 1", "1 ", "1.5", "0x10", "1e3", "abc", "+1")
)

/** JSON values that are not a positive whole number. */
export const notPositiveIdJsonArb = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ noInteger: true }),
  fc.string(),
  fc.constant(null),
  fc.boolean(),
  fc.object()
)

/** Strings with a non-space character. */
export const nonBlankArb = fc.string({ minLength: 1 }).filter((s) => /\S/.test(s))

/** Strings without a non-space character (empty included). */
export const blankArb = fc.stringMatching(/^\s*$/)
