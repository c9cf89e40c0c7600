// A diagram as a record, and the words every diagram operation shares: listing and searching,
// reading (the file, its details, its thumbnail, its exports), renaming and moving, duplicating,
// and deleting into the trash. What changes a diagram's contents lives beside it: spec_diagrams.ts
// (drawn from a spec), file_writes.ts (a whole Excalidraw file) and diagram_images.ts (its images);
// diagram_operations.ts puts them together as core.diagrams. Each write names who made it (the
// actor), so a hook (search index, history, collaboration) attaches once for every door.
import type { Database } from "../db/database.ts";
import { randomId } from "../store/random_id.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { assertCollectionExists } from "../store/collections.ts";
import {
  createDiagram,
  type DiagramListFilter,
  type DiagramMeta,
  diagramRevision,
  getDiagram,
  getDiagramDetails,
  getThumbnail,
  listDiagrams,
  type PagePosition,
  updateDiagramMeta,
} from "../store/diagrams.ts";
import type { SearchMatch } from "../store/diagram_search.ts";
import { deleteForGood, trashDiagram } from "../store/trash.ts";
import { copyDiagramFiles } from "../store/diagram_files.ts";
import type { DiagramSource } from "../store/sources.ts";
import { renderFullSize } from "../drawing/svg/render_svg.ts";
import { fileNameOf } from "../file_name.ts";
import { liveElementCount } from "../drawing/content.ts";
import { wholeFile } from "./whole_file.ts";

// What the pages need to know of the store's lists: the orders, where a row stands, and the
// markers a search puts around matched words.
export { DIAGRAM_SORTS } from "../store/diagrams.ts";
export type { DiagramSort, PagePosition } from "../store/diagrams.ts";
export { MARK_END, MARK_START } from "../store/diagram_search.ts";
export type { SearchMatch } from "../store/diagram_search.ts";
// The doors a change comes through, which pages and MCP tools name.
export { DIAGRAM_SOURCES, type DiagramSource } from "../store/sources.ts";

/**
 * Who makes a change: the account, the door (web pages and REST, an agent, an import, the
 * collaboration server, a restore from history…), and the name of the access token the request
 * carried, when it carried one: who holds that token is all the service knows of who wrote.
 */
export interface Actor {
  userId: string;
  via: DiagramSource;
  tokenName?: string;
}

export interface DiagramView extends DiagramMeta {
  url: string;
  thumbnailUrl: string;
}

/** What every diagram operation needs. */
export interface DiagramDeps {
  db: Database;
  baseUrl: string;
  /** Milliseconds since the epoch: Date.now, or a test's clock. */
  now?: () => number;
}

/** A stored diagram as answers show it: with where it opens and where its thumbnail is. */
export function diagramView(baseUrl: string, meta: DiagramMeta): DiagramView {
  return {
    ...meta,
    url: `${baseUrl}/d/${meta.id}`,
    thumbnailUrl: `${baseUrl}/api/diagrams/${meta.id}/thumbnail.svg`,
  };
}

/** What to list: the store's filter, taken as it is. */
export type DiagramFilter = DiagramListFilter;

