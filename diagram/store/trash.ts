// The trash lifecycle of a diagram's row: moved in (out of its collection, remembered, and out of
// every list, search and room), listed, restored into the collection it left, and deleted for good
// by hand or by the upkeep's purge. Every other store function sees live diagrams only
// (diagrams.ts); what waits here is seen by these functions alone.
import type { Row } from "@libsql/client";
import type { Database } from "../db/database.ts";
import { type DiagramMeta, LIVE, META_COLUMNS, missingDiagram, toMeta } from "./diagrams.ts";
import { NotFoundError } from "./errors.ts";
import { integer, optionalText, text } from "./rows.ts";

/**
 * Moves a diagram to the trash: out of its collection (remembered, to go back to), out of every
 * list and room.
 */
export async function trashDiagram(
  db: Database,
  userId: string,
  id: string,
  now: number,
): Promise<void> {
  const { rowsAffected } = await db.execute({
    sql: `UPDATE diagrams AS d SET trashed_at = ?, trashed_from = collection_id,
            collection_id = NULL
          WHERE ${LIVE}`,
    args: [new Date(now).toISOString(), userId, id],
  });
  if (rowsAffected === 0) throw await missingDiagram(db, userId, id);
}

export interface TrashedDiagram {
  id: string;
  name: string;
  trashedAt: string;
  /** The collection it goes back to, while that still exists. */
  collectionId: string | null;
  revision: number;
  updatedAt: string;
}

const TRASHED_COLUMNS = `d.id, d.name, d.trashed_at, d.revision, d.updated_at,
  c.id AS collection_id`;
/** The collection a trashed diagram goes back to: joined, so one deleted meanwhile reads null. */
const TRASHED_FROM =
  "diagrams d LEFT JOIN collections c ON c.id = d.trashed_from AND c.user_id = d.user_id";

function toTrashed(row: Row): TrashedDiagram {
  return {
    id: text(row, "id"),
    name: text(row, "name"),
    trashedAt: text(row, "trashed_at"),
    collectionId: optionalText(row, "collection_id"),
    revision: integer(row, "revision"),
    updatedAt: text(row, "updated_at"),
  };
}

/** The owner's trash, most recently deleted first. */
export async function listTrash(
  db: Database,
  userId: string,
  page: { limit: number; offset: number },
): Promise<TrashedDiagram[]> {
  const { rows } = await db.execute({
    sql: `SELECT ${TRASHED_COLUMNS} FROM ${TRASHED_FROM}
          WHERE d.user_id = ? AND d.trashed_at IS NOT NULL
          ORDER BY d.trashed_at DESC, d.rowid DESC LIMIT ? OFFSET ?`,
    args: [userId, page.limit, page.offset],
  });
  return rows.map(toTrashed);
}

/** One diagram of the owner's trash; NotFoundError when it is not there. */
export async function getTrashed(
  db: Database,
  userId: string,
  id: string,
): Promise<TrashedDiagram> {
  const { rows } = await db.execute({
    sql: `SELECT ${TRASHED_COLUMNS} FROM ${TRASHED_FROM}
          WHERE d.user_id = ? AND d.id = ? AND d.trashed_at IS NOT NULL`,
    args: [userId, id],
  });
  if (!rows[0]) throw new NotFoundError("no such diagram in the trash");
  return toTrashed(rows[0]);
}

export async function trashedThumbnail(db: Database, userId: string, id: string): Promise<string> {
  const { rows } = await db.execute({
    sql: `SELECT thumbnail_svg FROM diagrams
          WHERE user_id = ? AND id = ? AND trashed_at IS NOT NULL`,
    args: [userId, id],
  });
  if (!rows[0]) throw new NotFoundError("no such diagram in the trash");
  return text(rows[0], "thumbnail_svg");
}

/** Out of the trash, back into the collection it was in, or into none if that is gone. */
export async function restoreFromTrash(
  db: Database,
  userId: string,
  id: string,
): Promise<DiagramMeta> {
  const { rows } = await db.execute({
    sql: `UPDATE diagrams SET trashed_at = NULL,
            collection_id = (SELECT c.id FROM collections c
              WHERE c.id = diagrams.trashed_from AND c.user_id = diagrams.user_id),
            trashed_from = NULL
          WHERE user_id = ? AND id = ? AND trashed_at IS NOT NULL
          RETURNING ${META_COLUMNS}`,
    args: [userId, id],
  });
  if (!rows[0]) throw new NotFoundError("no such diagram in the trash");
  return toMeta(rows[0]);
}

/**
 * Deletes diagrams for good, with their revisions and images (foreign keys cascade): one in the
 * owner's trash, or (`fresh`) one never shown to anybody, like a copy that failed halfway.
 */
export async function deleteForGood(
  db: Database,
  userId: string,
  id: string,
  from: "trash" | "fresh",
): Promise<void> {
  const { rowsAffected } = await db.execute({
    sql: `DELETE FROM diagrams WHERE user_id = ? AND id = ? AND trashed_at IS ${
      from === "trash" ? "NOT NULL" : "NULL"
    }`,
    args: [userId, id],
  });
  if (rowsAffected === 0) {
    throw new NotFoundError(
      from === "trash" ? "no such diagram in the trash" : "diagram not found",
    );
  }
}

/** Deletes for good whatever went into the trash before `cutoff`; returns how many. */
export async function purgeTrash(db: Database, cutoff: number): Promise<number> {
  const { rowsAffected } = await db.execute({
    sql: "DELETE FROM diagrams WHERE trashed_at IS NOT NULL AND trashed_at < ?",
    args: [new Date(cutoff).toISOString()],
  });
  return rowsAffected;
}
