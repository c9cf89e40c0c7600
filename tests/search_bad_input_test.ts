// Nothing a client sends may cost a 500 or the server: hostile queries and parameter values,
// broken encodings and oversized bodies get a 200 or a clear 4xx.
import assert from "node:assert/strict";
import { startSearch } from "./helpers/search_instance.ts";

const HOSTILE_QUERIES = [
  "x".repeat(10 * 1024),
  "🦀 Rust 😀 ٱلْعَرَبِيَّة 中文 ﷽ \u202e reversed",
  "\u0000\u0001\u0007\u001b[31mred\u001b[0m\r\nSet-Cookie: a=b",
  "' OR 1=1; DROP TABLE results; --",
  "<script>alert(1)</script>",
  "{{7*7}} ${7*7} <%= 7*7 %>",
  "../../../../etc/passwd",
  "%00%0d%0a%25%ZZ",
  "\ud800 lone surrogate",
  "!!g !ddg !wp :xx-YY <0 <99999",
  ":de",
  "!",
  " ",
  // For the answer plugins: arithmetic at the length limit, deep nesting, a power tower, units
  // and a place in other scripts.
  "9*".repeat(1023) + "9",
  "(".repeat(1000) + "1" + ")".repeat(1000),
  "10^10^10^10",
  "10 километров to миль",
  "time in " + "東京".repeat(1000),
];

function assertClientAnswer(status: number, what: string) {
  assert.ok(status === 200 || (status >= 400 && status < 500), `${what} → ${status}`);
}

Deno.test("hostile queries get a 200 or a clear 400 in every format, never a 500", async () => {
  await using search = await startSearch();
  for (const q of HOSTILE_QUERIES) {
    for (const format of ["json", "html", "csv", "rss"]) {
      const response = await search.get(
        `/search?${new URLSearchParams({ q, format })}`,
      );
      assertClientAnswer(response.status, `${format} ${JSON.stringify(q.slice(0, 40))}`);
      const body = await response.text();
      if (format === "json") {
        const parsed = JSON.parse(body);
        if (response.status === 400) assert.equal(typeof parsed.error, "string");
      }
    }
  }
  const long = await search.get(`/search?format=json&q=${"x".repeat(10 * 1024)}`);
  assert.equal(long.status, 400);
  assert.deepEqual(await long.json(), { error: "Query too long: at most 2048 characters" });
});

Deno.test("random parameter values never cause a 500", async () => {
  await using search = await startSearch();
  // A fixed-seed generator: the same values on every run, so a failure can be reproduced.
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const alphabet = "aZ09-_.,:;!<>\"'%&=?#/\\ \t\u00e9\u4e2d\ud83e\udd80\u0000";
  const value = () =>
    Array.from(
      { length: Math.floor(random() * 12) },
      () => alphabet[Math.floor(random() * alphabet.length)],
    ).join("");
  const names = [
    "format",
    "categories",
    "engines",
    "language",
    "pageno",
    "time_range",
    "safesearch",
    "timeout_limit",
    "theme",
    "image_proxy",
  ];
  for (let round = 0; round < 60; round++) {
    const params = new URLSearchParams({ q: "rust" });
    for (const name of names) if (random() < 0.5) params.set(name, value());
    const response = await search.get(`/search?${params}`);
    assertClientAnswer(response.status, params.toString());
    await response.body?.cancel();
  }
});

Deno.test("broken percent-encoding and broken form bodies are answered, not crashed on", async () => {
  await using search = await startSearch();
  for (const query of ["q=%E0%A4%A&format=json", "q=%&format=json", "q=%ZZ%&pageno=%"]) {
    const response = await search.get(`/search?${query}`);
    assertClientAnswer(response.status, query);
    await response.body?.cancel();
  }
  const multipart = await search.get("/search?format=json", {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
    body: '--zzz\r\nContent-Disposition: form-data; name="q"\r\n\r\nrust\r\n--zz',
  });
  assertClientAnswer(multipart.status, "truncated multipart");
  await multipart.body?.cancel();
  const json = await search.get("/search?format=json", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: '{"q": "rust"',
  });
  assert.equal(json.status, 400, "a JSON body is not a form: no query was given");
  assert.deepEqual(await json.json(), { error: "No query" });
});

Deno.test("a request body over 64 KiB is refused with 413 before it is read", async () => {
  await using search = await startSearch();
  const response = await search.get("/search", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `format=json&q=${"a".repeat(100 * 1024)}`,
  });
  assert.equal(response.status, 413);
  assert.deepEqual(await response.json(), { error: "Request body larger than 65536 bytes" });
  assert.equal(search.upstream.requests.length, 0);
});

Deno.test("without server.limiter, a burst of searches from one client is all served", async () => {
  await using search = await startSearch();
  const statuses = await Promise.all(
    Array.from(
      { length: 40 },
      () =>
        search.get("/search?q=rust&format=json").then(async (response) => {
          await response.body?.cancel();
          return response.status;
        }),
    ),
  );
  assert.deepEqual(new Set(statuses), new Set([200]));
});

Deno.test("with server.limiter on, a client past its burst gets 429 with Retry-After", async () => {
  await using search = await startSearch({ server: "  limiter: true\n" });
  const statuses: number[] = [];
  let retryAfter: string | null = null;
  for (let i = 0; i < 22; i++) {
    const response = await search.get("/autocompleter?q=!w");
    statuses.push(response.status);
    if (response.status === 429) {
      retryAfter = response.headers.get("retry-after");
      assert.deepEqual(await response.json(), { error: "Too many requests" });
    } else {
      await response.body?.cancel();
    }
  }
  assert.deepEqual(statuses.slice(0, 20), new Array(20).fill(200));
  assert.deepEqual(statuses.slice(20), [429, 429]);
  assert.equal(retryAfter, "2");
  const health = await search.get("/healthz");
  assert.equal(health.status, 200, "health checks are never limited");
  await health.body?.cancel();
});
