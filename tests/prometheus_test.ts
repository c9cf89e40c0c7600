// The four services scraped by Debian's real Prometheus on loopback: each /metrics passes
// `promtool check metrics` without a lint problem, every target is up, and the series
// docs/running.md names are there. search and search_mcp run in this process, diagram and collab
// as processes.
import assert from "node:assert/strict";
import { startCollab } from "./helpers/collab_instance.ts";
import { startDiagram } from "./helpers/diagram_instance.ts";
import { freePort, RunningProcess } from "./helpers/process.ts";
import { promtoolCheck } from "./helpers/promtool.ts";
import { startSearch } from "./helpers/search_instance.ts";
import { SEED_INITIALIZE, startSearchMcp } from "./helpers/search_mcp_instance.ts";

const TIMEOUT_MS = 60_000;

/** Polls `read` until it returns a value, or fails the test at the deadline with `what`. */
async function until<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + TIMEOUT_MS;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await read();
      if (value !== null) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last}` : ""}`);
}

Deno.test("Prometheus scrapes all four services on loopback and finds their series", async () => {
  await using search = await startSearch();
  await using mcp = await startSearchMcp({
    SEARXNG_URL: search.url.href.replace(/\/$/, ""),
    MCP_HTTP_STATELESS: "true",
  });
  await using diagram = await startDiagram();
  await using collab = await startCollab(diagram);

  // Something for the per-engine and per-tool series to count.
  const searched = await search.get("/search?q=test&format=json");
  assert.equal(searched.status, 200);
  await searched.body?.cancel();
  const called = await mcp.post({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "searxng_search_suggestions", arguments: { query: "rust" } },
  }, { "Mcp-Protocol-Version": SEED_INITIALIZE.params.protocolVersion });
  assert.equal(called.status, 200);
  await called.body?.cancel();

  const targets = {
    search: search.url,
    search_mcp: new URL("/", mcp.mcpUrl),
    diagram: diagram.url,
    collab: collab.url,
  };
  for (const [name, base] of Object.entries(targets)) {
    const response = await fetch(new URL("/metrics", base));
    assert.equal(response.status, 200, name);
    assert.equal(
      response.headers.get("content-type"),
      "text/plain; version=0.0.4; charset=utf-8",
      name,
    );
    assert.equal(await promtoolCheck(await response.text()), "", `promtool on ${name}`);
  }

  const dir = await Deno.makeTempDir({ prefix: "prometheus-test-" });
  const jobs = Object.entries(targets).map(([name, base]) =>
    `  - job_name: ${name}\n    static_configs:\n      - targets: ["${base.host}"]\n`
  );
  await Deno.writeTextFile(
    `${dir}/prometheus.yml`,
    `global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n${jobs.join("")}`,
  );
  const port = freePort();
  const prometheus = new RunningProcess(
    new Deno.Command("prometheus", {
      args: [
        `--config.file=${dir}/prometheus.yml`,
        `--storage.tsdb.path=${dir}/data`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      cwd: dir,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }),
  );
  const api = (path: string) => fetch(`http://127.0.0.1:${port}/api/v1/${path}`);
  try {
    const health = await until("every target up", async () => {
      const { data } = await (await api("targets")).json();
      const active: { labels: { job: string }; health: string }[] = data.activeTargets;
      const byJob = Object.fromEntries(active.map((t) => [t.labels.job, t.health]));
      return Object.keys(targets).every((job) => byJob[job] === "up") ? byJob : null;
    });
    assert.deepEqual(Object.keys(health).sort(), Object.keys(targets).sort());

    const series: Record<string, string> = {
      'http_requests_total{job="search",route="/search"}': "search",
      "search_engine_requests_total": "search",
      "search_engine_duration_seconds_count": "search",
      'search_mcp_tool_calls_total{tool="searxng_search_suggestions"}': "search_mcp",
      'http_requests_total{job="search_mcp",route="/mcp"}': "search_mcp",
      "diagram_layout_queue_length": "diagram",
      "diagram_layout_workers_busy": "diagram",
      'diagram_diagrams{state="live"}': "diagram",
      "diagram_database_size_bytes": "diagram",
      "collab_rooms": "collab",
      "collab_connections": "collab",
      'process_resident_memory_bytes{job="collab"}': "collab",
      'http_requests_total{job="diagram",route="/metrics"}': "diagram",
      'http_requests_total{job="collab",route="/metrics"}': "collab",
    };
    for (const [query, job] of Object.entries(series)) {
      const jobs = await until(query, async () => {
        const { data } = await (await api(`query?query=${encodeURIComponent(query)}`)).json();
        const result: { metric: { job: string } }[] = data.result;
        return result.length > 0 ? result.map((sample) => sample.metric.job) : null;
      });
      assert.ok(jobs.includes(job), `${query} comes from ${job}`);
    }
  } finally {
    await prometheus.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
