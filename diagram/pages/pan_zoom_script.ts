// /static/pan-zoom.js: zoom and drag for a drawing shown as an image in a scrolling frame (the
// New from Mermaid preview). Without it the image opens at a readable size and the frame scrolls;
// with it, − / + / Fit buttons (and -, +, 0 while the frame has the focus, Ctrl + wheel) zoom
// about the frame's centre or the pointer, and dragging pans. A file, so that the CSP can
// forbid inline scripts.

/** The script's text, served as /static/pan-zoom.js. */
export const PAN_ZOOM_JS = `(() => {
  const STEP = 1.25;
  const MIN = 0.05;
  const MAX = 2;
  for (const figure of document.querySelectorAll("[data-pan-zoom]")) {
    const frame = figure.querySelector(".preview-frame");
    const image = frame && frame.querySelector("img");
    const status = figure.querySelector("[data-zoom-status]");
    if (!image || !status) continue;
    const natural = { width: Number(image.dataset.width), height: Number(image.dataset.height) };
    if (!(natural.width > 0 && natural.height > 0)) continue;
    let scale = Number(image.dataset.scale) || image.width / natural.width;

    const show = () => {
      image.width = Math.floor(natural.width * scale);
      image.height = Math.floor(natural.height * scale);
      status.textContent = Math.round(scale * 100) + " %";
    };
    // Zooms keeping the drawing's point under (x, y) of the frame where it was.
    const zoomTo = (next, x = frame.clientWidth / 2, y = frame.clientHeight / 2) => {
      next = Math.min(MAX, Math.max(MIN, next));
      const pointX = (frame.scrollLeft + x) / scale;
      const pointY = (frame.scrollTop + y) / scale;
      scale = next;
      show();
      frame.scrollLeft = pointX * scale - x;
      frame.scrollTop = pointY * scale - y;
    };
    // The whole drawing in the frame at its largest: as wide as it is, as high as it may grow.
    const fit = () => {
      const room = parseFloat(getComputedStyle(frame).maxHeight) || frame.clientHeight;
      zoomTo(Math.min(frame.clientWidth / natural.width, room / natural.height, 1));
    };

    figure.querySelector("[data-zoom-controls]").hidden = false;
    figure.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-zoom]");
      if (!button) return;
      const action = button.dataset.zoom;
      if (action === "in") zoomTo(scale * STEP);
      else if (action === "out") zoomTo(scale / STEP);
      else fit();
    });
    frame.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "+" || event.key === "=") zoomTo(scale * STEP);
      else if (event.key === "-") zoomTo(scale / STEP);
      else if (event.key === "0") fit();
      else return;
      event.preventDefault();
    });
    frame.addEventListener("wheel", (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const box = frame.getBoundingClientRect();
      const factor = event.deltaY < 0 ? STEP : 1 / STEP;
      zoomTo(scale * factor, event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });

    let drag = null;
    frame.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, top: frame.scrollTop };
      frame.setPointerCapture(event.pointerId);
      frame.classList.add("dragging");
    });
    frame.addEventListener("pointermove", (event) => {
      if (!drag) return;
      frame.scrollLeft = drag.left - (event.clientX - drag.x);
      frame.scrollTop = drag.top - (event.clientY - drag.y);
    });
    const stop = () => {
      drag = null;
      frame.classList.remove("dragging");
    };
    frame.addEventListener("pointerup", stop);
    frame.addEventListener("pointercancel", stop);
    image.draggable = false;
    show();
  }
})();
`;
