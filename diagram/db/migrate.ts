// Numbered SQL migrations (diagram/db/migrations/NNNN_name.sql), applied at start, each in its own
// transaction and recorded with a checksum, so a database is never left half-migrated and an
// edited migration is noticed instead of silently diverging.
import { describeError } from "../../shared/describe_error.ts";
import { sha256Hex } from "../digest.ts";
import { transactionControl } from "./transaction_control.ts";
import type { Database } from "./database.ts";

/** One numbered migration file as shipped: its version, name, SQL and the SQL's checksum. */
export interface Migration {
  version: number;
  file: string;
  sql: string;
  checksum: string;
}

/** A migration as the database records it once applied (schema_migrations). */
export interface AppliedMigration {
  version: number;
  file: string;
  checksum: string;
}

/** The files or the database's history cannot be reconciled; the message says what to do. */
export class MigrationError extends Error {
  override name = "MigrationError";
}

/** Where the shipped migrations are (compiled binaries include this folder). */
export const MIGRATIONS_DIR = new URL("./migrations/", import.meta.url);

const FILE_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;
/** A migration read from its file name (NNNN_name.sql) and text; refuses a misnamed file or one
 * that opens or ends its own transaction. */
export function migrationFromFile(file: string, sql: string): Migration {
  const match = FILE_NAME.exec(file);
  if (!match) {
    throw new MigrationError(
      `migration file ${file} is misnamed: expected NNNN_lowercase_name.sql, e.g. 0002_add_tags.sql`,
    );
  }
  const control = transactionControl(sql);
  if (control) {
    throw new MigrationError(
      `migration ${file} controls its own transaction (${control.keyword} on line ${control.line}): remove BEGIN/COMMIT/END/ROLLBACK, the runner wraps each file in one`,
    );
  }
  return { version: Number(match[1]), file, sql, checksum: sha256Hex(sql) };
}

/** Every migration in `dir`, in version order; refuses two files with the same number. */
export async function loadMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  // File names resolve against the folder only if its URL ends with a slash.
  const folder = dir.href.endsWith("/") ? dir : new URL(`${dir.href}/`);
  const migrations: Migration[] = [];
  for await (const entry of Deno.readDir(folder)) {
    if (!entry.isFile || !entry.name.endsWith(".sql")) continue;
    migrations.push(
      migrationFromFile(entry.name, await Deno.readTextFile(new URL(entry.name, folder))),
    );
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i].version === migrations[i - 1].version) {
      throw new MigrationError(
        `migrations ${migrations[i - 1].file} and ${migrations[i].file} share the number ${
          migrations[i].version
        }`,
      );
    }
  }
  return migrations;
}

/** Which migrations still have to run; refuses a database that disagrees with the files. */
export function pendingMigrations(
  migrations: readonly Migration[],
  applied: readonly AppliedMigration[],
): Migration[] {
  const known = new Map(migrations.map((migration) => [migration.version, migration]));
  for (const row of applied) {
    const migration = known.get(row.version);
    if (!migration) {
      throw new MigrationError(
        `the database has migration ${row.file}, which this version does not ship: run a newer release`,
      );
    }
    if (migration.checksum !== row.checksum) {
      throw new MigrationError(
        `migration ${migration.file} was changed after it was applied: restore the original file and put the change in a new migration`,
      );
    }
  }
  const done = new Set(applied.map((row) => row.version));
  const pending = migrations.filter((migration) => !done.has(migration.version));
  const latest = applied.at(-1);
  const late = latest && pending.find((migration) => migration.version < latest.version);
  if (late) {
    // Databases migrated before this file appeared would end up with a different history.
    throw new MigrationError(
      `migration ${late.file} is numbered below ${latest.file}, which is already applied: give it a number above ${latest.version}`,
    );
  }
  return pending;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  file TEXT NOT NULL,
  checksum TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

/** The migrations `db` has applied, oldest first (creating the record table when missing). */
export async function appliedMigrations(db: Database): Promise<AppliedMigration[]> {
  await db.execute(CREATE_TABLE);
  const result = await db.execute(
    "SELECT version, file, checksum FROM schema_migrations ORDER BY version",
  );
  return result.rows.map((row) => ({
    version: Number(row.version),
    file: String(row.file),
    checksum: String(row.checksum),
  }));
}

/** Applies what is pending; returns the files applied now. */
export async function migrate(
  db: Database,
  migrations: readonly Migration[],
): Promise<string[]> {
  const pending = pendingMigrations(migrations, await appliedMigrations(db));
  const appliedNow: string[] = [];
  for (const migration of pending) {
    const tx = await db.transaction("write");
    try {
      // Another instance sharing a remote database may have applied it since we looked.
      const already = await tx.execute({
        sql: "SELECT 1 FROM schema_migrations WHERE version = ?",
        args: [migration.version],
      });
      if (already.rows.length > 0) {
        await tx.rollback();
        continue;
      }
      await tx.executeMultiple(migration.sql);
      await tx.execute({
        sql:
          "INSERT INTO schema_migrations (version, file, checksum, applied_at) VALUES (?, ?, ?, ?)",
        args: [migration.version, migration.file, migration.checksum, new Date().toISOString()],
      });
      await tx.commit();
      appliedNow.push(migration.file);
    } catch (error) {
      await tx.rollback().catch(() => {});
      throw new MigrationError(
        `migration ${migration.file} failed, nothing of it was applied: ${describeError(error)}`,
        { cause: error },
      );
    } finally {
      tx.close();
    }
  }
  return appliedNow;
}
