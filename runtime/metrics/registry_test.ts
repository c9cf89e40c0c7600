import assert from "node:assert/strict";
import { promtoolCheck } from "../../tests/helpers/promtool.ts";
import { LATENCY_BUCKETS, Registry } from "./registry.ts";

Deno.test("counters, gauges and histograms are written in the text format with HELP and TYPE", async () => {
  const registry = new Registry();
  const requests = registry.counter("jobs_total", "Jobs done.", ["kind"]);
  requests.inc({ kind: "draw" });
  requests.inc({ kind: "draw" }, 2);
  requests.inc({ kind: "preview" });
  const queue = registry.gauge("queue_length", "Jobs waiting.");
  queue.set(4);
  queue.dec();
  const latency = registry.histogram("job_duration_seconds", "Job time.", [0.1, 1]);
  latency.observe(0.05);
  latency.observe(0.5);
  latency.observe(3);
  registry.collected("rooms", "Rooms loaded.", "gauge", () => 7);
  assert.equal(
    await registry.expose(),
    [
      "# HELP jobs_total Jobs done.",
      "# TYPE jobs_total counter",
      'jobs_total{kind="draw"} 3',
      'jobs_total{kind="preview"} 1',
      "# HELP queue_length Jobs waiting.",
      "# TYPE queue_length gauge",
      "queue_length 3",
      "# HELP job_duration_seconds Job time.",
      "# TYPE job_duration_seconds histogram",
      'job_duration_seconds_bucket{le="0.1"} 1',
      'job_duration_seconds_bucket{le="1"} 2',
      'job_duration_seconds_bucket{le="+Inf"} 3',
      "job_duration_seconds_sum 3.55",
      "job_duration_seconds_count 3",
      "# HELP rooms Rooms loaded.",
      "# TYPE rooms gauge",
      "rooms 7",
      "",
    ].join("\n"),
  );
});

Deno.test("label values and HELP text are escaped as the format requires", async () => {
  const registry = new Registry();
  registry.counter("odd_total", 'A back\\slash\nand "quotes".', ["value"])
    .inc({ value: 'a"b\\c\nd' });
  const text = await registry.expose();
  assert.match(text, /^# HELP odd_total A back\\\\slash\\nand "quotes"\.$/m);
  assert.match(text, /^odd_total\{value="a\\"b\\\\c\\nd"\} 1$/m);
  assert.equal(await promtoolCheck(text), "");
});

Deno.test("a counter must end in _total, and labels must be exactly the declared ones", async () => {
  const registry = new Registry();
  assert.throws(() => registry.counter("jobs", "Jobs."), /_total/);
  const jobs = registry.counter("jobs_total", "Jobs.", ["kind"]);
  assert.throws(() => jobs.inc({}), /takes labels \[kind\]/);
  assert.throws(() => jobs.inc({ kind: "a", extra: "b" }), /takes labels/);
  assert.throws(() => jobs.inc({ kind: "a" }, -1), /cannot go down/);
  const runs = registry.counter("runs_total", "Runs.");
  assert.throws(() => runs.inc({ kind: "a" }), /takes no labels, got kind/);
  runs.inc();
  runs.inc({}, 2);
  assert.match(await registry.expose(), /^runs_total 3$/m);
  assert.throws(() => registry.gauge("jobs_total", "Again."), /registered twice/);
  assert.throws(() => registry.gauge("bad-name", "Dash."), /bad metric name/);
});

Deno.test("collected families read their samples, async ones too, at every scrape", async () => {
  const registry = new Registry();
  let size = 100;
  registry.collected("db_size_bytes", "Size.", "gauge", () => Promise.resolve(size));
  registry.collected("jobs_total", "Jobs.", "counter", () => [[{ kind: "draw" }, 2]]);
  assert.match(await registry.expose(), /^db_size_bytes 100$/m);
  size = 250;
  const text = await registry.expose();
  assert.match(text, /^db_size_bytes 250$/m);
  assert.match(text, /^jobs_total\{kind="draw"\} 2$/m);
});

Deno.test("promtool accepts a registry with every kind of family, without lint problems", async () => {
  const registry = new Registry();
  registry.counter("app_requests_total", "Requests.", ["route"]).inc({ route: "/a/:id" });
  registry.gauge("app_queue_length", "Queue.").set(1);
  registry.histogram("app_duration_seconds", "Time.", LATENCY_BUCKETS, ["route"])
    .observe(0.2, { route: "/a/:id" });
  registry.collected("app_rooms", "Rooms.", "gauge", () => 0);
  assert.equal(await promtoolCheck(await registry.expose()), "");
});
