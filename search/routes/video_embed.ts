// GET /embed?src=…&url=…&title=…&h=…: the page that plays a video's player (pages/embed_page.ts),
// for signed links only. Its Content-Security-Policy allows that player's origin as a frame and
// nothing else from elsewhere: no script, no other frame.
import { Hono } from "hono";
import { renderEmbedPage } from "../pages/embed_page.ts";
import { renderErrorPage } from "../pages/error_page.ts";
import { playerOrigin, readEmbedLink } from "../service/video_embed.ts";
import { preferencesOf, type SearchDeps, siteView } from "./site.ts";

/** The player page's Content-Security-Policy: only `frameOrigin` may be framed. */
export function embedPolicy(frameOrigin: string): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `frame-src ${frameOrigin}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** GET /embed: the page that plays a signed video link's player. */
export function videoEmbedRoutes(deps: SearchDeps): Hono {
  const app = new Hono();
  app.get("/embed", (c) => {
    const prefs = preferencesOf(c, deps);
    const site = siteView(deps, prefs);
    const video = readEmbedLink(deps.secret, (name) => c.req.query(name));
    const origin = video && playerOrigin(video.src);
    if (!video || !origin) {
      const message = "This player link was not made by this instance, or it was changed.";
      return c.html(renderErrorPage(site, prefs, 400, message), 400);
    }
    c.header("Content-Security-Policy", embedPolicy(origin));
    return c.html(renderEmbedPage(site, prefs, video));
  });
  return app;
}
