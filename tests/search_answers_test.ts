// The answer plugins through the real search service against the fake providers: each answer in
// SearXNG's JSON objects and CSV rows, on the results page above the results, first in
// search_mcp's searxng_web_search through the MCP SDK client, and (as in SearXNG) not in RSS; a
// query that is also arithmetic still gets the engines' results.
import assert from "node:assert/strict";
import { all, first, parseHtml, text } from "../search/engines/toolkit/html.ts";
import { type RunningSearch, startSearch } from "./helpers/search_instance.ts";
import { connectClient } from "./helpers/mcp_client.ts";
import { MCP_TOKEN, startSearchMcp } from "./helpers/search_mcp_instance.ts";

/** The queries of the issue and what each plugin answers (a pattern where the answer moves). */
const ASKED: [query: string, plugin: string, answer: string | RegExp][] = [
  ["2+2", "calculator", "2+2 = 4"],
  ["10 km to miles", "unit_converter", "6.21371192237 mi"],
  [
    "sha256 hello",
    "hash_plugin",
    "sha256 hash digest: 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
  ],
  [
    "time in Tokyo",
    "time_zone",
    /^Asia\/Tokyo: \w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M \(GMT\+9\)$/,
  ],
  ["ip", "self_info", "Your IP is: 127.0.0.1"],
];

function matches(text: string, answer: string | RegExp): boolean {
  return typeof answer === "string" ? text === answer : answer.test(text);
}

interface JsonAnswer {
  answer: string;
  engine: string;
  url: string | null;
  template: string;
  parsed_url: unknown;
}

Deno.test("JSON: each plugin's answer comes first as SearXNG's answer object, the results stay", async () => {
  await using search = await startSearch();
  for (const [query, plugin, answer] of ASKED) {
    const response = await search.get(`/search?format=json&q=${encodeURIComponent(query)}`);
    assert.equal(response.status, 200);
    const body = await response.json();
    const first: JsonAnswer = body.answers[0];
    assert.ok(matches(first.answer, answer), `${query}: ${first.answer}`);
    assert.deepEqual(
      { ...first, answer: "" },
      { url: null, engine: plugin, parsed_url: null, template: "answer/legacy.html", answer: "" },
    );
    // The fake DuckDuckGo answers every query with its instant answer: after the plugin's.
    assert.deepEqual(body.answers.slice(1).map((a: JsonAnswer) => a.engine), ["duckduckgo"]);
    assert.ok(body.results.length > 0, `${query} still has the engines' results`);
  }
});

Deno.test("JSON: an ordinary query gets only the engines' answers, and later pages none of the plugins'", async () => {
  await using search = await startSearch();
  const plain = await (await search.get("/search?format=json&q=rust")).json();
  assert.deepEqual(plain.answers.map((a: JsonAnswer) => a.engine), ["duckduckgo"]);
  const page2 = await (await search.get("/search?format=json&q=2%2B2&pageno=2")).json();
  assert.ok(!page2.answers.some((a: JsonAnswer) => a.engine === "calculator"));
});

Deno.test("JSON: `ip` answers the address through trusted proxies only, `user agent` the User-Agent", async () => {
  const forwarded = { headers: { "X-Forwarded-For": "198.51.100.9" } };
  const ipSeen = async (search: RunningSearch) =>
    (await (await search.get("/search?format=json&q=ip", forwarded)).json()).answers[0].answer;
  {
    // SearXNG's default: a proxy on this machine (127.0.0.0/8, ::1) is trusted.
    await using search = await startSearch();
    assert.equal(await ipSeen(search), "Your IP is: 198.51.100.9");
    const agent = await search.get("/search?format=json&q=user+agent", {
      headers: { "User-Agent": "AnswersTest/2.0" },
    });
    assert.equal((await agent.json()).answers[0].answer, "Your user-agent is: AnswersTest/2.0");
  }
  {
    await using search = await startSearch({ top: "botdetection:\n  trusted_proxies: []\n" });
    assert.equal(await ipSeen(search), "Your IP is: 127.0.0.1");
  }
});

Deno.test("CSV: each answer is a row of type answer with the plugin in the engine column", async () => {
  await using search = await startSearch();
  for (const [query, plugin, answer] of ASKED) {
    const response = await search.get(`/search?format=csv&q=${encodeURIComponent(query)}`);
    assert.equal(response.status, 200);
    const rows = (await response.text()).split("\r\n");
    const row = rows.find((line) => line.endsWith(`,${plugin},,answer`));
    assert.ok(row, `${query}: no answer row in\n${rows.join("\n")}`);
    const title = row.slice(0, -`,,,,${plugin},,answer`.length);
    assert.ok(matches(title.replace(/^"|"$/g, ""), answer), `${query}: ${title}`);
    assert.ok(rows.some((line) => line.endsWith(",result")), `${query} still has result rows`);
  }
});

