/**
 * The seeded in-memory database of a test file, reused by the next file of the same worker (issue 9: a restore of
 * the seeded template costs about a second of CPU and the backend files made about eighty).
 *
 * A database is restored from the template once; when a file's backend releases it, it is reset to the template's
 * contents and kept for the next one, so each file still starts from the seeded data as if freshly restored:
 * - the rows: every table of `public` has a statement trigger that notes it changed; the changed tables get their
 *   rows back from a copy taken right after the restore (deleted, then inserted in the copy's order, with the foreign
 *   keys' triggers off while the set is inconsistent);
 * - the sequences: all set back to the template's values;
 * - the session: rolled back, settings and advisory locks reset.
 * A database is closed instead of kept (the next file restores a fresh one) when the reset cannot give the
 * template's state back: its catalogue changed (DDL, TRUNCATE, ANALYZE: a fingerprint of the system catalogues
 * differs), a changed table was not copied (too large to copy back cheaply), the reset failed, or it has served
 * {@link filesAtMost} files. At most one database is kept per worker.
 */
import type { PGlite } from "@electric-sql/pglite"
import type { PgliteReuse } from "../../demo/server/db/PgliteClient.ts"

/** The schema of the copies and the change notes (not `public`, so the application never sees it). */
const schema = "sf_reset"
/** Tables with more rows than this are not copied: changing one closes the database instead (copying back costs more). */
const copiedRowsAtMost = 20_000
/**
 * A database is closed after this many files: the rows copied back leave the deleted ones behind (no VACUUM, which
 * would let new rows take their place, ahead of the seeded ones in a scan), so a database grows with every reset.
 */
const filesAtMost = 10

/** What a kept database is reset with. */
interface Kept {
  /** The system catalogues' fingerprint after the last reset: a changed one means DDL happened. */
  fingerprint: string
  /** The tables copied (quoted names in `public`), each with its insertable columns. */
  readonly copied: ReadonlyMap<string, string>
  /** Sets every sequence back to the template's value. */
  readonly sequences: string
  /** The files that have used it. */
  uses: number
}

const kept = new WeakMap<PGlite, Kept>()
let idle: PGlite | undefined

const quote = (name: string) => `"${name.replaceAll("\"", "\"\"")}"`

const catalogues = ["pg_class", "pg_attribute", "pg_constraint", "pg_index", "pg_trigger", "pg_proc", "pg_type", "pg_namespace", "pg_attrdef", "pg_rewrite", "pg_statistic", "pg_sequence"]
/** Each catalogue's row count and newest row version: any DDL (and TRUNCATE, ANALYZE) changes one of them. */
const fingerprintQuery = `SELECT concat_ws(',', ${catalogues.map((name) => `(SELECT count(*) || ':' || coalesce(max(xmin::text::bigint), 0) FROM pg_catalog.${name})`).join(", ")}) AS fingerprint`

const fingerprint = async (db: PGlite): Promise<string> =>
  (await db.query<{ fingerprint: string }>(fingerprintQuery)).rows[0]!.fingerprint

/** Right after the restore: the copies, the change notes and the sequences' values. */
const prepare = async (db: PGlite): Promise<Kept> => {
  const tables = (await db.query<{ name: string; columns: string | null }>(`
    SELECT c.relname AS name,
      (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
    FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY c.relname`)).rows
  const counts = tables.length === 0 ? [] : (await db.query<{ name: string; rows: number }>(
    tables.map((table) => `SELECT ${`'${table.name.replaceAll("'", "''")}'`} AS name, count(*)::int AS rows FROM public.${quote(table.name)}`).join(" UNION ALL ")
  )).rows
  const rowsOf = new Map(counts.map((count) => [count.name, count.rows]))
  const copied = new Map<string, string>()
  const statements = [
    `CREATE SCHEMA ${schema}`,
    `CREATE TABLE ${schema}.changed (name text PRIMARY KEY)`,
    `CREATE FUNCTION ${schema}.note_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO ${schema}.changed VALUES (TG_TABLE_NAME) ON CONFLICT DO NOTHING; RETURN NULL; END $$`
  ]
  for (const table of tables) {
    const name = quote(table.name)
    statements.push(`CREATE TRIGGER sf_reset_note_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.${name}
      FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.note_change()`)
    if ((rowsOf.get(table.name) ?? 0) <= copiedRowsAtMost && table.columns !== null) {
      statements.push(`CREATE TABLE ${schema}.${name} AS SELECT ${table.columns} FROM public.${name}`)
      copied.set(table.name, table.columns)
    }
  }
  await db.exec(statements.join(";\n"))
  // Each sequence's own row (pg_sequences answers no value for some the seed set with setval).
  const names = (await db.query<{ name: string }>(`SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'S' ORDER BY 1`)).rows.map((row) => row.name)
  const values = names.length === 0 ? [] : (await db.query<{ name: string; value: string; called: boolean }>(
    names.map((name) => `SELECT '${name.replaceAll("'", "''")}' AS name, last_value::text AS value, is_called AS called FROM ${name}`).join(" UNION ALL ")
  )).rows
  const sequences = values.map((s) => `SELECT setval('${s.name.replaceAll("'", "''")}', ${s.value}, ${s.called})`).join(";\n")
  return { fingerprint: await fingerprint(db), copied, sequences, uses: 0 }
}

/** Gives the database the template's state back; `false` when it cannot (then it is closed). */
const reset = async (db: PGlite, state: Kept): Promise<boolean> => {
  if (++state.uses >= filesAtMost) return false
  await db.exec("ROLLBACK").catch(() => undefined)
  await db.exec("RESET ALL; DEALLOCATE ALL; SELECT pg_advisory_unlock_all()")
  if (await fingerprint(db) !== state.fingerprint) return false
  const changed = (await db.query<{ name: string }>(`SELECT name FROM ${schema}.changed ORDER BY name`)).rows.map((row) => row.name)
  if (changed.some((name) => !state.copied.has(name))) return false
  const statements = ["BEGIN", "SET LOCAL session_replication_role = replica"]
  for (const name of changed) {
    const columns = state.copied.get(name)!
    statements.push(`DELETE FROM public.${quote(name)}`)
    statements.push(`INSERT INTO public.${quote(name)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${schema}.${quote(name)}`)
  }
  statements.push(`DELETE FROM ${schema}.changed`, state.sequences, "COMMIT")
  await db.exec(statements.join(";\n"))
  state.fingerprint = await fingerprint(db)
  return true
}

/** The reuse of this worker's seeded in-memory databases (`Database.layerMemoryWith({ reuse })`). */
export const seededPool: PgliteReuse = {
  take: async () => {
    const db = idle
    idle = undefined
    return db
  },
  opened: async (db) => {
    kept.set(db, await prepare(db))
  },
  release: async (db) => {
    const state = kept.get(db)
    const reusable = state !== undefined && idle === undefined && !db.closed &&
      await reset(db, state).catch(() => false)
    if (reusable && idle === undefined) idle = db
    else if (!db.closed) await db.close()
  }
}
