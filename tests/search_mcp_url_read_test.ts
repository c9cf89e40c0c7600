// web_url_read end to end: pages served on loopback (private URLs allowed in these tests), read
// through the SDK client; then the SSRF matrix with the address policy on.
import assert from "node:assert/strict";
import { fetchPublic } from "../runtime/public_fetch/mod.ts";
import { fetchWithPolicy } from "../runtime/public_fetch/fetch.ts";
import { collapseWhitespace } from "../shared/collapse_whitespace.ts";
import { delayed, endlessBody, html, startFakeUpstream } from "./helpers/fake_upstream.ts";
import { connectClient } from "./helpers/mcp_client.ts";
import { freePort } from "./helpers/process.ts";
import { MCP_TOKEN, startSearchMcp } from "./helpers/search_mcp_instance.ts";
import type { UrlReadDeps } from "../search_mcp/tools/web_url_read.ts";

const AUTH = { Authorization: `Bearer ${MCP_TOKEN}` };
const FIXTURES = new URL("./fixtures/read_url/", import.meta.url);

function fixture(name: string, type: string) {
  const bytes = Deno.readFileSync(new URL(name, FIXTURES));
  return () => new Response(bytes, { headers: { "Content-Type": type } });
}

async function startSite() {
  return await startFakeUpstream({
    "/article": fixture("corpus/news_tram_extension.html", "text/html; charset=utf-8"),
    "/latin1": fixture("corpus/latin1_baeckerei.html", "text/html"),
    "/long": fixture("corpus/long_repair_cafes.html", "text/html; charset=utf-8"),
    "/paper.pdf": fixture("sample.pdf", "application/pdf"),
    "/data.json": fixture("data.json", "application/json"),
    "/feed.xml": fixture("feed.xml", "application/rss+xml"),
    "/image.png": fixture("image.png", "image/png"),
    "/disguised": fixture("image.png", "text/html"),
    "/huge": () => html(`<p>${"x".repeat(100_000)}</p>`),
    "/endless": () => endlessBody("<p>more and more text</p>"),
    "/slow": (request) => delayed(3000, request, () => html("<p>too late</p>")),
    "/missing": () => html("<h1>Not here</h1>", 404),
    "/blocked-by-bot-check": () => html("<h1>Are you a robot?</h1>", 403),
    "/moved": () => new Response(null, { status: 302, headers: { Location: "/article#top" } }),
    "/app": () => html('<html><body><div id="root"></div><script>render()</script></body></html>'),
  });
}

async function readerFor(env: Record<string, string>, fetch?: UrlReadDeps["fetch"]) {
  return await startSearchMcp({
    SEARXNG_URL: `http://127.0.0.1:${freePort()}`,
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
    ...env,
  }, { fetch });
}

