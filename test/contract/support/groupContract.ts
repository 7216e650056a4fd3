/**
 * Helpers for the contract tests of the account, consents, legacy cart and wishlist groups: the reflected rows of a
 * group (method, path, csrf, timeout, retry, description), readable decode failures, and an in-process server with a
 * derived client for a single group.
 */
import { Context, Effect, Layer, Result, Schema } from "effect"
import { HttpClient, HttpClientRequest, HttpClientResponse } from "effect/http"
import { HttpApi, type HttpApiGroup, OpenApi } from "effect/http-api"
import { decodeEntity } from "../../../core/api/decode.ts"
import { CallTimeout, Retry, type RetryMode } from "../../../core/api/policy.ts"
import { CsrfProtection } from "../../../core/api/security.ts"

/** One endpoint of a group as the tests compare it. */
export interface EndpointRow {
  readonly name: string
  readonly method: string
  readonly path: string
  readonly csrf: boolean
  readonly timeoutMs: number
  readonly retry: RetryMode
  readonly description: string | undefined
  readonly errorStatuses: ReadonlyArray<number>
}

/** The rows of every endpoint of a group, reflected through an `HttpApi` holding only that group. */
export const endpointRows = (group: HttpApiGroup.Constraint): ReadonlyArray<EndpointRow> => {
  const rows: Array<EndpointRow> = []
  HttpApi.reflect(HttpApi.make("test").add(group), {
    onGroup: () => {},
    onEndpoint: ({ endpoint, mergedAnnotations, middleware, errors }) => {
      rows.push({
        name: endpoint.identifier,
        method: endpoint.method,
        path: endpoint.path,
        csrf: [...middleware].some((m) => m.key === CsrfProtection.key),
        timeoutMs: Context.get(endpoint.annotations, CallTimeout),
        retry: Context.get(endpoint.annotations, Retry),
        description: Context.getOrUndefined(mergedAnnotations, OpenApi.Description),
        errorStatuses: [...errors.keys()].sort()
      })
    }
  })
  return rows
}

/** `[name, METHOD, path]` of every endpoint of a group, sorted by name. */
export const routeTable = (group: HttpApiGroup.Constraint): ReadonlyArray<readonly [string, string, string]> =>
  endpointRows(group)
    .map((row) => [row.name, row.method, row.path] as const)
    .sort(([a], [b]) => a.localeCompare(b))

/** The readable failure message of a decode (`path: problem; ...`), or `undefined` when the input decodes. */
export const decodeFailure = <A>(schema: Schema.Decoder<A>, input: unknown): string | undefined => {
  const result = decodeEntity(schema)(input)
  return Result.isFailure(result) ? result.failure.message : undefined
}

/** Decodes or throws (for inputs the test knows are valid). */
export const decodeOk = <A>(schema: Schema.Decoder<A>, input: unknown): A => {
  const result = decodeEntity(schema)(input)
  if (Result.isFailure(result)) throw new Error(result.failure.message)
  return result.success
}

/** Encodes a value as the client does, then passes it through JSON and decodes it as the server does. */
export const jsonRoundTrip = <A, I>(schema: Schema.Codec<A, I>, value: A): A => {
  const encoded = Schema.encodeSync(schema)(value)
  return decodeOk(schema, JSON.parse(JSON.stringify(encoded)))
}

/** The OpenAPI document of an API holding only the group. */
export const openApiOf = (group: HttpApiGroup.Constraint): OpenApi.OpenAPISpec => {
  const cached = openApiCache.get(group)
  if (cached !== undefined) return cached
  const spec = OpenApi.fromApi(HttpApi.make("test").add(group))
  openApiCache.set(group, spec)
  return spec
}

const openApiCache = new WeakMap<HttpApiGroup.Constraint, OpenApi.OpenAPISpec>()

/** The OpenAPI operation of an endpoint, by its method and its OpenAPI path (`{param}` form). */
export const openApiOperation = (
  group: HttpApiGroup.Constraint,
  method: string,
  path: string
): { readonly description?: string | undefined; readonly parameters?: ReadonlyArray<{ readonly name: string }> } | undefined => {
  const item = openApiOf(group).paths[path] as Record<string, unknown> | undefined
  return item?.[method.toLowerCase()] as never
}

/** A web handler turned into the `HttpClient` the derived client uses (no network). */
export const webHandlerClient = (handler: (request: Request) => Promise<Response>) =>
  Layer.succeed(
    HttpClient.HttpClient,
    HttpClient.make((request, _url, signal) =>
      HttpClientRequest.toWeb(request, { signal }).pipe(
        Effect.flatMap((web) => Effect.promise(() => handler(web))),
        Effect.map((response) => HttpClientResponse.fromWeb(request, response)),
        Effect.orDie
      )
    )
  )

/** A pass-through `CsrfProtection` for in-process tests of a group's handlers and typed errors. */
export const CsrfPassThrough = Layer.succeed(CsrfProtection, (httpEffect) => httpEffect)
