/**
 * The migrations' SQL text is frozen once shipped (demo/server/db/migrations/index.ts): the Migrator records a
 * migration by its id and name only, so a database created earlier would never run a changed text. The SHA-256 of each
 * migration's exported statement lists (JSON of the array), recorded before their SQL was built by the helpers of
 * statements.ts, must not change. A new migration adds its row here when it ships.
 */
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { migrations } from "../../demo/server/db/migrations/index.ts"

const shipped: ReadonlyArray<readonly [migration: string, list: string, sha256: string]> = [
  ["0001_catalog", "statements", "619e1620c7fab1d2d60862b3a803f61d15cb6b4dc3b179069e90587a2c958536"],
  ["0002_logistics", "statements", "b30a57b4146047c37bf60d77e2512cf67d70466d2273d0446e8f8d5ced7c7ff8"],
  ["0003_content", "statements", "908e97c2f5b75041cc86f29b32248b866f7ad18fc2db5fdba53cfd3a15a3cd72"],
  ["0004_customers", "statements", "2745c4d3357186712df3ff2594433318cd503ece33364e085b3b8c4e819950ac"],
  ["0005_carts_orders", "statements", "4c448bc4347a676eb5956a8ad863eea0714babc21cde9993a40f34aea4909742"],
  ["0006_events", "statements", "618fdcab3a5bdc9bc1c2d37327787b1d0cb7f81e33875f0b6a45ae759d0fe099"],
  ["0007_checkout", "statements", "4dfa91fa490d0f77b2b539497cbafb49505b4b66bb2bd1c8be2bd3f7f2603f9f"],
  ["0008_contact", "statements", "a5be2b6fb1145c3d39b522c6aa38a480895d5095bd4cc6fc319074b6d824dac7"],
  ["0009_account", "statements", "dba6c3fb0bd7286fb7365ad2f8c77f8450192d4c13f92aebc04ef1fc5845e2a7"],
  ["0010_storefront_rules", "statements", "ac38c00f7fa6cda7f2762beea6ff01a58eae5c6fbb4892cc1f561450cc4b5fb2"],
  ["0011_cache_invalidation", "statements", "f3bf7ff09823225bb5559da1778373284db390e34e6693a6c6dc5ffdb8e95d97"],
  ["0012_catalogue_indexes", "statements", "e8ab7206bdb1279e1d5a9f05faf7c59cde838e0aa1d5f08ca43f13be1d41766c"],
  ["0013_read_cache_invalidation", "statements", "f4929e85775dac2a30e0ef3b2b585a3d76885f7dddf3a45de7a9c436a2a56b1d"],
  ["0014_recovery_outbox_pets", "statements", "00d1cac0b6946d4160920e38db43baf46459b5b497abe0957e75ec3cec0cc552"],
  ["0015_watchdog", "statements", "3abd145b629fe714c272a50a703c03eb28f922eb385f6c1a7755b6acd31b79e0"],
  ["0016_account_clubs", "demoStatements", "cc0d60d87df081bf60b3cf11ccb8d817f21c63310fbaf38243c8cdd23f28c9d8"],
  ["0016_account_clubs", "statements", "140204ff2e51400cc7b0bb8b728c82dbf0454ed291366e549195855e8c6c0e56"],
  ["0017_cart_reads_at_scale", "statements", "9f4b60c44fad4f83db48dec347d3f079bd66be3b5c29895604f6e4b3f2ca342d"],
  ["0018_versioned_cart_invalidation", "statements", "40154c5c0fc8e706fbf170400938a9b9fe37e23c8fbd32319d28566c1f6ea383"],
  ["0019_idempotency_answers_as_json", "statements", "a9753c118975b52972c60a66bfd21a89793793a506b462fe6ed603a7b41ed590"],
  ["0020_idempotency_answers_lz4", "statements", "3e1aaa14e62343db13d2cc5aa69f9025d7afa78211676c5b31d7db4d2cae61d7"],
  ["0021_media_as_png", "statements", "fb8ca8b7849e900a25b30d94b65c5adc43741febf6ed9d5a34015bce18832bda"],
  ["0023_fast_cart_notices", "statements", "80e573c0034d1f06ada2cd28a7fd669bce688c24782ffee121a1d305181e57ff"],
  ["0024_idempotency_answers_as_text", "statements", "a54b145c31775e964ac4ad3954e77de134a2fbbce8bd966003b5d8d6795177e4"],
  ["0025_versioned_cart_creation_notice", "statements", "60cb148fa834a1a859148cf9f31940d8b31414ba6f479216a745f45dd1d0b3c8"]
]

const sha256 = (statements: ReadonlyArray<string>) => createHash("sha256").update(JSON.stringify(statements)).digest("hex")

describe("shipped migrations (demo/server/db/migrations)", () => {
  it.each(shipped)("%s: the SQL of its %s is the shipped text", async (migration, list, hash) => {
    const module = await import(`../../demo/server/db/migrations/${migration}.ts`) as Record<string, ReadonlyArray<string>>
    expect(migration in migrations, `${migration} is listed in the migration index`).toBe(true)
    expect(sha256(module[list]!)).toBe(hash)
  })
})