Deno.test("an article comes back as Markdown without its menus, banners and footer", async () => {
  await using site = await startSite();
  await using mcp = await readerFor({ MCP_HTTP_ALLOW_PRIVATE_URLS: "true" });
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const page = await session.call("web_url_read", { url: `${site.origin}/article` });
  assert.equal(page.isError, false, page.text);
  assert.match(page.text, /^# Council backs eastern tram extension after marathon session$/m);
  assert.doesNotMatch(page.text, /We use cookies/);
  assert.equal(page.structured, undefined, "web_url_read answers text only");

  const manifest = JSON.parse(
    Deno.readTextFileSync(new URL("corpus/manifest.json", FIXTURES)),
  ) as { file: string; sentences: string[]; boilerplate: string[] }[];
  const entry = manifest.find((item) => item.file === "news_tram_extension.html")!;
  const flat = collapseWhitespace(
    page.text.replace(/[*_`]/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"),
  );
  const kept = entry.sentences.filter((sentence) => flat.includes(sentence));
  assert.ok(kept.length >= entry.sentences.length - 1, `${kept.length}/${entry.sentences.length}`);
  const leaked = entry.boilerplate.filter((text) => flat.includes(text));
  assert.ok(leaked.length <= 1, `leaked: ${leaked.join(" | ")}`);
});

Deno.test("a latin1 page declared only in its meta tag reads without replacement characters", async () => {
  await using site = await startSite();
  await using mcp = await readerFor({ MCP_HTTP_ALLOW_PRIVATE_URLS: "true" });
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const page = await session.call("web_url_read", { url: `${site.origin}/latin1` });
  assert.equal(page.isError, false, page.text);
  assert.match(page.text, /Die Bäckerei am Schlossberg/);
  assert.doesNotMatch(page.text, /\uFFFD/);
});

Deno.test("PDF, JSON and XML are read as text; images and disguised binaries are refused", async () => {
  await using site = await startSite();
  await using mcp = await readerFor({ MCP_HTTP_ALLOW_PRIVATE_URLS: "true" });
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const pdf = await session.call("web_url_read", { url: `${site.origin}/paper.pdf` });
  assert.equal(pdf.isError, false, pdf.text);
  assert.match(pdf.text, /Salt marsh gardens survive twice-daily flooding/);
  assert.match(pdf.text, /Samphire grew fastest/, "the second page too");

  const json = await session.call("web_url_read", { url: `${site.origin}/data.json` });
  assert.match(json.text, /^```json\n\{\n {2}"station": "Harrow Point",/);
  assert.match(json.text, /```$/);

  const xml = await session.call("web_url_read", { url: `${site.origin}/feed.xml` });
  assert.match(xml.text, /^```xml\n<\?xml/);

  for (const path of ["/image.png", "/disguised"]) {
    const refused = await session.call("web_url_read", { url: `${site.origin}${path}` });
    assert.equal(refused.isError, true, path);
    assert.match(refused.text, /image|binary/i, path);
  }
});

Deno.test("huge, endless and slow pages are given up with the limit that stopped them", async () => {
  await using site = await startSite();
  await using mcp = await readerFor({
    MCP_HTTP_ALLOW_PRIVATE_URLS: "true",
    URL_READ_MAX_CONTENT_LENGTH_BYTES: "65536",
    FETCH_TIMEOUT_MS: "400",
  });
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  for (const path of ["/huge", "/endless"]) {
    const page = await session.call("web_url_read", { url: `${site.origin}${path}` });
    assert.equal(page.isError, true, path);
    assert.match(page.text, /too large.*URL_READ_MAX_CONTENT_LENGTH_BYTES/is, path);
  }
  const started = performance.now();
  const slow = await session.call("web_url_read", { url: `${site.origin}/slow` });
  assert.equal(slow.isError, true);
  assert.match(slow.text, /Timeout.*FETCH_TIMEOUT_MS/s);
  assert.ok(performance.now() - started < 2500, "gave up at the deadline, not the page");
});

Deno.test("HTTP errors, redirects and script-only pages are explained", async () => {
  await using site = await startSite();
  await using mcp = await readerFor({ MCP_HTTP_ALLOW_PRIVATE_URLS: "true" });
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const missing = await session.call("web_url_read", { url: `${site.origin}/missing` });
  assert.equal(missing.isError, true);
  assert.match(missing.text, /HTTP 404.*does not exist/s);
  const bot = await session.call("web_url_read", { url: `${site.origin}/blocked-by-bot-check` });
  assert.match(bot.text, /HTTP 403.*access denied/s);
  const moved = await session.call("web_url_read", { url: `${site.origin}/moved` });
  assert.equal(moved.isError, false, moved.text);
  assert.match(moved.text, /Council backs eastern tram extension/);
  const app = await session.call("web_url_read", { url: `${site.origin}/app` });
  assert.equal(app.isError, false);
  assert.match(app.text, /appears empty.*JavaScript/s);
  for (const url of ["not a url", "ftp://example.org/file", "file:///etc/passwd"]) {
    const refused = await session.call("web_url_read", { url });
    assert.equal(refused.isError, true, url);
    assert.match(refused.text, /http:\/\/ (and|or) https:\/\//, url);
  }
  // /metrics: each call by outcome, and the pages fetched (refused URLs are never fetched).
  const metrics = (await (await fetch(new URL("/metrics", mcp.mcpUrl))).text()).split("\n");
  for (
    const line of [
      'search_mcp_tool_calls_total{tool="web_url_read",outcome="error"} 5',
      'search_mcp_tool_calls_total{tool="web_url_read",outcome="ok"} 2',
      'search_mcp_reader_fetches_total{outcome="http_error"} 2',
      'search_mcp_reader_fetches_total{outcome="ok"} 2',
    ]
  ) assert.ok(metrics.includes(line), line);
});

Deno.test("a long page is read in slices, by section, by paragraphs or as headings", async () => {
  await using site = await startSite();
  await using mcp = await readerFor({ MCP_HTTP_ALLOW_PRIVATE_URLS: "true" });
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const url = `${site.origin}/long`;
  const whole = await session.call("web_url_read", { url });
  const first = await session.call("web_url_read", { url, maxLength: 500 });
  assert.ok(first.text.startsWith(whole.text.slice(0, 500)));
  assert.match(first.text, /call again with startChar=500\b/);
  const second = await session.call("web_url_read", { url, startChar: 500, maxLength: 500 });
  assert.ok(second.text.startsWith(whole.text.slice(500, 1000)));
  assert.match(second.text, /startChar=1000\b/);
  const last = await session.call("web_url_read", { url, startChar: whole.text.length - 10 });
  assert.equal(last.text, whole.text.slice(-10), "no hint once the end is reached");

  const headings = await session.call("web_url_read", { url, readHeadings: true });
  const lines = headings.text.split("\n").filter((line) => line.trim() !== "");
  assert.ok(lines.length >= 2);
  for (const line of lines) assert.match(line, /^#{1,6} /);

  const title = lines[1].replace(/^#+ /, "");
  const section = await session.call("web_url_read", { url, section: title.toLowerCase() });
  assert.equal(section.isError, false, section.text);
  assert.ok(section.text.startsWith(lines[1]));
  assert.ok(section.text.length < whole.text.length);

  const paragraphs = await session.call("web_url_read", { url, paragraphRange: "2-3" });
  assert.equal(paragraphs.text.split(/\n\s*\n/).length, 2);
  const nowhere = await session.call("web_url_read", { url, section: "no such heading here" });
  assert.equal(nowhere.isError, true);
  assert.match(nowhere.text, /not found/);
  const outside = await session.call("web_url_read", { url, paragraphRange: "9999" });
  assert.equal(outside.isError, true);
  assert.match(outside.text, /invalid or out of bounds/);

  assert.equal(
    site.requests.filter((request) => request.url.pathname === "/long").length,
    1,
    "every slice after the first came from the cache",
  );
});

const LITERAL_TARGETS = [
  "http://127.0.0.1/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0177.0.0.1/",
  "http://127.1/",
  "http://0x7f.1/",
  "http://0/",
  "http://10.1.2.3/",
  "http://172.16.0.1/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://224.0.0.1/",
  "http://240.0.0.1/",
  "http://[::1]/",
  "http://[::]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[fd00::1]/",
  "http://[fe80::1]/",
  "http://localhost/",
  "http://api.localhost/",
];

Deno.test("private, loopback and link-local targets are refused in every spelling", async () => {
  await using site = await startSite();
  await using mcp = await readerFor({});
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const port = new URL(site.origin).port;
  const targets = [
    ...LITERAL_TARGETS,
    `${site.origin}/article`,
    `http://2130706433:${port}/article`,
    `http://[::ffff:127.0.0.1]:${port}/article`,
  ];
  for (const url of targets) {
    const result = await session.call("web_url_read", { url });
    assert.equal(result.isError, true, url);
    assert.match(result.text, /^URL blocked by security policy/, url);
  }
  assert.equal(site.requests.length, 0, "no refused URL reached the server");
});

Deno.test("a name that resolves to a private address is refused before any connection", async () => {
  await using mcp = await readerFor({}, (url, options) =>
    fetchPublic(url, {
      ...options,
      resolve: (host) =>
        Promise.resolve(host === "metadata.internal.test" ? ["169.254.169.254"] : ["10.0.0.7"]),
    }));
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  for (const url of ["http://metadata.internal.test/latest/", "https://intranet.test/"]) {
    const result = await session.call("web_url_read", { url });
    assert.equal(result.isError, true, url);
    assert.match(result.text, /^URL blocked by security policy/, url);
  }
});

Deno.test("a redirect to a private address is refused at the hop", async () => {
  await using site = await startSite();
  const port = new URL(site.origin).port;
  site.route(
    "/to-private",
    () => new Response(null, { status: 302, headers: { Location: `http://127.0.0.2:${port}/` } }),
  );
  site.route(
    "/to-metadata",
    () =>
      new Response(null, {
        status: 301,
        headers: { Location: "http://169.254.169.254/latest/meta-data/" },
      }),
  );
  // The site plays a public host: 127.0.0.1 counts as public here, every other address as usual.
  await using mcp = await readerFor(
    {},
    (url, options = {}) => fetchWithPolicy(url, options, (address) => address === "127.0.0.1"),
  );
  await using session = await connectClient(mcp.mcpUrl, AUTH);
  const direct = await session.call("web_url_read", { url: `${site.origin}/moved` });
  assert.equal(direct.isError, false, "the public site itself is read, redirects included");
  for (const path of ["/to-private", "/to-metadata"]) {
    const result = await session.call("web_url_read", { url: `${site.origin}${path}` });
    assert.equal(result.isError, true, path);
    assert.match(result.text, /^URL blocked by security policy/, path);
  }
});
