/**
 * Issue 12: NUL, control characters and lone surrogates in any text input of the contract answer 400 naming the
 * field, never 500. Every endpoint of the four APIs is enumerated from the contracts; a valid request is generated
 * from its Schemas, then each text field of its path, query and body in turn gets each hostile text.
 */
import { Arbitrary, Effect, Layer, Schema } from "effect"
import { HttpApi, type HttpApiEndpoint } from "effect/http-api"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { csrfHeader } from "../../core/api/headers.ts"
import { ProductApi } from "../../core/api/productApi.ts"
import { RecentlyViewedApi } from "../../core/api/recentlyViewedApi.ts"
import { ShopApi } from "../../core/api/ShopApi.ts"
import { TrackingApi } from "../../core/api/trackingApi.ts"
import { isSafeText, SafeString } from "../../core/api/entities/text.ts"
import { SecuritySettings, securitySettingsFrom } from "../../demo/server/http/securitySettings.ts"
import { hostileJsonTexts, hostileText, hostileUrlTexts } from "../support/malformed.ts"
import { type Backend, demoBackend, testBaseUrl } from "../support/server.ts"

let backend: Backend
let cookie = ""
let csrfToken = ""
beforeAll(async () => {
  // one in-process client sends all the requests: throttling (test/security/throttling.test.ts) is off here
  backend = await demoBackend({ services: Layer.succeed(SecuritySettings, { ...securitySettingsFrom({}), throttling: false }) })
  const response = await backend.handler(new Request(`${testBaseUrl}/api/session`))
  cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? ""
  csrfToken = ((await response.json()) as { csrfToken: string }).csrfToken
})
afterAll(() => backend.dispose())

interface Target {
  readonly id: string
  readonly prefix: string
  readonly endpoint: HttpApiEndpoint.Top
}

const apis: ReadonlyArray<readonly [string, unknown]> = [
  ["", ShopApi],
  ["/product-api", ProductApi],
  ["/recently-viewed-api", RecentlyViewedApi],
  ["/tracking-api", TrackingApi]
]

const targets: Array<Target> = []
for (const [prefix, api] of apis) {
  HttpApi.reflect(api as any, {
    onGroup: () => {},
    onEndpoint: ({ group, endpoint }) => {
      targets.push({ id: `${prefix}${group.identifier}.${endpoint.identifier}`, prefix, endpoint: endpoint as HttpApiEndpoint.Top })
    }
  })
}

const decodes = (schema: Schema.Top, value: unknown): boolean => Schema.decodeUnknownExit(schema as any)(value)._tag === "Success"

const samplesOf = (schema: Schema.Top, count: number): ReadonlyArray<unknown> => {
  try {
    const values = Effect.runSync(Arbitrary.sampleEffect(Arbitrary.schema(schema as any), { count, seed: 7 }))
    return values.map((value) => Schema.encodeSync(schema as any)(value)).filter((encoded) => decodes(schema, encoded))
  } catch {
    return []
  }
}

const sampleWhole = (schema: Schema.Top): { readonly value: unknown } | undefined => {
  const [value] = samplesOf(schema, 1)
  return value === undefined ? undefined : { value }
}

/** Encoded values tried for a field the generator cannot fill (an e-mail, a code with a pattern). */
const fallbackValues: ReadonlyArray<unknown> = ["jana.novakova@example.cz", "Kolo-Sedlo-2026!", "1299", "1", "CZ10MA", "abc", "kosik", 1, true, "2026-01-01", []]


/**
 * One valid encoded value of a Schema (seeded, so every run tries the same requests); a struct the generator cannot
 * fill at once is filled field by field, with {@link fallbackValues} for the fields it cannot fill.
 */
const sampleOf = (schema: Schema.Top): unknown => {
  const whole = sampleWhole(schema)
  if (whole !== undefined) return whole.value
  const shape = schema as unknown as { fields?: Record<string, Schema.Top>; schema?: { fields?: Record<string, Schema.Top> } }
  const fields = shape.fields ?? shape.schema?.fields
  if (fields === undefined) return undefined
  const value: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(fields)) {
    const sampled = sampleWhole(field)
    const chosen = sampled !== undefined ? sampled.value : fallbackValues.find((candidate) => decodes(field, candidate))
    if (chosen !== undefined) value[key] = chosen
  }
  return decodes(schema, value) ? value : undefined
}

type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

/** Every path to a string inside a JSON value, with the key naming it (array positions name their parent key). */
const stringPaths = (value: Json, path: ReadonlyArray<string | number> = []): Array<ReadonlyArray<string | number>> => {
  if (typeof value === "string") return [path]
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]))
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item as Json, [...path, key]))
  }
  return []
}

const setAt = (value: Json, path: ReadonlyArray<string | number>, text: string): Json => {
  if (path.length === 0) return text
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setAt(item, rest, text) : item))
  const record = value as Record<string, Json>
  return { ...record, [head as string]: setAt(record[head as string] ?? null, rest, text) }
}

const fieldName = (path: ReadonlyArray<string | number>): string => String([...path].reverse().find((p) => typeof p === "string"))

