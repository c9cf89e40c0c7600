// A diagram's history: the contents each write replaced, kept by the write's own transaction
// (keepReplaced returns statements for the caller's batch), compressed later in the background,
// and thinned by the retention rules (core/retention.ts) outside any request.
import type { InStatement, Row } from "@libsql/client";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import type { Database } from "../db/database.ts";
import { NotFoundError } from "./errors.ts";
import { blob, integer, optionalText, text } from "./rows.ts";
import type { DiagramSource } from "./sources.ts";

/** Writes whose replaced contents coalesce: the editor's and the collaboration server's saves. */
export const AUTOSAVE_SOURCES: readonly DiagramSource[] = ["web", "collab"];

export interface RevisionMeta {
  revision: number;
  /** Who made these contents. */
  source: DiagramSource;
  /** The name of the access token these contents were written with; null without one. */
  withToken: string | null;
  /** When these contents were written. */
  savedAt: string;
  /** When this row was kept (autosaves within the coalescing window after it keep nothing). */
  keptAt: string;
  elementCount: number;
  /** Of the file as text. */
  byteSize: number;
}

const META_COLUMNS = "revision, source, with_token, saved_at, kept_at, element_count, byte_size";

function toMeta(row: Row): RevisionMeta {
  return {
    revision: integer(row, "revision"),
    source: text(row, "source") as DiagramSource,
    withToken: optionalText(row, "with_token"),
    savedAt: text(row, "saved_at"),
    keptAt: text(row, "kept_at"),
    elementCount: integer(row, "element_count"),
    byteSize: integer(row, "byte_size"),
  };
}

/**
 * The statement that keeps diagram `id`'s current contents as a revision, to run in one batch just
 * before the write that replaces them, under the same conditions (`where`, on `diagrams d`): when
 * the write does not happen, neither does this. Nothing is kept when the new text is the same.
 *
 * Autosaves coalesce: while the newest kept revision is an autosave kept after `coalesceSince`, an
 * autosave over autosaved contents keeps nothing more (that revision stands for the window), so
 * steady editing keeps one revision per window and most saves copy nothing. What any other write
 * replaces (an agent's, an import's, a restore's) is always kept.
 */
export function keepReplaced(
  where: { sql: string; args: (string | number | null)[] },
  input: { newFile: string; writer: DiagramSource; now: string; coalesceSince: string },
): InStatement {
  const autosaves = AUTOSAVE_SOURCES.map((source) => `'${source}'`).join(", ");
  const coalesces = AUTOSAVE_SOURCES.includes(input.writer)
    ? `AND NOT (d.changed_via IN (${autosaves}) AND coalesce((
        SELECT r.source IN (${autosaves}) AND r.kept_at > ? FROM diagram_revisions r
        WHERE r.diagram_id = d.id ORDER BY r.revision DESC LIMIT 1), 0))`
    : "";
  return {
    sql: `INSERT INTO diagram_revisions (diagram_id, revision, source, with_token, saved_at,
            kept_at, element_count, byte_size, encoding, contents)
          SELECT d.id, d.revision, d.changed_via, d.changed_with_token, d.saved_at, ?,
            d.element_count, length(CAST(d.file AS BLOB)), 'text', d.file
          FROM diagrams d
          WHERE ${where.sql} AND d.file IS NOT ? ${coalesces}`,
    args: [
      input.now,
      ...where.args,
      input.newFile,
      ...(coalesces === "" ? [] : [input.coalesceSince]),
    ],
  };
}

/** Newest first; `before` pages on from a revision number. */
export async function listRevisions(
  db: Database,
  diagramId: string,
  page: { limit: number; before?: number },
): Promise<RevisionMeta[]> {
  const { rows } = await db.execute({
    sql: `SELECT ${META_COLUMNS} FROM diagram_revisions
          WHERE diagram_id = ? AND (? IS NULL OR revision < ?)
          ORDER BY revision DESC LIMIT ?`,
    args: [diagramId, page.before ?? null, page.before ?? null, page.limit],
  });
  return rows.map(toMeta);
}

