// A diagram's history: the revisions its writes kept (store/revisions.ts), each readable as a
// file, as a thumbnail and as what changed since, and restorable. A restore is a write like any
// other: it keeps what it replaces, so it can itself be undone.
import type { Database } from "../db/database.ts";
import { withoutUnsafeLinks } from "../drawing/excalidraw/element_links.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { diagramRevision, getDiagram, replaceDiagramContent } from "../store/diagrams.ts";
import type { DiagramSource } from "../store/sources.ts";
import { getRevision, listRevisions, type RevisionMeta } from "../store/revisions.ts";
import { renderThumbnail } from "../drawing/svg/render_svg.ts";
import type { DiagramOperations } from "./diagram_operations.ts";
import type { Actor, DiagramView } from "./diagrams.ts";
import { diffScenes, type SceneDiff } from "../drawing/excalidraw/scene_diff.ts";
import { wholeFile } from "./whole_file.ts";

export type { RevisionMeta };

/** Each door contents come through, in words for people and agents alike. */
const DOORS: Record<DiagramSource, string> = {
  web: "a person in the editor",
  collab: "live editing",
  mcp: "an agent through MCP",
  import: "an import",
  restore: "a restore from history",
  // Any token may call the view's tools: the service cannot know a person used the view.
  app: "the diagram view in a chat client",
  mermaid: "a person, from Mermaid, in the gallery",
  guest: "a guest via a share link",
};

/**
 * Who made contents, in words: the door, and the access token the write was made with, when it was
 * made with one (`web` with a token is a program on the REST API, not a person in the editor). A
 * guest's credential is the share link it came through, named by its label.
 */
export function madeBy(source: DiagramSource, withToken: string | null): string {
  if (withToken === null) return DOORS[source];
  if (source === "guest") return `a guest via link ${withToken}`;
  const door = source === "web" ? "the REST API" : DOORS[source];
  return `${door}, with token ${withToken}`;
}

export interface HistoryPage {
  /** The diagram as it is now. */
  diagram: DiagramView;
  /** Kept revisions, newest first. */
  revisions: RevisionMeta[];
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: number | null;
}

export interface Restored {
  diagram: DiagramView;
  /** The revision whose contents are current again. */
  restoredRevision: number;
  /** The revision the restore replaced, itself kept: restoring it undoes the restore. */
  replacedRevision: number;
}

/** Thumbnails rendered from revisions: a revision's contents never change, so neither do they. */
const THUMBNAIL_CACHE_ENTRIES = 500;

export type HistoryOperations = ReturnType<typeof historyOperations>;

export function historyOperations(
  deps: { db: Database; diagrams: DiagramOperations; now: () => number },
) {
  const { db, diagrams } = deps;
  const thumbnails = new Map<string, string>();

  /** The revision of the owner's diagram (outside the trash), or NotFoundError. */
  async function revisionOf(userId: string, id: string, revision: number) {
    await diagramRevision(db, userId, id);
    return getRevision(db, id, revision);
  }

  return {
    async list(
      userId: string,
      id: string,
      page: { limit: number; before?: number },
    ): Promise<HistoryPage> {
      const diagram = await diagrams.details(userId, id);
      const rows = await listRevisions(db, id, { limit: page.limit + 1, before: page.before });
      const revisions = rows.slice(0, page.limit);
      return {
        diagram,
        revisions,
        nextBefore: rows.length > page.limit ? revisions[revisions.length - 1].revision : null,
      };
    },

    /** A revision as a whole `.excalidraw` file, its uploaded images' bytes put back in. */
    async file(
      userId: string,
      id: string,
      revision: number,
    ): Promise<RevisionMeta & { file: string }> {
      const kept = await revisionOf(userId, id, revision);
      return { ...kept, file: await wholeFile(db, id, kept.file) };
    },

    /** The revision drawn as a card thumbnail, rendered on first request and remembered. */
    async thumbnail(userId: string, id: string, revision: number): Promise<string> {
      const key = `${id}:${revision}`;
      await diagramRevision(db, userId, id);
      const cached = thumbnails.get(key);
      if (cached !== undefined) return cached;
      const { file } = await getRevision(db, id, revision);
      const svg = renderThumbnail((JSON.parse(file) as ExcalidrawFile).elements);
      if (thumbnails.size >= THUMBNAIL_CACHE_ENTRIES) {
        thumbnails.delete(thumbnails.keys().next().value!);
      }
      thumbnails.set(key, svg);
      return svg;
    },

    /** The revision next to the current drawing: what restoring it would add, remove and change. */
    async compare(
      userId: string,
      id: string,
      revision: number,
    ): Promise<{ revision: RevisionMeta; current: DiagramView; diff: SceneDiff }> {
      const { file: kept, ...meta } = await revisionOf(userId, id, revision);
      const { file: now, ...current } = await getDiagram(db, userId, id);
      const elements = (text: string) => (JSON.parse(text) as ExcalidrawFile).elements;
      return {
        revision: meta,
        current: diagrams.view(current),
        diff: diffScenes(elements(now), elements(kept)),
      };
    },

    /**
     * Makes revision `revision`'s contents current again, byte for byte, as a new revision; with
     * `expectedRevision` only over that one (StaleRevisionError otherwise, nothing written). A link
     * kept from before links were checked, which no write may store now, is taken out.
     */
    async restore(
      actor: Actor,
      id: string,
      input: { revision: number; expectedRevision?: number },
    ): Promise<Restored> {
      const kept = await revisionOf(actor.userId, id, input.revision);
      // It was validated when first written.
      const file = JSON.parse(kept.file) as ExcalidrawFile;
      const elements = withoutUnsafeLinks(file.elements);
      const meta = await replaceDiagramContent(db, actor.userId, id, {
        file: elements === file.elements ? kept.file : JSON.stringify({ ...file, elements }),
        thumbnailSvg: renderThumbnail(elements),
        elementCount: kept.elementCount,
        changedVia: "restore",
        withToken: actor.tokenName,
        expectedRevision: input.expectedRevision,
        now: deps.now(),
      });
      return {
        diagram: diagrams.view(meta),
        restoredRevision: input.revision,
        replacedRevision: meta.revision - 1,
      };
    },
  };
}
