// Diagrams: metadata, the Excalidraw file and its SVG thumbnail in one row, so every write is one
// statement and cannot leave a file without its thumbnail or a revision without its file. A write
// of new contents keeps the ones it replaces (revisions.ts) in the same transaction. Everything
// here sees live diagrams only: a deleted one waits in the trash, where nothing but trash.ts sees
// it. A listing with a query is a search (diagram_search.ts).
import type { Row } from "@libsql/client";
import type { Database } from "../db/database.ts";
import { assertCollectionExists } from "./collections.ts";
import { SEARCH_SQL, searchExpression, type SearchMatch, searchMatch } from "./diagram_search.ts";
import { NotFoundError, StaleRevisionError } from "./errors.ts";
import { integer, optionalText, text, timestamp } from "./rows.ts";
import { keepReplaced } from "./revisions.ts";
import type { DiagramSource } from "./sources.ts";

export interface DiagramMeta {
  id: string;
  name: string;
  collectionId: string | null;
  revision: number;
  source: DiagramSource;
  /** Who made the current contents. */
  changedVia: DiagramSource;
  /** The name of the access token the current contents were written with; null without one. */
  changedWithToken: string | null;
  createdAt: string;
  /** The latest change of any kind: contents, name or place. */
  updatedAt: string;
  /** When the current contents were written. */
  savedAt: string;
}

export interface DiagramWithFile extends DiagramMeta {
  /** The Excalidraw file as stored JSON text. */
  file: string;
}

export interface DiagramContent {
  /** Validated Excalidraw JSON text. */
  file: string;
  thumbnailSvg: string;
  /** Its elements that are not deleted. */
  elementCount: number;
}

export const DIAGRAM_SORTS = ["updated", "name", "created"] as const;
export type DiagramSort = typeof DIAGRAM_SORTS[number];

/** Where a row stands in its order: its sort key and rowid. The next page starts after the last. */
export interface PagePosition {
  key: string;
  rowid: number;
}

const SORT_ORDER: Record<DiagramSort, { key: string; direction: "ASC" | "DESC" }> = {
  updated: { key: "d.updated_at", direction: "DESC" },
  name: { key: "d.name COLLATE NOCASE", direction: "ASC" },
  created: { key: "d.created_at", direction: "DESC" },
};

export interface DiagramListFilter {
  /** A collection id, or null for diagrams in no collection; undefined for all. */
  collectionId?: string | null;
  /** Words that must all appear (as prefixes) in the name or the text inside; best match first. */
  query?: string;
  limit: number;
  offset?: number;
  /** Without a query: the order (default "updated", newest first). */
  sort?: DiagramSort;
  /** Without a query: start after this position (keyset paging), instead of an offset. */
  after?: PagePosition;
}

/** The columns toMeta reads; trash.ts returns a restored diagram's with them. */
export const META_COLUMNS = "id, name, collection_id, revision, source, changed_via, " +
  "changed_with_token, created_at, updated_at, saved_at";

export function toMeta(row: Row): DiagramMeta {
  return {
    id: text(row, "id"),
    name: text(row, "name"),
    collectionId: optionalText(row, "collection_id"),
    revision: integer(row, "revision"),
    source: text(row, "source") as DiagramSource,
    changedVia: text(row, "changed_via") as DiagramSource,
    changedWithToken: optionalText(row, "changed_with_token"),
    createdAt: text(row, "created_at"),
    updatedAt: text(row, "updated_at"),
    savedAt: text(row, "saved_at"),
  };
}

export async function createDiagram(
  db: Database,
  userId: string,
  input: DiagramContent & {
    /** From randomId(); chosen by the caller because generated element ids derive from it. */
    id: string;
    name: string;
    collectionId: string | null;
    source: DiagramSource;
    /** The access token's name, when the write was made with one. */
    withToken?: string;
    /** The write's time, in milliseconds (a test's clock, or Date.now()). */
    now: number;
  },
): Promise<DiagramMeta> {
  if (input.collectionId !== null) await assertCollectionExists(db, userId, input.collectionId);
  const now = new Date(input.now).toISOString();
  const { rows } = await db.execute({
    sql: `INSERT INTO diagrams (id, user_id, collection_id, name, file, thumbnail_svg,
            element_count, revision, source, changed_via, changed_with_token, created_at,
            updated_at, saved_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)
          RETURNING ${META_COLUMNS}`,
    args: [
      input.id,
      userId,
      input.collectionId,
      input.name,
      input.file,
      input.thumbnailSvg,
      input.elementCount,
      input.source,
      input.source,
      input.withToken ?? null,
      now,
      now,
      now,
    ],
  });
  return toMeta(rows[0]);
}

