/**
 * A Schema's JSON text made without running its encoder: `schemaJsonWriter(schema)` walks the schema's AST once and
 * answers a function that writes `JSON.stringify(Schema.encodeSync(schema)(value))` for any valid `value`, byte for
 * byte: it writes the text of objects with the schema's keys in the schema's order (an absent or `undefined` optional
 * key left out, unknown keys not written, as the encoder ignores them), arrays and string-keyed records item by item,
 * primitives and literals as `JSON.stringify` writes them, without building the encoded value. What the encoder would change is
 * left to it: a node with an encoding (unless every step of it passes the value through on encode) or a declaration
 * (classes, dates) is encoded by the Schema for that part only, and a union whose members encode differently encodes
 * its value as the first member whose type takes it, as the encoder does. Validity is not checked: the server's own
 * answers are valid by construction (the contract's encode is the judge in the tests).
 *
 * @module
 */
import { Schema, SchemaAST, SchemaGetter } from "effect"

// A part's JSON text, as `JSON.stringify` writes the encoder's answer for a valid value; undefined where
// `JSON.stringify` writes nothing (an object's key is then left out, an array's item written `null`).
type Writer = (value: any) => string | undefined

// What `JSON.stringify` escapes in a string (and any surrogate, paired or not, which it escapes when lone): a string
// without any is written between quotes as it is.
const escaped = /["\\\u0000-\u001f\ud800-\udfff]/

// A primitive value as `JSON.stringify` writes it, without its cost per call for the common kinds: a finite number's
// text is `String`'s (the shortest round trip, as `JSON.stringify`'s), a string without escapes is quoted as it is.
const primitive: Writer = (value) => {
  switch (typeof value) {
    case "string":
      return escaped.test(value) ? JSON.stringify(value) : `"${value}"`
    case "number":
      return Number.isFinite(value) ? String(value) : "null"
    case "boolean":
      return value ? "true" : "false"
    default:
      return value === null ? "null" : JSON.stringify(value)
  }
}

// `Schema.encodeSync` of one part of a schema: what the encoder changes, changed by the encoder.
const encoded = (ast: SchemaAST.AST): Writer => {
  const encode = Schema.encodeSync(Schema.make<Schema.Codec<unknown>>(ast))
  return (value) => JSON.stringify(encode(value))
}

const passesThrough = (ast: SchemaAST.AST): boolean =>
  ast.encoding !== undefined && ast.encoding.every((link) => link.transformation.encode === SchemaGetter.passthrough())

const compile = (ast: SchemaAST.AST, writers: Map<SchemaAST.AST, Writer>): Writer => {
  const known = writers.get(ast)
  if (known !== undefined) return known
  // a recursive schema reaches its node again: it is written through the slot once it is compiled
  let compiled: Writer | undefined
  writers.set(ast, (value) => compiled!(value))
  compiled = compileNode(ast, writers)
  writers.set(ast, compiled)
  return compiled
}

const compileNode = (ast: SchemaAST.AST, writers: Map<SchemaAST.AST, Writer>): Writer => {
  if (ast.encoding !== undefined) {
    // every step passes the value through on encode: the last encoded form writes it
    return passesThrough(ast) ? compile(ast.encoding[ast.encoding.length - 1]!.to, writers) : encoded(ast)
  }
  switch (ast._tag) {
    case "String":
    case "Number":
    case "Boolean":
    case "Literal":
    case "Null":
    case "Undefined":
    case "Enum":
      return primitive
    case "Arrays": {
      if (ast.elements.length > 0 || ast.rest.length !== 1) return encoded(ast)
      const item = compile(ast.rest[0]!, writers)
      // an array of primitives is written whole, as `JSON.stringify` writes it
      if (item === primitive) return (value: ReadonlyArray<unknown>) => JSON.stringify(value)
      return (value: ReadonlyArray<unknown>) => {
        let text = "["
        for (let i = 0; i < value.length; i++) text += `${i === 0 ? "" : ","}${item(value[i]) ?? "null"}`
        return `${text}]`
      }
    }
    case "Objects":
      return objectWriter(ast, writers)
    case "Union":
      return unionWriter(ast, writers)
    default:
      return encoded(ast)
  }
}

const objectWriter = (ast: SchemaAST.Objects, writers: Map<SchemaAST.AST, Writer>): Writer => {
  const properties = ast.propertySignatures
  if (properties.some((property) => typeof property.name !== "string" || property.name === "__proto__")) return encoded(ast)
  if (ast.indexSignatures.length > 0) {
    const index = ast.indexSignatures[0]!
    if (properties.length > 0 || ast.indexSignatures.length > 1 || index.parameter._tag !== "String" || index.parameter.encoding !== undefined || index.parameter.checks !== undefined) {
      return encoded(ast)
    }
    const item = compile(index.type, writers)
    // the keys in `Object.keys`' order, as `JSON.stringify` writes an object's own keys
    return (value: Record<string, unknown>) => {
      let text = "{"
      for (const key of Object.keys(value)) {
        const field = value[key]
        const written = field === undefined ? undefined : item(field)
        if (written !== undefined) text += `${text.length === 1 ? "" : ","}${JSON.stringify(key)}:${written}`
      }
      return `${text}}`
    }
  }
  const fields = properties.map((property) => ({
    name: property.name as string,
    key: `${JSON.stringify(property.name)}:`,
    write: compile(property.type, writers)
  }))
  return (value: Record<string, unknown>) => {
    let text = "{"
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!
      const member = value[field.name]
      const written = member === undefined ? undefined : field.write(member)
      if (written !== undefined) text += `${text.length === 1 ? "" : ","}${field.key}${written}`
    }
    return `${text}}`
  }
}

