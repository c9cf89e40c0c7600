// The four tools through the SDK client, in front of our real search engine (fake providers) or,
// where a SearXNG quirk matters, a stub shaped like a SearXNG instance.
import assert from "node:assert/strict";
import { startFakeUpstream } from "./helpers/fake_upstream.ts";
import { connectClient, SDK_CLIENTS } from "./helpers/mcp_client.ts";
import { freePort } from "./helpers/process.ts";
import { startSearch } from "./helpers/search_instance.ts";
import { MCP_TOKEN, startSearchMcp } from "./helpers/search_mcp_instance.ts";

const AUTH = { Authorization: `Bearer ${MCP_TOKEN}` };

async function mcpFor(engineUrl: string, env: Record<string, string> = {}) {
  return await startSearchMcp({
    SEARXNG_URL: engineUrl,
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
    ...env,
  });
}

/** A SearXNG-shaped stub that records what it was asked. */
async function stubEngine(searchAnswer: () => Response) {
  return await startFakeUpstream({
    "/search": searchAnswer,
    "/autocompleter": () => Response.json(["rus", ["rust language", "rust belt"]]),
    "/healthz": () => new Response("OK"),
  });
}

const STUB_ANSWER = {
  query: "rust",
  number_of_results: 0,
  results: [
    {
      url: "https://www.rust-lang.org/",
      title: "Rust\nProgramming Language",
      content: "A language empowering everyone.",
      engine: "brave",
      engines: ["brave", "duckduckgo"],
      score: 4.5,
      category: "general",
      publishedDate: null,
    },
    {
      url: "https://en.wikipedia.org/wiki/Rust",
      title: "Rust - Wikipedia",
      content: "Rust is an iron oxide.",
      engines: ["wikipedia"],
      score: 0.4,
      category: "general",
    },
  ],
  answers: ["Rust is a language"],
  corrections: [],
  infoboxes: [],
  suggestions: ["rust book"],
  unresponsive_engines: [["bing", "timeout"]],
};

