// The MCP Inspector's CLI (a client we did not write) against the real search_mcp process, which
// talks to our real search engine over loopback.
import assert from "node:assert/strict";
import { html, startFakeUpstream } from "./helpers/fake_upstream.ts";
import { inspector, inspectorCall } from "./helpers/inspector.ts";
import { startService } from "./helpers/process.ts";
import { startSearch } from "./helpers/search_instance.ts";
import { MCP_TOKEN } from "./helpers/search_mcp_instance.ts";

Deno.test("the Inspector CLI lists the four tools and calls each one", async () => {
  await using search = await startSearch();
  await using site = await startFakeUpstream({
    "/article": () =>
      html(
        "<html><head><title>Ferris</title></head><body><nav>Home · Blog · About us</nav>" +
          "<article><h1>Ferris the crab</h1><p>Ferris is the unofficial mascot of the Rust " +
          "programming language, drawn as a friendly orange crab.</p><p>Rustaceans put the " +
          "crab on stickers, slides and plushies at conferences all over the world.</p>" +
          "</article><footer>Copyright Example Media</footer></body></html>",
      ),
  });
  const { process, url } = await startService("search_mcp", {
    MCP_HTTP_PORT: "0",
    SEARXNG_URL: search.url.origin,
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
    // The page to read is served on loopback.
    MCP_HTTP_ALLOW_PRIVATE_URLS: "true",
  });
  try {
    const mcpUrl = new URL("/mcp", url);
    const health = await (await fetch(new URL("/health", url))).json();
    assert.equal(health.engine, "reachable");

    const listed = await inspector(mcpUrl, ["--method", "tools/list"], MCP_TOKEN);
    assert.equal(listed.code, 0);
    assert.deepEqual(listed.output.result.tools.map((tool: { name: string }) => tool.name).sort(), [
      "searxng_instance_info",
      "searxng_search_suggestions",
      "searxng_web_search",
      "web_url_read",
    ]);

    const call = (tool: string, json: Record<string, unknown>) =>
      inspectorCall(mcpUrl, MCP_TOKEN, tool, json);
    const searched = await call("searxng_web_search", { query: "rust", num_results: 3 });
    assert.equal(searched.code, 0, JSON.stringify(searched.output));
    assert.equal(searched.output.result.structuredContent.results.length, 3);
    assert.match(searched.output.result.content[0].text, /^Title: /m);

    const suggested = await call("searxng_search_suggestions", { query: "rust" });
    assert.equal(suggested.code, 0);
    assert.ok(suggested.output.result.structuredContent.suggestions.includes("rustup"));

    const info = await call("searxng_instance_info", { includeEngines: true });
    assert.equal(info.code, 0);
    assert.ok(info.output.result.structuredContent.engines.length >= 5);

    const read = await call("web_url_read", { url: `${site.origin}/article` });
    assert.equal(read.code, 0, JSON.stringify(read.output));
    const page = read.output.result.content[0].text as string;
    assert.match(page, /Ferris is the unofficial mascot of the Rust programming language/);
    assert.doesNotMatch(page, /Copyright Example Media/);
  } finally {
    await process.stop();
  }
});

Deno.test("the Inspector CLI without the bearer token is told to authenticate", async () => {
  await using search = await startSearch();
  const { process, url } = await startService("search_mcp", {
    MCP_HTTP_PORT: "0",
    SEARXNG_URL: search.url.origin,
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
  });
  try {
    const refused = await inspector(new URL("/mcp", url), ["--method", "tools/list"]);
    assert.equal(refused.code, 3);
    assert.equal(refused.output.error.code, "auth_required");
  } finally {
    await process.stop();
  }
});
