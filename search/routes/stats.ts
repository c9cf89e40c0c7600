// GET /stats: per-engine timings and reliability, as a page or (format=json) as data.
import { Hono } from "hono";
import { type EngineStats, renderStatsPage } from "../ui/stats_page.ts";
import { preferencesOf, type SearchDeps, siteView } from "./site.ts";

export function statsRoutes(deps: SearchDeps): Hono {
  const app = new Hono();
  app.get("/stats", (c) => {
    const { searcher } = deps;
    const stats: EngineStats[] = searcher.engines.map((engine) => {
      const suspension = searcher.suspensions.get(engine.name);
      return {
        name: engine.name,
        ...searcher.stats.summary(engine.name),
        suspended_until: suspension ? new Date(suspension.until).toISOString() : null,
      };
    });
    if (c.req.query("format") === "json") return c.json({ engines: stats });
    const prefs = preferencesOf(c, deps);
    return c.html(renderStatsPage(siteView(deps, prefs), prefs, stats));
  });
  return app;
}
