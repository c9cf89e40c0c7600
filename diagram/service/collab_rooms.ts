// What the collaboration server needs from the diagram service, and the tokens that admit a
// browser to a room. The collab server knows diagrams by id only: it loads a room's seed, saves a
// room's elements over the revision it holds, and asks which revisions are current. Saves go
// through replaceFile, like every other write: validated, thumbnail rendered, revision bumped.
// A token names the session that granted it (a browser's sign-in or an access token, by row id; a
// share link's visitor or guest, share_link_sessions.ts): the collab server asks which of its
// connections' sessions have ended, and when.
import { COLLAB_TOKEN_TTL_SECONDS, signCollabToken } from "../../shared/collab_token.ts";
import type { Database } from "../db/database.ts";
import { withoutUnsafeLinks } from "../drawing/excalidraw/element_links.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { tokenRevocations } from "../store/access_tokens.ts";
import { listDiagramFiles } from "../store/diagram_files.ts";
import { diagramRevisions, findDiagramOwner } from "../store/diagrams.ts";
import { sessionEnds } from "../store/sessions.ts";
import { type ShareLink, shareLinkStates } from "../store/share_links.ts";
import type { DiagramOperations } from "./diagram_operations.ts";
import { NotFoundError } from "./errors.ts";
import { imageFileIds } from "./images.ts";
import { guestCredit, linkSessionEnds, linkSessionRef } from "./share_link_sessions.ts";

/** A room's starting point: the stored elements and what the room shares besides. */
export interface RoomSeed {
  id: string;
  name: string;
  revision: number;
  /**
   * Each stored element as its own JSON text, which the room keeps as it is: the collab server
   * never holds the parsed scene and a stringified copy of it at once while it loads a room.
   */
  elements: string[];
  /** File metadata by id; the bytes stay with the diagram service. */
  files: Record<string, { id: unknown; mimeType: unknown; created: unknown }>;
}

export interface CollabTicket {
  token: string;
  /** Where the browser connects: COLLAB_PUBLIC_URL/<diagram id>. */
  url: string;
  expiresAt: string;
}

/** A room token for a share link's visitor, and what it may do there. */
export interface LinkTicket extends CollabTicket {
  /** The diagram's id, the room's name. */
  room: string;
  access: "view" | "edit";
  /** The link's label ("" without one). */
  label: string;
}

export interface CollabRoomDeps {
  db: Database;
  diagrams: DiagramOperations;
  /** COLLAB_SECRET, resolved at start. */
  secret: () => string;
  publicUrl: string;
}

/** Who asked for a token: a signed-in browser's session or an access token, by row id. */
export interface Granter {
  kind: "session" | "token";
  id: string;
}

/** The session reference a token carries (SESSION_REF_SHAPE): the kind's letter and the id. */
function sessionRef(granter: Granter): string {
  return `${granter.kind === "session" ? "s" : "t"}:${granter.id}`;
}

/** The ids of the references of one kind. */
function idsOf(refs: readonly string[], kind: Granter["kind"]): string[] {
  const prefix = sessionRef({ kind, id: "" });
  return refs.filter((ref) => ref.startsWith(prefix)).map((ref) => ref.slice(prefix.length));
}

export type CollabRoomOperations = ReturnType<typeof collabRoomOperations>;

