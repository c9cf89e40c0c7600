// Every route of search and search_mcp against hostile request headers, spoken as raw HTTP/1.1 so
// that a Host no client library would send reaches the server: malformed Hosts, absurd
// Accept-Language, thousands of cookies, huge query strings, broken tokens. Whatever the request,
// the answer is a status below 500, and the server goes on answering.
import assert from "node:assert/strict";
import { embedPageUrl } from "../search/service/video_embed.ts";
import { startSearch, TEST_SECRET } from "./helpers/search_instance.ts";
import { MCP_TOKEN, SEED_INITIALIZE, startSearchMcp } from "./helpers/search_mcp_instance.ts";
import { seededRandom } from "./helpers/seeded_random.ts";

interface Route {
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One way of making a request hostile: headers set (or, with null, left out) and a target change. */
interface Mutation {
  name: string;
  headers?: Record<string, string | null>;
  target?: (target: string) => string;
}

const random = seededRandom(17);
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
const junk = (length: number, alphabet: string) =>
  Array.from({ length }, () => pick([...alphabet])).join("");
const VISIBLE = "abcxyzABC019-_.~!$&'()*+,;=:@/?#[]%\"<>\\^`{|} \t";

const BAD_HOSTS = [
  "x:99999",
  "x:-1",
  "x:",
  ":80",
  "[::1",
  "::1",
  "[::1]:99999",
  "[zz]",
  "a b",
  "ho\tst",
  "",
  "127.0.0.1:8080:1",
  "%41%42",
  "a..b",
  "é.example",
  "x".repeat(300),
  "<script>",
  "localhost:0x50",
];

const MUTATIONS: Mutation[] = [
  ...BAD_HOSTS.map((host) => ({ name: `Host ${JSON.stringify(host)}`, headers: { Host: host } })),
  { name: "no Host", headers: { Host: null } },
  { name: "Accept-Language 8 KB", headers: { "Accept-Language": "en-".repeat(2700) } },
  {
    name: "Accept-Language of broken weights",
    headers: { "Accept-Language": "*;q=abc, en;q=1e999, ;q=, ,,,, zz-ZZZZZZZZ-;q=-1".repeat(40) },
  },
  { name: "Accept-Language of junk", headers: { "Accept-Language": junk(2000, VISIBLE) } },
  {
    name: "3,000 cookies",
    headers: {
      Cookie: Array.from({ length: 3000 }, (_, i) => `c${i}=${i}`).join("; "),
    },
  },
  {
    name: "preference cookies repeated with bad values",
    headers: {
      Cookie: Array.from(
        { length: 500 },
        (_, i) =>
          ["language=%%%", "safesearch=9", "categories=<b>", "image_proxy=maybe", "method=PUT"][
            i % 5
          ],
      ).join("; "),
    },
  },
  { name: "Cookie of junk", headers: { Cookie: junk(4000, VISIBLE) } },
  { name: "Cookie without names", headers: { Cookie: ";;;=;==; =x; ;" } },
  { name: "Authorization of 10 KB", headers: { Authorization: `Bearer ${"t".repeat(10_000)}` } },
  { name: "Authorization without a token", headers: { Authorization: "Bearer" } },
  { name: "Authorization of another scheme", headers: { Authorization: "Basic !!!" } },
  { name: "Origin null", headers: { Origin: "null" } },
  { name: "Origin of junk", headers: { Origin: junk(300, VISIBLE) } },
  { name: "X-Forwarded-For of junk", headers: { "X-Forwarded-For": junk(500, VISIBLE) } },
  { name: "Accept of junk", headers: { Accept: junk(500, VISIBLE) } },
  { name: "Content-Type of junk", headers: { "Content-Type": junk(200, VISIBLE) } },
  { name: "Referer of junk", headers: { Referer: junk(1000, VISIBLE) } },
  { name: "a 1,000-character header name", headers: { ["X-" + "n".repeat(1000)]: "1" } },
  {
    name: "200 extra headers",
    headers: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`X-Extra-${i}`, `${i}`])),
  },
  {
    name: "query of 10 KB",
    target: (t) => `${t}${t.includes("?") ? "&" : "?"}q=${"a".repeat(10_000)}`,
  },
  {
    name: "query of 60 KB",
    target: (t) => `${t}${t.includes("?") ? "&" : "?"}x=${"b".repeat(60_000)}`,
  },
  {
    name: "2,000 query parameters",
    target: (t) =>
      `${t}${t.includes("?") ? "&" : "?"}${
        Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join("&")
      }`,
  },
  {
    name: "broken percent-encoding",
    target: (t) => `${t}${t.includes("?") ? "&" : "?"}q=%E0%A4%A&%zz=%`,
  },
  {
    name: "absurd numbers",
    target: (t) =>
      `${t}${t.includes("?") ? "&" : "?"}pageno=1e309&safesearch=-0&time_range=${
        "y".repeat(100)
      }&language=${"x".repeat(500)}`,
  },
];

