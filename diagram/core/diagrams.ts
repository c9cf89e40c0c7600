// Every diagram operation, whichever door it comes through (REST, MCP, the operator commands, the
// pages): the only caller of the diagram store. Each write names who made it (the actor), so a
// later hook (search index, history, collaboration) attaches here once for every door.
import type { Database } from "../db/database.ts";
import { randomId } from "../store/random_id.ts";
import { type DiagramSpec, parseSpec } from "../../shared/spec.ts";
import { applySpecPatch, type SpecPatch } from "../drawing/spec_patch.ts";
import { excalidrawFile } from "../drawing/excalidraw/envelope.ts";
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
  replaceDiagramContent,
  updateDiagramMeta,
} from "../store/diagrams.ts";
import type { SearchMatch } from "../store/diagram_search.ts";
import { deleteForGood, trashDiagram } from "../store/trash.ts";
import {
  copyDiagramFiles,
  diagramFilesBytes,
  getDiagramFile,
  listDiagramFiles,
  putDiagramFile,
} from "../store/diagram_files.ts";
import type { DiagramSource } from "../store/sources.ts";
import { renderFullSize } from "../drawing/svg/render_svg.ts";
import { contentFromFile, liveElementCount } from "./content.ts";
import type { DrawJob, DrawnContent } from "./draw.ts";
import { InvalidInputError, NotFoundError } from "./errors.ts";
import {
  bytesOfDataUrl,
  diagramImagesProblem,
  type Image,
  imageProblem,
  imageTypeOf,
  settleFiles,
} from "./images.ts";
import { imageEntry, wholeFile } from "./whole_file.ts";
import { fileIdSchema, parseOrThrow } from "./schemas.ts";
import { sceneSpec } from "./scene_spec.ts";

// What the pages need to know of the store's lists: the orders, where a row stands, and the
// markers a search puts around matched words.
export { DIAGRAM_SORTS } from "../store/diagrams.ts";
export type { DiagramSort, PagePosition } from "../store/diagrams.ts";
export { MARK_END, MARK_START } from "../store/diagram_search.ts";
export type { SearchMatch } from "../store/diagram_search.ts";
// The doors a change comes through, which pages and MCP tools name.
export { DIAGRAM_SOURCES, type DiagramSource } from "../store/sources.ts";

/**
 * Who makes a change: the account, and the door (web pages and REST, an agent, an import, the
 * collaboration server, a restore from history).
 */
export interface Actor {
  userId: string;
  via: DiagramSource;
}

export interface DiagramView extends DiagramMeta {
  url: string;
  thumbnailUrl: string;
}

export interface DiagramCoreDeps {
  db: Database;
  baseUrl: string;
  /** drawContent of a checked spec: on the worker pool in the service, in-thread in tests. */
  draw(job: DrawJob): Promise<DrawnContent>;
  /** Problems that would make the layout exceed its budget, found before any layout. */
  layoutProblems(spec: DiagramSpec): string[];
  /** Milliseconds since the epoch: Date.now, or a test's clock. */
  now?: () => number;
}

/** What to list: the store's filter, taken as it is. */
export type DiagramFilter = DiagramListFilter;

/** What a spec write drew, for answers that say so. */
export interface SpecWrite {
  diagram: DiagramView;
  nodes: number;
  edges: number;
}

export interface SpecUpdate extends SpecWrite {
  /** The revision this write replaced. */
  replacedRevision: number;
  /** Hand-made elements the spec does not own, carried over in place. */
  keptElements: number;
  /** Edges a patch removed along with their nodes. */
  removedEdges: number;
}

export type SpecChange = { spec: unknown; patch?: undefined } | {
  patch: SpecPatch;
  spec?: undefined;
};

export interface ReadBack {
  diagram: DiagramView;
  spec: DiagramSpec | null;
  notExpressed: string[];
}

export type DiagramOperations = ReturnType<typeof diagramOperations>;

