// The operations REST routes and MCP tools share: create from a file or a spec, replace the
// contents, and the public shape of a diagram (with its URLs).
import type { Database } from "../db/database.ts";
import { randomId } from "../../shared/random_id.ts";
import type { DiagramSpec } from "../../shared/spec.ts";
import {
  createDiagram,
  type DiagramMeta,
  diagramRevision,
  type DiagramSource,
  replaceDiagramContent,
} from "../store/diagrams.ts";
import { excalidrawFile } from "../../shared/scene/envelope.ts";
import { contentFromFile, contentFromSpec } from "./content.ts";

export interface DiagramView extends DiagramMeta {
  url: string;
  thumbnailUrl: string;
}

export interface DiagramService {
  view(meta: DiagramMeta): DiagramView;
  createFromFile(
    userId: string,
    input: {
      name: string;
      collectionId: string | null;
      file?: unknown;
      thumbnail?: string;
      source: DiagramSource;
    },
  ): Promise<DiagramView>;
  createFromSpec(
    userId: string,
    input: { name: string; collectionId: string | null; spec: DiagramSpec },
  ): Promise<DiagramView>;
  replaceFromSpec(
    userId: string,
    id: string,
    input: { spec: DiagramSpec; name?: string },
  ): Promise<DiagramView>;
}

export function createDiagramService(db: Database, baseUrl: string): DiagramService {
  const view = (meta: DiagramMeta): DiagramView => ({
    ...meta,
    url: `${baseUrl}/diagrams/${meta.id}`,
    thumbnailUrl: `${baseUrl}/api/diagrams/${meta.id}/thumbnail.svg`,
  });
  return {
    view,
    async createFromFile(userId, input) {
      const content = contentFromFile(input.file ?? excalidrawFile(baseUrl, []), input.thumbnail);
      return view(
        await createDiagram(db, userId, {
          id: randomId(),
          name: input.name,
          collectionId: input.collectionId,
          source: input.source,
          ...content,
        }),
      );
    },
    async createFromSpec(userId, input) {
      const id = randomId();
      const content = await contentFromSpec(input.spec, id, baseUrl);
      return view(
        await createDiagram(db, userId, {
          id,
          name: input.name,
          collectionId: input.collectionId,
          source: "mcp",
          ...content,
        }),
      );
    },
    async replaceFromSpec(userId, id, input) {
      // Existence first: a foreign or unknown id must not cost a layout.
      await diagramRevision(db, userId, id);
      const content = await contentFromSpec(input.spec, id, baseUrl);
      return view(await replaceDiagramContent(db, userId, id, { ...content, name: input.name }));
    },
  };
}
