// The search service's browser side over HTTP: pages, privacy headers, escaping of hostile
// upstream text, preferences in cookies, the POST method and the image proxy.
import assert from "node:assert/strict";
import { fetchImage, ImageProxyError, proxiedImageUrl } from "../search/service/image_proxy.ts";
import { html } from "./helpers/fake_upstream.ts";
import { startSearch, TEST_SECRET } from "./helpers/search_instance.ts";

const HOSTILE_DDG_PAGE = `<!DOCTYPE html><html><body><div id="links" class="results">
<div class="result results_links results_links_deep web-result ">
  <h2 class="result__title"><a class="result__a" href="https://evil.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;</a></h2>
  <a class="result__snippet" href="#">&lt;img src=x onerror=alert(2)&gt; &quot;quoted&quot; &amp; more</a>
</div>
<div class="result results_links results_links_deep web-result ">
  <h2 class="result__title"><a class="result__a" href="javascript:alert(3)">click me</a></h2>
  <a class="result__snippet" href="#">a javascript link</a>
</div>
</div></body></html>`;

function cookiesFrom(response: Response): string {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

Deno.test("the results page is plain HTML with strict privacy headers and no tracking", async () => {
  await using search = await startSearch();
  const json = await (await search.get("/search?q=rust&format=json")).json();
  const response = await search.get("/search?q=rust");
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type")!, /^text\/html/);
  const csp = response.headers.get("content-security-policy")!;
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /form-action 'self'/);
  assert.doesNotMatch(csp, /unsafe/);
  // Scripts only from our own files (the answers' Copy button); this page has no answer, no script.
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.equal(response.headers.get("referrer-policy"), "no-referrer");
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  assert.equal(response.headers.get("x-frame-options"), "DENY");
  assert.deepEqual(response.headers.getSetCookie(), [], "no cookie without a preferences post");
  const page = await response.text();
  assert.equal(page.split('<article class="result').length - 1, json.results.length);
  assert.doesNotMatch(page, /<script/i);
  assert.doesNotMatch(page.match(/<title>[^<]*<\/title>/)![0], /rust/i);
  const links = [...page.matchAll(/<a [^>]*href="https:\/\/www\.rust-lang\.org\/"[^>]*>/g)];
  assert.ok(links.length > 0);
  for (const [link] of links) assert.match(link, /rel="noreferrer noopener"/);
  assert.match(page, /<main\b/);
  assert.match(page, /<form[^>]+role="search"/);
});

Deno.test("hostile text from a provider is shown as text, and javascript: links are dropped", async () => {
  await using search = await startSearch();
  search.upstream.route("/duckduckgo/", () => html(HOSTILE_DDG_PAGE));
  const page = await (await search.get("/search?q=x&engines=duckduckgo")).text();
  assert.doesNotMatch(page, /<script|<img|<[^>]*\sonerror=|href="javascript:/i);
  assert.match(page, /&lt;script&gt;alert\(&#39;title&#39;\)&lt;\/script&gt;/);
  assert.match(page, /&lt;img src=x onerror=alert\(2\)&gt;/);
  const json = await (await search.get("/search?q=x&engines=duckduckgo&format=json")).json();
  assert.deepEqual(json.results.map((r: { title: string }) => r.title), [
    "<script>alert('title')</script>",
  ]);
  assert.equal(json.results[0].url, "https://evil.example/%22%3E%3Cscript%3Ealert(1)%3C/script%3E");
});

Deno.test("preferences are saved in cookies only and later searches follow them", async () => {
  await using search = await startSearch();
  const form = new URLSearchParams({
    language: "de",
    safesearch: "2",
    theme: "dark",
    method: "POST",
    engine_brave__general: "on",
    engine_wikipedia__general: "on",
  });
  const saved = await search.get("/preferences", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
      "Origin": "null",
    },
    body: form,
    redirect: "manual",
  });
  assert.equal(saved.status, 303);
  assert.equal(saved.headers.get("location"), "/preferences?saved=1");
  const setCookies = saved.headers.getSetCookie();
  assert.ok(setCookies.length >= 5);
  for (const cookie of setCookies) {
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/, "plain http: no Secure flag");
  }
  const cookie = cookiesFrom(saved);

  await (await search.get("/search?q=rust&format=json", { headers: { cookie } })).json();
  assert.deepEqual(
    new Set(search.upstream.requests.map((r) => r.url.pathname.split("/")[1])),
    new Set(["brave", "wikipedia"]),
  );
  const brave = search.upstream.requests.find((r) => r.url.pathname.startsWith("/brave"))!;
  assert.match(brave.headers.get("cookie")!, /safesearch=strict/);
  assert.match(brave.headers.get("accept-language")!, /^de/);

  const start = await (await search.get("/", { headers: { cookie } })).text();
  assert.match(start, /<html[^>]+data-theme="dark"/);
  assert.match(start, /<form[^>]+method="post"/);
  const prefsPage = await (await search.get("/preferences?saved=1", { headers: { cookie } }))
    .text();
  assert.match(prefsPage, /saved/i);
});

