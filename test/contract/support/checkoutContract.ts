/**
 * Helpers for the contract tests of the cart, checkout, tag-data, cross-sell, product, recently-viewed and tracking
 * groups: endpoint reflection, and property checks of request Schemas on their wire form (the codec the endpoint
 * really uses: JSON for bodies, strings for queries).
 */
import { NodeHttpServer } from "@effect/platform-node"
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Context, Effect, Layer, Result, Schema } from "effect"
import { HttpClient, HttpClientRequest, HttpClientResponse, HttpRouter, HttpServerRequest } from "effect/http"
import { type HttpApiEndpoint, HttpApiMiddleware, type OpenApi } from "effect/http-api"
import { decodeEntity } from "../../../core/api/decode.ts"
import { CallTimeout, Retry, type RetryMode } from "../../../core/api/policy.ts"
import { CsrfTokenInvalid } from "../../../core/api/errors.ts"
import { csrfHeader } from "../../../core/api/headers.ts"
import { CallPolicy, CsrfProtection, csrfRefusedMessage } from "../../../core/api/security.ts"

/** A group, as far as these helpers read it (any concrete group class fits). */
export interface AnyGroup {
  readonly identifier: string
  readonly endpoints: { readonly [name: string]: unknown }
  readonly annotations: Context.Context<never>
}

const endpointsOf = (group: AnyGroup): Array<HttpApiEndpoint.Top> => Object.values(group.endpoints) as Array<HttpApiEndpoint.Top>

/** One expected endpoint: `group.endpoint`, the method, the path. */
export type Row = readonly [name: string, method: string, path: string]

/** The endpoints of a group as rows. */
export const rowsOf = (group: AnyGroup): Array<Row> =>
  endpointsOf(group).map((e) => [`${group.identifier}.${e.identifier}`, e.method, e.path] as const)

/** The endpoint named `group.endpoint` among groups. */
export const endpointOf = (groups: ReadonlyArray<AnyGroup>, name: string): HttpApiEndpoint.Top => {
  const [groupId, endpointId] = name.split(".")
  const group = groups.find((g) => g.identifier === groupId)
  const endpoint = group === undefined ? undefined : endpointsOf(group).find((e) => e.identifier === endpointId)
  if (endpoint === undefined) throw new Error(`no endpoint ${name}`)
  return endpoint
}

/** Whether the endpoint carries CSRF protection. */
export const hasCsrf = (endpoint: HttpApiEndpoint.Top): boolean =>
  [...endpoint.middlewares].some((m) => (m as unknown) === CsrfProtection)

/** The endpoint's timeout: its own annotation, else its group's, else the default (5000 ms). */
export const timeoutOf = (group: AnyGroup, endpoint: HttpApiEndpoint.Top): number =>
  Context.getOption(endpoint.annotations, CallTimeout).pipe((o) =>
    o._tag === "Some" ? o.value : Context.get(group.annotations, CallTimeout)
  )

/** The endpoint's retry mode: its own annotation, else its group's, else the default ("auto"). */
export const retryOf = (group: AnyGroup, endpoint: HttpApiEndpoint.Top): RetryMode =>
  Context.getOption(endpoint.annotations, Retry).pipe((o) =>
    o._tag === "Some" ? o.value : Context.get(group.annotations, Retry)
  )

/** The response statuses the OpenAPI document lists for an operation. */
export const responseStatuses = (doc: OpenApi.OpenAPISpec, path: string, method: "get" | "post" | "put" | "delete"): Array<string> =>
  Object.keys(doc.paths[path]?.[method]?.responses ?? {})

/** The wire codec of an endpoint's request: the query codec, or the (single) body codec. */
export const requestCodec = (endpoint: HttpApiEndpoint.Top, part: "query" | "payload"): Schema.Codec<unknown, unknown> => {
  if (part === "query") {
    if (endpoint.query === undefined) throw new Error(`${endpoint.identifier} has no query`)
    return endpoint.query as Schema.Codec<unknown, unknown>
  }
  const [entry] = [...endpoint.payload.values()]
  const schema = entry?.schemas[0]
  if (schema === undefined) throw new Error(`${endpoint.identifier} has no payload`)
  return schema as Schema.Codec<unknown, unknown>
}

/** The readable failure of decoding `input` with `schema` (`path: message; ...`), or undefined when it decodes. */
export const failureOf = (schema: Schema.Codec<unknown, unknown>, input: unknown): string | undefined => {
  const result = decodeEntity(schema)(input)
  return Result.isSuccess(result) ? undefined : result.failure.message
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** Plain JSON data: null, strings, booleans, finite numbers, arrays and plain objects of those. */
const isJsonValue = (u: unknown): boolean => {
  if (u === null || typeof u === "string" || typeof u === "boolean") return true
  if (typeof u === "number") return Number.isFinite(u)
  if (Array.isArray(u)) return u.every(isJsonValue)
  if (typeof u !== "object") return false
  const proto: unknown = Object.getPrototypeOf(u)
  return (proto === Object.prototype || proto === null) && Object.values(u).every(isJsonValue)
}

const without = (value: Record<string, unknown>, key: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))