Deno.test("HTML: each answer is the first thing in the main column, above the results", async () => {
  await using search = await startSearch();
  for (const [query, , answer] of ASKED) {
    const response = await search.get(`/search?q=${encodeURIComponent(query)}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-security-policy")!, /script-src 'self'(;|$)/);
    const main = first(parseHtml(await response.text()), "main")!;
    const shown = text(first(main, ".answers .answer-text")).trim();
    assert.ok(matches(shown, answer), `${query}: ${shown}`);
    assert.ok(all(main, "#urls article").length > 0, `${query} still has the engines' results`);
  }
  const script = await search.get("/static/answers.js");
  assert.equal(script.status, 200);
  assert.match(script.headers.get("content-type")!, /^text\/javascript/);
  assert.match(await script.text(), /navigator\.clipboard/);
});

Deno.test("RSS: as in SearXNG's feed, answers are no items; the results are", async () => {
  await using search = await startSearch();
  const feed = await (await search.get("/search?format=rss&q=2%2B2")).text();
  assert.ok(!feed.includes("2+2 = 4"), "no answer in the feed");
  assert.ok(!feed.includes("<type>answer</type>"));
  assert.ok((feed.match(/<type>result<\/type>/g) ?? []).length > 0);
});

Deno.test("MCP: searxng_web_search puts each answer first, in its text and its structured output", async () => {
  await using search = await startSearch();
  await using mcp = await startSearchMcp({
    SEARXNG_URL: search.url.origin,
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
  });
  await using session = await connectClient(mcp.mcpUrl, { Authorization: `Bearer ${MCP_TOKEN}` });
  for (const [query, , answer] of ASKED) {
    const result = await session.call("searxng_web_search", { query });
    assert.equal(result.isError, false, result.text);
    const firstLine = result.text.split("\n")[0];
    assert.ok(firstLine.startsWith("Direct answer: "), `${query}: ${firstLine}`);
    assert.ok(matches(firstLine.slice("Direct answer: ".length), answer), firstLine);
    assert.ok(matches(result.structured!.answers[0], answer), `${query} structured`);
    assert.ok(result.structured!.results.length > 0, `${query} still has results`);
  }
});

Deno.test("hostile arithmetic, units and places get no answer and a 200, and /health stays up", async () => {
  await using search = await startSearch();
  for (
    const query of [
      "9*".repeat(1023) + "9",
      "(".repeat(1000) + "1" + ")".repeat(1000),
      "10^10^10^10",
      "1/0",
      "10 километров to миль",
      "10 km to " + "ж".repeat(2000),
      "time in " + "é".repeat(2000),
    ]
  ) {
    const response = await search.get(`/search?format=json&q=${encodeURIComponent(query)}`);
    assert.equal(response.status, 200, query.slice(0, 40));
    const engines = (await response.json()).answers.map((a: JsonAnswer) => a.engine);
    assert.deepEqual(engines.filter((engine: string) => engine !== "duckduckgo"), [], query);
  }
  const health = await search.get("/health");
  assert.equal(health.status, 200);
});

Deno.test("the answer plugins follow the switches: a parameter or cookie turns one off, settings leave it out", async () => {
  const enginesOf = async (search: RunningSearch, query: string, init?: RequestInit) => {
    const body = await (await search.get(`/search?format=json&q=${query}`, init)).json();
    return body.answers.map((answer: JsonAnswer) => answer.engine);
  };
  {
    await using search = await startSearch();
    assert.deepEqual(await enginesOf(search, "2%2B2"), ["calculator", "duckduckgo"]);
    assert.deepEqual(
      await enginesOf(search, "2%2B2&disabled_plugins=calculator&enabled_plugins="),
      ["duckduckgo"],
    );
    const cookie = "disabled_plugins=hash_plugin; enabled_plugins=";
    assert.deepEqual(await enginesOf(search, "sha1%20x", { headers: { cookie } }), ["duckduckgo"]);
    // SearXNG's answerers have no switch.
    assert.deepEqual(
      await enginesOf(search, "avg%201%202&disabled_plugins=calculator", { headers: { cookie } }),
      ["statistics", "duckduckgo"],
    );
  }
  {
    // A settings file whose plugins list leaves the calculator out does not offer it at all.
    await using search = await startSearch({
      top: `plugins:
  searx.plugins.unit_converter.SXNGPlugin:
    active: true
`,
    });
    assert.deepEqual(await enginesOf(search, "2%2B2"), ["duckduckgo"]);
    assert.deepEqual(await enginesOf(search, "2%2B2&enabled_plugins=calculator"), ["duckduckgo"]);
    assert.deepEqual(await enginesOf(search, "5%20ft%20in%20cm"), ["unit_converter", "duckduckgo"]);
  }
});
