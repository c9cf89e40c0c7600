// Where the editor looks when a diagram opens: where this browser last looked at it, when the
// person moved the view there, else the whole drawing fitted to the window (Excalidraw's fit never
// enlarges past 100 %). An agent's diagram can be far larger than a screen; opened at 100 % it
// showed mostly empty canvas or a corner.
import { getCommonBounds } from "@excalidraw/excalidraw";
import type { ExcalidrawImperativeAPI } from "@excalidraw/excalidraw/types";
import { centredScroll, fitZoom, MAX_ZOOM, MIN_ZOOM } from "../drawing/screen_fit.ts";
import type { SceneElement } from "./scene_binding.ts";

export interface View {
  scrollX: number;
  scrollY: number;
  zoom: number;
}

const KEY_PREFIX = "diagram-view:";
const SAVE_AFTER_MS = 400;

/** The view this browser kept for the diagram, or null (none, unreadable or out of range). */
export function savedView(diagramId: string): View | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY_PREFIX + diagramId) ?? "null");
    const ok = typeof value === "object" && value !== null &&
      Number.isFinite(value.scrollX) && Number.isFinite(value.scrollY) &&
      Number.isFinite(value.zoom) && value.zoom >= MIN_ZOOM && value.zoom <= MAX_ZOOM;
    return ok ? { scrollX: value.scrollX, scrollY: value.scrollY, zoom: value.zoom } : null;
  } catch {
    return null; // storage turned off, or a value that is not ours
  }
}

/**
 * The view at which the drawing fits a window of `size` (fit_zoom.ts), or is centred at `minZoom`
 * when fitting would shrink it further; null for an empty drawing. Computed before the editor
 * mounts: it opens there, with no jump.
 */
export function fittedView(
  elements: readonly SceneElement[],
  size: { width: number; height: number },
  minZoom = MIN_ZOOM,
): View | null {
  const drawn = elements.filter((element) => !element.isDeleted);
  if (drawn.length === 0 || size.width <= 0 || size.height <= 0) return null;
  const [x1, y1, x2, y2] = getCommonBounds(
    drawn as unknown as Parameters<typeof getCommonBounds>[0],
  );
  const bounds = { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
  const zoom = Math.max(minZoom, fitZoom(bounds, size));
  return { ...centredScroll(bounds, size, zoom), zoom };
}

/** Shows the drawing on screen as fittedView has it; the view shown, null for an empty drawing. */
export function showFitted(api: ExcalidrawImperativeAPI, minZoom?: number): View | null {
  const { width, height } = api.getAppState();
  const elements = api.getSceneElements() as unknown as SceneElement[];
  const view = fittedView(elements, { width, height }, minZoom);
  if (view === null) return null;
  type Zoom = ReturnType<typeof api.getAppState>["zoom"];
  const zoom = { value: view.zoom } as Zoom;
  api.updateScene({ appState: { scrollX: view.scrollX, scrollY: view.scrollY, zoom } });
  return view;
}

export interface ViewTracker {
  /** Fits the drawing to the window; a view the editor set, not one to remember. */
  fit(): void;
  stop(): void;
}

/**
 * Remembers the views the person moves to, and fits the drawing when asked; `opened` is the view
 * the editor opened at, which is no move of the person's.
 */
export function trackView(
  diagramId: string,
  api: ExcalidrawImperativeAPI,
  opened: View | null,
): ViewTracker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let set = opened;
  const unsubscribe = api.onScrollChange((scrollX, scrollY, zoom) => {
    const view = { scrollX, scrollY, zoom: zoom.value };
    if (set !== null && sameView(view, set)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        localStorage.setItem(KEY_PREFIX + diagramId, JSON.stringify(view));
      } catch {
        // storage full or turned off: the next open fits the drawing instead
      }
    }, SAVE_AFTER_MS);
  });
  return {
    fit() {
      set = showFitted(api) ?? set;
    },
    stop() {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}

function sameView(a: View, b: View): boolean {
  return Math.abs(a.scrollX - b.scrollX) < 0.5 && Math.abs(a.scrollY - b.scrollY) < 0.5 &&
    Math.abs(a.zoom - b.zoom) < 1e-6;
}
