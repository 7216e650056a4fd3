/**
 * A Schema's JSON text made without running its encoder: `schemaJsonWriter(schema)` walks the schema's AST once and
 * answers a function that writes `JSON.stringify(Schema.encodeSync(schema)(value))` for any valid `value`, byte for
 * byte: it copies the value into plain objects with the schema's keys in the schema's order (an absent or `undefined`
 * optional key left out, unknown keys not copied, as the encoder ignores them), arrays and string-keyed records item
 * by item, primitives and literals as they are, and `JSON.stringify`s that once. What the encoder would change is
 * left to it: a node with an encoding (unless every step of it passes the value through on encode) or a declaration
 * (classes, dates) is encoded by the Schema for that part only, and a union whose members encode differently encodes
 * its value as the first member whose type takes it, as the encoder does. Validity is not checked: the server's own
 * answers are valid by construction (the contract's encode is the judge in the tests).
 *
 * @module
 */
import { Schema, SchemaAST, SchemaGetter } from "effect"

// A part's encoded value, as the encoder would answer it for a valid value (plain objects and arrays in the schema's
// key order, primitives as they are): JSON.stringify of it is the text.
type Writer = (value: any) => unknown

const primitive: Writer = (value) => value

// `Schema.encodeSync` of one part of a schema: what the encoder changes, changed by the encoder.
const encoded = (ast: SchemaAST.AST): Writer => Schema.encodeSync(Schema.make<Schema.Codec<unknown>>(ast))

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
      return item === primitive ? (value: ReadonlyArray<unknown>) => value : (value: ReadonlyArray<unknown>) => value.map(item)
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
    return (value: Record<string, unknown>) => {
      // no prototype: a key named `__proto__` is a key
      const out: Record<string, unknown> = Object.create(null)
      for (const key of Object.keys(value)) {
        const field = value[key]
        if (field !== undefined) out[key] = item(field)
      }
      return out
    }
  }
  const fields = properties.map((property) => ({ name: property.name as string, write: compile(property.type, writers) }))
  return (value: Record<string, unknown>) => {
    const out: Record<string, unknown> = {}
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!
      const member = value[field.name]
      if (member !== undefined) out[field.name] = field.write(member)
    }
    return out
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
  return (value) => JSON.stringify(write(value))
}
