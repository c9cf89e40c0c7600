// Consistent copies of an embedded database while the service writes to it, and what a copy holds.
// VACUUM INTO writes one transaction's view of the database into a new, compacted file; copying
// the file itself while the write-ahead log is active can give a torn copy.
import { createClient } from "@libsql/client";
import type { Database } from "./database.ts";
import { type AppliedMigration, appliedMigrations } from "./migrate.ts";

/** Writes a consistent copy of `db` to `file`, which must not exist yet. */
export async function snapshotInto(db: Database, file: string): Promise<void> {
  await db.execute({ sql: "VACUUM INTO ?", args: [file] });
}

/** What a backup says it holds, and a restore checks. */
/** How many of each kind of record a database file holds, for a backup's manifest. */
export interface DatabaseCounts {
  diagrams: number;
  trashed: number;
  revisions: number;
  collections: number;
  images: number;
  accounts: number;
  tokens: number;
}

/** What a check of a database file found: its integrity, history and counts. */
export interface DatabaseFileReport {
  /** PRAGMA integrity_check's answer: "ok" for a sound file. */
  integrity: string;
  migrations: AppliedMigration[];
  counts: DatabaseCounts;
}

const COUNTS = `SELECT
  (SELECT count(*) FROM diagrams WHERE trashed_at IS NULL) AS diagrams,
  (SELECT count(*) FROM diagrams WHERE trashed_at IS NOT NULL) AS trashed,
  (SELECT count(*) FROM diagram_revisions) AS revisions,
  (SELECT count(*) FROM collections) AS collections,
  (SELECT count(*) FROM diagram_files) AS images,
  (SELECT count(*) FROM users) AS accounts,
  (SELECT count(*) FROM access_tokens) AS tokens`;

/** Opens a database file on its own and reads its soundness, schema and counts. */
export async function inspectDatabaseFile(file: string): Promise<DatabaseFileReport> {
  const copy = createClient({ url: `file:${file}` });
  try {
    const integrity = (await copy.execute("PRAGMA integrity_check")).rows
      .map((row) => String(row[0])).join("; ");
    if (integrity !== "ok") return { integrity, migrations: [], counts: zeroCounts() };
    const migrations = await appliedMigrations(copy);
    const row = (await copy.execute(COUNTS)).rows[0];
    const counts = Object.fromEntries(
      Object.keys(zeroCounts()).map((key) => [key, Number(row[key])]),
    ) as unknown as DatabaseCounts;
    return { integrity, migrations, counts };
  } finally {
    copy.close();
  }
}

function zeroCounts(): DatabaseCounts {
  return {
    diagrams: 0,
    trashed: 0,
    revisions: 0,
    collections: 0,
    images: 0,
    accounts: 0,
    tokens: 0,
  };
}
