// What the share-link pages load besides /static/style.css and /static/pan-zoom.js: files, because
// their CSP allows no inline style or script; strings, so that `deno compile` embeds them.

/** /static/shared.css */
export const SHARED_CSS = `.shared-drawing { margin: 0 0 1rem; }
.shared-downloads a { margin-left: 0.5rem; }
/* The live view (diagram/editor/shared_main.tsx): Excalidraw fills a box the size the picture's
   frame could grow to (a guest gets more room, for the tools), kept invisible over the picture
   until the room has synced. */
.shared-drawing { position: relative; }
.shared-canvas {
  height: min(75vh, 760px);
  border: 1px solid var(--border);
  border-radius: 8px;
  overflow: hidden;
}
.shared-canvas[data-access="edit"] { height: min(85vh, 900px); }
.shared-canvas.pending { position: absolute; top: 0; left: 0; width: 100%; visibility: hidden; }
.shared-ended {
  margin: 0;
  padding: 2rem 1rem;
  border: 1px solid var(--error-border);
  border-radius: 8px;
  background: var(--error-bg);
  color: var(--error-fg);
}
.guest-name { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0 0 0.75rem; }
.guest-name input { min-width: 12rem; }
@media (prefers-color-scheme: dark) {
  /* Our SVG is drawn for a white page. Inverted, with its hues turned back, it reads on a dark
     one as Excalidraw's own dark theme does: black lines white, a blue fill still blue. */
  .shared-drawing .preview-frame { background: #121212; }
  .shared-drawing .drawing { filter: invert(93%) hue-rotate(180deg); }
}
`;

/**
 * /static/shared-fit.js: opens the drawing fitted to the window, as the Fit button does, when that
 * keeps it at least at the readable scale it was served at; a drawing that would shrink below it
 * stays readable in a frame that scrolls, Fit one click away. Runs after pan-zoom.js (deferred
 * scripts run in order), which has set up the button.
 */
export const SHARED_FIT_JS = `(() => {
  const figure = document.getElementById("shared-drawing");
  const image = figure && figure.querySelector(".preview-frame img");
  const button = figure && figure.querySelector('[data-zoom="fit"]');
  if (!image || !button) return;
  const frame = image.parentElement;
  const room = parseFloat(getComputedStyle(frame).maxHeight) || frame.clientHeight;
  const fit = Math.min(
    frame.clientWidth / Number(image.dataset.width),
    room / Number(image.dataset.height),
  );
  if (fit >= Number(image.dataset.scale)) button.click();
})();
`;
