// GET /config: what this instance offers, in SearXNG's shape (mcp-searxng's instance info and
// other clients read it to list engines and categories).
import { Hono } from "hono";
import { VERSION } from "../../runtime/version.ts";
import type { SearchDeps } from "./site.ts";

/** GET /config: this instance's engines, categories, locales and plugins. */
export function instanceConfigRoutes(deps: SearchDeps): Hono {
  const app = new Hono();
  app.get("/config", (c) => {
    const { settings, searcher } = deps;
    return c.json({
      categories: searcher.categories(),
      engines: searcher.engines.map((engine) => ({
        name: engine.name,
        categories: engine.categories,
        shortcut: engine.shortcut,
        enabled: !engine.disabled,
        paging: engine.module.paging,
        language_support: engine.module.language,
        languages: [],
        regions: [],
        safesearch: engine.module.safesearch,
        time_range_support: engine.module.timeRange,
        timeout: engine.timeoutMs / 1000,
        weight: engine.weight,
      })),
      // SearXNG's shape: each plugin the instance has, and whether it is on by default.
      plugins: settings.plugins.map((plugin) => ({ name: plugin.id, enabled: plugin.active })),
      instance_name: settings.general.instance_name,
      locales: { en: "English" },
      default_locale: "",
      autocomplete: settings.search.autocomplete,
      safe_search: settings.search.safe_search,
      default_theme: "simple",
      version: VERSION,
      brand: {},
      limiter: { enabled: settings.server.limiter },
      doi_resolvers: Object.keys(settings.doi_resolvers),
      default_doi_resolver: settings.default_doi_resolver,
      public_instance: false,
      formats: settings.search.formats,
    });
  });
  return app;
}
