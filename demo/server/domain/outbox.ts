/**
 * The mail outbox: the demo has no mail server, so every e-mail the shop would send is stored in `mail_outbox`
 * (migration 14) for the operator to read (demo/server/db/README.md). With {@link MailDropDir} set at start-up
 * (`STOREFRONT_MAIL_DROP_DIR`), each message is also written there as one `.eml`-style text file, which is how the
 * end-to-end test reads a recovery link from a running server.
 *
 * @module
 */
import { mkdir, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Context, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { ShopId } from "../../../core/domain/shop.ts"

/** A directory each outgoing message is also written to; none by default (read from the environment at start-up only). */
export const MailDropDir = Context.Reference<string | undefined>("demo/server/MailDropDir", {
  defaultValue: () => undefined
})

/** The environment variable that sets {@link MailDropDir} when the server starts. */
export const mailDropDirVariable = "STOREFRONT_MAIL_DROP_DIR"

/** One message to send. */
export interface OutgoingMail {
  /** The shop it is sent for. */
  readonly shopId: ShopId
  /** What kind of message it is (e.g. `password-recovery`). */
  readonly kind: string
  /** The recipient's e-mail address. */
  readonly recipient: string
  /** The subject line. */
  readonly subject: string
  /** The plain-text body. */
  readonly body: string
}

/** Stores a message in the outbox (in the caller's transaction) and answers its id. */
export const storeMail = (mail: OutgoingMail) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ mail_id: number }>`
      INSERT INTO mail_outbox (shop_id, kind, recipient, subject, body)
      VALUES (${mail.shopId}, ${mail.kind}, ${mail.recipient}, ${mail.subject}, ${mail.body})
      RETURNING mail_id`
    return rows[0]!.mail_id
  })

/** Writes a stored message into the drop directory as `<id>.txt` (headers, blank line, body). */
export const dropMail = (directory: string, mailId: number, mail: OutgoingMail): Effect.Effect<void> =>
  Effect.promise(async () => {
    await mkdir(directory, { recursive: true })
    const text = `To: ${mail.recipient}\nSubject: ${mail.subject}\nX-Shop: ${mail.shopId}\nX-Kind: ${mail.kind}\n\n${mail.body}\n`
    await writeFile(join(directory, `${String(mailId).padStart(6, "0")}.txt`), text, { mode: 0o600 })
  })
