// The search service without its page parsers, for bench/search_bench.ts's floor rounds: the same
// settings, searcher, upstream client, routes and JSON answer, whose engines send their first
// request and read the whole answer as usual, then report no results instead of parsing it.
// What a search costs above this is parsing and what follows from it (merging, rendering
// results); this much is everything else, most of it Deno's HTTP client and server.
// Run as `deno run -P=search bench/search_floor_server.ts <settings.yml>`; prints its address.
import { runService } from "../runtime/serve.ts";
import { emptyResults } from "../search/core/engine.ts";
import { ENGINE_MODULES } from "../search/engines/mod.ts";
import { configuredEngines, createSearchInstance } from "../search/instance.ts";
import { loadSettings } from "../search/settings/load.ts";

const { settings } = await loadSettings(Deno.args[0], ENGINE_MODULES, {});
const engines = configuredEngines(settings).map((engine) => ({
  ...engine,
  module: { ...engine.module, parse: emptyResults },
}));
const search = createSearchInstance(settings, {
  secret: "a-benchmark-secret-of-enough-length",
  engines,
});
await runService({
  service: "search floor",
  hostname: "127.0.0.1",
  port: 0,
  handler: search.app.fetch,
  onShutdown: () => search.close(),
});
