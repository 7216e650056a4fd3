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
  tagManagerDebugEvent,
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
 * Pushes a checkout step's virtual pageview to `window.dataLayer` after the tag manager's load delay; resolves once
 * pushed. A push that throws (a replaced data layer) is reported as a debug event, as the tag manager service does
 * (§8); nothing here rejects.
 */
export const pushCheckoutPageview = (
  shop: Pick<Shop, "urlKeys">,
  tracking: StorefrontTrackingOptions | undefined,
  step: TagCheckoutStep
): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(() => {
      try {
        windowDataLayer().push(checkoutPageview(shop, tracking, step))
      } catch (error) {
        try {
          windowDataLayer().push(tagManagerDebugEvent(error))
        } catch {
          // The data layer refuses even the debug event: nothing more to report it to.
        }
      }
      resolve()
    }, tagManagerLoadDelayMs)
  })
