// Diagrams from Mermaid flowchart text, and back. The one place a chart is parsed, whichever door
// it came through (an MCP tool, the REST API, the New from Mermaid page, an import of .mmd files):
// the chart becomes a spec (drawing/mermaid/), which then takes the spec path (spec_diagrams.ts),
// so a chart is checked, budgeted, drawn and kept exactly as a spec is. A chart that does not parse
// is an InvalidInputError listing every error (each with its line and column), and nothing is
// saved; notes say what the chart held that is not drawn.
import type { DiagramSpec } from "../drawing/spec.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";
import { svgSize } from "../drawing/png/render_png.ts";
import { renderFullSize } from "../drawing/svg/render_svg.ts";
import { MERMAID_LIMITS, mermaidToSpec } from "../drawing/mermaid/from_mermaid.ts";
import { specToMermaid } from "../drawing/mermaid/to_mermaid.ts";
import { getDiagram } from "../store/diagrams.ts";
import { fileNameOf } from "../file_name.ts";
import { ConflictError, InvalidInputError, savedOrRefused } from "./errors.ts";
import { sceneSpec } from "../drawing/scene/scene_spec.ts";
import type { Actor } from "./diagrams.ts";
import type {
  PreviewOption,
  SpecDeps,
  specOperations,
  SpecUpdate,
  SpecWrite,
} from "./spec_diagrams.ts";

export { MERMAID_LIMITS };

/** What the chart held that is not drawn, one short sentence each ("ignored: click …"). */
export interface MermaidNotes {
  notes: string[];
}

/** A chart drawn without being saved: the New from Mermaid page's preview. */
export interface MermaidPreview extends MermaidNotes {
  /**
   * Our own SVG render of the drawing at its own size, as exports are (no script, no outside
   * references): the page scales it.
   */
  svg: string;
  /** The SVG's own size in px. */
  width: number;
  height: number;
  nodes: number;
  edges: number;
}

/** The diagram id a preview is drawn under: element ids and seeds derive from it. */
const PREVIEW_ID = "preview";

/**
 * The spec a chart stands for (checked by the spec's rules) and its notes; InvalidInputError
 * listing every error otherwise, each saying where: a line and column, or the node, link or
 * subgraph by its id in the chart.
 */
export function specFromMermaid(text: unknown): { spec: DiagramSpec; notes: string[] } {
  if (typeof text !== "string") {
    throw new InvalidInputError(["mermaid: expected the chart's text as a string"], refusal(1));
  }
  const parsed = mermaidToSpec(text);
  if (!parsed.ok) throw new InvalidInputError(parsed.errors, refusal(parsed.errors.length));
  return { spec: parsed.spec, notes: parsed.notes };
}

/** The chart a read-back spec stands for; null when there is none (nothing drawn has a label). */
export function mermaidOf(spec: DiagramSpec | null): string | null {
  return spec === null ? null : specToMermaid(spec);
}

function refusal(count: number): string {
  return `the Mermaid chart has ${count} problem(s); nothing was saved`;
}

export function mermaidOperations(
  deps: SpecDeps,
  specs: ReturnType<typeof specOperations>,
) {
  const { db, baseUrl } = deps;
  const now = deps.now ?? Date.now;

  return {
    /** A new diagram drawn from a chart, as createFromSpec draws one from a spec. */
    async createFromMermaid(
      actor: Actor,
      input: { name: string; collectionId: string | null; mermaid: unknown } & PreviewOption,
    ): Promise<SpecWrite & MermaidNotes> {
      const { spec, notes } = specFromMermaid(input.mermaid);
      return { ...(await specs.createFromSpec(actor, { ...input, spec })), notes };
    },

    /**
     * A diagram redrawn from a chart, as updateFromSpec redraws it from a whole spec: nodes and
     * edges keep their element ids, hand-drawn elements stay where they are.
     */
    async updateFromMermaid(
      actor: Actor,
      id: string,
      input: { mermaid: unknown; name?: string } & PreviewOption,
    ): Promise<SpecUpdate & MermaidNotes> {
      const { spec, notes } = specFromMermaid(input.mermaid);
      const update = await specs.updateFromSpec(actor, id, {
        spec,
        name: input.name,
        preview: input.preview,
      });
      return { ...update, notes };
    },

    /** The chart drawn as it would be saved, laid out by the same pool, and nothing stored. */
    async previewMermaid(mermaid: unknown): Promise<MermaidPreview> {
      const { spec, notes } = specFromMermaid(mermaid);
      const problems = deps.layoutProblems(spec);
      if (problems.length > 0) throw new InvalidInputError(problems, refusal(problems.length));
      const drawn = savedOrRefused(
        await deps.draw({
          spec,
          options: { diagramId: PREVIEW_ID, source: baseUrl, updated: now() },
        }),
      );
      const svg = renderFullSize((JSON.parse(drawn.file) as ExcalidrawFile).elements);
      return { svg, ...svgSize(svg), notes, nodes: spec.nodes.length, edges: spec.edges.length };
    },

    /**
     * The diagram as a `.mmd` download: the chart of the spec get_diagram reads back. A diagram
     * with no node (nothing drawn, or only free text and sketches) has no chart: ConflictError.
     */
    async exportMermaid(
      userId: string,
      id: string,
    ): Promise<{ fileName: string; mermaid: string }> {
      const { file, name } = await getDiagram(db, userId, id);
      const mermaid = mermaidOf(sceneSpec(JSON.parse(file).elements).spec);
      if (mermaid === null) {
        throw new ConflictError(
          "the diagram has no nodes (shapes with text): there is nothing to express as a " +
            "Mermaid flowchart",
        );
      }
      return { fileName: `${fileNameOf(name)}.mmd`, mermaid };
    },
  };
}
