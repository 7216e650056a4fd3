/**
 * A checkout step's virtual pageview (§2) pushed to `window.dataLayer` without the services: the pageview is built by
 * the core's pure rule ({@link virtualPageview}) from the same texts the tag manager service uses, after the tag
 * manager's load delay (§9), so a full load of the cart or a checkout step reports its step without loading Effect and
 * the API client. Loaded on demand by `useTracking`; the step's tag data (§4, an API call) still goes through the
 * services.
 *
 * @module
 */
import type { Shop } from "../../core/domain/shop.ts"
import {
  localisedVirtualPageviews,
  tagManagerLoadDelayMs,
  tagManagerPageNumbers,
  virtualPageview,
  type TagCheckoutStep,
  type VirtualPageview,
  type VirtualPageviewConfig
} from "../../core/domain/tagManager.ts"
import type { TagStep } from "../../core/api/tagData.ts"
import type { StorefrontTrackingOptions } from "../../core/storefrontAnalytics.ts"
import { windowDataLayer } from "./windowDataLayer.ts"

/**
 * The virtual pageview texts of the shop: the configured ones, else each step's location in the shop and its title
 * (as `storefrontAnalytics` gives the tag manager service).
 */
export const virtualPageviewsOf = (shop: Pick<Shop, "urlKeys">, tracking: StorefrontTrackingOptions | undefined): VirtualPageviewConfig =>
  tracking?.virtualPageviews ?? localisedVirtualPageviews(shop, (step) => tracking?.stepTitles?.[step] ?? step)

/** The virtual pageview of a checkout step in the shop (§2). */
export const checkoutPageview = (shop: Pick<Shop, "urlKeys">, tracking: StorefrontTrackingOptions | undefined, step: TagCheckoutStep): VirtualPageview =>
  virtualPageview(virtualPageviewsOf(shop, tracking), step, tagManagerPageNumbers[step])

/** The tag-manager step whose tag data a checkout step loads (§4: 1, 3, 3, 5). */
export const tagStepOf = (step: TagCheckoutStep): TagStep => tagManagerPageNumbers[step] as TagStep

/**
 * Pushes a checkout step's virtual pageview to `window.dataLayer` after the tag manager's load delay; resolves with
 * whether it was pushed (false when the data layer's push threw: the tag manager service then pushes it through its
 * port, which reports the failure as a debug event, §8). Never rejects.
 */
export const pushCheckoutPageview = (
  shop: Pick<Shop, "urlKeys">,
  tracking: StorefrontTrackingOptions | undefined,
  step: TagCheckoutStep
): Promise<boolean> =>
  new Promise((resolve) => {
    setTimeout(() => {
      try {
        windowDataLayer().push(checkoutPageview(shop, tracking, step))
        resolve(true)
      } catch {
        resolve(false)
      }
    }, tagManagerLoadDelayMs)
  })
