// Whole-file writes: a diagram created from an Excalidraw file (an import, or an empty new one) or
// its contents replaced by one (an editor's save, a REST PUT, a collaboration room's flush). The
// file is validated, its thumbnail sanitised or rendered (drawing/content.ts), and its images settled
// against the ones uploaded for the diagram (diagram_images.ts) before the store sees it.
import { excalidrawFile } from "../drawing/excalidraw/envelope.ts";
import { sameFile } from "../drawing/excalidraw/same_drawing.ts";
import { randomId } from "../store/random_id.ts";
import {
  createDiagram,
  type DiagramMeta,
  getDiagram,
  replaceDiagramContent,
} from "../store/diagrams.ts";
import { contentFromFile } from "../drawing/content.ts";
import { savedOrRefused } from "./errors.ts";
import { filesOfDiagram, filesOfNewDiagram } from "./diagram_images.ts";
import { type Actor, type DiagramDeps, type DiagramView, diagramView } from "./diagrams.ts";

export function fileWriteOperations(deps: DiagramDeps) {
  const { db, baseUrl } = deps;
  const now = deps.now ?? Date.now;
  const view = (meta: DiagramMeta): DiagramView => diagramView(baseUrl, meta);

  return {
    /**
     * An empty diagram, or an imported file (validated; thumbnail sanitised or rendered); with
     * `sourceText`, the file's own text, kept byte for byte when it needs no normalising.
     */
    async create(
      actor: Actor,
      input: {
        name: string;
        collectionId: string | null;
        file?: unknown;
        sourceText?: string;
        thumbnail?: string;
      },
    ): Promise<DiagramView> {
      const content = savedOrRefused(
        await contentFromFile(input.file ?? excalidrawFile(baseUrl, []), {
          thumbnail: input.thumbnail,
          sourceText: input.sourceText,
          settleFiles: filesOfNewDiagram,
        }),
      );
      const meta = await createDiagram(db, actor.userId, {
        id: randomId(),
        name: input.name,
        collectionId: input.collectionId,
        source: actor.via,
        withToken: actor.tokenName,
        now: now(),
        ...content,
      });
      return view(meta);
    },

    /**
     * A whole new file (editor saves, REST PUT, a room's flush, a chat client's save); with
     * expectedRevision only over that revision. A file that draws what is stored (same_drawing.ts:
     * only spelling or bookkeeping differ, as when Excalidraw loads a file and hands it back) is no
     * change: nothing is written, and the answer is the diagram as it stands.
     */
    async replaceFile(
      actor: Actor,
      id: string,
      input: { file: unknown; thumbnail?: string; expectedRevision?: number },
    ): Promise<DiagramView> {
      const { file: storedFile, ...stored } = await getDiagram(db, actor.userId, id);
      const content = savedOrRefused(
        await contentFromFile(input.file, {
          thumbnail: input.thumbnail,
          settleFiles: filesOfDiagram(db, id, () => Promise.resolve(storedFile)),
        }),
      );
      const current = input.expectedRevision === undefined ||
        input.expectedRevision === stored.revision;
      if (current && drawsTheSame(storedFile, content.file)) return view(stored);
      const meta = await replaceDiagramContent(db, actor.userId, id, {
        ...content,
        changedVia: actor.via,
        withToken: actor.tokenName,
        expectedRevision: input.expectedRevision,
        now: now(),
      });
      return view(meta);
    },
  };
}

/** Two stored texts (validated files) hold the same drawing. */
function drawsTheSame(stored: string, next: string): boolean {
  return stored === next || sameFile(JSON.parse(stored), JSON.parse(next));
}