Deno.test("the SDK client lists four read-only tools with mcp-searxng's parameters", async () => {
  await using search = await startSearch();
  await using mcp = await mcpFor(search.url.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const { tools } = await session.client.listTools();
  const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  const params = (name: string) => Object.keys(byName[name].inputSchema.properties ?? {}).sort();
  assert.deepEqual(params("searxng_web_search"), [
    "categories",
    "engines",
    "language",
    "min_score",
    "num_results",
    "pageno",
    "query",
    "response_format",
    "result_detail",
    "safesearch",
    "time_range",
  ]);
  assert.deepEqual(params("web_url_read"), [
    "maxLength",
    "paragraphRange",
    "readHeadings",
    "section",
    "startChar",
    "url",
  ]);
  assert.deepEqual(params("searxng_search_suggestions"), ["language", "query"]);
  assert.deepEqual(params("searxng_instance_info"), [
    "category",
    "includeDisabled",
    "includeEngines",
    "refresh",
  ]);
  for (const tool of tools) {
    assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
    assert.equal(tool.annotations?.openWorldHint, true, tool.name);
  }
  assert.deepEqual(byName.searxng_web_search.inputSchema.required, ["query"]);
  assert.ok(byName.searxng_web_search.outputSchema, "JSON outputs declare their schema");
  assert.ok(byName.searxng_instance_info.outputSchema);
});

Deno.test("searxng_web_search returns the engine's results as text and structured content", async () => {
  await using search = await startSearch();
  await using mcp = await mcpFor(search.url.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const answer = await session.call("searxng_web_search", { query: "rust" });
  assert.equal(answer.isError, false, answer.text);
  const results = answer.structured!.results as { title: string; url: string }[];
  assert.ok(results.length >= 5, `${results.length} results`);
  assert.match(answer.text, /^Title: .+\nDescription: .*\nURL: https?:\/\/\S+$/m);
  assert.ok(answer.text.includes(`URL: ${results[0].url}`));
  assert.match(answer.text, /Relevance Score: \d+\.\d{3}/);

  const few = await session.call("searxng_web_search", { query: "rust", num_results: 2 });
  assert.equal(few.structured!.results.length, 2);
  assert.equal(few.text.match(/^Title: /gm)?.length, 2);

  const compact = await session.call("searxng_web_search", {
    query: "rust",
    result_detail: "compact",
    response_format: "json",
  });
  const parsed = JSON.parse(compact.text);
  assert.deepEqual(Object.keys(parsed.results[0]).sort(), ["content", "title", "url"]);
  assert.deepEqual(parsed, compact.structured);
});

Deno.test("search arguments reach a SearXNG instance as its API expects them", async () => {
  await using engine = await stubEngine(() => Response.json(STUB_ANSWER));
  await using mcp = await mcpFor(engine.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const answer = await session.call("searxng_web_search", {
    query: "rust",
    pageno: "2",
    time_range: "month",
    language: "de",
    safesearch: 2,
    categories: " General, NEWS ,general",
    engines: "Brave",
  });
  assert.equal(answer.isError, false, answer.text);
  const sent = engine.requests.at(-1)!.url.searchParams;
  assert.equal(sent.get("q"), "rust");
  assert.equal(sent.get("format"), "json");
  assert.equal(sent.get("pageno"), "2");
  assert.equal(sent.get("time_range"), "month");
  assert.equal(sent.get("language"), "de");
  assert.equal(sent.get("safesearch"), "2");
  assert.equal(sent.get("categories"), "general,news");
  assert.equal(sent.get("engines"), "brave");

  await session.call("searxng_web_search", { query: "borrow", language: "all" });
  assert.equal(engine.requests.at(-1)!.url.searchParams.has("language"), false);
});

Deno.test("the text answer carries answers, suggestions, unresponsive engines and squashed fields", async () => {
  await using engine = await stubEngine(() => Response.json(STUB_ANSWER));
  await using mcp = await mcpFor(engine.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const answer = await session.call("searxng_web_search", { query: "rust", min_score: 1 });
  assert.match(answer.text, /^Direct answer: Rust is a language$/m);
  assert.match(answer.text, /^Suggestions: rust book$/m);
  assert.match(answer.text, /^Unresponsive engines: bing \(timeout\)$/m);
  assert.match(answer.text, /^Title: Rust Programming Language$/m, "newlines squashed");
  assert.match(answer.text, /^Engines: brave, duckduckgo$/m);
  assert.equal(answer.structured!.results.length, 1, "min_score dropped the 0.4 result");
});

Deno.test("a search that found nothing because its engines failed is an isError naming each engine and why", async () => {
  await using engine = await stubEngine(() =>
    Response.json({
      ...STUB_ANSWER,
      results: [],
      answers: [],
      unresponsive_engines: [["brave", "timeout"], ["bing", "CAPTCHA"]],
    })
  );
  await using mcp = await mcpFor(engine.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const answer = await session.call("searxng_web_search", { query: "rust" });
  assert.equal(answer.isError, true);
  assert.match(
    answer.text,
    /^No results for "rust" because the search engines failed: brave \(timeout\), bing \(CAPTCHA\)\./,
  );
});

Deno.test("a repeated search is answered from the cache without asking the engine", async () => {
  await using engine = await stubEngine(() => Response.json(STUB_ANSWER));
  await using mcp = await mcpFor(engine.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  await session.call("searxng_web_search", { query: "rust" });
  const again = await session.call("searxng_web_search", {
    query: "rust",
    num_results: 1,
    response_format: "json",
  });
  assert.equal(engine.requests.filter((r) => r.url.pathname === "/search").length, 1);
  assert.equal(again.structured!.cached, true);
  assert.equal(again.structured!.results.length, 1);
});

Deno.test("engine failures are isError results that say what to fix", async () => {
  let answer = () => new Response("Forbidden", { status: 403 });
  await using engine = await stubEngine(() => answer());
  await using mcp = await mcpFor(engine.origin, { SEARXNG_TIMEOUT_MS: "300" });
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const cases: [() => Response | Promise<Response>, RegExp][] = [
    [() => new Response("Forbidden", { status: 403 }), /enable json in search\.formats/i],
    [() => new Response("<html>results</html>", { status: 200 }), /did not answer JSON/],
    [() => Response.json({ hello: "world" }), /without a results list/],
    [() => new Response("", { status: 429 }), /limiter/],
    [() => new Response("", { status: 404 }), /base address/],
    [() => new Response("", { status: 502 }), /Retry later/],
    [
      () => new Promise((resolve) => setTimeout(() => resolve(Response.json(STUB_ANSWER)), 1000)),
      /Timeout.*SEARXNG_TIMEOUT_MS/,
    ],
    [
      // The answer starts at once and then stalls: the time limit covers the whole answer.
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"results": ['));
            },
          }),
          { headers: { "Content-Type": "application/json" } },
        ),
      /Timeout.*SEARXNG_TIMEOUT_MS/,
    ],
  ];
  for (const [respond, advice] of cases) {
    answer = respond as () => Response;
    const result = await session.call("searxng_web_search", { query: `q${advice.source}` });
    assert.equal(result.isError, true, advice.source);
    assert.match(result.text, advice);
  }
});

Deno.test("our own engine without the json format gets the same advice", async () => {
  await using search = await startSearch({ search: "  formats: [html]" });
  await using mcp = await mcpFor(search.url.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const result = await session.call("searxng_web_search", { query: "rust" });
  assert.equal(result.isError, true);
  assert.match(result.text, /HTTP 403.*search\.formats/s);
});

Deno.test("an engine nobody answers for is a connection error naming SEARXNG_URL", async () => {
  await using mcp = await mcpFor(`http://127.0.0.1:${freePort()}`);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const result = await session.call("searxng_web_search", { query: "rust" });
  assert.equal(result.isError, true);
  assert.match(result.text, /not reachable.*SEARXNG_URL/s);
  const suggestions = await session.call("searxng_search_suggestions", { query: "rust" });
  assert.equal(suggestions.isError, false, "no suggestions is not an error");
  assert.deepEqual(suggestions.structured, { query: "rust", suggestions: [] });
});

Deno.test("SEARXNG_URL's credentials go to its own host only, not to another host it redirects to", async () => {
  await using elsewhere = await stubEngine(() => Response.json(STUB_ANSWER));
  await using engine = await startFakeUpstream({
    "/": (request) =>
      new Response(null, {
        status: 302,
        headers: { Location: `${elsewhere.origin}${request.url.pathname}${request.url.search}` },
      }),
  });
  const withCredentials = new URL(engine.origin);
  withCredentials.username = "searcher";
  withCredentials.password = "password-for-the-engine";
  await using mcp = await mcpFor(withCredentials.href);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const answer = await session.call("searxng_web_search", { query: "rust" });
  assert.equal(answer.isError, false, answer.text);
  const basic = btoa("searcher:password-for-the-engine");
  assert.equal(engine.requests.at(-1)!.headers.get("authorization"), `Basic ${basic}`);
  assert.equal(elsewhere.requests.at(-1)!.url.pathname, "/search");
  for (const request of elsewhere.requests) {
    const values = [...request.headers.values()].join("\n");
    assert.ok(!values.includes(basic) && !values.includes(MCP_TOKEN), values);
  }
});

Deno.test("the tools with an outputSchema answer and refuse to SDK 1.x and 2.x clients alike", async () => {
  await using search = await startSearch();
  await using mcp = await mcpFor(search.url.origin);
  await using lost = await mcpFor(`http://127.0.0.1:${freePort()}`);
  for (const [line, connect] of Object.entries(SDK_CLIENTS)) {
    await using session = await connect(mcp.mcpUrl, AUTH);
    for (
      const [tool, args] of [
        ["searxng_web_search", { query: "rust" }],
        ["searxng_search_suggestions", { query: "rust" }],
        ["searxng_instance_info", {}],
      ] as const
    ) {
      const answer = await session.call(tool, args);
      assert.equal(answer.isError, false, `${line} ${tool}: ${answer.text}`);
      assert.ok(answer.structured, `${line} ${tool}`);
    }
    const invalid = await session.call("searxng_web_search", { query: "x", pageno: 0 });
    assert.equal(invalid.isError, true, line);
    assert.match(invalid.text, /pageno/);

    // The engine is unreachable: refusals, never structuredContent a 1.x client would check.
    await using cut = await connect(lost.mcpUrl, AUTH);
    for (
      const [tool, args] of [
        ["searxng_web_search", { query: "rust" }],
        ["searxng_instance_info", {}],
      ] as const
    ) {
      const refused = await cut.call(tool, args);
      assert.equal(refused.isError, true, `${line} ${tool}`);
      assert.equal(refused.structured, undefined, `${line} ${tool}`);
      assert.match(refused.text, /not reachable.*SEARXNG_URL/s, `${line} ${tool}`);
    }
  }
});

Deno.test("invalid arguments are isError results that name the argument", async () => {
  await using engine = await stubEngine(() => Response.json(STUB_ANSWER));
  await using mcp = await mcpFor(engine.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["searxng_web_search", {}, /query/],
    ["searxng_web_search", { query: "   " }, /query/],
    ["searxng_web_search", { query: "x", pageno: 0 }, /pageno/],
    ["searxng_web_search", { query: "x", time_range: "decade" }, /time_range/],
    ["searxng_web_search", { query: "x", num_results: 50 }, /num_results/],
    ["searxng_web_search", { query: "x", language: "<script>" }, /language/],
    ["web_url_read", { url: "" }, /url/],
    ["web_url_read", { url: "https://example.test/", startChar: -1 }, /startChar/],
    ["searxng_instance_info", { includeEngines: "maybe" }, /includeEngines/],
  ];
  for (const [tool, args, mention] of cases) {
    const result = await session.call(tool, args);
    assert.equal(result.isError, true, `${tool} ${JSON.stringify(args)}`);
    assert.match(result.text, mention);
  }
  assert.equal(engine.requests.filter((r) => r.url.pathname === "/search").length, 0);
});

Deno.test("searxng_search_suggestions returns the engine's autocomplete", async () => {
  await using search = await startSearch();
  await using mcp = await mcpFor(search.url.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const answer = await session.call("searxng_search_suggestions", { query: "rust" });
  assert.equal(answer.isError, false);
  assert.deepEqual(answer.structured, {
    query: "rust",
    suggestions: ["rust programming", "rust game", "rustup"],
  });
  assert.deepEqual(JSON.parse(answer.text), answer.structured);
});

Deno.test("searxng_instance_info describes the engine from its /config", async () => {
  await using search = await startSearch();
  await using mcp = await mcpFor(search.url.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const summary = await session.call("searxng_instance_info", {});
  assert.equal(summary.isError, false, summary.text);
  assert.equal(summary.structured!.available, true);
  assert.ok(summary.structured!.categories.includes("general"));
  assert.equal(summary.structured!.engines, undefined, "engines only when asked");
  assert.ok(summary.structured!.enabledEngines >= 5);

  const news = await session.call("searxng_instance_info", {
    includeEngines: "true",
    category: "news",
  });
  const names = news.structured!.engines.map((engine: { name: string }) => engine.name);
  assert.ok(names.length > 0);
  for (const engine of news.structured!.engines) assert.ok(engine.categories.includes("news"));

  const all = await session.call("searxng_instance_info", {
    includeEngines: true,
    includeDisabled: true,
  });
  const disabled = all.structured!.engines.filter((engine: { enabled: boolean }) =>
    !engine.enabled
  );
  assert.ok(disabled.length > 0, "disabled engines are listed when asked");
  assert.ok(all.structured!.engines.length > summary.structured!.enabledEngines);
});

Deno.test("a direct answer comes first in the text, compact too, and before the results in the structured output", async () => {
  const calculated = {
    ...STUB_ANSWER,
    answers: [{ answer: "2+2 = 4", engine: "calculator", url: null }],
    unresponsive_engines: [],
  };
  await using engine = await stubEngine(() => Response.json(calculated));
  await using mcp = await mcpFor(engine.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const full = await session.call("searxng_web_search", { query: "2+2" });
  assert.match(full.text, /^Direct answer: 2\+2 = 4\n\n/);
  const keys = Object.keys(full.structured!);
  assert.ok(keys.indexOf("answers") < keys.indexOf("results"), keys.join(", "));
  assert.deepEqual(full.structured!.answers, ["2+2 = 4"]);
  const compact = await session.call("searxng_web_search", {
    query: "2+2",
    result_detail: "compact",
  });
  assert.match(compact.text, /^Direct answer: 2\+2 = 4\n\nTitle: /);
  assert.deepEqual(compact.structured!.answers, ["2+2 = 4"]);
});

Deno.test("a direct answer without results is an answer, even when every engine failed", async () => {
  await using engine = await stubEngine(() =>
    Response.json({
      ...STUB_ANSWER,
      results: [],
      answers: [{ answer: "Your IP is: 127.0.0.1", engine: "self_info" }],
      suggestions: [],
      unresponsive_engines: [["brave", "timeout"]],
    })
  );
  await using mcp = await mcpFor(engine.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const answer = await session.call("searxng_web_search", { query: "ip" });
  assert.equal(answer.isError, false, answer.text);
  assert.equal(
    answer.text,
    "Direct answer: Your IP is: 127.0.0.1\n\nUnresponsive engines: brave (timeout)",
  );
  assert.deepEqual(answer.structured!.results, []);
});

Deno.test("a search whose answer holds only for the moment (the time, a random value) is not reused from the cache", async () => {
  let asked = 0;
  await using engine = await stubEngine(() =>
    Response.json({
      ...STUB_ANSWER,
      answers: [{ answer: `Asia/Tokyo: call ${++asked}`, engine: "time_zone" }],
    })
  );
  await using mcp = await mcpFor(engine.origin);
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  await session.call("searxng_web_search", { query: "time in Tokyo" });
  const again = await session.call("searxng_web_search", { query: "time in Tokyo" });
  assert.equal(asked, 2);
  assert.match(again.text, /^Direct answer: Asia\/Tokyo: call 2$/m);
  assert.equal(again.structured!.cached, undefined);
});