export function diagramOperations(deps: DiagramCoreDeps) {
  const { db, baseUrl } = deps;
  const now = deps.now ?? Date.now;
  const view = (meta: DiagramMeta): DiagramView => ({
    ...meta,
    url: `${baseUrl}/d/${meta.id}`,
    thumbnailUrl: `${baseUrl}/api/diagrams/${meta.id}/thumbnail.svg`,
  });

  /** Parses and budget-checks a spec; InvalidInputError with every problem otherwise. */
  function checkedSpec(input: unknown, describe: (path: string) => string): DiagramSpec {
    const parsed = parseSpec(input);
    const problems = parsed.ok ? deps.layoutProblems(parsed.spec) : parsed.errors.map(describe);
    if (parsed.ok && problems.length === 0) return parsed.spec;
    throw new InvalidInputError(
      problems,
      `the spec has ${problems.length} problem(s); nothing was saved`,
    );
  }

  /**
   * How diagram `id`'s new file keeps its images (settleFiles): bytes it has uploaded are dropped
   * from the file, and an entry sent without bytes must name an uploaded image or one the file
   * stored before holds inline (read only then: `storedFile` checks the owner, so a foreign id
   * answers "not found" rather than which files it has).
   */
  function filesOfDiagram(id: string, storedFile: () => Promise<string>) {
    return async (files: ExcalidrawFile["files"]): Promise<ExcalidrawFile["files"]> => {
      const listed = await listDiagramFiles(db, id, Object.keys(files));
      const uploaded = new Set(listed.map((file) => file.fileId));
      let settled = settleFiles(files, uploaded, {});
      if (settled.missing.length > 0) {
        const before: ExcalidrawFile = JSON.parse(await storedFile());
        settled = settleFiles(files, uploaded, before.files);
      }
      if (settled.missing.length > 0) {
        throw missingImages(
          settled.missing,
          (fileId) =>
            `this diagram has no uploaded file with that id; PUT its bytes to /api/diagrams/${id}/files/${fileId} first`,
        );
      }
      return settled.files;
    };
  }

  function draw(spec: DiagramSpec, diagramId: string, previousFile?: string) {
    const options = { diagramId, source: baseUrl, updated: Date.now() };
    return deps.draw({ spec, options, ...(previousFile === undefined ? {} : { previousFile }) });
  }

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

    /** The drawing as a `.svg` download: our render at natural size, not the card thumbnail. */
    async exportSvg(userId: string, id: string): Promise<{ fileName: string; svg: string }> {
      const { file, name } = await getDiagram(db, userId, id);
      // Validated when it was written: it parses, and its appState is an object.
      const { elements, appState }: ExcalidrawFile = JSON.parse(file);
      const background = appState.viewBackgroundColor;
      return {
        fileName: `${fileNameOf(name)}.svg`,
        svg: renderFullSize(elements, {
          background: typeof background === "string" ? background : undefined,
        }),
      };
    },

    /** The diagram as the spec update_diagram accepts, and what that spec cannot say. */
    async readSpec(userId: string, id: string): Promise<ReadBack> {
      const { file, ...meta } = await getDiagram(db, userId, id);
      const { spec, notExpressed } = sceneSpec(JSON.parse(file).elements);
      return { diagram: view(meta), spec, notExpressed };
    },

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
      const content = await contentFromFile(input.file ?? excalidrawFile(baseUrl, []), {
        thumbnail: input.thumbnail,
        sourceText: input.sourceText,
        // A new diagram has no uploaded images: every image must come with its bytes.
        settleFiles: (files) => {
          const { missing } = settleFiles(files, new Set(), {});
          if (missing.length > 0) {
            throw missingImages(
              missing,
              () => "a new diagram has no uploaded files yet; send the image inline as a data: URL",
            );
          }
          return Promise.resolve(files);
        },
      });
      const meta = await createDiagram(db, actor.userId, {
        id: randomId(),
        name: input.name,
        collectionId: input.collectionId,
        source: actor.via,
        now: now(),
        ...content,
      });
      return view(meta);
    },

    async createFromSpec(
      actor: Actor,
      input: { name: string; collectionId: string | null; spec: unknown },
    ): Promise<SpecWrite> {
      const spec = checkedSpec(input.spec, (error) => `spec.${error}`);
      // A missing collection must not cost a layout.
      if (input.collectionId !== null) {
        await assertCollectionExists(db, actor.userId, input.collectionId);
      }
      const id = randomId();
      const { file, thumbnailSvg, elementCount } = await draw(spec, id);
      const meta = await createDiagram(db, actor.userId, {
        id,
        name: input.name,
        collectionId: input.collectionId,
        source: actor.via,
        now: now(),
        file,
        thumbnailSvg,
        elementCount,
      });
      return { diagram: view(meta), nodes: spec.nodes.length, edges: spec.edges.length };
    },

    /**
     * Redraws a diagram from a whole spec or a patch of its current one. Elements the old spec did
     * not own stay where they are. Written only if nobody saved since it was read.
     */
    async updateFromSpec(
      actor: Actor,
      id: string,
      input: SpecChange & { name?: string },
    ): Promise<SpecUpdate> {
      const current = await getDiagram(db, actor.userId, id);
      let removedEdges = 0;
      let spec: DiagramSpec;
      if (input.patch === undefined) {
        spec = checkedSpec(input.spec, (error) => `spec.${error}`);
      } else {
        // Only a patch needs the current spec here; what the old spec owned is worked out by the
        // worker that draws the new one.
        const readBack = sceneSpec(JSON.parse(current.file).elements);
        if (readBack.spec === null) {
          throw new InvalidInputError(
            ["patch: the diagram has no nodes to patch; send a whole spec instead"],
            "nothing to patch",
          );
        }
        const patched = applySpecPatch(readBack.spec, input.patch);
        if (!patched.ok) {
          throw new InvalidInputError(patched.errors, "the patch names unknown ids; nothing saved");
        }
        removedEdges = patched.removedEdges;
        spec = checkedSpec(patched.spec, patchedPath(patched));
      }
      const { file, thumbnailSvg, elementCount, kept } = await draw(spec, id, current.file);
      const meta = await replaceDiagramContent(db, actor.userId, id, {
        file,
        thumbnailSvg,
        elementCount,
        name: input.name,
        changedVia: actor.via,
        expectedRevision: current.revision,
        now: now(),
      });
      return {
        diagram: view(meta),
        nodes: spec.nodes.length,
        edges: spec.edges.length,
        replacedRevision: current.revision,
        keptElements: kept,
        removedEdges,
      };
    },

    /** A whole new file (editor saves, REST PUT); with expectedRevision only over that revision. */
    async replaceFile(
      actor: Actor,
      id: string,
      input: { file: unknown; thumbnail?: string; expectedRevision?: number },
    ): Promise<DiagramView> {
      const content = await contentFromFile(input.file, {
        thumbnail: input.thumbnail,
        settleFiles: filesOfDiagram(id, async () => (await getDiagram(db, actor.userId, id)).file),
      });
      const meta = await replaceDiagramContent(db, actor.userId, id, {
        ...content,
        changedVia: actor.via,
        expectedRevision: input.expectedRevision,
        now: now(),
      });
      return view(meta);
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

    /**
     * Stores an image of the diagram under Excalidraw's id for it (a hash of its content, so a
     * second upload of the same id changes nothing): a type kept here, bytes that really are that
     * type, within the per-image and per-diagram limits.
     */
    async putImage(
      actor: Actor,
      id: string,
      fileId: string,
      image: { mimeType: string; bytes: Uint8Array },
    ): Promise<{ created: boolean }> {
      parseOrThrow(fileIdSchema, fileId, "fileId");
      await diagramRevision(db, actor.userId, id);
      const problem = imageProblem(image.mimeType, image.bytes);
      if (problem !== null) throw new InvalidInputError([problem], "the image was not stored");
      if ((await listDiagramFiles(db, id, [fileId])).length > 0) return { created: false };
      const limit = diagramImagesProblem(await diagramFilesBytes(db, id), image.bytes.byteLength);
      if (limit !== null) throw new InvalidInputError([limit], "the image was not stored");
      return { created: await putDiagramFile(db, id, { fileId, ...image }) };
    },

    /**
     * One image of the diagram: an uploaded one, else one its stored file holds inline (imported
     * files keep their images there) when its bytes are the image type the file says.
     */
    async image(userId: string, id: string, fileId: string): Promise<Image> {
      await diagramRevision(db, userId, id);
      const uploaded = await getDiagramFile(db, id, fileId);
      if (uploaded !== null) return imageEntry(uploaded);
      const { files }: ExcalidrawFile = JSON.parse((await getDiagram(db, userId, id)).file);
      const entry = Object.hasOwn(files, fileId)
        ? files[fileId] as { mimeType: string; dataURL?: string }
        : undefined;
      const bytes = entry?.dataURL === undefined ? null : await bytesOfDataUrl(entry.dataURL);
      if (entry === undefined || bytes === null) {
        throw new NotFoundError("no such file in this diagram");
      }
      const type = imageTypeOf(bytes);
      if (type === null || type !== entry.mimeType) {
        throw new NotFoundError(
          `this diagram's file ${JSON.stringify(fileId)} is not an image of a type served here`,
        );
      }
      return { mimeType: type, bytes };
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

/** Entries sent without their bytes that nothing here can supply; `why` says what to do instead. */
function missingImages(fileIds: string[], why: (fileId: string) => string): InvalidInputError {
  return new InvalidInputError(
    fileIds.map((fileId) => `files[${JSON.stringify(fileId)}] has no dataURL and ${why(fileId)}`),
    "the file names images without their bytes; nothing was saved",
  );
}

function copyName(name: string): string {
  const suffix = " (copy)";
  return name.length + suffix.length <= MAX_NAME_LENGTH
    ? name + suffix
    : name.slice(0, MAX_NAME_LENGTH - suffix.length) + suffix;
}

/** Characters file systems refuse become "-"; an empty result becomes "diagram". */
function fileNameOf(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, "-").trim().replace(/^\.+/, "");
  return safe.length > 0 ? safe.slice(0, 100) : "diagram";
}

/**
 * Problems in a patched spec point into what the agent sent: an added node or edge by its place in
 * addNodes/addEdges, an existing one by its id.
 */
function patchedPath(
  patched: { spec: unknown; firstAdded: { nodes: number; edges: number } },
): (error: string) => string {
  const spec = patched.spec as { nodes: { id?: unknown }[]; edges: { id?: unknown }[] };
  return (error) => {
    const match = /^(nodes|edges)\[(\d+)\](.*)$/s.exec(error);
    if (!match) return `patched spec: ${error}`;
    const [, list, text, rest] = match;
    const index = Number(text);
    const first = patched.firstAdded[list as "nodes" | "edges"];
    if (index >= first) {
      return `patch.${list === "nodes" ? "addNodes" : "addEdges"}[${index - first}]${rest}`;
    }
    const id = JSON.stringify(spec[list as "nodes" | "edges"][index]?.id);
    return `${list === "nodes" ? "node" : "edge"} ${id}${rest}`;
  };
}
