// update_diagram redraws what the spec owns and keeps everything else a person added by hand
// (free text, sketches, images, loose arrows) where it was. References are repaired so the merged
// file is as consistent as the validator demands: a kept arrow stays bound to a node that still
// exists (same spec id → same element id) and lets go of one that is gone; a link stored before
// links were checked, which no write may store now, is taken out (the agent could not fix it).
import { withoutUnsafeLinks } from "../excalidraw/element_links.ts";
import { indexKeys } from "../excalidraw/fractional_index.ts";

type Element = Record<string, unknown>;
type Ref = { id: string; type: string };

export interface MergedScene {
  elements: Element[];
  /** How many hand-made elements were carried over. */
  kept: number;
}

/**
 * `generated` (the new drawing of the spec) followed by the live elements of `previous` that the
 * old spec did not own, on top in their old order; every element gets a fresh index in that order.
 */
export function keepHandDrawn(
  generated: readonly Element[],
  previous: readonly Element[],
  owned: ReadonlySet<string>,
): MergedScene {
  const kept = withoutUnsafeLinks(
    previous.filter((element) => element.isDeleted !== true && !owned.has(String(element.id))),
  ).map((element) => structuredClone(element));
  if (kept.length === 0) return { elements: [...generated], kept: 0 };

  const result = [...generated.map((element) => ({ ...element })), ...kept];
  const byId = new Map(result.map((element) => [String(element.id), element]));
  const exists = (id: unknown) => typeof id === "string" && byId.has(id);

  for (const element of kept) {
    if (element.containerId != null && !exists(element.containerId)) element.containerId = null;
    if (element.frameId != null && !exists(element.frameId)) element.frameId = null;
    if (Array.isArray(element.boundElements)) {
      element.boundElements = (element.boundElements as Ref[]).filter((ref) => exists(ref?.id));
    }
    for (const end of ["startBinding", "endBinding"] as const) {
      const binding = element[end] as { elementId?: unknown } | null | undefined;
      if (binding == null) continue;
      const target = exists(binding.elementId) ? byId.get(String(binding.elementId))! : undefined;
      if (target === undefined) {
        element[end] = null;
        continue;
      }
      // A generated node does not know the hand-drawn arrows bound to it: tell it.
      const refs = (target.boundElements as Ref[] | null | undefined) ?? [];
      if (!refs.some((ref) => ref.id === element.id)) {
        target.boundElements = [...refs, { id: String(element.id), type: String(element.type) }];
      }
    }
  }
  const keys = indexKeys(result.length);
  return {
    elements: result.map((element, position) => ({ ...element, index: keys[position] })),
    kept: kept.length,
  };
}
