// Compression and revalidation over real HTTP on every service that answers text: brotli or
// gzip as the client asks, Vary on each, event streams and small answers as they are, the
// editor's bundle from the files the build compressed, and 304s for thumbnails, exports and
// assets. fetch decodes what it receives but keeps Content-Encoding and the wire's length.
import assert from "node:assert/strict";
import { readFile, stat } from "node:fs/promises";
import { get } from "node:http";
import { join } from "node:path";
import { startSearch } from "./helpers/search_instance.ts";
import { MCP_TOKEN, SEED_INITIALIZE, startSearchMcp } from "./helpers/search_mcp_instance.ts";
import { apiClient, type DiagramInstance, startDiagram } from "./helpers/diagram_instance.ts";
import { freePort } from "./helpers/process.ts";
import { EDITOR_BUILD_DIR, readEditorManifest } from "../diagram/editor_bundle.ts";

const BR = { "accept-encoding": "gzip, deflate, br" };
const GZIP = { "accept-encoding": "gzip" };
const IDENTITY = { "accept-encoding": "identity" };

/** The bytes `url` answers on the wire, as sent (fetch would decode them): node's client does not. */
function wireBytes(url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Uint8Array) => bytes += chunk.byteLength);
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

function assertVaries(headers: Headers, what: string) {
  assert.match(headers.get("vary") ?? "", /Accept-Encoding/i, `${what}: Vary`);
}

