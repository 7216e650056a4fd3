/**
 * Tag-manager analytics rules (spec §2 checkout table, §4 tag data per step, §5 queued prices,
 * §8 debug events, §9 load delay).
 *
 * @module
 */

import { describeError } from "./tracking.ts"
import { stepLocation } from "./checkout.ts"
import type { Shop } from "./shop.ts"

/** Delay before the tag manager loads, in ms (§9). */
export const tagManagerLoadDelayMs = 300

/** The checkout steps as the tag manager sees them (§2). */
export const tagCheckoutSteps = ["preview", "customer", "shipping", "confirmation"] as const

/** A checkout step. */
export type TagCheckoutStep = (typeof tagCheckoutSteps)[number]

/** The tag-manager page number of each checkout step (§2 table: 1, 3, 3, 5). */
export const tagManagerPageNumbers: { readonly [K in TagCheckoutStep]: number } = {
  preview: 1,
  customer: 3,
  shipping: 3,
  confirmation: 5
}

/** The last tag-manager step number (§4: step 5 is the purchase). */
export const lastTagManagerStep = 5

/** The tag-manager steps that prefetch tag data for the later steps (§4). */
export const prefetchingSteps: ReadonlyArray<number> = [3, 4]

/** The tag-manager step on which the purchase id replaces the placeholder in cached queue items (§4). */
export const purchaseIdStep = 5

/** The token in cached queue items that stands for the purchase id until step 5 (not shown; ours). */
export const purchaseIdPlaceholder = "__PURCHASE_ID__"

/** The event name of a virtual pageview (not shown; ours). */
export const virtualPageviewEvent = "virtualPageview"

/** The event name of a tag-manager debug event (not shown; ours). */
export const tagManagerDebugEventName = "tagManagerDebug"

/** The localised url and title of one step's virtual pageview. */
export interface VirtualPageviewText {
  /** The virtual page's url. */
  readonly url?: string | null | undefined
  /** The virtual page's title. */
  readonly title?: string | null | undefined
}

/** The localisation config of virtual pageviews: one entry per checkout step, each optional. */
export type VirtualPageviewConfig = { readonly [K in TagCheckoutStep]?: VirtualPageviewText | null | undefined }

/** A virtual pageview event (§2). */
export type VirtualPageview = {
  /** Always {@link virtualPageviewEvent}. */
  readonly event: typeof virtualPageviewEvent
  /** The localised url, or `/checkout/{pageNumber}/{step}` when not configured. */
  readonly virtualPageURL: string
  /** The localised title, or the step name when not configured. */
  readonly virtualPageTitle: string
  /** The checkout step. */
  readonly checkoutStep: TagCheckoutStep
  /** The tag-manager page number of the step. */
  readonly checkoutStepNumber: number
}

const nonBlank = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== ""

/**
 * The virtual pageview of a checkout step (§2), built from the localisation config; the page number
 * is the step's tag-manager page number (see {@link tagManagerPageNumbers}).
 */
export const virtualPageview = (config: VirtualPageviewConfig, step: TagCheckoutStep, pageNumber: number): VirtualPageview => {
  const text = config[step]
  return {
    event: virtualPageviewEvent,
    virtualPageURL: nonBlank(text?.url) ? text.url : `/checkout/${pageNumber}/${step}`,
    virtualPageTitle: nonBlank(text?.title) ? text.title : step,
    checkoutStep: step,
    checkoutStepNumber: pageNumber
  }
}

/** The later steps whose tag data a step prefetches (§4): 3 → [4, 5], 4 → [5], any other step → []. */
export const prefetchStepsFor = (step: number): ReadonlyArray<number> =>
  prefetchingSteps.includes(step)
    ? Array.from({ length: lastTagManagerStep - step }, (_, index) => step + 1 + index)
    : []

const isPlainContainer = (value: object): boolean => {
  if (Array.isArray(value)) return true
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

const replaceDeep = (value: unknown, id: string, seen: Set<object>): unknown => {
  if (typeof value === "string") return value.replaceAll(purchaseIdPlaceholder, id)
  if (typeof value !== "object" || value === null || !isPlainContainer(value) || seen.has(value)) return value
  seen.add(value)
  const result = Array.isArray(value)
    ? value.map((entry) => replaceDeep(entry, id, seen))
    : Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, replaceDeep(entry, id, seen)]))
  seen.delete(value)
  return result
}

/**
 * The cached queue items with every occurrence of {@link purchaseIdPlaceholder} in every string,
 * at any depth of arrays and plain objects, replaced by the purchase id (§4, step 5). Keys, numbers
 * and class instances are left alone; the input is not changed.
 */
export const replacePurchaseIdPlaceholder = <T>(items: ReadonlyArray<T>, purchaseId: string | number): ReadonlyArray<T> =>
  items.map((item) => replaceDeep(item, String(purchaseId), new Set()) as T)

/** The price a queued tag event carries (§5): divided by the quantity when the quantity is above 1. */
export const unitPriceForQueue = (price: number, quantity: number): number => (quantity > 1 ? price / quantity : price)

/** A product of a queued tag event. */
export interface QueuedTagProduct {
  /** The price for the whole quantity. */
  readonly price: number
  /** Pieces. */
  readonly quantity: number
}

/** The product with its price made a unit price by {@link unitPriceForQueue} (§5). */
export const withUnitPriceForQueue = <P extends QueuedTagProduct>(product: P): P => ({
  ...product,
  price: unitPriceForQueue(product.price, product.quantity)
})

/** A tag-manager failure as a debug event (§8). */
export type TagManagerDebugEvent = {
  /** Always {@link tagManagerDebugEventName}. */
  readonly event: typeof tagManagerDebugEventName
  /** The error's message. */
  readonly debugMessage: string
  /** The error's stack, "" when it had none. */
  readonly debugStack: string
}

/** The debug event that reports a tag-manager failure (§8). */
export const tagManagerDebugEvent = (error: unknown): TagManagerDebugEvent => {
  const { message, stack } = describeError(error)
  return { event: tagManagerDebugEventName, debugMessage: message, debugStack: stack ?? "" }
}

/**
 * The localisation config of a shop's virtual pageviews (§2): each step's url is its location in the shop (the cart
 * url key and the step's suffix), its title the step's navigation title in the shopper's language (`titleOf`).
 */
export const localisedVirtualPageviews = (
  shop: Pick<Shop, "urlKeys">,
  titleOf: (step: TagCheckoutStep) => string
): VirtualPageviewConfig =>
  Object.fromEntries(tagCheckoutSteps.map((step) => [step, { url: stepLocation(step, shop), title: titleOf(step) }]))
