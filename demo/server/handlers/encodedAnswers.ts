/**
 * Read answers encoded once and served again while their inputs are unchanged. A read such as load-cart is a pure
 * function of a few inputs (the cached cart state, the shop's cached settings, the customer, the day, a header):
 * building it, encoding it with the contract's schema and serializing it cost far more than the read itself. Here
 * the encoded JSON is kept with the cached object it was built from (weakly: it goes when the read cache drops that
 * object) and with the other inputs, compared by identity (`refs`) and by value (`key`); any difference builds the
 * answer again.
 *
 * @module
 */
import { Effect, Schema } from "effect"
import { HttpServerResponse } from "effect/http"

interface Encoded {
  readonly key: string
  readonly refs: ReadonlyArray<unknown>
  readonly body: string
}

/** The last encoded answer per owner object (e.g. a cached cart state), valid for one key and one set of refs. */
export class EncodedAnswers<Owner extends object> {
  private readonly answers = new WeakMap<Owner, Encoded>()

  /** The JSON body kept for `owner` when it was encoded with the same `key` and the same `refs` (by identity). */
  lookup(owner: Owner, key: string, refs: ReadonlyArray<unknown>): string | undefined {
    const kept = this.answers.get(owner)
    if (kept === undefined || kept.key !== key || kept.refs.length !== refs.length) return undefined
    for (let i = 0; i < refs.length; i++) if (kept.refs[i] !== refs[i]) return undefined
    return kept.body
  }

  /** Keeps `body` as the answer for `owner` with `key` and `refs`. */
  store(owner: Owner, key: string, refs: ReadonlyArray<unknown>, body: string): void {
    this.answers.set(owner, { key, refs, body })
  }
}

/**
 * Encodes a success value with the endpoint's schema and serializes it, as the API builder does for a returned value
 * (a value the schema cannot encode is a defect there too).
 */
export const jsonEncoder = <S extends Schema.Top>(schema: S) => {
  const encode = Schema.encodeUnknownEffect(schema)
  return (value: S["Type"]): Effect.Effect<string, never, S["EncodingServices"]> =>
    Effect.map(Effect.orDie(encode(value)), (encoded) => JSON.stringify(encoded))
}

/** A 200 JSON response of an already serialized body (the API builder answers values the same way). */
export const jsonResponse = (body: string): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(body, { contentType: "application/json" })
