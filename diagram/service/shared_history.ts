// A diagram's history as a share link's visitor sees it, when the owner chose to show it (the
// link's `history`): the kept revisions, newest first, each drawn as our full-size SVG and as a
// card thumbnail, and who made it in words that name no token or tool of the owner's. A link
// without history reaches none of it: every read is null, which the pages answer with their 404.
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { fullSizeSvg } from "./diagrams.ts";
import { type HistoryOperations, type HistoryPage, madeBy, type RevisionMeta } from "./history.ts";
import type { SharedDiagram } from "./shared_view.ts";

/** How many revisions one page of a visitor's history lists. */
export const SHARED_HISTORY_PAGE = 50;

export type SharedHistoryOperations = ReturnType<typeof sharedHistoryOperations>;

export function sharedHistoryOperations(deps: { history: HistoryOperations }) {
  const { history } = deps;
  const owner = (shared: SharedDiagram) => [shared.link.userId, shared.id] as const;

  return {
    /** A page of the kept revisions, newest first, from before revision `before` if given. */
    async list(shared: SharedDiagram, before?: number): Promise<HistoryPage | null> {
      if (!shared.link.history) return null;
      return await history.list(...owner(shared), { limit: SHARED_HISTORY_PAGE, before });
    },

    /** A revision drawn as our SVG at natural size, its images in; NotFoundError if none. */
    async drawing(
      shared: SharedDiagram,
      revision: number,
    ): Promise<{ revision: RevisionMeta; svg: string } | null> {
      if (!shared.link.history) return null;
      const { file, ...meta } = await history.file(...owner(shared), revision);
      return { revision: meta, svg: fullSizeSvg(JSON.parse(file) as ExcalidrawFile) };
    },

    /** A revision's card thumbnail; NotFoundError if there is no such revision. */
    async thumbnail(shared: SharedDiagram, revision: number): Promise<string | null> {
      if (!shared.link.history) return null;
      return await history.thumbnail(...owner(shared), revision);
    },
  };
}

/**
 * Who made a revision, as a visitor is told: a guest of an edit link by the link's label, as the
 * owner's history says it; anything else the owner, whatever door or token they used.
 */
export function madeForVisitor(revision: Pick<RevisionMeta, "source" | "withToken">): string {
  return revision.source === "guest" ? madeBy(revision.source, revision.withToken) : "the owner";
}
