import { describe, expect, it } from "@effect/vitest"
import { Context, Schema } from "effect"
import { HttpApi, OpenApi } from "effect/http-api"
import {
  CartStepGroup,
  CustomerEmail,
  type FlowNumberSchema,
  maxCustomerFieldLength
} from "../../core/api/cartStep.ts"
import { checkoutSteps, checkoutStepTable, type FlowNumber } from "../../core/domain/checkout.ts"
import { isEmail } from "../../core/domain/contact.ts"
import {
  describeRequest,
  endpointOf,
  failureOf,
  hasCsrf,
  requestCodec,
  responseStatuses,
  retryOf,
  rowsOf,
  timeoutOf,
  type Row
} from "./support/checkoutContract.ts"

/** The contract (§7): method and path of every endpoint; state-changing ones marked. */
const expected: ReadonlyArray<readonly [...Row, changesState: boolean]> = [
  ["cartStep.checkStep", "GET", "/api/v2/cart.cart-step/check-step", false],
  ["cartStep.nextStep", "POST", "/api/v2/cart.cart-step/next-step", true],
  ["cartStep.updateCustomer", "POST", "/api/cart-customer/update-customer", true]
]

const ep = (name: string) => endpointOf([CartStepGroup], name)

// The wire step is the domain's flow number, both ways.
const toDomain = (n: FlowNumberSchema): FlowNumber => n
const toWire = (n: FlowNumber): FlowNumberSchema => n

describe("cartStep group: shape", () => {
  it("has exactly the expected endpoints, methods and paths", () => {
    const sort = (rows: ReadonlyArray<Row>) => [...rows].sort((a, b) => a[0].localeCompare(b[0]))
    expect(sort(rowsOf(CartStepGroup))).toEqual(sort(expected.map(([n, m, path]) => [n, m, path] as const)))
  })

  it("exactly the state-changing endpoints carry CsrfProtection", () => {
    for (const [name, , , changes] of expected) expect(hasCsrf(ep(name)), name).toBe(changes)
  })

  it("next-step (which places the order from shipping) is sent with an idempotency key; 5000 ms for all (§9)", () => {
    for (const [name] of expected) {
      expect(timeoutOf(CartStepGroup, ep(name)), name).toBe(5000)
      expect(retryOf(CartStepGroup, ep(name)), name).toBe(name === "cartStep.nextStep" ? "idempotencyKey" : "auto")
    }
  })

  it("next-step answers 401 when the customer may not go to shipping (§6); the document lists every path", () => {
    class Api extends HttpApi.make("t").add(CartStepGroup) {}
    const doc = OpenApi.fromApi(Api)
    expect(responseStatuses(doc, "/api/v2/cart.cart-step/next-step", "post")).toEqual(
      expect.arrayContaining(["200", "401", "403"])
    )
    for (const [name, method, path] of expected) {
      expect(Context.getOrUndefined(ep(name).annotations, OpenApi.Description), name).toMatch(/\S/)
      expect(doc.paths[path]?.[method.toLowerCase() as "get"], path).toBeDefined()
    }
  })
})

describe("cartStep group: request Schemas", () => {
  describeRequest({
    name: "check-step query",
    codec: requestCodec(ep("cartStep.checkStep"), "query"),
    required: ["step"],
    valid: [{ step: "1" }, { step: "4" }],
    invalid: [
      [{ step: "0" }, "step"],
      [{ step: "5" }, "step"],
      [{ step: "shipping" }, "step"],
      [{}, "step"]
    ]
  })

  describeRequest({
    name: "next-step payload",
    codec: requestCodec(ep("cartStep.nextStep"), "payload"),
    required: ["step"],
    valid: [{ step: 1 }, { step: 3 }],
    invalid: [
      [{ step: "3" }, "step"],
      [{ step: 9 }, "step"]
    ]
  })

  describeRequest({
    name: "update-customer payload",
    codec: requestCodec(ep("cartStep.updateCustomer"), "payload"),
    required: ["data"],
    valid: [
      { data: { email: "jan@example.cz", firstname: "Jan", lastname: "Novák" } },
      {
        data: {
          email: "a@localhost",
          firstname: "A",
          lastname: "B",
          phone: "+420 123 456 789",
          selectedAddresses: { billing: -1, shipping: null },
          allowedNl: true,
          allowedHeureka: false
        }
      }
    ],
    invalid: [
      [{ data: { email: "not-an-email", firstname: "Jan", lastname: "N" } }, "data.email"],
      [{ data: { email: " jan@example.cz", firstname: "Jan", lastname: "N" } }, "data.email"],
      [{ data: { email: "jan@example.cz", firstname: "", lastname: "N" } }, "data.firstname"],
      [{ data: { email: "jan@example.cz", firstname: "Jan" } }, "data.lastname"],
      [{ data: { email: "jan@example.cz", firstname: "J", lastname: "x".repeat(maxCustomerFieldLength + 1) } }, "data.lastname"],
      [{ data: { email: "jan@example.cz", firstname: "J", lastname: "N", selectedAddresses: { billing: "x" } } }, "data.selectedAddresses.billing"],
      [{}, "data"]
    ]
  })
})

describe("cartStep group: domain rules in the Schemas", () => {
  it("every flow number of the checkout table is a valid step, as query and as payload (§2)", () => {
    for (const step of checkoutSteps) {
      const flow = checkoutStepTable[step].flowNumber
      expect(toDomain(toWire(flow))).toBe(flow)
      expect(failureOf(requestCodec(ep("cartStep.checkStep"), "query"), { step: String(flow) })).toBeUndefined()
      expect(failureOf(requestCodec(ep("cartStep.nextStep"), "payload"), { step: flow })).toBeUndefined()
    }
  })

  const emailOk = (s: string) => failureOf(CustomerEmail as Schema.Codec<unknown, unknown>, s) === undefined

  it.prop("an email the Schema accepts is an email for the domain (§5)", [Schema.String], ([s]) => {
    if (emailOk(s)) expect(isEmail(s)).toBe(true)
  })

  it.prop("a trimmed string is accepted exactly when the domain's isEmail holds", [CustomerEmail, Schema.String], ([email, s]) => {
    expect(emailOk(email)).toBe(isEmail(email))
    if (s === s.trim()) expect(emailOk(s)).toBe(isEmail(s))
  })

  it("email examples", () => {
    expect(["a@b.cz", "a@localhost", "x.y+z@mail.example.com"].map(emailOk)).toEqual([true, true, true])
    expect(["", "a", "a@", "@b.cz", "a b@c.cz", " a@b.cz"].map(emailOk)).toEqual([false, false, false, false, false, false])
  })
})
