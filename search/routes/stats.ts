// GET /stats: per-engine timings and reliability, as a page or (format=json) as data; with
// ?engine=<name>, that engine alone: its settings, why it failed and when.
import { Hono } from "hono";
import type { ConfiguredEngine } from "../service/searcher.ts";
import {
  type EngineDetail,
  type EngineStats,
  renderEngineStatsPage,
  renderStatsPage,
} from "../pages/stats_page.ts";
import { renderErrorPage } from "../pages/error_page.ts";
import { preferencesOf, type SearchDeps, siteView } from "./site.ts";

/** GET /stats: engine timings and reliability, as a page or JSON. */
export function statsRoutes(deps: SearchDeps): Hono {
  const app = new Hono();
  const { searcher } = deps;
  const statsOf = (engine: ConfiguredEngine): EngineStats => {
    const suspension = searcher.suspensions.get(engine.name);
    return {
      name: engine.name,
      ...searcher.stats.summary(engine.name),
      suspended_until: suspension ? new Date(suspension.until).toISOString() : null,
      suspended_because: suspension?.reason ?? null,
    };
  };

  app.get("/stats", (c) => {
    const json = c.req.query("format") === "json";
    const prefs = preferencesOf(c, deps);
    const named = c.req.query("engine");
    if (named !== undefined) {
      const engine = searcher.engines.find((candidate) => candidate.name === named);
      if (!engine) {
        const message = `No engine is named "${named}"`;
        if (json) return c.json({ error: message }, 404);
        return c.html(renderErrorPage(siteView(deps, prefs), prefs, 404, message), 404);
      }
      const detail: EngineDetail = {
        ...statsOf(engine),
        shortcut: engine.shortcut,
        categories: engine.categories,
        disabled: engine.disabled,
        timeout_ms: engine.timeoutMs,
        weight: engine.weight,
        paging: engine.module.paging,
      };
      if (json) return c.json(detail);
      return c.html(renderEngineStatsPage(siteView(deps, prefs), prefs, detail));
    }
    const stats = searcher.engines.map(statsOf);
    if (json) return c.json({ engines: stats });
    return c.html(renderStatsPage(siteView(deps, prefs), prefs, stats));
  });
  return app;
}