Deno.test("a preferences post from another site is refused and sets nothing", async () => {
  await using search = await startSearch();
  const response = await search.get("/preferences", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "cross-site",
      "Origin": "https://evil.example",
    },
    body: "theme=dark",
  });
  assert.equal(response.status, 403);
  assert.deepEqual(response.headers.getSetCookie(), []);
  await response.body?.cancel();
});

Deno.test("a POSTed search answers a results page whose forms post too", async () => {
  await using search = await startSearch();
  const response = await search.get("/search", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Cookie": "method=POST" },
    body: "q=rust&categories=general",
  });
  assert.equal(response.status, 200);
  const page = await response.text();
  const forms = [...page.matchAll(/<form\b[^>]*>/g)].map(([form]) => form);
  assert.ok(forms.length > 1);
  for (const form of forms.filter((f) => /action="\/search"/.test(f))) {
    assert.match(form, /method="post"/);
  }
});

Deno.test("the other pages and files are served: stats, preferences, style, icon, robots", async () => {
  await using search = await startSearch();
  await (await search.get("/search?q=rust&format=json")).body?.cancel();
  const stats = await (await search.get("/stats")).text();
  assert.match(stats, /duckduckgo/);
  assert.match(stats, /<table/);
  const style = await search.get("/static/style.css");
  assert.match(style.headers.get("content-type")!, /^text\/css/);
  assert.match(await style.text(), /prefers-color-scheme/);
  const icon = await search.get("/favicon.svg");
  assert.equal(icon.headers.get("content-type"), "image/svg+xml");
  await icon.body?.cancel();
  const robots = await (await search.get("/robots.txt")).text();
  assert.match(robots, /Disallow: \/search/);
});

Deno.test("the image proxy serves signed image URLs only, and only raster images", async () => {
  await using search = await startSearch();
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 1, 2, 3]);
  search.upstream.route(
    "/img/cat.png",
    () => new Response(png, { headers: { "Content-Type": "image/png", "Set-Cookie": "track=1" } }),
  );
  search.upstream.route(
    "/img/evil.svg",
    () => new Response("<svg onload=alert(1)/>", { headers: { "Content-Type": "image/svg+xml" } }),
  );
  search.upstream.route("/img/page", () => html("<p>not an image</p>"));
  const cat = `${search.upstream.origin}/img/cat.png`;

  const served = await search.get(proxiedImageUrl(TEST_SECRET, cat));
  assert.equal(served.status, 200);
  assert.equal(served.headers.get("content-type"), "image/png");
  assert.match(served.headers.get("content-security-policy")!, /sandbox/);
  assert.deepEqual(served.headers.getSetCookie(), [], "upstream cookies are not passed on");
  assert.deepEqual(new Uint8Array(await served.arrayBuffer()), png);
  const imageRequest = search.upstream.requests.at(-1)!;
  assert.equal(imageRequest.headers.has("referer"), false);
  assert.equal(imageRequest.headers.has("cookie"), false);

  const forged = await search.get(
    `/image_proxy?url=${encodeURIComponent(cat)}&h=${"0".repeat(64)}`,
  );
  assert.equal(forged.status, 400);
  assert.deepEqual(await forged.json(), { error: "Missing or invalid signature h for this url" });
  for (const path of ["/img/evil.svg", "/img/page"]) {
    const refused = await search.get(proxiedImageUrl(TEST_SECRET, search.upstream.origin + path));
    assert.equal(refused.status, 400, path);
    assert.deepEqual(await refused.json(), { error: "not a raster image" });
  }
  const missing = await search.get(
    proxiedImageUrl(TEST_SECRET, `${search.upstream.origin}/img/none.png`),
  );
  assert.equal(missing.status, 502);
  await missing.body?.cancel();
});

Deno.test("the image proxy refuses hosts that are or resolve to internal addresses", async () => {
  for (const url of ["http://127.0.0.1/x.png", "http://[::1]/x.png", "http://0x7f.1/x.png"]) {
    await assert.rejects(fetchImage(url), (error: ImageProxyError) => error.status === 403, url);
  }
  // The name resolves to the cloud metadata address: refused before any connection is made.
  const resolve = () => Promise.resolve(["169.254.169.254"]);
  await assert.rejects(
    fetchImage("http://metadata.test/latest/meta-data", { resolve }),
    (error: ImageProxyError) => error.status === 403 && /not a public address/.test(error.message),
  );
});
