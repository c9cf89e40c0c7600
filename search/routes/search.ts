// GET|POST /search in every enabled format, and `/` with a query redirecting to it.
import { type Context, Hono } from "hono";
import {
  type Format,
  FORMATS,
  ParamError,
  readSearchParams,
  type SearchParams,
} from "../core/search_params.ts";
import { allCategories } from "../core/engine_choice.ts";
import { engineSwitchesFrom } from "../core/preferences.ts";
import { activePlugins, pluginSwitchesFrom } from "../plugins/switches.ts";
import { csvFileName, renderCsv } from "../render/csv.ts";
import { searchJson } from "../render/json.ts";
import { renderRss } from "../render/rss.ts";
import type { SearchRun } from "../service/searcher.ts";
import { renderErrorPage } from "../pages/error_page.ts";
import type { SiteView } from "../pages/layout.ts";
import { renderResultsPage } from "../pages/results_page.ts";
import { renderStartPage } from "../pages/start_page.ts";
import { requestParams } from "./request_params.ts";
import { preferencesOf, publicOrigin, resolveLanguage, type SearchDeps, siteView } from "./site.ts";

/** GET and POST /search (and / with a query) in every enabled format. */
export function searchRoutes(deps: SearchDeps): Hono {
  const app = new Hono();
  const { settings, searcher } = deps;
  const known = {
    // Every category an engine serves, those whose engines are all off included: a person may
    // have switched one of them on.
    categories: new Set(allCategories(searcher.engines)),
    engines: new Set(searcher.engines.map((engine) => engine.name)),
  };

  app.on(["GET", "POST"], "/", async (c) => {
    const param = await requestParams(c);
    if ((param("q") ?? "").trim() !== "") {
      // 308 keeps the method and body, so a POSTed search stays a POST.
      return c.redirect(`/search${new URL(c.req.url).search}`, 308);
    }
    const prefs = preferencesOf(c, deps);
    return c.html(renderStartPage(siteView(deps, prefs), prefs, param("categories")));
  });

  app.on(["GET", "POST"], "/search", async (c) => {
    const started = performance.now();
    const prefs = preferencesOf(c, deps);
    const site = siteView(deps, prefs);
    let params: SearchParams;
    const param = await requestParams(c);
    try {
      params = readSearchParams(param, known);
    } catch (error) {
      if (!(error instanceof ParamError)) throw error;
      const format = new URL(c.req.url).searchParams.get("format") ?? "html";
      if (format === "html") return c.html(renderErrorPage(site, prefs, 400, error.message), 400);
      return c.json({ error: error.message }, 400);
    }
    const format = settings.search.formats.find((enabled) => enabled === params.format);
    if (format === undefined) {
      const known = (FORMATS as readonly string[]).includes(params.format);
      return c.json({
        error: known
          ? `Format "${params.format}" is not enabled: add it to search.formats in settings.yml`
          : `Format "${params.format}" does not exist: use one of ${
            settings.search.formats.join(", ")
          }`,
      }, 403);
    }
    if (params.q === "") {
      if (format === "html") return c.html(renderStartPage(site, prefs, params.categories[0]));
      return c.json({ error: "No query" }, 400);
    }
    const language = resolveLanguage(
      params.language ?? prefs.language,
      c.req.header("accept-language"),
    );
    const run = await searcher.search({
      q: params.q,
      categories: params.categories,
      engines: params.engines,
      language,
      pageno: params.pageno,
      timeRange: params.timeRange,
      safesearch: params.safesearch ?? prefs.safesearch,
      timeoutLimit: params.timeoutLimit,
      // Switches sent with the request win over the cookies' for this search, as in SearXNG.
      engineSwitches: engineSwitchesFrom(param, searcher.engines) ?? prefs,
      activePlugins: activePlugins(settings.plugins, pluginSwitchesFrom(param) ?? prefs),
      doiResolver: param("doi_resolver") ?? prefs.doi_resolver,
      // As the limiter counts it: forwarding headers only from trusted proxies, so `ip` never
      // shows an address a client made up.
      client: { address: deps.clientAddress(c), userAgent: c.req.header("user-agent") ?? "" },
    });
    const searched = performance.now();
    const response = render(c, deps, site, { ...params, format }, run, prefs);
    const timing = serverTiming(run, searched - started, performance.now() - searched);
    response.headers.set("Server-Timing", timing);
    return response;
  });

  return app;
}

function render(
  c: Context,
  deps: SearchDeps,
  site: SiteView,
  params: SearchParams & { format: Format },
  run: SearchRun,
  prefs: ReturnType<typeof preferencesOf>,
): Response {
  const { outcome } = run;
  switch (params.format) {
    case "json":
      return c.json(searchJson(outcome));
    case "csv":
      c.header("Content-Disposition", `attachment; filename="${csvFileName(outcome.query)}"`);
      return c.body(renderCsv(outcome), 200, { "Content-Type": "application/csv; charset=utf-8" });
    case "rss": {
      const searchUrl = new URL("/search", publicOrigin(c, deps.settings));
      searchUrl.search = new URLSearchParams({ q: params.q, format: "rss" }).toString();
      return c.body(
        renderRss(outcome, {
          instanceName: deps.settings.general.instance_name,
          searchUrl: searchUrl.href,
          pageno: params.pageno,
        }),
        200,
        { "Content-Type": "text/xml; charset=utf-8" },
      );
    }
    case "html":
      return c.html(renderResultsPage(site, prefs, {
        q: params.q,
        category: run.category,
        pageno: params.pageno,
        language: params.language ?? prefs.language,
        time_range: params.timeRange ?? "",
        safesearch: params.safesearch ?? prefs.safesearch,
        outcome,
        paging: run.paging,
        answered: run.answered,
      }));
  }
}

/** SearXNG's Server-Timing names: total, render and total_<i>_<engine> in milliseconds. */
export function serverTiming(run: SearchRun, searchMs: number, renderMs: number): string {
  const entries = [
    `total;dur=${(searchMs + renderMs).toFixed(1)}`,
    `render;dur=${renderMs.toFixed(1)}`,
    ...run.timings.map(({ engine, ms }, index) =>
      `total_${index}_${engine.replace(/[^A-Za-z0-9_-]/g, "_")};dur=${ms.toFixed(1)}`
    ),
  ];
  return entries.join(", ");
}