export function collabRoomOperations(deps: CollabRoomDeps) {
  function mint(claims: { sub: string; did: string; sid: string }): CollabTicket {
    const at = Math.floor(Date.now() / 1000);
    return {
      token: signCollabToken(deps.secret(), claims, { now: at }),
      url: `${deps.publicUrl.replace(/\/+$/, "")}/${claims.did}`,
      expiresAt: new Date((at + COLLAB_TOKEN_TTL_SECONDS) * 1000).toISOString(),
    };
  }

  async function ownerOf(id: string): Promise<string> {
    const owner = await findDiagramOwner(deps.db, id);
    if (owner === null) throw new NotFoundError("diagram not found");
    return owner;
  }

  /**
   * The stored file as an object (stored files were validated on their way in), uploaded images
   * named without their bytes: a room never carries those.
   */
  async function storedFile(owner: string, id: string) {
    const diagram = await deps.diagrams.stored(owner, id);
    return { diagram, file: JSON.parse(diagram.file) as ExcalidrawFile };
  }

  return {
    /** A token for the owner's browser (or script) to join this diagram's room. */
    async ticket(userId: string, granter: Granter, diagramId: string): Promise<CollabTicket> {
      // Only the owner gets one; anyone else finds no such diagram.
      await deps.diagrams.details(userId, diagramId);
      return mint({ sub: userId, did: diagramId, sid: sessionRef(granter) });
    },

    /**
     * A token for a visitor of `link` (live, as ShareLinkOperations.open found it) to join the
     * room of `diagramId`, a diagram the link reaches (SharedViewOperations.diagram): to view, or
     * as a guest on an edit link. NotFoundError when the link went meanwhile.
     */
    async linkTicket(link: ShareLink, diagramId: string): Promise<LinkTicket> {
      // Read again: a guest's session reference dates from the link's latest access change.
      const state = (await shareLinkStates(deps.db, [link.id])).get(link.id);
      if (state === undefined) throw new NotFoundError("share link not found");
      const sid = linkSessionRef(link.id, state);
      return {
        ...mint({ sub: link.userId, did: diagramId, sid }),
        room: diagramId,
        access: state.access,
        label: state.label,
      };
    },

    async seed(diagramId: string): Promise<RoomSeed> {
      const { diagram, file } = await storedFile(await ownerOf(diagramId), diagramId);
      const files = new Map<string, RoomSeed["files"][string]>();
      for (const [fileId, data] of Object.entries(file.files)) {
        const { id, mimeType, created } = data as Record<string, unknown>;
        files.set(fileId, { id, mimeType, created });
      }
      // Images uploaded since the file last listed its files: a room saves elements only, so its
      // new images are shown by elements and known by the upload alone.
      const unlisted = imageFileIds(file.elements).filter((fileId) => !files.has(fileId));
      for (const uploaded of await listDiagramFiles(deps.db, diagramId, unlisted)) {
        files.set(uploaded.fileId, {
          id: uploaded.fileId,
          mimeType: uploaded.mimeType,
          created: Date.parse(uploaded.createdAt),
        });
      }
      return {
        id: diagram.id,
        name: diagram.name,
        revision: diagram.revision,
        elements: file.elements.map((element) => JSON.stringify(element)),
        files: Object.fromEntries(files),
      };
    },

    /**
     * The room's elements as the diagram's new content, over `baseRevision` only: when the stored
     * revision moved on (an agent replaced the diagram), StaleRevisionError and nothing is written.
     * The rest of the stored file (appState, the images it lists) is kept. A link no write may
     * store is taken out rather than refused: a refusal would keep every edit in the room unsaved.
     */
    async save(
      diagramId: string,
      change: { baseRevision: number; elements: unknown[]; writers?: string[] },
    ): Promise<{ revision: number }> {
      const owner = await ownerOf(diagramId);
      const { file } = await storedFile(owner, diagramId);
      // A save holding a guest's edits is the guest's (with whatever else the room holds).
      const guests = await guestCredit(deps.db, change.writers ?? []);
      const saved = await deps.diagrams.replaceFile(
        guests === null
          ? { userId: owner, via: "collab" }
          : { userId: owner, via: "guest", tokenName: guests || undefined },
        diagramId,
        {
          file: { ...file, elements: withoutUnsafeLinks(change.elements) },
          expectedRevision: change.baseRevision,
        },
      );
      return { revision: saved.revision };
    },

    /**
     * Which of these session references have ended: each ended one with when (unix ms), or null
     * when no such session is known any more (swept after its expiry); live ones are left out.
     */
    async endedSessions(refs: readonly string[]): Promise<Record<string, number | null>> {
      const [sessions, tokens, links] = await Promise.all([
        sessionEnds(deps.db, idsOf(refs, "session")),
        tokenRevocations(deps.db, idsOf(refs, "token")),
        linkSessionEnds(deps.db, refs, Date.now()),
      ]);
      const ends = new Map([
        ...[...sessions].map(([id, end]) => [sessionRef({ kind: "session", id }), end] as const),
        ...[...tokens].map(([id, end]) => [sessionRef({ kind: "token", id }), end] as const),
        ...links,
      ]);
      const ended: Record<string, number | null> = {};
      for (const ref of refs) {
        const end = ends.get(ref);
        if (end === undefined) ended[ref] = null;
        else if (end !== null) ended[ref] = Date.parse(end);
      }
      return ended;
    },

    /** Current revisions by id; null for a diagram that is gone. */
    async revisions(ids: readonly string[]): Promise<Record<string, number | null>> {
      const found = await diagramRevisions(deps.db, ids);
      return Object.fromEntries(ids.map((id) => [id, found.get(id) ?? null]));
    },
  };
}
