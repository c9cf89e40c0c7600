// The pages' stylesheet and scripts: files, because the CSP allows no inline style or script;
// strings in modules, so that `deno compile` embeds them.
import { Hono } from "hono";
import { COPY_JS } from "../pages/copy_script.ts";
import { EDITOR_ASSET_PATH_JS } from "../pages/editor_asset_path_script.ts";
import { GALLERY_JS } from "../pages/gallery_script.ts";
import { STYLE_CSS } from "../pages/style.ts";

const ASSETS: Record<string, { body: string; type: string }> = {
  "/static/style.css": { body: STYLE_CSS, type: "text/css; charset=utf-8" },
  "/static/copy.js": { body: COPY_JS, type: "text/javascript; charset=utf-8" },
  "/static/gallery.js": { body: GALLERY_JS, type: "text/javascript; charset=utf-8" },
  "/static/editor-asset-path.js": {
    body: EDITOR_ASSET_PATH_JS,
    type: "text/javascript; charset=utf-8",
  },
};

export function pageAssets(): Hono {
  const app = new Hono();
  for (const [path, asset] of Object.entries(ASSETS)) {
    app.get(path, (c) =>
      c.body(asset.body, 200, {
        "Content-Type": asset.type,
        "Cache-Control": "public, max-age=3600",
      }));
  }
  return app;
}