export async function listDiagrams(
  db: Database,
  userId: string,
  filter: DiagramListFilter,
): Promise<(DiagramMeta & { match?: SearchMatch; position: PagePosition })[]> {
  const conditions = ["d.user_id = ?", "d.trashed_at IS NULL"];
  const args: (string | number)[] = [userId];
  if (filter.collectionId === null) conditions.push("d.collection_id IS NULL");
  if (typeof filter.collectionId === "string") {
    conditions.push("d.collection_id = ?");
    args.push(filter.collectionId);
  }
  const match = filter.query === undefined ? null : searchExpression(filter.query);
  // A query without a single word matches nothing rather than everything.
  if (match === "") return [];
  if (match !== null) {
    conditions.push(SEARCH_SQL.condition);
    args.push(match);
  }
  const order = SORT_ORDER[filter.sort ?? "updated"];
  if (match === null && filter.after !== undefined) {
    conditions.push(`(${order.key}, d.rowid) ${order.direction === "ASC" ? ">" : "<"} (?, ?)`);
    args.push(filter.after.key, filter.after.rowid);
  }
  args.push(filter.limit, filter.offset ?? 0);
  const columns = META_COLUMNS.split(", ").map((column) => `d.${column}`).join(", ");
  const { rows } = await db.execute({
    sql: match === null
      ? `SELECT ${columns}, ${order.key} AS sort_key, d.rowid AS row_id
          FROM diagrams d WHERE ${conditions.join(" AND ")}
          ORDER BY ${order.key} ${order.direction}, d.rowid ${order.direction} LIMIT ? OFFSET ?`
      : `SELECT ${columns}, '' AS sort_key, d.rowid AS row_id, ${SEARCH_SQL.columns}
          FROM diagrams d ${SEARCH_SQL.join}
          WHERE ${conditions.join(" AND ")}
          ORDER BY ${SEARCH_SQL.order}
          LIMIT ? OFFSET ?`,
    args,
  });
  return rows.map((row) => {
    const position = { key: text(row, "sort_key"), rowid: integer(row, "row_id") };
    return match === null
      ? { ...toMeta(row), position }
      : { ...toMeta(row), position, match: searchMatch(row) };
  });
}

/** Only diagrams outside the trash; `d` is the diagrams table. trash.ts moves them out of it. */
export const LIVE = "d.user_id = ? AND d.id = ? AND d.trashed_at IS NULL";

/**
 * Why the owner's diagram `id` was not found: it is in the trash (the trash routes still reach
 * it), or there is no such diagram. Read only once a lookup (or trash.ts's move into it) failed.
 */
export async function missingDiagram(
  db: Database,
  userId: string,
  id: string,
): Promise<NotFoundError> {
  const { rows } = await db.execute({
    sql: "SELECT 1 FROM diagrams WHERE user_id = ? AND id = ? AND trashed_at IS NOT NULL",
    args: [userId, id],
  });
  return new NotFoundError(rows[0] ? "diagram is in the trash" : "diagram not found");
}

export async function getDiagram(
  db: Database,
  userId: string,
  id: string,
): Promise<DiagramWithFile> {
  const { rows } = await db.execute({
    sql: `SELECT ${META_COLUMNS}, file FROM diagrams d WHERE ${LIVE}`,
    args: [userId, id],
  });
  if (!rows[0]) throw await missingDiagram(db, userId, id);
  return { ...toMeta(rows[0]), file: text(rows[0], "file") };
}

/**
 * The metadata and whether any element is live, answered by SQLite without handing the file over:
 * the scan stops at the first element that is not deleted.
 */
export async function getDiagramDetails(
  db: Database,
  userId: string,
  id: string,
): Promise<DiagramMeta & { drawn: boolean }> {
  const { rows } = await db.execute({
    sql: `SELECT ${META_COLUMNS}, EXISTS (
            SELECT 1 FROM json_each(file, '$.elements')
            WHERE coalesce(json_extract(value, '$.isDeleted'), 0) = 0
          ) AS drawn FROM diagrams d WHERE ${LIVE}`,
    args: [userId, id],
  });
  if (!rows[0]) throw await missingDiagram(db, userId, id);
  return { ...toMeta(rows[0]), drawn: integer(rows[0], "drawn") === 1 };
}