/** What a request Schema must accept and reject. */
export interface RequestCase {
  /** The name shown in the test titles. */
  readonly name: string
  /** The wire codec (see {@link requestCodec}). */
  readonly codec: Schema.Codec<unknown, unknown>
  /** The top-level keys that are required (written independently of the Schema: the contract). */
  readonly required: ReadonlyArray<string>
  /** Valid wire inputs. */
  readonly valid: ReadonlyArray<unknown>
  /** Malformed wire inputs with the field path the failure must name. */
  readonly invalid: ReadonlyArray<readonly [input: unknown, path: string]>
  /** Fewer runs for large Schemas. */
  readonly runs?: number
}

/**
 * Registers the properties of a request Schema on its wire form:
 * - round-trip: every valid value encodes to wire data that decodes back to an equivalent value;
 * - removing a top-level key of an encoded value fails naming the key exactly when the key is required;
 * - each listed malformed input fails with a message naming its field; each listed valid input decodes.
 */
export const describeRequest = (c: RequestCase): void => {
  const encode = Schema.encodeSync(c.codec)
  const equivalent = Schema.toEquivalence(c.codec)
  const options = { arbitrary: { runs: c.runs ?? 100 } }
  describe(c.name, () => {
    it.prop(
      "round-trips through its wire form",
      [c.codec],
      ([value]) => {
        const wire = encode(value)
        assert.isTrue(isJsonValue(wire), "the encoded value is JSON data")
        const back = decodeEntity(c.codec)(wire)
        assert.isTrue(Result.isSuccess(back), Result.isFailure(back) ? back.failure.message : "")
        if (Result.isSuccess(back)) assert.isTrue(equivalent(back.success, value))
      },
      options
    )

    it.prop(
      "removing a key fails, naming it, exactly when the key is required",
      [c.codec],
      ([value]) => {
        const wire = encode(value)
        if (!isRecord(wire)) return
        for (const key of Object.keys(wire)) {
          const message = failureOf(c.codec, without(wire, key))
          if (c.required.includes(key)) {
            assert.isDefined(message, `removing required ${key} must fail`)
            assert.include(message ?? "", `${key}: Missing key`)
          } else {
            assert.isUndefined(message, `removing optional ${key} must not fail`)
          }
        }
      },
      options
    )

    it("accepts the valid examples", () => {
      for (const input of c.valid) assert.isUndefined(failureOf(c.codec, input), JSON.stringify(input))
    })

    it("rejects the malformed examples, naming the field", () => {
      for (const [input, path] of c.invalid) {
        const message = failureOf(c.codec, input)
        assert.isDefined(message, `${JSON.stringify(input)} must fail`)
        assert.match(message ?? "", new RegExp(`(^|; )${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `), message)
      }
    })
  })
}

// ---------------------------------------------------------------------------------------------------------------
// In-process server and derived client (the pattern of notes/proto.test.ts)

/** The CSRF token of the in-process session. */
export const testCsrfToken = "test-token"

/** Server side of {@link CsrfProtection}: refuses a call without the test token (403). */
export const CsrfServer = Layer.succeed(CsrfProtection, (httpEffect) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (request.headers[csrfHeader] !== testCsrfToken) return yield* new CsrfTokenInvalid({ message: csrfRefusedMessage })
    return yield* httpEffect
  }))

/** Server side of {@link CallPolicy}: a pass-through. */
export const PolicyServer = Layer.succeed(CallPolicy, (httpEffect) => httpEffect)

/** Client side of {@link CallPolicy} for tests: adds the CSRF token and records the endpoint names called. */
export const PolicyClient = (seen: Array<string> = []) =>
  HttpApiMiddleware.layerClient(CallPolicy, ({ endpoint, request, next }) => {
    seen.push(endpoint.identifier)
    return next(HttpClientRequest.setHeader(request, csrfHeader, testCsrfToken))
  })

/** The server middleware layers every in-process test API needs (problem details name the failing fields). */
export const serverMiddleware = Layer.mergeAll(CsrfServer, PolicyServer, HttpApiMiddleware.layerProblemDetails({ includeDetails: true }))

/**
 * A web handler (Request => Promise<Response>) serving routes, with an `HttpClient` that calls it in-process; disposed
 * after the tests of the file or `describe` that made it (an undisposed handler keeps its runtime and a listener on
 * `process.stdin` in the worker the pure files share).
 */
export const inProcess = (
  routes: Layer.Layer<never, never, HttpRouter.HttpRouter | Layer.Success<typeof NodeHttpServer.layerHttpServices>>
) => {
  const { handler, dispose } = HttpRouter.toWebHandler(routes.pipe(Layer.provide(NodeHttpServer.layerHttpServices)), {
    disableLogger: true
  })
  afterAll(dispose)
  const client = Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request, _url, signal) =>
      HttpClientRequest.toWeb(request, { signal }).pipe(
        Effect.flatMap((web) => Effect.promise(() => handler(web))),
        Effect.map((response) => HttpClientResponse.fromWeb(request, response)),
        Effect.orDie
      ))
  )
  /** A raw call, bypassing the derived client (no CSRF token unless given). */
  const raw = (path: string, init?: RequestInit): Promise<Response> => handler(new Request(`http://shop.test${path}`, init))
  return { handler, dispose, client, raw }
}
