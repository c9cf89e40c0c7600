// The markup /static/pan-zoom.js works on: its zoom controls, hidden until the script shows them,
// and a drawing as an image at `scale` of its own size in a frame that scrolls both ways. The
// element around them carries `data-pan-zoom`. New from Mermaid's preview and a share link's page
// show their drawings in it.
import { attrs, type Html, html } from "../../runtime/markup.ts";

/** A drawing to frame: its image and text alternative, its size, the scale it opens at. */
export interface FramedDrawing {
  src: string;
  alt: string;
  /** The drawing's own size in CSS pixels. */
  width: number;
  height: number;
  /** The share of its own size it opens at. */
  scale: number;
}

/** The frame and controls /static/pan-zoom.js works on (see above). */
export function panZoomFrame(drawing: FramedDrawing): Html {
  return html`
    <p class="zoom-controls" data-zoom-controls hidden>
      <button type="button" data-zoom="out" aria-label="Zoom out">−</button>
      <span data-zoom-status aria-live="polite"></span>
      <button type="button" data-zoom="in" aria-label="Zoom in">+</button>
      <button type="button" data-zoom="fit">Fit</button>
      <span class="muted">Drag to move; − and + or Ctrl + wheel zoom.</span>
    </p>
    <div class="preview-frame" tabindex="0" role="group"
      aria-label="The drawing: scroll, or drag to move">
      <img${attrs({
        class: "drawing",
        src: drawing.src,
        alt: drawing.alt,
        width: Math.max(1, Math.floor(drawing.width * drawing.scale)),
        height: Math.max(1, Math.floor(drawing.height * drawing.scale)),
        "data-width": drawing.width,
        "data-height": drawing.height,
        "data-scale": drawing.scale,
      })}>
        </div>
  `;
}
