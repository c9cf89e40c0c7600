// A diagram as nodes and edges in compact text, for models that read a diagram back (get_diagram).
// Works on any stored file: generated nodes keep their spec id in customData, hand-drawn shapes
// are named by their element id.

export interface SceneNode {
  id: string;
  label: string;
  shape: string;
}

export interface SceneEdge {
  from: string;
  to: string;
  label?: string;
}

export interface SceneOutline {
  nodes: SceneNode[];
  edges: SceneEdge[];
  /** Arrows with a loose end, free text and other elements that are neither. */
  otherElements: number;
}

type Element = Record<string, unknown>;

const SHAPES = new Set(["rectangle", "ellipse", "diamond", "image", "frame", "embeddable"]);

export function outlineScene(elements: readonly Element[]): SceneOutline {
  const live = elements.filter((element) => element.isDeleted !== true);
  const byId = new Map(live.map((element) => [String(element.id), element]));
  const labelOf = (container: Element) => {
    const bound = (container.boundElements as { id: string; type: string }[] | null | undefined)
      ?.find((ref) => ref.type === "text");
    const text = bound ? byId.get(bound.id) : undefined;
    const raw = text?.originalText ?? text?.text ?? container.name;
    return typeof raw === "string" ? raw.replace(/\s+/g, " ").trim() : "";
  };
  const nodeId = (element: Element) => {
    const fromSpec = (element.customData as { nodeId?: unknown } | undefined)?.nodeId;
    return typeof fromSpec === "string" ? fromSpec : String(element.id);
  };

  const nodes: SceneNode[] = [];
  const edges: SceneEdge[] = [];
  let otherElements = 0;
  for (const element of live) {
    if (SHAPES.has(String(element.type))) {
      const rounded = element.type === "rectangle" && element.roundness !== null &&
        element.roundness !== undefined;
      nodes.push({
        id: nodeId(element),
        label: labelOf(element),
        shape: rounded ? "rounded" : String(element.type),
      });
    } else if (element.type === "arrow" || element.type === "line") {
      const start = byId.get(String((element.startBinding as Element | null)?.elementId));
      const end = byId.get(String((element.endBinding as Element | null)?.elementId));
      if (!start || !end) {
        otherElements++;
        continue;
      }
      const label = labelOf(element);
      edges.push({ from: nodeId(start), to: nodeId(end), ...(label ? { label } : {}) });
    } else if (!(element.type === "text" && element.containerId)) {
      otherElements++;
    }
  }
  return { nodes, edges, otherElements };
}

export function outlineText(outline: SceneOutline): string {
  const lines = [`nodes (${outline.nodes.length}):`];
  for (const node of outline.nodes) {
    lines.push(`  ${node.id} [${node.shape}] ${JSON.stringify(node.label)}`);
  }
  lines.push(`edges (${outline.edges.length}):`);
  for (const edge of outline.edges) {
    lines.push(`  ${edge.from} -> ${edge.to}${edge.label ? ` ${JSON.stringify(edge.label)}` : ""}`);
  }
  if (outline.otherElements > 0) {
    lines.push(
      `plus ${outline.otherElements} other element(s) (free text, loose arrows, drawings)`,
    );
  }
  return lines.join("\n");
}
