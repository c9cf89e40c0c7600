// What the server holds of the drawing, as far as this editor knows, and whether the scene now
// shows something else. Only that is worth a save: opening, looking, zooming and selecting change
// nothing drawn, and neither does Excalidraw loading a file (`boundElements: null` becomes `[]`)
// or bumping an element's version without moving anything (same_drawing.ts decides).
import { sameDrawing } from "../drawing/excalidraw/same_drawing.ts";
import { type SceneElement, versionHash } from "./scene_binding.ts";

export interface SavedDrawing {
  /** Does `elements` draw something other than what is saved? */
  changed(elements: readonly SceneElement[]): boolean;
  /** `elements` are saved now; the copy kept (Excalidraw mutates its elements in place). */
  saved(elements: readonly SceneElement[]): SceneElement[];
}

export function savedDrawing(elements: readonly SceneElement[]): SavedDrawing {
  let saved: SceneElement[] = [];
  /** The versions last found to draw the same: no comparison until one of them moves. */
  let unchangedAt = 0;

  function keep(elements: readonly SceneElement[]): SceneElement[] {
    saved = JSON.parse(JSON.stringify(elements));
    unchangedAt = versionHash(saved);
    return saved;
  }
  keep(elements);

  return {
    changed(elements) {
      const hash = versionHash(elements);
      if (hash === unchangedAt) return false;
      if (!sameDrawing(saved, elements)) return true;
      unchangedAt = hash;
      return false;
    },
    saved: keep,
  };
}
