/**
 * The SQL migrations of the reference backend, applied at start with the `effect/sql` Migrator and
 * tracked in the {@link migrationsTable} table (an applied migration never runs again, so running
 * them is idempotent). Add a migration as `NNNN_name.ts` exporting its statements and default
 * effect, then list it in {@link migrations}; never edit one that has shipped.
 *
 * @module
 */
import type { Effect } from "effect"
import { Migrator } from "effect/sql"
import type { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import catalog from "./0001_catalog.ts"
import logistics from "./0002_logistics.ts"
import content from "./0003_content.ts"
import customers from "./0004_customers.ts"
import cartsOrders from "./0005_carts_orders.ts"
import events from "./0006_events.ts"
import checkout from "./0007_checkout.ts"
import contact from "./0008_contact.ts"
import account from "./0009_account.ts"
import storefrontRules from "./0010_storefront_rules.ts"
import cacheInvalidation from "./0011_cache_invalidation.ts"
import catalogueIndexes from "./0012_catalogue_indexes.ts"
import readCacheInvalidation from "./0013_read_cache_invalidation.ts"
import recoveryOutboxPets from "./0014_recovery_outbox_pets.ts"
import watchdog from "./0015_watchdog.ts"
import accountClubs from "./0016_account_clubs.ts"
import cartReadsAtScale from "./0017_cart_reads_at_scale.ts"
import versionedCartInvalidation from "./0018_versioned_cart_invalidation.ts"
import idempotencyAnswersAsJson from "./0019_idempotency_answers_as_json.ts"
import idempotencyAnswersLz4 from "./0020_idempotency_answers_lz4.ts"
import mediaAsPng from "./0021_media_as_png.ts"
import cartVersionLists from "./0022_cart_version_lists.ts"
import fastCartNotices from "./0023_fast_cart_notices.ts"
import idempotencyAnswersAsText from "./0024_idempotency_answers_as_text.ts"
import versionedCartCreationNotice from "./0025_versioned_cart_creation_notice.ts"

/** The table recording applied migrations (`migration_id`, `name`, `created_at`). */
export const migrationsTable = "schema_migrations"

/** Every migration, keyed `<id>_<name>` as the Migrator's `fromRecord` loader expects. */
export const migrations: Readonly<Record<string, Effect.Effect<void, SqlError, SqlClient.SqlClient>>> = {
  "0001_catalog": catalog,
  "0002_logistics": logistics,
  "0003_content": content,
  "0004_customers": customers,
  "0005_carts_orders": cartsOrders,
  "0006_events": events,
  "0007_checkout": checkout,
  "0008_contact": contact,
  "0009_account": account,
  "0010_storefront_rules": storefrontRules,
  "0011_cache_invalidation": cacheInvalidation,
  "0012_catalogue_indexes": catalogueIndexes,
  "0013_read_cache_invalidation": readCacheInvalidation,
  "0014_recovery_outbox_pets": recoveryOutboxPets,
  "0015_watchdog": watchdog,
  "0016_account_clubs": accountClubs,
  "0017_cart_reads_at_scale": cartReadsAtScale,
  "0018_versioned_cart_invalidation": versionedCartInvalidation,
  "0019_idempotency_answers_as_json": idempotencyAnswersAsJson,
  "0020_idempotency_answers_lz4": idempotencyAnswersLz4,
  "0021_media_as_png": mediaAsPng,
  "0022_cart_version_lists": cartVersionLists,
  "0023_fast_cart_notices": fastCartNotices,
  "0024_idempotency_answers_as_text": idempotencyAnswersAsText,
  "0025_versioned_cart_creation_notice": versionedCartCreationNotice
}

const runMigrator = Migrator.make({})

/**
 * Applies the pending migrations in one transaction and returns the `[id, name]` pairs it applied
 * (empty when the database is up to date). Concurrent starts on one PostgreSQL are safe: the
 * migrator locks its table, and a loser of the race applies nothing.
 */
export const migrate: Effect.Effect<
  ReadonlyArray<readonly [id: number, name: string]>,
  Migrator.MigrationError | SqlError,
  SqlClient.SqlClient
> = runMigrator({ loader: Migrator.fromRecord({ ...migrations }), table: migrationsTable })
