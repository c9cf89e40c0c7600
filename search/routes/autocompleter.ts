// Suggestions while typing: OpenSearch suggestions for browsers' search bars, a plain JSON list
// for scripts (SearXNG tells them apart by X-Requested-With).
import { Hono } from "hono";
import { requestParams } from "./request_params.ts";
import { preferencesOf, resolveLanguage, type SearchDeps } from "./site.ts";

const MAX_QUERY = 256;

/** GET and POST /autocompleter: suggestions while typing. */
export function autocompleterRoutes(deps: SearchDeps): Hono {
  const app = new Hono();
  app.on(["GET", "POST"], "/autocompleter", async (c) => {
    const param = await requestParams(c);
    const q = (param("q") ?? "").trim().slice(0, MAX_QUERY);
    const language = resolveLanguage(
      param("language") ?? preferencesOf(c, deps).language,
      c.req.header("accept-language"),
    );
    const suggestions = q.startsWith("!")
      ? bangSuggestions(deps, q)
      : await deps.searcher.autocomplete(deps.settings.search.autocomplete, q, language);
    if (c.req.header("x-requested-with") === "XMLHttpRequest") return c.json(suggestions);
    return c.body(JSON.stringify([q, suggestions]), 200, {
      "Content-Type": "application/x-suggestions+json; charset=utf-8",
    });
  });
  return app;
}

/** `!w` → `!wp`, `!wikipedia`…: bangs are completed locally, no upstream needed. */
function bangSuggestions(deps: SearchDeps, q: string): string[] {
  const [bang, ...rest] = q.split(/\s+/);
  const prefix = bang.slice(1).toLowerCase();
  if (rest.length > 0) return [];
  const names = new Set<string>();
  for (const engine of deps.searcher.engines) {
    for (const name of [engine.shortcut, engine.name.replace(/ /g, "_")]) {
      if (name.startsWith(prefix)) names.add(`!${name}`);
    }
  }
  for (const category of deps.searcher.categories()) {
    if (category.startsWith(prefix)) names.add(`!${category}`);
  }
  return [...names].slice(0, 10);
}