/** One revision's metadata and file text, as it was stored. */
export async function getRevision(
  db: Database,
  diagramId: string,
  revision: number,
): Promise<RevisionMeta & { file: string }> {
  const { rows } = await db.execute({
    sql: `SELECT ${META_COLUMNS}, encoding, contents FROM diagram_revisions
          WHERE diagram_id = ? AND revision = ?`,
    args: [diagramId, revision],
  });
  if (!rows[0]) throw new NotFoundError(`this diagram has no revision ${revision}`);
  const file = text(rows[0], "encoding") === "br"
    ? new TextDecoder().decode(brotliDecompressSync(blob(rows[0], "contents")))
    : text(rows[0], "contents");
  return { ...toMeta(rows[0]), file };
}

/** Brotli at a quality that is fast (about 2 ms for a 50 KB file) and within 10 % of the best. */
const BROTLI_QUALITY = 5;

/** Compresses up to `limit` rows still kept as text; returns how many. */
export async function compressPending(db: Database, limit: number): Promise<number> {
  const { rows } = await db.execute({
    sql: `SELECT diagram_id, revision, contents FROM diagram_revisions WHERE encoding = 'text'
          LIMIT ?`,
    args: [limit],
  });
  const encoder = new TextEncoder();
  for (const row of rows) {
    const compressed = brotliCompressSync(encoder.encode(text(row, "contents")), {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
    });
    await db.execute({
      sql: `UPDATE diagram_revisions SET encoding = 'br', contents = ?
            WHERE diagram_id = ? AND revision = ? AND encoding = 'text'`,
      args: [new Uint8Array(compressed), text(row, "diagram_id"), integer(row, "revision")],
    });
  }
  return rows.length;
}

/** Every revision saved before `cutoff`, by diagram: what the retention rules thin. */
export async function revisionsSavedBefore(
  db: Database,
  cutoff: string,
): Promise<Map<string, { revision: number; savedAt: string }[]>> {
  const { rows } = await db.execute({
    sql: `SELECT diagram_id, revision, saved_at FROM diagram_revisions WHERE saved_at < ?
          ORDER BY diagram_id`,
    args: [cutoff],
  });
  const byDiagram = new Map<string, { revision: number; savedAt: string }[]>();
  for (const row of rows) {
    const id = text(row, "diagram_id");
    const list = byDiagram.get(id) ?? [];
    list.push({ revision: integer(row, "revision"), savedAt: text(row, "saved_at") });
    byDiagram.set(id, list);
  }
  return byDiagram;
}

export async function deleteRevisions(
  db: Database,
  diagramId: string,
  revisions: readonly number[],
): Promise<void> {
  if (revisions.length === 0) return;
  await db.execute({
    sql: `DELETE FROM diagram_revisions
          WHERE diagram_id = ? AND revision IN (SELECT value FROM json_each(?))`,
    args: [diagramId, JSON.stringify(revisions)],
  });
}

/**
 * What a row takes as stored: the compressed length, read by SQLite from the blob's header without
 * loading it, or the text's byte size.
 */
const STORED_BYTES = "CASE encoding WHEN 'br' THEN length(contents) ELSE byte_size END";

/** What every kept revision takes in the database, in bytes as stored. */
export async function historyBytes(db: Database): Promise<number> {
  const { rows } = await db.execute(
    `SELECT coalesce(sum(${STORED_BYTES}), 0) AS bytes FROM diagram_revisions`,
  );
  return integer(rows[0], "bytes");
}

/**
 * Deletes the oldest revisions, across all diagrams, until what they take is at most `maxBytes`;
 * returns how many went.
 */
export async function deleteOldestBeyond(db: Database, maxBytes: number): Promise<number> {
  // A running total from the newest down: the rows past the budget are the oldest ones.
  const { rowsAffected } = await db.execute({
    sql: `DELETE FROM diagram_revisions WHERE rowid IN (
            SELECT rowid FROM (
              SELECT rowid, sum(${STORED_BYTES}) OVER (
                ORDER BY saved_at DESC, revision DESC ROWS UNBOUNDED PRECEDING) AS total
              FROM diagram_revisions)
            WHERE total > ?)`,
    args: [maxBytes],
  });
  return rowsAffected;
}