export function diagramRecordOperations(deps: DiagramDeps) {
  const { db, baseUrl } = deps;
  const now = deps.now ?? Date.now;
  const view = (meta: DiagramMeta): DiagramView => diagramView(baseUrl, meta);

  return {
    view,

    /** Newest first; with a query, best match first, each with where it matched. */
    async list(
      userId: string,
      filter: DiagramFilter,
    ): Promise<(DiagramView & { match?: SearchMatch; position: PagePosition })[]> {
      if (typeof filter.collectionId === "string") {
        await assertCollectionExists(db, userId, filter.collectionId);
      }
      return (await listDiagrams(db, userId, filter)).map(({ match, position, ...meta }) => ({
        ...view(meta),
        position,
        ...(match === undefined ? {} : { match }),
      }));
    },

    /** The whole file, the bytes of its uploaded images included. */
    async get(userId: string, id: string): Promise<DiagramView & { file: string }> {
      const { file, ...meta } = await getDiagram(db, userId, id);
      return { ...view(meta), file: await wholeFile(db, id, file) };
    },

    /** The file as stored: uploaded images are named in it, their bytes kept apart. */
    async stored(userId: string, id: string): Promise<DiagramView & { file: string }> {
      const { file, ...meta } = await getDiagram(db, userId, id);
      return { ...view(meta), file };
    },

    /** Without the file: its metadata, and whether anything is drawn in it. */
    async details(userId: string, id: string): Promise<DiagramView & { drawn: boolean }> {
      const { drawn, ...meta } = await getDiagramDetails(db, userId, id);
      return { ...view(meta), drawn };
    },

    thumbnail(userId: string, id: string): Promise<string> {
      return getThumbnail(db, userId, id);
    },

    /** The whole file as a `.excalidraw` download: the stored text when it holds every image. */
    async export(userId: string, id: string): Promise<{ fileName: string; file: string }> {
      const { file, name } = await getDiagram(db, userId, id);
      return { fileName: `${fileNameOf(name)}.excalidraw`, file: await wholeFile(db, id, file) };
    },

    /**
     * The drawing as a `.svg` download: our render at natural size, not the card thumbnail, its
     * raster images drawn in.
     */
    async exportSvg(userId: string, id: string): Promise<{ fileName: string; svg: string }> {
      const { file, name } = await getDiagram(db, userId, id);
      // Validated when it was written: it parses, and its appState is an object.
      const whole: ExcalidrawFile = JSON.parse(await wholeFile(db, id, file));
      return { fileName: `${fileNameOf(name)}.svg`, svg: fullSizeSvg(whole) };
    },

    /**
     * What a chat client's diagram view shows and edits, from one read, as asked: our SVG of it
     * at natural size (as the `.svg` export draws it, images and all), the whole file (its
     * uploaded images' bytes put back, since the view cannot fetch them), or both.
     */
    async drawing(
      userId: string,
      id: string,
      include: { svg: boolean; file: boolean },
    ): Promise<DiagramView & { file?: ExcalidrawFile; svg?: string }> {
      const { file: stored, ...meta } = await getDiagram(db, userId, id);
      // Validated when it was written: it parses, and its appState is an object.
      const file: ExcalidrawFile = JSON.parse(await wholeFile(db, id, stored));
      return {
        ...view(meta),
        ...(include.file ? { file } : {}),
        ...(include.svg ? { svg: fullSizeSvg(file) } : {}),
      };
    },

    /** Rename, move (collectionId null: out of every collection), or both. */
    async updateDetails(
      actor: Actor,
      id: string,
      change: { name?: string; collectionId?: string | null },
    ): Promise<DiagramView> {
      return view(await updateDiagramMeta(db, actor.userId, id, change));
    },

    /** A copy with its own id: the same drawing (element ids kept: they are per file). */
    async duplicate(
      actor: Actor,
      id: string,
      input: { name?: string; collectionId?: string | null } = {},
    ): Promise<DiagramView> {
      const original = await getDiagram(db, actor.userId, id);
      const collectionId = input.collectionId === undefined
        ? original.collectionId
        : input.collectionId;
      if (collectionId !== null) await assertCollectionExists(db, actor.userId, collectionId);
      const thumbnailSvg = await getThumbnail(db, actor.userId, id);
      const meta = await createDiagram(db, actor.userId, {
        id: randomId(),
        name: input.name ?? copyName(original.name),
        collectionId,
        source: actor.via,
        withToken: actor.tokenName,
        now: now(),
        file: original.file,
        thumbnailSvg,
        elementCount: liveElementCount((JSON.parse(original.file) as ExcalidrawFile).elements),
      });
      try {
        // The copy's file names the original's uploaded images: it gets its own rows of them.
        await copyDiagramFiles(db, id, meta.id);
      } catch (error) {
        // A copy without its images would name bytes it does not have; better no copy at all.
        await deleteForGood(db, actor.userId, meta.id, "fresh");
        throw error;
      }
      return view(meta);
    },

    /** Into the trash: out of every list and room until restored from there, or purged. */
    async delete(actor: Actor, id: string): Promise<void> {
      await trashDiagram(db, actor.userId, id, now());
    },

    /** Throws NotFoundError unless the diagram exists for this account; costs one small read. */
    async assertExists(userId: string, id: string): Promise<void> {
      await diagramRevision(db, userId, id);
    },
  };
}

const MAX_NAME_LENGTH = 200;

function copyName(name: string): string {
  const suffix = " (copy)";
  return name.length + suffix.length <= MAX_NAME_LENGTH
    ? name + suffix
    : name.slice(0, MAX_NAME_LENGTH - suffix.length) + suffix;
}

/** Our SVG of a whole file at natural size, on its canvas colour, with its images' bytes. */
export function fullSizeSvg({ elements, appState, files }: ExcalidrawFile): string {
  const background = appState.viewBackgroundColor;
  return renderFullSize(elements, {
    background: typeof background === "string" ? background : undefined,
    files,
  });
}
