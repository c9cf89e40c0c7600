// What changed between two drawings, element by element, for the history page: which elements one
// has that the other lacks, and which both have but differently. A deleted element (isDeleted) is
// as good as absent. Differently means drawn differently (same_drawing.ts): bookkeeping that moves
// on every save (version, versionNonce, updated, the index labels) and how a writer spells nothing
// (`boundElements: null` or `[]`) are no change.
import { sameElement } from "./same_drawing.ts";

export interface ElementSummary {
  id: string;
  type: string;
  /** The words it shows: its own text, or a shape's or an arrow's label. */
  text: string;
}

export interface SceneDiff {
  added: ElementSummary[];
  removed: ElementSummary[];
  changed: ElementSummary[];
}

type Element = Record<string, unknown>;

/** From `before` to `after`: in the order each drawing lists its elements. */
export function diffScenes(before: readonly unknown[], after: readonly unknown[]): SceneDiff {
  const old = liveById(before);
  const now = liveById(after);
  const added: ElementSummary[] = [];
  const changed: ElementSummary[] = [];
  for (const [id, element] of now) {
    const previous = old.get(id);
    if (previous === undefined) added.push(summary(element, now));
    else if (!sameElement(previous, element)) changed.push(summary(element, now));
  }
  const removed = [...old].filter(([id]) => !now.has(id)).map(([, element]) =>
    summary(element, old)
  );
  return { added, removed, changed };
}

function liveById(elements: readonly unknown[]): Map<string, Element> {
  const live = new Map<string, Element>();
  for (const element of elements) {
    if (typeof element !== "object" || element === null) continue;
    const { id, isDeleted } = element as Element;
    if (typeof id === "string" && isDeleted !== true) live.set(id, element as Element);
  }
  return live;
}

function summary(element: Element, scene: Map<string, Element>): ElementSummary {
  return {
    id: element.id as string,
    type: typeof element.type === "string" ? element.type : "element",
    text: textOf(element) ?? labelOf(element, scene) ?? "",
  };
}

function textOf(element: Element): string | undefined {
  const text = element.originalText ?? element.text;
  return typeof text === "string" ? text : undefined;
}

/** A container's label: the text element bound to it. */
function labelOf(element: Element, scene: Map<string, Element>): string | undefined {
  const bound = Array.isArray(element.boundElements) ? element.boundElements : [];
  for (const entry of bound) {
    const { id, type } = (entry ?? {}) as Element;
    const label = type === "text" && typeof id === "string" ? scene.get(id) : undefined;
    const text = label === undefined ? undefined : textOf(label);
    if (text !== undefined) return text;
  }
  return undefined;
}
