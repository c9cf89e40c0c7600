// What a collection's share link shows: the diagrams in the collection and in every collection
// nested under it, outside the trash. Scoped to the link's owner like every other query.
import type { Database } from "../db/database.ts";
import { MAX_COLLECTION_DEPTH } from "./collections.ts";
import { type DiagramMeta, META_COLUMNS, toMeta } from "./diagrams.ts";

/**
 * The owner's live diagrams under `collectionId` at any depth, most recently changed first, at most
 * `limit`; with `onlyId`, that diagram alone when it is one of them (how a visitor's
 * `/s/<secret>/d/<id>` is checked), else none.
 */
export async function collectionTreeDiagrams(
  db: Database,
  userId: string,
  collectionId: string,
  options: { limit: number; onlyId?: string },
): Promise<DiagramMeta[]> {
  const only = options.onlyId === undefined ? "" : "AND d.id = ?";
  const { rows } = await db.execute({
    // The depth bound is the one moves keep to; it also stops a cycle, should one ever exist.
    sql: `WITH RECURSIVE tree(id, depth) AS (
            SELECT id, 0 FROM collections WHERE user_id = ? AND id = ?
            UNION
            SELECT c.id, tree.depth + 1 FROM collections c JOIN tree ON c.parent_id = tree.id
            WHERE c.user_id = ? AND tree.depth < ?
          )
          SELECT ${META_COLUMNS} FROM diagrams d
          WHERE d.user_id = ? AND d.trashed_at IS NULL
            AND d.collection_id IN (SELECT id FROM tree) ${only}
          ORDER BY d.updated_at DESC, d.id LIMIT ?`,
    args: [
      userId,
      collectionId,
      userId,
      MAX_COLLECTION_DEPTH,
      userId,
      ...(options.onlyId === undefined ? [] : [options.onlyId]),
      options.limit,
    ],
  });
  return rows.map(toMeta);
}
