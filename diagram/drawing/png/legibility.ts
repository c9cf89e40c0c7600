// How legible a PNG of a drawing is, and the parts it can be shown in instead. An agent reads a
// diagram through its PNG preview; vision models downscale images to a long side near 1,568 px,
// so a whole drawing of 4,000 px comes out with its labels at 8 px or less, which no model or
// person reads. The tools then say so and offer a group's picture (groupElements).
import { sceneExtent } from "./render_png.ts";

type Element = Readonly<Record<string, unknown>>;

/** Smaller than this, a label in a preview is not read reliably. */
export const LEGIBLE_LABEL_PX = 9;

/**
 * The smallest label of a shape in the image, in image px: its font size times the image's scale.
 * Shapes' labels are what a reader must read (group titles and arrow labels are smaller by
 * design); a drawing without any is judged by all its text. Null without text.
 */
export function smallestLabelPx(
  elements: readonly Element[],
  image: { width: number; height: number },
): number | null {
  const live = elements.filter((element) => element.isDeleted !== true);
  const byId = new Map(live.map((element) => [element.id, element]));
  const texts = live.filter(({ type }) => type === "text");
  const onShapes = texts.filter(({ containerId }) => {
    const container = byId.get(containerId);
    return container !== undefined && container.type !== "arrow" && !isGroupBox(container);
  });
  const sizes = (onShapes.length > 0 ? onShapes : texts).map(({ fontSize }) => Number(fontSize))
    .filter((size) => size > 0);
  if (sizes.length === 0) return null;
  const extent = sceneExtent(live);
  const scale = Math.max(image.width, image.height) / Math.max(extent.width, extent.height);
  return Math.min(...sizes) * scale;
}

/** A generated group: an outermost one is a frame, a nested one a dashed box. */
function isGroupBox(element: Element): boolean {
  return typeof (element.customData as { groupId?: unknown } | undefined)?.groupId === "string";
}

/** The groups of a generated drawing, by their spec ids, in drawing order. */
export function groupIds(elements: readonly Element[]): string[] {
  return elements.filter((element) => element.isDeleted !== true && isGroupBox(element))
    .map(({ customData }) => (customData as { groupId: string }).groupId);
}

/**
 * The elements drawn within group `groupId`'s box: the group itself, its title, and everything
 * whose box lies inside it (its nodes, nested groups, and the arrows between them); null when the
 * drawing has no such group.
 */
export function groupElements(elements: readonly Element[], groupId: string): Element[] | null {
  const live = elements.filter((element) => element.isDeleted !== true);
  const group = live.find((element) =>
    isGroupBox(element) && (element.customData as { groupId: string }).groupId === groupId
  );
  if (group === undefined) return null;
  const box = boxOf(group);
  const inside = (element: Element) => {
    const own = boxOf(element);
    return own.x >= box.x && own.y >= box.y && own.x + own.width <= box.x + box.width &&
      own.y + own.height <= box.y + box.height;
  };
  return live.filter((element) => element === group || inside(element));
}

function boxOf(element: Element): { x: number; y: number; width: number; height: number } {
  const [x, y] = [Number(element.x), Number(element.y)];
  if (!Array.isArray(element.points)) {
    return { x, y, width: Number(element.width), height: Number(element.height) };
  }
  const xs = (element.points as number[][]).map(([px]) => x + px);
  const ys = (element.points as number[][]).map(([, py]) => y + py);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}