export async function getThumbnail(db: Database, userId: string, id: string): Promise<string> {
  const { rows } = await db.execute({
    sql: `SELECT thumbnail_svg FROM diagrams d WHERE ${LIVE}`,
    args: [userId, id],
  });
  if (!rows[0]) throw await missingDiagram(db, userId, id);
  return text(rows[0], "thumbnail_svg");
}

/**
 * Who owns a diagram, found by id alone: for the collaboration server, which knows diagrams by id
 * and accounts not at all. Null when there is no such diagram, or it is in the trash.
 */
export async function findDiagramOwner(db: Database, id: string): Promise<string | null> {
  const { rows } = await db.execute({
    sql: "SELECT user_id FROM diagrams WHERE id = ? AND trashed_at IS NULL",
    args: [id],
  });
  return rows[0] ? text(rows[0], "user_id") : null;
}

/** The stored revisions of these diagrams, by id; one in the trash or unknown is absent. */
export async function diagramRevisions(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute({
    sql: `SELECT id, revision FROM diagrams
          WHERE id IN (SELECT value FROM json_each(?)) AND trashed_at IS NULL`,
    args: [JSON.stringify(ids)],
  });
  return new Map(rows.map((row) => [text(row, "id"), integer(row, "revision")]));
}

/** The stored revision; NotFoundError when the owner has no such diagram outside the trash. */
export async function diagramRevision(db: Database, userId: string, id: string): Promise<number> {
  const { rows } = await db.execute({
    sql: `SELECT revision FROM diagrams d WHERE ${LIVE}`,
    args: [userId, id],
  });
  if (!rows[0]) throw await missingDiagram(db, userId, id);
  return integer(rows[0], "revision");
}

/** How long after an autosave's revision further autosaves keep nothing more. */
export const COALESCE_WINDOW_MS = 5 * 60 * 1000;

/**
 * Replaces the contents and bumps the revision, keeping the replaced contents as a revision in the
 * same transaction (unless an autosave coalesces, see keepReplaced). With `expectedRevision`, the write happens only if the stored revision still
 * equals it (compare-and-set in the same statements).
 */
export async function replaceDiagramContent(
  db: Database,
  userId: string,
  id: string,
  content: DiagramContent & {
    changedVia: DiagramSource;
    /** The access token's name, when the write was made with one. */
    withToken?: string;
    name?: string;
    expectedRevision?: number;
    /** The write's time, in milliseconds (a test's clock, or Date.now()). */
    now: number;
  },
): Promise<DiagramMeta> {
  const expected = content.expectedRevision ?? null;
  const where = {
    sql: `${LIVE} AND (? IS NULL OR d.revision = ?)`,
    args: [userId, id, expected, expected],
  };
  const now = new Date(content.now).toISOString();
  const [, written] = await db.batch([
    keepReplaced(where, {
      newFile: content.file,
      writer: content.changedVia,
      now,
      coalesceSince: new Date(content.now - COALESCE_WINDOW_MS).toISOString(),
    }),
    {
      sql: `UPDATE diagrams AS d SET file = ?, thumbnail_svg = ?, element_count = ?,
              name = COALESCE(?, name), revision = revision + 1, changed_via = ?,
              changed_with_token = ?, updated_at = ?, saved_at = ?
            WHERE ${where.sql}
            RETURNING ${META_COLUMNS}`,
      args: [
        content.file,
        content.thumbnailSvg,
        content.elementCount,
        content.name ?? null,
        content.changedVia,
        content.withToken ?? null,
        now,
        now,
        ...where.args,
      ],
    },
  ], "write");
  if (written.rows[0]) return toMeta(written.rows[0]);
  throw new StaleRevisionError(await diagramRevision(db, userId, id));
}

/** Renames or moves; a move to a collection the owner does not have is a NotFoundError. */
export async function updateDiagramMeta(
  db: Database,
  userId: string,
  id: string,
  change: { name?: string; collectionId?: string | null },
): Promise<DiagramMeta> {
  if (typeof change.collectionId === "string") {
    await assertCollectionExists(db, userId, change.collectionId);
  }
  const moves = change.collectionId !== undefined;
  const { rows } = await db.execute({
    sql: `UPDATE diagrams AS d SET name = COALESCE(?, name),
            collection_id = CASE WHEN ? THEN ? ELSE collection_id END, updated_at = ?
          WHERE ${LIVE} RETURNING ${META_COLUMNS}`,
    args: [
      change.name ?? null,
      moves ? 1 : 0,
      change.collectionId ?? null,
      timestamp(),
      userId,
      id,
    ],
  });
  if (!rows[0]) throw await missingDiagram(db, userId, id);
  return toMeta(rows[0]);
}