const jsonPayloadSchema = (endpoint: HttpApiEndpoint.Top): Schema.Top | undefined => {
  for (const [contentType, entry] of endpoint.payload) {
    if (contentType.includes("json")) return entry.schemas[0]
  }
  return undefined
}

interface Probe {
  readonly id: string
  /** The field the hostile text is in. */
  readonly field: string
  /** The names on the way to it (a failure naming the field or an enclosing one names it). */
  readonly names?: ReadonlyArray<string>
  readonly request: () => Request
}

const urlOf = (target: Target, params: Record<string, string>, query: Record<string, unknown>): string => {
  let path = target.endpoint.path as string
  for (const [name, value] of Object.entries(params)) path = path.replace(`:${name}`, value)
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
  }
  const qs = search.toString()
  return `${testBaseUrl}${target.prefix}${path}${qs === "" ? "" : `?${qs}`}`
}

const headersOf = () => ({ cookie, [csrfHeader]: csrfToken, "content-type": "application/json", "x-requested-with": "XMLHttpRequest" })

/** Every (endpoint, text field, hostile text) request of the contracts. */
const probes: Array<Probe> = []
/** Endpoints for which no valid request could be generated (reported, and expected to be none). */
const unsampled: Array<string> = []
for (const target of targets) {
  const { endpoint } = target
  const params = (endpoint.params === undefined ? {} : sampleOf(endpoint.params)) as Record<string, string> | undefined
  const query = (endpoint.query === undefined ? {} : sampleOf(endpoint.query)) as Record<string, unknown> | undefined
  const payloadSchema = jsonPayloadSchema(endpoint)
  const body = payloadSchema === undefined ? undefined : (sampleOf(payloadSchema) as Json | undefined)
  if (params === undefined || query === undefined || (payloadSchema !== undefined && body === undefined)) {
    unsampled.push(target.id)
    continue
  }
  const encodedParams = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)]))
  const send = (url: string, json: Json | undefined) => () =>
    new Request(url, { method: endpoint.method, headers: headersOf(), ...(json === undefined ? {} : { body: JSON.stringify(json) }) })
  for (const name of Object.keys(params)) {
    for (const bad of hostileUrlTexts) {
      probes.push({ id: target.id, field: name, request: send(urlOf(target, { ...encodedParams, [name]: bad }, query), body) })
    }
  }
  for (const name of Object.keys(query)) {
    if (typeof query[name] !== "string" && !Array.isArray(query[name])) continue
    for (const bad of hostileUrlTexts) {
      const url = urlOf(target, encodedParams, {}) + (Object.keys(query).length === 0 ? "" : "")
      const search = new URLSearchParams()
      for (const [key, value] of Object.entries(query)) {
        if (key !== name) for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
      }
      const rest = search.toString()
      const full = `${url}${url.includes("?") ? "&" : "?"}${rest === "" ? "" : `${rest}&`}${encodeURIComponent(name)}=${bad}`
      probes.push({ id: target.id, field: name, request: send(full, body) })
    }
  }
  if (body !== undefined && payloadSchema !== undefined) {
    // several samples, so that optional fields absent from one are present in another
    const bodies = [body, ...(samplesOf(payloadSchema, 30) as Array<Json>)]
    const seen = new Set<string>()
    for (const sample of bodies) {
      for (const path of stringPaths(sample)) {
        const key = path.filter((p) => typeof p === "string").join(".")
        if (seen.has(key)) continue
        seen.add(key)
        for (const bad of hostileJsonTexts) {
          probes.push({ id: target.id, field: fieldName(path), names: path.filter((p) => typeof p === "string"), request: send(urlOf(target, encodedParams, query), setAt(sample, path, bad)) })
        }
      }
    }
  }
}

describe("hostile text in every text input of the contracts", () => {
  test("the shared string Schema refuses every hostile text and keeps ordinary text (all inputs)", () => {
    fc.assert(fc.property(hostileText, (text) => !isSafeText(text) && Schema.decodeUnknownExit(SafeString)(text)._tag === "Failure"))
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text) === isSafeText(text)))
  })

  test("each answers 400 naming the field, never 5xx", async () => {
    const endpointsWithText = new Set(probes.map((p) => p.id))
    const failures: Array<string> = []
    let fiveHundreds = 0
    for (const probe of probes) {
      const response = await backend.handler(probe.request())
      const text = await response.text()
      if (response.status >= 500) fiveHundreds++
      const named = (probe.names ?? [probe.field]).some((name) => text.includes(JSON.stringify(name).slice(1, -1)))
      if (response.status !== 400 || !named) failures.push(`${probe.id} ${probe.field}: ${response.status} ${text.slice(0, 160)}`)
    }
    console.info(`text inputs: ${targets.length} endpoints enumerated, ${endpointsWithText.size} with text inputs, ${probes.length} hostile requests, 5xx: ${fiveHundreds}`)
    expect(failures).toEqual([])
    expect(unsampled).toEqual([])
    expect(fiveHundreds).toBe(0)
    expect(probes.length).toBeGreaterThan(500)
  }, 300_000)
})
