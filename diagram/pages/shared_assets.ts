// What the share-link pages load besides /static/style.css and /static/pan-zoom.js: files, because
// their CSP allows no inline style or script; strings, so that `deno compile` embeds them.

/** /static/shared.css */
export const SHARED_CSS = `.shared-drawing { margin: 0 0 1rem; }
.shared-downloads a { margin-left: 0.5rem; }
@media (prefers-color-scheme: dark) {
  /* Our SVG is drawn for a white page. Inverted, with its hues turned back, it reads on a dark
     one as Excalidraw's own dark theme does: black lines white, a blue fill still blue. */
  .shared-drawing .preview-frame { background: #121212; }
  .shared-drawing .drawing { filter: invert(93%) hue-rotate(180deg); }
}
`;

/**
 * /static/shared-fit.js: opens the drawing fitted to the window, as the Fit button does
 * (pan-zoom.js, which runs first: deferred scripts run in order). Without it the drawing shows at a
 * readable size in a frame that scrolls.
 */
export const SHARED_FIT_JS =
  `for (const fit of document.querySelectorAll('#shared-drawing [data-zoom="fit"]')) {
  fit.click();
}
`;
