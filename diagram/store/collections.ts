// Collections: named folders of diagrams that nest through parentId. Every query is scoped to
// the owner; another account's collection is indistinguishable from a missing one.
import type { Row } from "@libsql/client";
import type { Database } from "../db/database.ts";
import { randomId } from "./random_id.ts";
import { ConflictError, NotFoundError } from "./errors.ts";
import { integer, optionalText, text, timestamp } from "./rows.ts";

export interface Collection {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CollectionSummary extends Collection {
  diagramCount: number;
  collectionCount: number;
}

/** Deep enough for any folder tree a person keeps, shallow enough to walk on every move. */
export const MAX_COLLECTION_DEPTH = 20;

// The counts name the owner too: the indexes that answer them start with user_id.
const SUMMARY_COLUMNS = `c.id, c.name, c.parent_id, c.created_at, c.updated_at,
  (SELECT COUNT(*) FROM diagrams d WHERE d.user_id = c.user_id AND d.collection_id = c.id)
    AS diagram_count,
  (SELECT COUNT(*) FROM collections k WHERE k.user_id = c.user_id AND k.parent_id = c.id)
    AS collection_count`;

function toSummary(row: Row): CollectionSummary {
  return {
    id: text(row, "id"),
    name: text(row, "name"),
    parentId: optionalText(row, "parent_id"),
    createdAt: text(row, "created_at"),
    updatedAt: text(row, "updated_at"),
    diagramCount: integer(row, "diagram_count"),
    collectionCount: integer(row, "collection_count"),
  };
}

export async function listCollections(
  db: Database,
  userId: string,
  filter: { parentId?: string | null } = {},
): Promise<CollectionSummary[]> {
  const byParent = filter.parentId === undefined
    ? ""
    : filter.parentId === null
    ? "AND c.parent_id IS NULL"
    : "AND c.parent_id = ?";
  const args = filter.parentId ? [userId, filter.parentId] : [userId];
  const { rows } = await db.execute({
    sql: `SELECT ${SUMMARY_COLUMNS} FROM collections c WHERE c.user_id = ? ${byParent}
          ORDER BY c.name COLLATE NOCASE, c.id`,
    args,
  });
  return rows.map(toSummary);
}

export async function getCollection(
  db: Database,
  userId: string,
  id: string,
): Promise<CollectionSummary> {
  const { rows } = await db.execute({
    sql: `SELECT ${SUMMARY_COLUMNS} FROM collections c WHERE c.user_id = ? AND c.id = ?`,
    args: [userId, id],
  });
  if (!rows[0]) throw new NotFoundError("collection not found");
  return toSummary(rows[0]);
}

export async function createCollection(
  db: Database,
  userId: string,
  input: { name: string; parentId?: string | null },
): Promise<CollectionSummary> {
  const parentId = input.parentId ?? null;
  if (parentId !== null) await assertDepthAllows(db, userId, parentId, 1);
  const id = randomId();
  const now = timestamp();
  await db.execute({
    sql: `INSERT INTO collections (id, user_id, parent_id, name, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [id, userId, parentId, input.name, now, now],
  });
  return getCollection(db, userId, id);
}

export async function updateCollection(
  db: Database,
  userId: string,
  id: string,
  change: { name?: string; parentId?: string | null },
): Promise<CollectionSummary> {
  const current = await getCollection(db, userId, id);
  const parentId = change.parentId === undefined ? current.parentId : change.parentId;
  if (parentId !== null && parentId !== current.parentId) {
    const ancestors = await ancestorIds(db, userId, parentId);
    if (parentId === id || ancestors.includes(id)) {
      throw new ConflictError("a collection cannot move into itself or one of its descendants");
    }
    const height = await subtreeHeight(db, userId, id);
    if (ancestors.length + 1 + height > MAX_COLLECTION_DEPTH) {
      throw new ConflictError(`collections nest at most ${MAX_COLLECTION_DEPTH} levels deep`);
    }
  }
  await db.execute({
    sql: `UPDATE collections SET name = ?, parent_id = ?, updated_at = ?
          WHERE user_id = ? AND id = ?`,
    args: [change.name ?? current.name, parentId, timestamp(), userId, id],
  });
  return getCollection(db, userId, id);
}

/** Where a deleted collection's diagrams and sub-collections go: up one level, or to the top. */
export type ContentsDestination = "parent" | "none";

/**
 * Deletes a collection. One that still holds diagrams or collections is refused unless the caller
 * says where they go; they move there in the same transaction, so nothing is ever deleted with it.
 */
export async function deleteCollection(
  db: Database,
  userId: string,
  id: string,
  contentsTo?: ContentsDestination,
): Promise<void> {
  const current = await getCollection(db, userId, id);
  if (contentsTo === undefined && (current.diagramCount > 0 || current.collectionCount > 0)) {
    throw new ConflictError(
      `the collection holds ${current.diagramCount} diagram(s) and ${current.collectionCount} ` +
        "collection(s); say where they go (contents=parent or contents=none) or move them first",
    );
  }
  // The parent is re-read inside the transaction: a move of the collection in between cannot
  // send its contents to a stale place.
  const destination = contentsTo === "parent"
    ? "(SELECT parent_id FROM collections WHERE user_id = ? AND id = ?)"
    : "?";
  const destinationArgs = contentsTo === "parent" ? [userId, id] : [null];
  const [, , deleted] = await db.batch([
    {
      sql: `UPDATE diagrams SET collection_id = ${destination}
            WHERE user_id = ? AND collection_id = ?`,
      args: [...destinationArgs, userId, id],
    },
    {
      sql: `UPDATE collections SET parent_id = ${destination}, updated_at = ?
            WHERE user_id = ? AND parent_id = ?`,
      args: [...destinationArgs, timestamp(), userId, id],
    },
    { sql: "DELETE FROM collections WHERE user_id = ? AND id = ?", args: [userId, id] },
  ], "write");
  if (deleted.rowsAffected === 0) throw new NotFoundError("collection not found");
}

/** Throws NotFoundError unless the collection exists for this owner. */
export async function assertCollectionExists(
  db: Database,
  userId: string,
  id: string,
): Promise<void> {
  const { rows } = await db.execute({
    sql: "SELECT 1 FROM collections WHERE user_id = ? AND id = ?",
    args: [userId, id],
  });
  if (!rows[0]) throw new NotFoundError("collection not found");
}

/** The chain of parents above `id`, nearest first; NotFoundError when `id` is not the owner's. */
async function ancestorIds(db: Database, userId: string, id: string): Promise<string[]> {
  const { rows } = await db.execute({
    sql: `WITH RECURSIVE chain (id, parent_id, depth) AS (
            SELECT id, parent_id, 0 FROM collections WHERE user_id = ? AND id = ?
            UNION ALL
            SELECT c.id, c.parent_id, chain.depth + 1 FROM collections c
              JOIN chain ON c.id = chain.parent_id
              WHERE c.user_id = ? AND chain.depth < ?
          ) SELECT id FROM chain ORDER BY depth`,
    args: [userId, id, userId, MAX_COLLECTION_DEPTH + 1],
  });
  if (!rows[0]) throw new NotFoundError("parent collection not found");
  return rows.map((row) => text(row, "id"));
}

async function assertDepthAllows(
  db: Database,
  userId: string,
  parentId: string,
  addedLevels: number,
): Promise<void> {
  const chain = await ancestorIds(db, userId, parentId);
  if (chain.length + addedLevels > MAX_COLLECTION_DEPTH) {
    throw new ConflictError(`collections nest at most ${MAX_COLLECTION_DEPTH} levels deep`);
  }
}

/** Levels below `id`, 0 for a leaf. */
async function subtreeHeight(db: Database, userId: string, id: string): Promise<number> {
  const { rows } = await db.execute({
    sql: `WITH RECURSIVE below (id, depth) AS (
            SELECT id, 0 FROM collections WHERE user_id = ? AND id = ?
            UNION ALL
            SELECT c.id, below.depth + 1 FROM collections c JOIN below ON c.parent_id = below.id
              WHERE below.depth < ?
          ) SELECT MAX(depth) AS height FROM below`,
    args: [userId, id, MAX_COLLECTION_DEPTH + 1],
  });
  return integer(rows[0], "height");
}
