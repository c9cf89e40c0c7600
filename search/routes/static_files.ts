// The stylesheet, the answers' script, an icon and robots.txt; everything else the pages need is
// inline-free HTML.
import { Hono } from "hono";
import { ANSWERS_JS } from "../pages/answers_script.ts";
import { STYLE_CSS } from "../pages/style.ts";

const FAVICON =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="#3050ff" stroke-width="2"/><path d="M10 10l4.5 4.5" stroke="#3050ff" stroke-width="2" stroke-linecap="round"/></svg>`;

// Result pages and the proxy are for people, not crawlers.
const ROBOTS = `User-agent: *
Allow: /$
Allow: /opensearch.xml
Disallow: /search
Disallow: /stats
Disallow: /preferences
Disallow: /image_proxy
Disallow: /embed
Disallow: /autocompleter
`;

/** The stylesheet, scripts, icon and robots.txt. */
export function staticRoutes(): Hono {
  const app = new Hono();
  const cached = "public, max-age=86400";
  app.get(
    "/static/style.css",
    (c) =>
      c.body(STYLE_CSS, 200, {
        "Content-Type": "text/css; charset=utf-8",
        "Cache-Control": cached,
      }),
  );
  app.get(
    "/static/answers.js",
    (c) =>
      c.body(ANSWERS_JS, 200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": cached,
      }),
  );
  app.get(
    "/favicon.svg",
    (c) => c.body(FAVICON, 200, { "Content-Type": "image/svg+xml", "Cache-Control": cached }),
  );
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  app.get("/robots.txt", (c) => c.text(ROBOTS));
  return app;
}
