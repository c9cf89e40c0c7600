// The diagram service layer, built once at start and handed to every door (REST, pages, MCP,
// the operator commands): the only way from the edge to the store.
import type { LoginThrottle } from "../auth/login_throttle.ts";
import { type AccountOperations, accountOperations } from "./accounts.ts";
import { type CollabRoomOperations, collabRoomOperations } from "./collab_rooms.ts";
import { type SessionOperations, sessionOperations } from "./sessions.ts";
import { type CollectionOperations, collectionOperations } from "./collections.ts";
import {
  type DiagramCoreDeps,
  type DiagramOperations,
  diagramOperations,
} from "./diagram_operations.ts";
import { type HistoryOperations, historyOperations } from "./history.ts";
import { exportGallery } from "./gallery_export.ts";
import { type GalleryImported, importGallery } from "./gallery_import.ts";
import type { Actor } from "./diagrams.ts";
import { DEFAULT_TRASH_KEEP_MS, type TrashOperations, trashOperations } from "./trash.ts";
import { type ShareLinkOperations, shareLinkOperations } from "./share_links.ts";

export interface DiagramService {
  diagrams: DiagramOperations;
  history: HistoryOperations;
  trash: TrashOperations;
  collections: CollectionOperations;
  sessions: SessionOperations;
  accounts: AccountOperations;
  collabRooms: CollabRoomOperations;
  shares: ShareLinkOperations;
  /** The whole gallery as one archive, and such an archive read back (gallery_archive.ts). */
  gallery: {
    export(userId: string): Promise<{ fileName: string; zip: Uint8Array<ArrayBuffer> }>;
    import(actor: Actor, archive: Uint8Array): Promise<GalleryImported>;
  };
  /** Resolves when the database answers (the health probe). */
  ping(): Promise<void>;
}

export function createDiagramService(
  deps: DiagramCoreDeps & {
    throttle: LoginThrottle;
    /** COLLAB_SECRET and COLLAB_PUBLIC_URL: room tokens, and the collab server's signed calls. */
    collab: { secret: string; publicUrl: string };
    /** DIAGRAM_TRASH_DAYS, in milliseconds: what the trash page says (the upkeep purges). */
    trashKeepMs?: number;
  },
): DiagramService {
  const diagrams = diagramOperations(deps);
  return {
    diagrams,
    history: historyOperations({ db: deps.db, diagrams, now: deps.now ?? Date.now }),
    trash: trashOperations({
      db: deps.db,
      diagrams,
      keepMs: deps.trashKeepMs ?? DEFAULT_TRASH_KEEP_MS,
    }),
    collections: collectionOperations(deps.db),
    sessions: sessionOperations(deps.db, deps.throttle),
    accounts: accountOperations(deps.db),
    collabRooms: collabRoomOperations({
      db: deps.db,
      diagrams,
      secret: () => deps.collab.secret,
      publicUrl: deps.collab.publicUrl,
    }),
    shares: shareLinkOperations({
      db: deps.db,
      baseUrl: deps.baseUrl,
      now: deps.now ?? Date.now,
    }),
    gallery: {
      export: (userId) => exportGallery(deps.db, userId, deps.now ?? Date.now),
      import: (actor, archive) => importGallery(deps.db, actor.userId, archive),
    },
    async ping() {
      await deps.db.execute("SELECT 1");
    },
  };
}