Deno.test("a search results page goes out in brotli or gzip with Vary, a third of its size or less", async () => {
  await using search = await startSearch();
  const plain = await search.get("/search?q=rust", { headers: IDENTITY });
  const text = await plain.text();
  assert.equal(plain.headers.get("content-encoding"), null);
  assertVaries(plain.headers, "identity");
  assert.match(text, /<article class="result/);
  for (const [accept, encoding] of [[BR, "br"], [GZIP, "gzip"]] as const) {
    const response = await search.get("/search?q=rust", { headers: accept });
    assert.equal(response.headers.get("content-encoding"), encoding);
    assertVaries(response.headers, encoding);
    const sent = await wireBytes(new URL("/search?q=rust", search.url), accept);
    assert.ok(sent * 3 <= new TextEncoder().encode(text).byteLength, `${encoding}: ${sent} bytes`);
    assert.match(await response.text(), /<article class="result/);
  }
  const json = await search.get("/search?q=rust&format=json", { headers: BR });
  assert.equal(json.headers.get("content-encoding"), "br");
  assert.ok(Array.isArray((await json.json()).results));
  // A body under a kilobyte is not worth a header.
  const small = await search.get("/healthz", { headers: BR });
  assert.equal(small.headers.get("content-encoding"), null);
  assert.equal(await small.text(), "OK");
});

Deno.test("search_mcp compresses its JSON answers (gzip on a tie, small as they are) and leaves its event streams alone", async () => {
  await using mcp = await startSearchMcp({
    SEARXNG_URL: `http://127.0.0.1:${freePort()}`,
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
  });
  const auth = { Authorization: `Bearer ${MCP_TOKEN}` };
  const opened = await mcp.post(SEED_INITIALIZE, { ...auth, ...BR, Accept: "application/json" });
  await opened.body?.cancel();
  const session = {
    ...auth,
    "Mcp-Session-Id": opened.headers.get("mcp-session-id")!,
    "Mcp-Protocol-Version": "2024-11-05",
  };
  const list = { jsonrpc: "2.0", id: 2, method: "tools/list" };
  const json = await mcp.post(list, { ...session, ...BR, Accept: "application/json" });
  assert.match(json.headers.get("content-type")!, /^application\/json/);
  assert.equal(json.headers.get("content-encoding"), "gzip");
  assertVaries(json.headers, "/mcp JSON");
  assert.ok((await json.json()).result.tools.length >= 2);
  const brotli = await mcp.post(list, {
    ...session,
    "accept-encoding": "br",
    Accept: "application/json",
  });
  assert.equal(brotli.headers.get("content-encoding"), "br");
  assert.ok((await brotli.json()).result.tools.length >= 2);

  const sse = await mcp.post(list, { ...session, ...BR, Accept: "text/event-stream" });
  assert.match(sse.headers.get("content-type")!, /^text\/event-stream/);
  assert.equal(sse.headers.get("content-encoding"), null);
  assert.match(await sse.text(), /^event: message\ndata: \{.*"tools"/);
});

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery";

/** A diagram drawn from a spec of `nodes` boxes in a chain: an SVG of some kilobytes. */
function chain(nodes: number) {
  return {
    layout: "LR",
    nodes: Array.from({ length: nodes }, (_, i) => ({ id: `n${i}`, label: `Step number ${i}` })),
    edges: Array.from({ length: nodes - 1 }, (_, i) => ({ from: `n${i}`, to: `n${i + 1}` })),
  };
}

async function signedIn(instance: DiagramInstance) {
  const created = await instance.admin("reset-password", EMAIL, PASSWORD);
  assert.equal(created.code, 0, created.stderr);
  const cookie = await instance.login(EMAIL, PASSWORD);
  return { api: apiClient(instance, cookie), cookie };
}

/** GETs `path` as it is sent, then again with its ETag: 304, no body, the same ETag. */
async function assertRevalidates(
  api: ReturnType<typeof apiClient>,
  path: string,
  accept: Record<string, string> = BR,
) {
  const first = await api("GET", path, undefined, accept);
  assert.equal(first.status, 200, path);
  const etag = first.headers.get("etag");
  assert.ok(etag, `${path}: ETag`);
  const again = await api("GET", path, undefined, { ...accept, "if-none-match": etag });
  assert.equal(again.status, 304, path);
  assert.equal(again.text, "", path);
  const other = await api("GET", path, undefined, { ...accept, "if-none-match": '"other"' });
  assert.equal(other.status, 200, path);
  assert.equal(other.text, first.text, path);
  return first;
}

Deno.test("diagram compresses its JSON, thumbnails and exports, which revalidate with 304", async () => {
  await using instance = await startDiagram();
  const { api, cookie } = await signedIn(instance);
  let id = "";
  for (let i = 0; i < 6; i++) {
    const created = await api("POST", "/api/diagrams", { name: `Chain ${i}`, spec: chain(8) });
    assert.equal(created.status, 201, created.text);
    id = created.json.id;
  }
  const list = await api("GET", "/api/diagrams", undefined, BR);
  assert.equal(list.headers.get("content-encoding"), "br");
  assertVaries(list.headers, "list");
  assert.equal(list.json.diagrams.length, 6);
  const gzipped = await api("GET", "/api/diagrams", undefined, GZIP);
  assert.equal(gzipped.headers.get("content-encoding"), "gzip");

  const thumbnail = await assertRevalidates(api, `/api/diagrams/${id}/thumbnail.svg`);
  assert.equal(thumbnail.headers.get("content-encoding"), "br");
  assertVaries(thumbnail.headers, "thumbnail");
  assert.match(thumbnail.headers.get("etag")!, /^W\/"/, "the compressed body's ETag is weak");
  assert.match(thumbnail.text, /^<svg[\s\S]*Step number 7[\s\S]*<\/svg>$/);
  const plainThumbnail = await assertRevalidates(
    api,
    `/api/diagrams/${id}/thumbnail.svg`,
    IDENTITY,
  );
  assert.equal(plainThumbnail.headers.get("content-encoding"), null);
  assert.match(plainThumbnail.headers.get("etag")!, /^"/);
  const thumbnailUrl = new URL(`/api/diagrams/${id}/thumbnail.svg`, instance.url);
  const compressed = await wireBytes(thumbnailUrl, { ...BR, cookie });
  const plain = await wireBytes(thumbnailUrl, { ...IDENTITY, cookie });
  assert.equal(plain, new TextEncoder().encode(plainThumbnail.text).byteLength);
  assert.ok(compressed * 2 < plain, `${compressed} of ${plain} bytes`);

  // A change keeps revision 1 in the history, with its own thumbnail.
  const file = (await api("GET", `/api/diagrams/${id}`)).json.file;
  file.elements[0].x += 40;
  const saved = await api("PUT", `/api/diagrams/${id}`, { file }, { "if-match": '"1"' });
  assert.equal(saved.status, 200, saved.text);
  await assertRevalidates(api, `/api/diagrams/${id}/revisions/1/thumbnail.svg`);
  for (const format of ["", ".svg", ".mmd"]) {
    const exported = await assertRevalidates(api, `/api/diagrams/${id}/export${format}`);
    assert.match(exported.headers.get("content-disposition")!, /^attachment/);
  }
  assert.equal((await api("DELETE", `/api/diagrams/${id}`)).status, 204);
  await assertRevalidates(api, `/api/trash/${id}/thumbnail.svg`);
  const style = await assertRevalidates(api, "/static/style.css");
  assert.equal(style.headers.get("content-encoding"), "br");

  // Small answers go as they are, Vary or not.
  const missing = await api("GET", "/api/diagrams/nope", undefined, BR);
  assert.equal(missing.headers.get("content-encoding"), null);
});

Deno.test("the editor's scripts and stylesheets are the files the build compressed, with ETags", async () => {
  const manifest = readEditorManifest();
  assert.ok(manifest, "the editor bundle is built (deno task build)");
  await using instance = await startDiagram();
  const api = apiClient(instance);
  const biggest = (await Promise.all(
    manifest.files.filter((file) => file.endsWith(".js")).map(async (file) => ({
      file,
      size: (await stat(join(EDITOR_BUILD_DIR, file))).size,
    })),
  )).sort((a, b) => b.size - a.size)[0].file;
  const path = `/editor/${biggest}`;
  const onDisk = await readFile(join(EDITOR_BUILD_DIR, biggest), "utf8");
  const tags = new Set<string>();
  for (
    const [accept, encoding, suffix] of [
      [BR, "br", ".br"],
      [GZIP, "gzip", ".gz"],
      [IDENTITY, null, ""],
    ] as const
  ) {
    const answer = await assertRevalidates(api, path, accept);
    assert.equal(answer.headers.get("content-encoding"), encoding);
    assertVaries(answer.headers, path);
    assert.equal(answer.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.match(answer.headers.get("content-type")!, /^text\/javascript/);
    assert.equal(
      await wireBytes(new URL(path, instance.url), accept),
      (await stat(join(EDITOR_BUILD_DIR, biggest + suffix))).size,
    );
    assert.equal(answer.text, onDisk);
    tags.add(answer.headers.get("etag")!);
  }
  assert.equal(tags.size, 3, "each encoding has its own ETag");
  const font = manifest.files.find((file) => file.endsWith(".woff2"))!;
  const fontAnswer = await api("GET", `/editor/${font}`, undefined, BR);
  assert.equal(fontAnswer.headers.get("content-encoding"), null);
  assert.equal(fontAnswer.headers.get("content-type"), "font/woff2");
});
