// The trash: deleted diagrams wait here (diagrams.delete puts them in), out of every list, search
// and room, until restored or deleted for good, by hand or after DIAGRAM_TRASH_DAYS (upkeep.ts).
import type { Database } from "../db/database.ts";
import {
  deleteForGood,
  listTrash,
  restoreFromTrash,
  type TrashedDiagram,
} from "../store/diagrams.ts";
import type { Actor, DiagramOperations, DiagramView } from "./diagrams.ts";

export type { TrashedDiagram };

export type TrashOperations = ReturnType<typeof trashOperations>;

export function trashOperations(deps: { db: Database; diagrams: DiagramOperations }) {
  const { db } = deps;
  return {
    /** Most recently deleted first. */
    list(userId: string, page: { limit: number; offset: number }): Promise<TrashedDiagram[]> {
      return listTrash(db, userId, page);
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
