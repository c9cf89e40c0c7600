// The pages' stylesheet and scripts: files, because the CSP allows no inline style or script;
// strings in modules, so that `deno compile` embeds them.
import { Hono } from "hono";
import { bodyOrNotModified, contentEtag } from "../../runtime/etag.ts";
import { COPY_JS } from "../pages/copy_script.ts";
import { EDITOR_ASSET_PATH_JS } from "../pages/editor_asset_path_script.ts";
import { GALLERY_JS } from "../pages/gallery_script.ts";
import { PAN_ZOOM_JS } from "../pages/pan_zoom_script.ts";
import { STYLE_CSS } from "../pages/style.ts";

// A pencil-drawn square and circle: the tab's icon, and what the browser asks for on its own.
const FAVICON =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1.5" y="5.5" width="8" height="8" rx="1" fill="none" stroke="#1e1e1e" stroke-width="1.5"/><circle cx="11" cy="5" r="3.5" fill="#a5d8ff" stroke="#1971c2" stroke-width="1.5"/></svg>`;

const ASSETS: Record<string, { body: string; type: string }> = {
  "/favicon.svg": { body: FAVICON, type: "image/svg+xml" },
  "/static/style.css": { body: STYLE_CSS, type: "text/css; charset=utf-8" },
  "/static/copy.js": { body: COPY_JS, type: "text/javascript; charset=utf-8" },
  "/static/gallery.js": { body: GALLERY_JS, type: "text/javascript; charset=utf-8" },
  "/static/pan-zoom.js": { body: PAN_ZOOM_JS, type: "text/javascript; charset=utf-8" },
  "/static/editor-asset-path.js": {
    body: EDITOR_ASSET_PATH_JS,
    type: "text/javascript; charset=utf-8",
  },
};

/** The pages' stylesheet, scripts and icon, with ETags. */
export function pageAssets(): Hono {
  const app = new Hono();
  for (const [path, asset] of Object.entries(ASSETS)) {
    // After the hour a browser asks again and, the file unchanged, gets a 304.
    const etag = contentEtag(asset.body);
    const headers = { "Content-Type": asset.type, "Cache-Control": "public, max-age=3600" };
    app.get(path, (c) => bodyOrNotModified(c, asset.body, headers, etag));
  }
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  return app;
}
