/**
 * The banner group (spec §2 banner slider, §3 "Banner slide", §7 PUT /api/banner/impression and
 * /api/banner/hit): the home slider's slides of the session's shop, and view and click counters.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import type { BannerSlide } from "../../../core/api/entities/banner.ts"
import { NotFound } from "../../../core/api/errors.ts"
import { Session, type SessionData } from "../../../core/api/security.ts"
import { ShopApi } from "../../../core/api/ShopApi.ts"

/** The banner placement whose slides the slider shows. */
export const homeSliderPlacement = "home_slider"

/** The banner placement of the floating banner. */
export const floatingPlacement = "floating"

interface SlideRow {
  readonly slide_id: number
  readonly url: string
  readonly data_name: string
  readonly image_url: string
  readonly style: string | null
  readonly thumbnail_image_url: string
  readonly title: string
  readonly pattern_image_url: string | null
  readonly bg_direction: string | null
  readonly bg_color1: string | null
  readonly bg_color2: string | null
}

const optional = <K extends string>(key: K, value: string | null): { readonly [P in K]?: string } =>
  (value === null ? {} : { [key]: value }) as { readonly [P in K]?: string }

/** A slide row as the wire's slide (§3): `id` is the slide id, absent optional columns are left out. */
export const toBannerSlide = (row: SlideRow): BannerSlide => ({
  id: row.slide_id,
  url: row.url,
  data_name: row.data_name,
  image_url: row.image_url,
  thumbnail_image_url: row.thumbnail_image_url,
  title: row.title,
  ...optional("style", row.style),
  ...optional("pattern_image_url", row.pattern_image_url),
  ...optional("bg_direction", row.bg_direction),
  ...optional("bg_color1", row.bg_color1),
  ...optional("bg_color2", row.bg_color2)
})

/**
 * The handlers of the banner group. `slides` lists the slides of the shop's active home-slider
 * banners valid now, in banner then slide order; `floating` the first slide of its active floating banner, or null. `impression` and `hit` record one event for a
 * slide of an active banner of the session's shop (any placement: the floating banner counts too),
 * 404 for any other id; they answer 204.
 */
export const BannerHandlers = HttpApiBuilder.group(
  ShopApi,
  "banner",
  Effect.fn(function*(handlers) {
    const sql = yield* SqlClient.SqlClient
    const record = (kind: "impression" | "hit", bannerId: number, session: SessionData) =>
      Effect.gen(function*() {
        const inserted = yield* Effect.orDie(sql<{ event_id: number }>`
          INSERT INTO banner_events (shop_id, slide_id, kind, session_id)
          SELECT b.shop_id, s.slide_id, ${kind}, ${session.sessionId}
          FROM banner_slides s JOIN banners b ON b.banner_id = s.banner_id
          WHERE s.slide_id = ${bannerId} AND b.shop_id = ${session.shopId} AND b.active
          RETURNING event_id`)
        if (inserted.length === 0) return yield* new NotFound({ message: "No such banner." })
      })
    /** The active, currently valid slides of a placement in a shop, in display order. */
    const liveSlides = (shopId: string, placement: string) =>
      Effect.orDie(sql<SlideRow>`
        SELECT s.slide_id, s.url, s.data_name, s.image_url, s.style, s.thumbnail_image_url, s.title,
               s.pattern_image_url, s.bg_direction, s.bg_color1, s.bg_color2
        FROM banner_slides s JOIN banners b ON b.banner_id = s.banner_id
        WHERE b.shop_id = ${shopId} AND b.placement = ${placement} AND b.active
          AND (b.valid_from IS NULL OR b.valid_from <= now()) AND (b.valid_to IS NULL OR b.valid_to > now())
        ORDER BY b.position, b.banner_id, s.position, s.slide_id`)
    return handlers
      .handle("impression", ({ payload }) => Effect.flatMap(Session, (session) => record("impression", payload.bannerId, session)))
      .handle("hit", ({ payload }) => Effect.flatMap(Session, (session) => record("hit", payload.bannerId, session)))
      .handle("slides", () =>
        Effect.gen(function*() {
          const session = yield* Session
          const rows = yield* liveSlides(session.shopId, homeSliderPlacement)
          return { slides: rows.map(toBannerSlide) }
        }))
      .handle("floating", () =>
        Effect.gen(function*() {
          const session = yield* Session
          const rows = (yield* liveSlides(session.shopId, floatingPlacement)).slice(0, 1)
          const row = rows[0]
          return { slide: row === undefined ? null : toBannerSlide(row) }
        }))
  })
)
