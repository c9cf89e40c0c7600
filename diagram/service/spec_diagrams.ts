// Diagrams as structural specs: drawn from one (laid out off the request thread by deps.draw, the
// drawing pool in the service), redrawn from a whole new spec or a patch of the current one with
// the elements a person drew by hand kept in place, and read back as the spec update_diagram
// accepts. Every spec is checked and its layout budgeted before any layout, so a refused one costs
// nothing and saves nothing.
import { type DiagramSpec, parseSpec } from "../drawing/spec.ts";
import { applySpecPatch, type SpecPatch } from "../drawing/spec_patch.ts";
import { randomId } from "../store/random_id.ts";
import { assertCollectionExists } from "../store/collections.ts";
import {
  createDiagram,
  type DiagramMeta,
  getDiagram,
  replaceDiagramContent,
} from "../store/diagrams.ts";
import { previewFailure } from "../drawing/png/png_error.ts";
import { groupElements, groupIds } from "../drawing/png/legibility.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { DrawingBusyError, DrawingTimeoutError } from "../drawing_pool/drawing_pool.ts";
import type { Checked } from "../drawing/content.ts";
import type { DrawJob, DrawnContent, PreviewImage } from "../drawing/draw.ts";
import { InvalidInputError, savedOrRefused } from "./errors.ts";
import { sceneSpec } from "../drawing/scene/scene_spec.ts";
import { wholeFile } from "./whole_file.ts";
import { type Actor, type DiagramDeps, type DiagramView, diagramView } from "./diagrams.ts";

export interface SpecDeps extends DiagramDeps {
  /**
   * drawContent of a checked spec: on the worker pool in the service, in-thread in tests. `owner`
   * (the account) keeps one account's costly jobs from holding up another's.
   */
  draw(job: DrawJob, owner?: string): Promise<Checked<DrawnContent>>;
  /** previewOfFile of a stored file, likewise; rejects only when the pool does (busy, time). */
  preview(file: string, owner?: string): Promise<PreviewImage>;
  /** Problems that would make the layout exceed its budget, found before any layout. */
  layoutProblems(spec: DiagramSpec): string[];
}

/** What a spec write drew, for answers that say so. */
export interface SpecWrite {
  diagram: DiagramView;
  nodes: number;
  edges: number;
  /** The saved drawing's PNG (or why there is none), when the write asked for it. */
  preview?: PreviewImage;
}

/** Whether a write or a read also renders the drawing's PNG preview (off unless asked). */
export interface PreviewOption {
  preview?: boolean;
}

/** A read's preview: of the whole drawing, or of one group of it (legibility.ts). */
export interface ReadPreviewOption {
  preview?: boolean | { group: string };
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
  /** When asked for: the PNG of the diagram as stored, or why there is none. */
  preview?: PreviewImage;
}

export function specOperations(deps: SpecDeps) {
  const { db, baseUrl } = deps;
  const now = deps.now ?? Date.now;
  const view = (meta: DiagramMeta): DiagramView => diagramView(baseUrl, meta);

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

  async function draw(
    owner: string,
    spec: DiagramSpec,
    diagramId: string,
    preview: boolean,
    previousFile?: string,
  ) {
    const options = { diagramId, source: baseUrl, updated: Date.now() };
    const drawn = await deps.draw({
      spec,
      options,
      ...(previousFile === undefined ? {} : { previousFile }),
      ...(preview ? { preview } : {}),
    }, owner);
    return savedOrRefused(drawn);
  }

  /**
   * A stored file's preview; the pool's refusals (busy, past its budget) become its error, and a
   * worker that failed is not described in its runtime's words.
   */
  async function previewOf(file: string, owner: string): Promise<PreviewImage> {
    try {
      return await deps.preview(file, owner);
    } catch (error) {
      const refused = error instanceof DrawingBusyError || error instanceof DrawingTimeoutError;
      return { error: refused ? error.message : previewFailure(error) };
    }
  }

  return {
    /**
     * The diagram as the spec update_diagram accepts, and what that spec cannot say; with
     * `preview`, its PNG as stored too (its uploaded images drawn in).
     */
    async readSpec(userId: string, id: string, options: ReadPreviewOption = {}): Promise<ReadBack> {
      const { file, ...meta } = await getDiagram(db, userId, id);
      const stored = JSON.parse(file) as ExcalidrawFile;
      const { spec, notExpressed } = sceneSpec(stored.elements);
      const read = { diagram: view(meta), spec, notExpressed };
      if (!options.preview) return read;
      const whole = await wholeFile(db, id, file);
      if (options.preview === true) return { ...read, preview: await previewOf(whole, userId) };
      const { group } = options.preview;
      const elements = groupElements(stored.elements, group);
      if (elements === null) {
        const groups = groupIds(stored.elements);
        const known = groups.length === 0
          ? "it has none"
          : `its groups: ${groups.map((id) => JSON.stringify(id)).join(", ")}`;
        return {
          ...read,
          preview: { error: `there is no group ${JSON.stringify(group)} (${known})` },
        };
      }
      const part = JSON.stringify({ ...JSON.parse(whole) as ExcalidrawFile, elements });
      return { ...read, preview: await previewOf(part, userId) };
    },

    async createFromSpec(
      actor: Actor,
      input: { name: string; collectionId: string | null; spec: unknown } & PreviewOption,
    ): Promise<SpecWrite> {
      const spec = checkedSpec(input.spec, (error) => `spec.${error}`);
      // A missing collection must not cost a layout.
      if (input.collectionId !== null) {
        await assertCollectionExists(db, actor.userId, input.collectionId);
      }
      const id = randomId();
      const { file, thumbnailSvg, elementCount, preview } = await draw(
        actor.userId,
        spec,
        id,
        input.preview === true,
      );
      const meta = await createDiagram(db, actor.userId, {
        id,
        name: input.name,
        collectionId: input.collectionId,
        source: actor.via,
        withToken: actor.tokenName,
        now: now(),
        file,
        thumbnailSvg,
        elementCount,
      });
      return {
        diagram: view(meta),
        nodes: spec.nodes.length,
        edges: spec.edges.length,
        ...(preview === undefined ? {} : { preview }),
      };
    },

    /**
     * Redraws a diagram from a whole spec or a patch of its current one. Elements the old spec did
     * not own stay where they are. Written only if nobody saved since it was read.
     */
    async updateFromSpec(
      actor: Actor,
      id: string,
      input: SpecChange & { name?: string } & PreviewOption,
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
      const { file, thumbnailSvg, elementCount, kept, preview } = await draw(
        actor.userId,
        spec,
        id,
        input.preview === true,
        current.file,
      );
      const meta = await replaceDiagramContent(db, actor.userId, id, {
        file,
        thumbnailSvg,
        elementCount,
        name: input.name,
        changedVia: actor.via,
        withToken: actor.tokenName,
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
        ...(preview === undefined ? {} : { preview }),
      };
    },
  };
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
