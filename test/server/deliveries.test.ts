/**
 * The delivery-step calls against the real server in-process (spec §3 Delivery, §4 reset modes, §5 free-delivery
 * remainder, §7 cart-api delivery calls, §8): every endpoint of the group, grouping into own-stock, marketplace and
 * digital deliveries, the server's flash messages of a refused selection, the 404 of an unknown delivery or branch
 * (the client's generic flash), and the 401 of a guest's customer history.
 */
import { afterAll, assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { areDeliveriesSet, RESET_ALL, RESET_WITHOUT_PUPS } from "../../core/domain/delivery.ts"
import { marketplaceFreeDeliveryRemains } from "../../core/domain/delivery.ts"
import { boxMaxPieces, campaign } from "../../demo/server/domain/checkout/deliveries.ts"
import { checkoutFlashKeys } from "../../demo/server/domain/checkout/common.ts"
import { clientLayerFor } from "../support/server.ts"
import {
  checkoutBackend,
  chooseShopPickup,
  freshClient,
  loggedInWithEmptyCart,
  marketplaceVariant,
  ownVariant,
  shopBranch
} from "./checkoutSupport.ts"

const { backend, sql } = checkoutBackend()
afterAll(() => backend.dispose())

const messages = (status: { readonly flashMessages?: ReadonlyArray<{ readonly message: string }> } | undefined) =>
  (status?.flashMessages ?? []).map((flash) => flash.message)

const methodOf = (
  answer: { readonly deliveries?: ReadonlyArray<{ readonly deliveryId: string; readonly deliveryMethods?: ReadonlyArray<{ readonly type?: string; readonly selected?: unknown; readonly available?: boolean }> }> },
  deliveryId: string,
  type: string
) => answer.deliveries?.find((d) => d.deliveryId === deliveryId)?.deliveryMethods?.find((m) => m.type === type)

describe("deliveries: the deliveries of a cart (server)", () => {
  it.effect("own stock and each marketplace partner are deliveries; the remainder to free delivery is numeric", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      yield* loggedInWithEmptyCart(client, sql, "gold")
      const own = yield* ownVariant(sql, { minStock: 3 })
      const market = yield* marketplaceVariant(sql)
      yield* client.cart.addToCart({ payload: { variantId: own.variantId, amount: 1 } })
      yield* client.cart.addToCart({ payload: { variantId: market.variantId, amount: 1 } })
      const answer = yield* client.deliveries.checkDeliveryMethod({ query: { deliveryId: "own" } })
      assert.strictEqual(answer.status?.status, "ok")
      const ids = (answer.deliveries ?? []).map((d) => d.deliveryId)
      assert.deepStrictEqual(ids, ["own", `mp-${market.partnerId}`])
      const marketplace = answer.deliveries![1]!
      assert.isTrue(marketplace.isMarketplace)
      assert.isNumber(marketplaceFreeDeliveryRemains(marketplace.marketplaceFreeDeliveryRemains))
      assert.deepStrictEqual((marketplace.deliveryMethods ?? []).map((m) => m.type), ["address"])
      // Provider-checked payments are limited for marketplace deliveries (§3 paymentLimitation).
      assert.strictEqual(marketplace.payments?.find((p) => p.externalId === "CZN")?.paymentLimitation, "MARKETPLACE_NOT_ALLOWED")
      const ownDelivery = answer.deliveries![0]!
      assert.deepStrictEqual((ownDelivery.deliveryMethods ?? []).map((m) => m.type), ["pup", "privileged_pup", "address"])
      assert.isFalse(areDeliveriesSet(answer.deliveries ?? []))
      assert.isNotEmpty(answer.pupTypes ?? [])
      assert.isNotEmpty(answer.transports ?? [])
      assert.strictEqual(answer.campaignBar?.id, campaign.id)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("deliveries: branches (server)", () => {
  it.effect("geo-suggestions, branches-basic, branch-detail, auto-complete and confirm-availability", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      yield* loggedInWithEmptyCart(client, sql, "vip")
      const own = yield* ownVariant(sql, { minStock: 3 })
      yield* client.cart.addToCart({ payload: { variantId: own.variantId, amount: 1 } })

      const places = yield* client.deliveries.geoSuggestions({ query: { query: "Pra" } })
      assert.strictEqual(places.suggestions?.[0]?.title, "Praha")
      assert.closeTo(places.suggestions![0]!.lat, 50.07, 0.2)

      const all = yield* client.deliveries.branchesBasic({ query: { deliveryId: "own" } })
      const boxes = yield* client.deliveries.branchesBasic({ query: { deliveryId: "own", pupTypeId: "box" } })
      assert.isAbove(all.branches!.length, boxes.branches!.length)
      assert.isTrue(boxes.branches!.every((b) => b.pupType === "box"))
      assert.isTrue((all.preferredBranches ?? []).every((b) => b.cashAndCarry === true))
      assert.lengthOf(all.newBranches ?? [], 3)
      assert.deepStrictEqual(all.searchSelection?.deliveries, ["own"])

      const branch = boxes.branches![0]!
      const detail = yield* client.deliveries.branchDetail({ query: { deliveryId: "own", branchId: branch.id } })
      assert.strictEqual(detail.branch?.id, branch.id)
      assert.isNotEmpty(detail.branch?.openingHours ?? [])
      assert.isDefined(detail.branch?.earliestDate)

      const found = yield* client.deliveries.autoCompleteBranches({ query: { deliveryId: "own", term: branch.city! } })
      assert.isTrue(found.branches!.some((b) => b.id === branch.id))
      assert.isAtMost(found.branches!.length, 15)

      const confirmed = yield* client.deliveries.branchesConfirmAvailability({
        query: { deliveryId: "own", branchIds: `${branch.id},999999,abc` }
      })
      assert.deepStrictEqual(confirmed.branches?.map((b) => [b.id, b.available]), [[branch.id, true], ["999999", false], ["abc", false]])
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("an unknown delivery or branch is 404 NotFound (the client shows its generic flash, §8)", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const notFound = (effect: Effect.Effect<unknown, { readonly _tag: string }>) =>
        Effect.map(Effect.flip(effect), (error) => error._tag)
      assert.strictEqual(yield* notFound(client.deliveries.branchesBasic({ query: { deliveryId: "nope" } })), "NotFound")
      assert.strictEqual(yield* notFound(client.deliveries.checkDeliveryMethod({ query: { deliveryId: "nope" } })), "NotFound")
      assert.strictEqual(
        yield* notFound(client.deliveries.selectDeliveryMethod({ payload: { deliveryId: "nope", type: "pup", transportId: "x" } })),
        "NotFound"
      )
      assert.strictEqual(yield* notFound(client.deliveries.deselectDelivery({ payload: { deliveryId: "nope" } })), "NotFound")
      assert.strictEqual(yield* notFound(client.deliveries.selectDeliveryInsurance({ payload: { deliveryId: "nope", selected: true } })), "NotFound")
      assert.strictEqual(yield* notFound(client.deliveries.autoCompleteBranches({ query: { deliveryId: "nope", term: "a" } })), "NotFound")
      assert.strictEqual(yield* notFound(client.deliveries.branchesConfirmAvailability({ query: { deliveryId: "nope", branchIds: "1" } })), "NotFound")

      const own = yield* ownVariant(sql, { minStock: 3 })
      yield* client.cart.addToCart({ payload: { variantId: own.variantId, amount: 1 } })
      assert.strictEqual(yield* notFound(client.deliveries.branchDetail({ query: { deliveryId: "own", branchId: "999999" } })), "NotFound")
      // Clean with an unknown delivery has no 404 in the contract: a flash.
      const cleaned = yield* client.deliveries.cleanSelectedDelivery({ payload: { mode: RESET_ALL, deliveryId: "nope" } })
      assert.deepStrictEqual(messages(cleaned.status), [checkoutFlashKeys.deliveryUnknown])
    }).pipe(Effect.provide(clientLayerFor(backend))))
})

describe("deliveries: selecting (server)", () => {
  it.effect("refused selections answer status error with the server's flash messages (§8)", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const own = yield* ownVariant(sql, { minStock: boxMaxPieces + 2 })
      yield* client.cart.addToCart({ payload: { variantId: own.variantId, amount: boxMaxPieces + 1 } })
      const select = (payload: { type: "pup" | "privileged_pup" | "address"; transportId: string; branchId?: string }) =>
        Effect.map(client.deliveries.selectDeliveryMethod({ payload: { deliveryId: "own", ...payload } }), (answer) => {
          assert.strictEqual(answer.status?.status, "error")
          assert.strictEqual(answer.status?.flashMessages?.[0]?.type, "danger")
          return messages(answer.status)
        })
      assert.deepStrictEqual(yield* select({ type: "pup", transportId: "no-such-transport" }), [checkoutFlashKeys.methodNotOffered])
      assert.deepStrictEqual(yield* select({ type: "address", transportId: "shop-pickup-cz" }), [checkoutFlashKeys.methodNotOffered])
      assert.deepStrictEqual(yield* select({ type: "pup", transportId: "shop-pickup-cz" }), [checkoutFlashKeys.branchRequired])
      const box = (yield* client.deliveries.branchesBasic({ query: { deliveryId: "own", pupTypeId: "box" } })).branches![0]!
      assert.deepStrictEqual(yield* select({ type: "pup", transportId: "shop-pickup-cz", branchId: box.id }), [checkoutFlashKeys.branchUnavailable])
      assert.deepStrictEqual(yield* select({ type: "pup", transportId: "shop-pickup-cz", branchId: "999999" }), [checkoutFlashKeys.branchUnavailable])
      // More pieces than a box takes: the box transport is unavailable.
      assert.deepStrictEqual(yield* select({ type: "privileged_pup", transportId: "box-cz", branchId: box.id }), [checkoutFlashKeys.methodUnavailable])
      // A guest has no shipping address for an address delivery.
      assert.deepStrictEqual(yield* select({ type: "address", transportId: "courier-cz" }), [checkoutFlashKeys.deliveryAddressRequired])
      const check = yield* client.deliveries.checkDeliveryMethod({ query: { deliveryId: "own" } })
      assert.isNull(methodOf(check, "own", "pup")?.selected)
      assert.isFalse(methodOf(check, "own", "privileged_pup")?.available)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("select, insure, campaign, strategy, reset by mode, deselect; customer history after an order", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const { cartId } = yield* loggedInWithEmptyCart(client, sql, "loyalty-trial")
      const first = yield* ownVariant(sql, { minStock: 4 })
      const second = yield* ownVariant(sql, { minStock: 4, skip: [first.variantId] })
      yield* client.cart.addToCart({ payload: { variantId: first.variantId, amount: 1 } })
      yield* client.cart.addToCart({ payload: { variantId: second.variantId, amount: 1 } })

      // Insurance needs a selected method.
      const early = yield* client.deliveries.selectDeliveryInsurance({ payload: { deliveryId: "own", selected: true } })
      assert.deepStrictEqual(messages(early.status), [checkoutFlashKeys.insuranceNeedsMethod])

      const { branch, answer } = yield* chooseShopPickup(client)
      assert.isTrue(areDeliveriesSet(answer.deliveries ?? []))
      const price = (methodOf(answer, "own", "pup")?.selected as { price?: number } | null)?.price ?? 0
      const insured = yield* client.deliveries.selectDeliveryInsurance({ payload: { deliveryId: "own", selected: true } })
      assert.strictEqual(insured.status?.status, "ok")
      const insuredPrice = (methodOf(insured, "own", "pup")?.selected as { price?: number } | null)?.price ?? 0
      assert.isAbove(insuredPrice, price)
      const stored = yield* sql((c) => c<{ insurance: boolean }>`
        SELECT insurance FROM cart_deliveries WHERE cart_id = ${cartId} AND delivery_key = 'own'`)
      assert.deepStrictEqual(stored, [{ insurance: true }])

      const chosen = yield* client.deliveries.selectCampaign({ payload: { campaignId: campaign.id, selected: true } })
      assert.isTrue(chosen.campaignBar?.selected)
      const unknownCampaign = yield* client.deliveries.selectCampaign({ payload: { campaignId: "nope", selected: true } })
      assert.deepStrictEqual(messages(unknownCampaign.status), [checkoutFlashKeys.campaignUnknown])

      assert.deepStrictEqual(chosen.availableDeliveryStrategies, ["separately", "together"])
      const strategy = yield* client.deliveries.deliveryStrategy({ payload: { strategy: "together" } })
      assert.strictEqual(strategy.status?.status, "ok")
      const badStrategy = yield* client.deliveries.deliveryStrategy({ payload: { strategy: "teleport" } })
      assert.deepStrictEqual(messages(badStrategy.status), [checkoutFlashKeys.strategyUnavailable])

      // RESET_WITHOUT_PUPS keeps the pick-up point; RESET_ALL clears it.
      const kept = yield* client.deliveries.cleanSelectedDelivery({ payload: { mode: RESET_WITHOUT_PUPS } })
      assert.isNotNull(methodOf(kept, "own", "pup")?.selected)
      const cleared = yield* client.deliveries.cleanSelectedDelivery({ payload: { mode: RESET_ALL, deliveryId: "own" } })
      assert.isNull(methodOf(cleared, "own", "pup")?.selected)

      // An address delivery for a customer with a shipping address; RESET_WITHOUT_PUPS clears it; deselect too.
      const courier = yield* client.deliveries.selectDeliveryMethod({ payload: { deliveryId: "own", type: "address", transportId: "courier-cz" } })
      assert.strictEqual(courier.status?.status, "ok")
      assert.isNotNull(methodOf(courier, "own", "address")?.selected)
      const resetAddress = yield* client.deliveries.cleanSelectedDelivery({ payload: { mode: RESET_WITHOUT_PUPS } })
      assert.isNull(methodOf(resetAddress, "own", "address")?.selected)
      yield* chooseShopPickup(client)
      const deselected = yield* client.deliveries.deselectDelivery({ payload: { deliveryId: "own" } })
      assert.isNull(methodOf(deselected, "own", "pup")?.selected)

      // A branch closed after it was chosen: check-delivery-method warns.
      yield* chooseShopPickup(client)
      yield* sql((c) => c`UPDATE branches SET active = false WHERE branch_id = ${Number(branch.id)}`)
      const stale = yield* client.deliveries.checkDeliveryMethod({ query: { deliveryId: "own" } })
      assert.strictEqual(stale.status?.status, "error")
      assert.deepStrictEqual(messages(stale.status), [checkoutFlashKeys.deliveryNoLongerAvailable])
      yield* sql((c) => c`UPDATE branches SET active = true WHERE branch_id = ${Number(branch.id)}`)

      // Customer history: the branch of a placed order.
      const before = yield* client.deliveries.customerHistory({ query: { deliveryId: "own" } })
      assert.isFalse((before.customerHistory ?? []).some((b) => b.id === branch.id))
      yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZU" } })
      const placed = yield* client.cartStep.nextStep({ payload: { step: 3 } })
      assert.strictEqual(placed.step, 4)
      yield* client.cart.addToCart({ payload: { variantId: first.variantId, amount: 1 } })
      const after = yield* client.deliveries.customerHistory({ query: { deliveryId: "own" } })
      assert.strictEqual(after.customerHistory?.[0]?.id, branch.id)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a guest's customer history is 401 LoginRequired (§6)", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      const own = yield* ownVariant(sql, { minStock: 3 })
      yield* client.cart.addToCart({ payload: { variantId: own.variantId, amount: 1 } })
      const refused = yield* Effect.flip(client.deliveries.customerHistory({ query: { deliveryId: "own" } }))
      assert.strictEqual(refused._tag, "LoginRequired")
      const branch = yield* shopBranch(client)
      assert.isString(branch.id)
    }).pipe(Effect.provide(clientLayerFor(backend))))

  it.effect("a delivery change that makes the payment invalid clears it with a notice", () =>
    Effect.gen(function*() {
      const client = yield* freshClient
      yield* loggedInWithEmptyCart(client, sql, "adult")
      const own = yield* ownVariant(sql, { minStock: 3 })
      yield* client.cart.addToCart({ payload: { variantId: own.variantId, amount: 1 } })
      yield* chooseShopPickup(client)
      const paid = yield* client.cartApi.selectBillingMethod({ query: { billingMethodId: "CZU" } })
      assert.strictEqual(paid.status?.status, "ok")
      const courier = yield* client.deliveries.selectDeliveryMethod({ payload: { deliveryId: "own", type: "address", transportId: "courier-cz" } })
      assert.strictEqual(courier.status?.status, "ok")
      assert.deepStrictEqual(messages(courier.status), [checkoutFlashKeys.paymentReset])
      assert.strictEqual(courier.status?.flashMessages?.[0]?.type, "notice")
      assert.isFalse(courier.billingMethods?.["CZU"]?.selected ?? false)
    }).pipe(Effect.provide(clientLayerFor(backend))))
})
