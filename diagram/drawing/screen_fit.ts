// The screen a drawing is read on, and the view it opens at there: fitted whole into the part of
// the editor's canvas that Excalidraw's own tool bars leave free, never past 100 %. Pure: the
// editor opens at this zoom, and the layout (fold_rows.ts) and the readability figures
// (tests/helpers/readability.ts) aim at and measure the very zoom a person gets.
//
// Excalidraw's own fit (zoomToFitBounds) floors the zoom to a step of 10 %: a drawing that fits
// at 58 % opened at 50 %, its 20 px labels at 10 px instead of 11.6. We keep the exact zoom.

export interface Size {
  width: number;
  height: number;
}

export interface Bounds extends Size {
  x: number;
  y: number;
}

/**
 * What Excalidraw's own tool bar and its hint line (top), its zoom and undo buttons (bottom) and
 * its menu and library buttons (the sides, at the top only) cover of the canvas, in px, measured
 * in Chromium at 1,280 × 800.
 */
export const UI_MARGINS = { top: 96, right: 16, bottom: 64, left: 16 };
/** Excalidraw's own zoom limits. */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 30;

/**
 * Excalidraw draws an outermost group's name (it is a frame) above its box at the same size on the
 * screen whatever the zoom: 14 px type, and this much room in px with its 1.25 line height and the
 * 3 px off the border.
 */
export const FRAME_NAME_ON_SCREEN = { fontSize: 14, room: 20 };

/** The editor's canvas in a 1,280 × 800 browser window: the page's top bar takes the rest. */
export const EDITOR_CANVAS_1280x800: Size = { width: 1280, height: 751 };

/** The zoom at which `bounds` fits the free part of `canvas`: at most 1, at least MIN_ZOOM. */
export function fitZoom(bounds: Size, canvas: Size): number {
  const free = {
    width: canvas.width - UI_MARGINS.left - UI_MARGINS.right,
    height: canvas.height - UI_MARGINS.top - UI_MARGINS.bottom,
  };
  const zoom = Math.min(free.width / bounds.width, free.height / bounds.height, 1);
  return Number.isFinite(zoom) ? Math.max(MIN_ZOOM, zoom) : 1;
}

/** Excalidraw's scroll that centres `bounds` in the free part of `canvas` at `zoom`. */
export function centredScroll(
  bounds: Bounds,
  canvas: Size,
  zoom: number,
): { scrollX: number; scrollY: number } {
  const free = {
    x: (canvas.width - UI_MARGINS.right + UI_MARGINS.left) / 2,
    y: (canvas.height - UI_MARGINS.bottom + UI_MARGINS.top) / 2,
  };
  return {
    scrollX: free.x / zoom - (bounds.x + bounds.width / 2),
    scrollY: free.y / zoom - (bounds.y + bounds.height / 2),
  };
}