type Kind = "string" | "number" | "boolean" | "null" | "undefined" | "array" | "object" | "other"

const kindOf = (value: unknown): Kind =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "object" ? "object" : (typeof value as Kind)

// The kinds of values a node's type takes ("other": any kind, it is asked).
const kindsOf = (ast: SchemaAST.AST): ReadonlySet<Kind> => {
  switch (ast._tag) {
    case "String":
      return new Set(["string"])
    case "Number":
      return new Set(["number"])
    case "Boolean":
      return new Set(["boolean"])
    case "Null":
      return new Set(["null"])
    case "Undefined":
      return new Set(["undefined"])
    case "Literal":
      return new Set([kindOf(ast.literal)])
    case "Arrays":
      return new Set(["array"])
    case "Objects":
      return new Set(["object"])
    case "Union":
      return new Set(ast.types.flatMap((member) => [...kindsOf(member)]))
    default:
      return new Set(["other"])
  }
}

const passes = (checks: ReadonlyArray<SchemaAST.Check<any>>, value: unknown, ast: SchemaAST.AST): boolean =>
  checks.every((check) => check._tag === "FilterGroup" ? passes(check.checks, value, ast) : check.run(value, ast, {}) === undefined)

// Whether a union member's type takes `value`: a primitive by its kind (a literal by its value) and its checks, run
// directly; anything else by the Schema's guard.
const guardOf = (ast: SchemaAST.AST): (value: unknown) => boolean => {
  const kinds = kindsOf(ast)
  const checks = ast.checks ?? []
  switch (ast._tag) {
    case "String":
    case "Number":
    case "Boolean":
    case "Null":
    case "Undefined":
      return (value) => kinds.has(kindOf(value)) && passes(checks, value, ast)
    case "Literal": {
      const literal = ast.literal
      return (value) => value === literal && passes(checks, value, ast)
    }
    default:
      return Schema.is(Schema.make<Schema.Codec<unknown>>(ast))
  }
}

const unionWriter = (ast: SchemaAST.Union, writers: Map<SchemaAST.AST, Writer>): Writer => {
  const members = ast.types.map((member) => ({ write: compile(member, writers), is: guardOf(member), kinds: kindsOf(member) }))
  // every member writes its value as JSON.stringify does: which one the encoder picks does not matter
  if (members.every((member) => member.write === primitive)) return primitive
  const fallback = encoded(ast)
  const byKind = new Map<Kind, ReadonlyArray<(typeof members)[number]>>()
  for (const kind of ["string", "number", "boolean", "null", "undefined", "array", "object", "other"] as const) {
    byKind.set(kind, members.filter((member) => member.kinds.has(kind) || member.kinds.has("other")))
  }
  return (value) => {
    const candidates = byKind.get(kindOf(value)) ?? []
    // one member takes values of this kind: a valid value is its
    if (candidates.length === 1) return candidates[0]!.write(value)
    // the encoder's pick: the first member whose type takes the value
    for (const member of candidates) if (member.is(value)) return member.write(value)
    // no member takes it (an invalid value): the encoder says why
    return fallback(value)
  }
}

/**
 * The JSON text writer of `schema`: `writer(value)` is `JSON.stringify(Schema.encodeSync(schema)(value))` for every
 * valid `value` (see the module documentation).
 */
export const schemaJsonWriter = <S extends Schema.Top>(schema: S): (value: S["Type"]) => string => {
  const write = compile(schema.ast, new Map())
  return (value) => write(value)!
}