/** Sends one request over raw TCP and returns its status code, or 0 when the server closed without one. */
async function rawStatus(port: number, route: Route, mutation: Mutation): Promise<number> {
  const headers: Record<string, string | null> = {
    Host: `127.0.0.1:${port}`,
    Connection: "close",
    ...route.headers,
    ...mutation.headers,
  };
  const body = route.body ?? "";
  if (body !== "") headers["Content-Length"] = String(new TextEncoder().encode(body).length);
  const target = mutation.target?.(route.target) ?? route.target;
  const lines = Object.entries(headers)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => `${name}: ${value}`);
  const request = `${route.method} ${target} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
  const connection = await Deno.connect({ hostname: "127.0.0.1", port });
  const giveUp = setTimeout(() => connection.close(), 10_000);
  try {
    await connection.write(new TextEncoder().encode(request));
    let head = "";
    const buffer = new Uint8Array(1024);
    while (!head.includes("\r\n")) {
      const count = await connection.read(buffer);
      if (count === null) break;
      head += new TextDecoder().decode(buffer.subarray(0, count));
    }
    return Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  } catch {
    return 0;
  } finally {
    clearTimeout(giveUp);
    try {
      connection.close();
    } catch {
      // closed by the give-up timer
    }
  }
}

/** Every route × every mutation; failures listed together so one run shows them all. */
async function fuzz(port: number, routes: Route[]): Promise<number> {
  const failures: string[] = [];
  let cases = 0;
  for (const route of routes) {
    for (const mutation of MUTATIONS) {
      cases++;
      const status = await rawStatus(port, route, mutation);
      if (status === 0 || status >= 500) {
        failures.push(
          `${route.method} ${route.target} with ${mutation.name}: ${status || "no answer"}`,
        );
      }
    }
  }
  assert.deepEqual(failures, [], `${failures.length} of ${cases} hostile requests failed`);
  return cases;
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

Deno.test("no request header or query makes any search route answer 500 or drop the request", async () => {
  await using search = await startSearch({ server: "  limiter: false\n" });
  const port = Number(search.url.port);
  const routes: Route[] = [
    { method: "GET", target: "/" },
    { method: "GET", target: "/search?q=rust" },
    { method: "GET", target: "/search?q=rust&pageno=2&language=de" },
    { method: "GET", target: "/search?q=rust&format=json" },
    { method: "GET", target: "/search?q=rust&format=csv" },
    { method: "GET", target: "/search?q=rust&format=rss" },
    { method: "GET", target: "/search?q=rust&format=xml" },
    { method: "POST", target: "/search", headers: FORM, body: "q=rust&category_general=1" },
    { method: "GET", target: "/autocompleter?q=rus" },
    { method: "GET", target: "/config" },
    { method: "GET", target: "/opensearch.xml" },
    { method: "GET", target: "/preferences" },
    { method: "POST", target: "/preferences", headers: FORM, body: "language=de&safesearch=1" },
    { method: "GET", target: "/stats" },
    { method: "GET", target: "/stats?engine=brave" },
    // A wrong signature: a good one would make the answer depend on the fake upstream's image.
    { method: "GET", target: "/image_proxy?url=https%3A%2F%2Fexample.org%2Fa.png&h=0000" },
    // The player page for a link of ours, and for one that is not.
    {
      method: "GET",
      target: embedPageUrl(TEST_SECRET, {
        src: "https://player.example/embed/1",
        url: "https://video.example/watch/1",
        title: "A video",
      })!,
    },
    { method: "GET", target: "/embed?src=https%3A%2F%2Fplayer.example%2F1&url=x&title=y&h=00" },
    { method: "GET", target: "/healthz" },
    { method: "GET", target: "/health" },
    { method: "GET", target: "/static/style.css" },
    { method: "GET", target: "/favicon.ico" },
    { method: "GET", target: "/robots.txt" },
    { method: "GET", target: "/no-such-page" },
  ];
  const cases = await fuzz(port, routes);
  assert.ok(cases >= 800, `${cases} cases`);
  const after = await search.get("/search?q=rust&format=json");
  assert.equal(after.status, 200, "still answering searches");
  assert.ok((await after.json()).results.length > 0);
});

Deno.test("no request header makes any search_mcp route answer 500 or drop the request", async () => {
  await using search = await startSearch();
  await using mcp = await startSearchMcp({
    SEARXNG_URL: search.url.origin,
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
    MCP_HTTP_HARDEN: "true",
    MCP_TOOL_RATE_MAX: "0",
  });
  const port = Number(mcp.mcpUrl.port);
  const rpc = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    Authorization: `Bearer ${MCP_TOKEN}`,
  };
  const routes: Route[] = [
    { method: "POST", target: "/mcp", headers: rpc, body: JSON.stringify(SEED_INITIALIZE) },
    {
      method: "POST",
      target: "/mcp",
      headers: { ...rpc, "Mcp-Protocol-Version": "2026-07-28" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    },
    { method: "GET", target: "/mcp", headers: rpc },
    { method: "DELETE", target: "/mcp", headers: { ...rpc, "Mcp-Session-Id": "nope" } },
    {
      method: "OPTIONS",
      target: "/mcp",
      headers: { Origin: "http://localhost:6274", "Access-Control-Request-Method": "POST" },
    },
    { method: "GET", target: "/health" },
    { method: "GET", target: "/nothing-here" },
  ];
  const cases = await fuzz(port, routes);
  assert.ok(cases >= 250, `${cases} cases`);
  const after = await mcp.post(SEED_INITIALIZE, { Authorization: `Bearer ${MCP_TOKEN}` });
  assert.equal(after.status, 200, "still initializing sessions");
  await after.body?.cancel();
});
