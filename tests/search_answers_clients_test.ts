// The answers as the clients people use read them, with the clients' own code against the real
// search service (fake providers): LangChain's SearxSearchWrapper (langchain-community 0.4.2,
// from local wheels, tests/helpers/python_packages.ts) and mcp-searxng 2.4.0 (npm, as the MCP
// benchmark installs it, bench/npm_cache.ts), through the MCP SDK's client.
import assert from "node:assert/strict";
import { startMcpSearxng } from "../bench/mcp_searxng_anchor.ts";
import { connectClient } from "./helpers/mcp_client.ts";
import { pythonPackages, runPython } from "./helpers/python_packages.ts";
import { startSearch } from "./helpers/search_instance.ts";

const LANGCHAIN = {
  noDeps: ["langchain-community==0.4.2", "langchain-core==1.6.5"],
  withDeps: ["aiohttp==3.14.3"],
  marker: "langchain_community/utilities/searx_search.py",
};

// What LangChain's tool does with a query: SearxSearchWrapper(searx_host=...).run(query).
const RUN_WRAPPER = `
import json, sys
from langchain_community.utilities.searx_search import SearxSearchWrapper
print(json.dumps(SearxSearchWrapper(searx_host=sys.argv[1]).run(sys.argv[2])))
`;

Deno.test("LangChain's SearxSearchWrapper.run('2+2') returns the calculator's answer", async () => {
  await using search = await startSearch();
  const path = await pythonPackages("search-tests/langchain-community-0.4.2", LANGCHAIN);
  const output = JSON.parse(await runPython(path, RUN_WRAPPER, [search.url.origin, "2+2"]));
  // run() returns answers[0] as the instance sent it: SearXNG's answer object, as SearXNG's own
  // JSON gives it since 2025 (not a bare string).
  assert.equal(output.answer, "2+2 = 4");
  assert.equal(output.engine, "calculator");
  // An ordinary query: the engines' answer, as before.
  const plain = JSON.parse(await runPython(path, RUN_WRAPPER, [search.url.origin, "rust"]));
  assert.equal(plain.engine, "duckduckgo");
});

Deno.test("mcp-searxng's searxng_web_search shows the answer in its JSON output and keeps the results", async () => {
  await using search = await startSearch();
  const token = "mcp-searxng-test-token-0123456789";
  const { process, mcpUrl } = await startMcpSearxng(search.url.origin, { stateless: false, token });
  try {
    await using session = await connectClient(mcpUrl, { Authorization: `Bearer ${token}` });
    const json = await session.call("searxng_web_search", {
      query: "10 km to miles",
      response_format: "json",
    });
    assert.equal(json.isError, false, json.text);
    const body = JSON.parse(json.text);
    assert.equal(body.answers[0].answer, "6.21371192237 mi");
    assert.equal(body.answers[0].engine, "unit_converter");
    assert.ok(body.results.length > 0);
    // Its text format prints only answers that are strings (SearXNG's shape before 2025): the
    // answer objects SearXNG and this service send now are left out there, the results are not.
    const text = await session.call("searxng_web_search", { query: "10 km to miles" });
    assert.equal(text.isError, false, text.text);
    assert.doesNotMatch(text.text, /Direct answer/);
    assert.match(text.text, /^Title: /m);
  } finally {
    await process.stop();
  }
});
