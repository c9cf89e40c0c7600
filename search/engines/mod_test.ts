// Rules every provider module keeps, checked over the whole registry so a new module keeps them too.
import assert from "node:assert/strict";
import { ENGINE_MODULES } from "./mod.ts";
import { engineContext, engineQuery } from "./engines_testing.ts";
import type { UpstreamRequest } from "../core/engine.ts";

const KEY = "settings-api-key-4711";

/** Where `request` carries `KEY`: header names (lower case), query parameter names, or other. */
function placesOfKey(request: UpstreamRequest): string[] {
  const places: string[] = [];
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value.includes(KEY)) places.push(`header ${name.toLowerCase()}`);
  }
  const url = new URL(request.url);
  for (const [name, value] of url.searchParams) {
    if (value.includes(KEY)) places.push(`param ${name}`);
  }
  const elsewhere = [
    url.pathname,
    JSON.stringify(request.form ?? {}),
    JSON.stringify(request.cookies ?? {}),
  ];
  if (elsewhere.some((text) => text.includes(KEY))) places.push("elsewhere");
  return places;
}

Deno.test("a module sends an api_key only where its apiKeyIn says, so redirects can keep it home", () => {
  for (const module of Object.values(ENGINE_MODULES)) {
    const request = module.request(
      engineQuery({ query: "rust", category: module.categories[0] }),
      engineContext(module, { apiKey: KEY }),
    );
    assert.ok(request, module.id);
    const place = module.apiKeyIn;
    const declared = place === undefined
      ? []
      : ["header" in place ? `header ${place.header.toLowerCase()}` : `param ${place.param}`];
    assert.deepEqual(placesOfKey(request), declared, module.id);
  }
});
