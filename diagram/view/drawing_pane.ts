// The drawing inline: our server's SVG in a stage the person moves and zooms with the pointer
// (drag, wheel), the toolbar's buttons or the keyboard (arrows, + and −, 0 to fit). A new drawing
// opens fitted to the stage, never enlarged past 100 %.

export interface DrawingPane {
  /** Replaces the drawing with `svg` (markup from our renderer) and fits it. */
  show(svg: string): void;
  /** The drawing's own size, in CSS pixels at 100 %; null before any is shown. */
  naturalSize(): { width: number; height: number } | null;
  fit(): void;
  /** Zooms by `factor` about a point of the stage (its centre when none is given). */
  zoom(factor: number, at?: { x: number; y: number }): void;
  pan(dx: number, dy: number): void;
}

const MIN_SCALE = 0.05;
const MAX_SCALE = 8;
const PADDING = 16;
const STEP = 1.25;

export function drawingPane(stage: HTMLElement, drawing: HTMLElement): DrawingPane {
  let size: { width: number; height: number } | null = null;
  let x = 0;
  let y = 0;
  let scale = 1;
  // Until the person moves or zooms, a stage that changes size fits the drawing again.
  let fitted = true;

  const apply = () => {
    drawing.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
  };

  const pane: DrawingPane = {
    show(svg) {
      const parsed = new DOMParser().parseFromString(svg, "image/svg+xml");
      const root = parsed.documentElement;
      if (root.nodeName !== "svg") throw new Error("the server's drawing is not an SVG");
      const width = Number(root.getAttribute("width"));
      const height = Number(root.getAttribute("height"));
      size = width > 0 && height > 0 ? { width, height } : { width: 800, height: 600 };
      drawing.replaceChildren(document.importNode(inert(root), true));
      pane.fit();
    },
    naturalSize: () => size,
    fit() {
      if (size === null) return;
      const width = stage.clientWidth;
      const height = stage.clientHeight;
      scale = clamp(
        Math.min((width - 2 * PADDING) / size.width, (height - 2 * PADDING) / size.height, 1),
      );
      x = (width - size.width * scale) / 2;
      y = (height - size.height * scale) / 2;
      fitted = true;
      apply();
    },
    zoom(factor, at = { x: stage.clientWidth / 2, y: stage.clientHeight / 2 }) {
      const next = clamp(scale * factor);
      x = at.x - (at.x - x) * (next / scale);
      y = at.y - (at.y - y) * (next / scale);
      scale = next;
      fitted = false;
      apply();
    },
    pan(dx, dy) {
      x += dx;
      y += dy;
      fitted = false;
      apply();
    },
  };

  let dragging: { id: number; lastX: number; lastY: number } | null = null;
  stage.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || size === null) return;
    dragging = { id: event.pointerId, lastX: event.clientX, lastY: event.clientY };
    stage.setPointerCapture(event.pointerId);
    stage.classList.add("dragging");
  });
  stage.addEventListener("pointermove", (event) => {
    if (dragging === null || event.pointerId !== dragging.id) return;
    pane.pan(event.clientX - dragging.lastX, event.clientY - dragging.lastY);
    dragging.lastX = event.clientX;
    dragging.lastY = event.clientY;
  });
  const release = (event: PointerEvent) => {
    if (dragging === null || event.pointerId !== dragging.id) return;
    dragging = null;
    stage.classList.remove("dragging");
  };
  stage.addEventListener("pointerup", release);
  stage.addEventListener("pointercancel", release);

  stage.addEventListener("wheel", (event) => {
    if (size === null) return;
    event.preventDefault();
    // Lines (Firefox) or pixels; a pinch on a touchpad arrives as a wheel with ctrlKey.
    const delta = event.deltaY * (event.deltaMode === 1 ? 16 : 1);
    const box = stage.getBoundingClientRect();
    pane.zoom(Math.exp(-delta * 0.0015), {
      x: event.clientX - box.left,
      y: event.clientY - box.top,
    });
  }, { passive: false });

  stage.addEventListener("keydown", (event) => {
    if (size === null || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = event.shiftKey ? 192 : 48;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => pane.pan(step, 0),
      ArrowRight: () => pane.pan(-step, 0),
      ArrowUp: () => pane.pan(0, step),
      ArrowDown: () => pane.pan(0, -step),
      "+": () => pane.zoom(STEP),
      "=": () => pane.zoom(STEP),
      "-": () => pane.zoom(1 / STEP),
      "_": () => pane.zoom(1 / STEP),
      "0": () => pane.fit(),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  });

  new ResizeObserver(() => {
    if (fitted) pane.fit();
  }).observe(stage);

  return pane;
}

/** The zoom factor of one press of a zoom button or key. */
export const ZOOM_STEP = STEP;

/**
 * Our renderer writes shapes, text and masks only; should anything else ever reach the view, it
 * runs nothing and loads nothing: no scripts, foreign objects, handlers or outside references.
 */
function inert(root: Element): Element {
  for (const element of [root, ...root.querySelectorAll("*")]) {
    if (/^(script|foreignObject|iframe|image|use)$/i.test(element.localName)) {
      element.remove();
      continue;
    }
    for (const { name, value } of [...element.attributes]) {
      const reference = /(^|:)href$/i.test(name) && !value.startsWith("#");
      if (/^on/i.test(name) || reference) element.removeAttribute(name);
    }
  }
  return root;
}

function clamp(value: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, value));
}
