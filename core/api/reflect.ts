/**
 * A flat view of a contract's endpoints (method, path, CSRF, timeout, retry mode), for tests that
 * enumerate the contract, for documentation and for the server's security checks.
 *
 * @module
 */
import { Context } from "effect"
import { HttpApi, type HttpApiGroup } from "effect/http-api"
import { CallTimeout, Retry, type RetryMode } from "./policy.ts"
import { CsrfProtection } from "./security.ts"

/** One endpoint of a contract. */
export interface EndpointInfo {
  /** The group's identifier (the client's first key). */
  readonly group: string
  /** The endpoint's identifier (the client's second key). */
  readonly name: string
  /** The HTTP method. */
  readonly method: string
  /** The path, parameters written `:name`. */
  readonly path: string
  /** Whether the endpoint changes state and so refuses calls without the session's CSRF token. */
  readonly csrf: boolean
  /** The timeout of one attempt, ms. */
  readonly timeoutMs: number
  /** How the client may retry it. */
  readonly retry: RetryMode
}

/** Every endpoint of an API, in declaration order. */
export const endpointsOf = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>
): ReadonlyArray<EndpointInfo> => {
  const rows: Array<EndpointInfo> = []
  HttpApi.reflect(api, {
    onGroup: () => {},
    onEndpoint: ({ group, endpoint, middleware }) => {
      const pick = <A>(key: Context.Reference<A>): A =>
        Context.getOrUndefined(endpoint.annotations, key) ?? Context.getOrUndefined(group.annotations, key) ?? key.defaultValue()
      rows.push({
        group: group.identifier,
        name: endpoint.identifier,
        method: endpoint.method,
        path: endpoint.path,
        csrf: [...middleware].some((m) => m.key === CsrfProtection.key),
        timeoutMs: pick(CallTimeout),
        retry: pick(Retry)
      })
    }
  })
  return rows
}
