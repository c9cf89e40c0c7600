// GET /preferences shows the form; POST stores the choices in cookies (never on the server).
import { Hono } from "hono";
import { preferencesFromForm } from "../core/preferences.ts";
import { PLUGINS } from "../plugins/catalog.ts";
import { setPreferenceCookies } from "../http/preference_cookies.ts";
import { renderErrorPage } from "../pages/error_page.ts";
import { renderPreferencesPage } from "../pages/preferences_page.ts";
import {
  defaultPreferences,
  isCrossOrigin,
  preferencesOf,
  type SearchDeps,
  siteView,
} from "./site.ts";

/** The settings' DOI resolvers, the default first (the choice a page without a cookie shows). */
function resolverNames(settings: SearchDeps["settings"]): string[] {
  const names = Object.keys(settings.doi_resolvers);
  const first = settings.default_doi_resolver;
  return [first, ...names.filter((name) => name !== first)];
}

/** GET and POST /preferences: the form, and the choices stored in cookies. */
export function preferencesRoutes(deps: SearchDeps): Hono {
  const app = new Hono();

  app.get("/preferences", (c) => {
    const prefs = preferencesOf(c, deps);
    const engines = deps.searcher.engines.map((engine) => ({
      name: engine.name,
      shortcut: engine.shortcut,
      categories: engine.categories,
      disabled: engine.disabled,
      paging: engine.module.paging,
      time_range: engine.module.timeRange,
      safesearch: engine.module.safesearch,
      language: engine.module.language,
    }));
    const saved = c.req.query("saved") === "1";
    const plugins = deps.settings.plugins.map(({ id, active }) => ({
      ...PLUGINS.find((info) => info.id === id)!,
      active,
    }));
    return c.html(
      renderPreferencesPage(siteView(deps, prefs), prefs, {
        engines,
        plugins,
        doiResolvers: resolverNames(deps.settings),
      }, saved),
    );
  });

  app.post("/preferences", async (c) => {
    const current = preferencesOf(c, deps);
    if (isCrossOrigin(c)) {
      const page = renderErrorPage(siteView(deps, current), current, 403, "Cross-site request");
      return c.html(page, 403);
    }
    const form = new URLSearchParams(await c.req.text());
    const prefs = preferencesFromForm(
      form,
      defaultPreferences(deps.settings),
      deps.searcher.engines,
      deps.settings.plugins,
    );
    const secure = new URL(c.req.url).protocol === "https:" ||
      c.req.header("x-forwarded-proto") === "https";
    setPreferenceCookies(c, prefs, { secure });
    return c.redirect("/preferences?saved=1", 303);
  });

  return app;
}
