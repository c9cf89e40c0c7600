// GET /image_proxy?url=<u>&h=<HMAC>: images of results, fetched by us (service/image_proxy.ts).
import { Hono } from "hono";
import { fetchImage, ImageProxyError, isSignedImageUrl } from "../service/image_proxy.ts";
import type { SearchDeps } from "./site.ts";

/** GET /image_proxy: a signed result image, fetched for the browser. */
export function imageProxyRoutes(deps: SearchDeps): Hono {
  const app = new Hono();
  app.get("/image_proxy", async (c) => {
    const url = c.req.query("url") ?? "";
    const signature = c.req.query("h") ?? "";
    if (url === "" || !isSignedImageUrl(deps.secret, url, signature)) {
      return c.json({ error: "Missing or invalid signature h for this url" }, 400);
    }
    try {
      return await fetchImage(url, { allowPrivate: deps.imageProxyAllowsPrivate });
    } catch (error) {
      if (error instanceof ImageProxyError) return c.json({ error: error.message }, error.status);
      throw error;
    }
  });
  return app;
}
