// Every collection operation, whichever door it comes through: the only caller of the
// collection store. Collections nest; deleting one moves what it holds where the caller says.
import type { Database } from "../db/database.ts";
import {
  type CollectionSummary,
  type ContentsDestination,
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  updateCollection,
} from "../store/collections.ts";
import type { Actor } from "./diagrams.ts";

export type { CollectionSummary, ContentsDestination };

export type CollectionOperations = ReturnType<typeof collectionOperations>;

export function collectionOperations(db: Database) {
  return {
    /** One level (parentId, null for the top) or, without a filter, the whole tree. */
    list(userId: string, filter: { parentId?: string | null } = {}): Promise<CollectionSummary[]> {
      return listCollections(db, userId, filter);
    },

    get(userId: string, id: string): Promise<CollectionSummary> {
      return getCollection(db, userId, id);
    },

    create(
      actor: Actor,
      input: { name: string; parentId?: string | null },
    ): Promise<CollectionSummary> {
      return createCollection(db, actor.userId, input);
    },

    /** Rename, move (parentId null: to the top), or both; a cycle is a ConflictError. */
    update(
      actor: Actor,
      id: string,
      change: { name?: string; parentId?: string | null },
    ): Promise<CollectionSummary> {
      return updateCollection(db, actor.userId, id, change);
    },

    /** Refused while it holds anything, unless `contentsTo` says where its contents move. */
    delete(actor: Actor, id: string, contentsTo?: ContentsDestination): Promise<void> {
      return deleteCollection(db, actor.userId, id, contentsTo);
    },
  };
}
