// The trash: deleted diagrams wait here (diagrams.delete puts them in), out of every list, search
// and room, until restored or deleted for good, by hand or after DIAGRAM_TRASH_DAYS (upkeep.ts).
import type { Database } from "../db/database.ts";
import {
  deleteForGood,
  getTrashed,
  listTrash,
  restoreFromTrash,
  type TrashedDiagram,
  trashedThumbnail,
} from "../store/trash.ts";
import type { DiagramOperations } from "./diagram_operations.ts";
import type { Actor, DiagramView } from "./diagrams.ts";

/** A diagram in the trash, and when the upkeep deletes it for good. */
export interface TrashEntry extends TrashedDiagram {
  purgeAt: string;
}

/** DIAGRAM_TRASH_DAYS' default. */
export const DEFAULT_TRASH_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export type TrashOperations = ReturnType<typeof trashOperations>;

export function trashOperations(
  deps: { db: Database; diagrams: DiagramOperations; keepMs: number },
) {
  const { db } = deps;
  const withPurgeTime = (entry: TrashedDiagram): TrashEntry => ({
    ...entry,
    purgeAt: new Date(Date.parse(entry.trashedAt) + deps.keepMs).toISOString(),
  });
  return {
    /** How many days a diagram waits in the trash (DIAGRAM_TRASH_DAYS). */
    keepDays: Math.round(deps.keepMs / (24 * 60 * 60 * 1000)),

    /** Most recently deleted first. */
    async list(userId: string, page: { limit: number; offset: number }): Promise<TrashEntry[]> {
      return (await listTrash(db, userId, page)).map(withPurgeTime);
    },

    async get(userId: string, id: string): Promise<TrashEntry> {
      return withPurgeTime(await getTrashed(db, userId, id));
    },

    /** The thumbnail it had when it was deleted, for the trash page. */
    thumbnail(userId: string, id: string): Promise<string> {
      return trashedThumbnail(db, userId, id);
    },

    /** Back into the collection it was in, or into none when that collection is gone. */
    async restore(actor: Actor, id: string): Promise<DiagramView> {
      return deps.diagrams.view(await restoreFromTrash(db, actor.userId, id));
    },

    /** For good: the diagram, its revisions and its images. */
    deleteForGood(actor: Actor, id: string): Promise<void> {
      return deleteForGood(db, actor.userId, id, "trash");
    },
  };
}
