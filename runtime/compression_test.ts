import assert from "node:assert/strict";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { type Context, Hono } from "hono";
import {
  addVaryAcceptEncoding,
  compression,
  isCompressibleType,
  MIN_COMPRESSED_BYTES,
  negotiateEncoding,
} from "./compression.ts";
import { bodyOrNotModified, ifNoneMatchHits } from "./etag.ts";

Deno.test("Accept-Encoding: brotli wins a tie, q-values and * are honoured", () => {
  const cases: [string | null, string | null][] = [
    [null, null],
    ["", null],
    ["identity", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["BR;Q=0.5, GZIP;q=0.8", "gzip"],
    ["br;q=0.8, gzip;q=0.8", "br"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["gzip;q=0, *", "br"],
    ["br;q=0, gzip;q=0, *", null],
    ["br;q=0, gzip;q=0", null],
    ["identity;q=0", null],
    ["br;q=2, gzip", "gzip"],
    ["br;q=oops, gzip", "gzip"],
    ["deflate", null],
    [" , ,br", "br"],
  ];
  for (const [header, expected] of cases) {
    assert.equal(negotiateEncoding(header), expected, `Accept-Encoding: ${header}`);
  }
});

Deno.test("Accept-Encoding: the tie-breaker decides only between equally welcome codings", () => {
  assert.equal(negotiateEncoding("gzip, deflate, br", "gzip"), "gzip");
  assert.equal(negotiateEncoding("*", "gzip"), "gzip");
  assert.equal(negotiateEncoding("br", "gzip"), "br");
  assert.equal(negotiateEncoding("br, gzip;q=0.5", "gzip"), "br");
  assert.equal(negotiateEncoding("br;q=0, gzip;q=0", "gzip"), null);
});

Deno.test("a huge Accept-Encoding is read in linear time", () => {
  const started = performance.now();
  assert.equal(negotiateEncoding("br;q=" + "0".repeat(200_000)), null);
  assert.equal(negotiateEncoding(" ;".repeat(100_000) + ",gzip"), "gzip");
  assert.ok(performance.now() - started < 500);
});

Deno.test("only text types are compressed: markup, JSON, SVG, CSS, scripts, feeds, CSV", () => {
  for (
    const type of [
      "text/html; charset=utf-8",
      "text/css",
      "text/csv",
      "text/javascript; charset=utf-8",
      "application/javascript",
      "application/json",
      "application/vnd.excalidraw+json",
      "image/svg+xml; charset=utf-8",
      "application/rss+xml",
      "application/atom+xml",
      "application/xml",
      "application/opensearchdescription+xml",
    ]
  ) assert.ok(isCompressibleType(type), type);
  for (
    const type of [null, "", "text/event-stream", "image/png", "font/woff2", "application/zip"]
  ) assert.ok(!isCompressibleType(type), String(type));
});

Deno.test("Vary gains Accept-Encoding once, and never beside *", () => {
  const cases: [string | null, string][] = [
    [null, "Accept-Encoding"],
    ["Origin", "Origin, Accept-Encoding"],
    ["origin, accept-encoding", "origin, accept-encoding"],
    ["*", "*"],
  ];
  for (const [before, after] of cases) {
    const headers = new Headers(before === null ? {} : { vary: before });
    addVaryAcceptEncoding(headers);
    assert.equal(headers.get("vary"), after);
  }
});

const BIG = "<p>the same words again and again</p>\n".repeat(200);

/** An app that answers each route with `body` and `init`, behind the middleware. */
function app(): Hono {
  const hono = new Hono();
  hono.use(compression());
  const text = (
    body: string,
    type: string,
    more: Record<string, string> = {},
    status: 200 | 206 = 200,
  ) =>
  (c: Context) => c.body(body, status, { "Content-Type": type, ...more });
  hono.get("/page", text(BIG, "text/html; charset=utf-8", { ETag: '"v1"', "Content-Length": "5" }));
  hono.get("/small", text("<p>hi</p>", "text/html"));
  hono.get("/png", text(BIG, "image/png"));
  hono.get("/events", text(BIG, "text/event-stream"));
  hono.get("/encoded", text(BIG, "text/plain", { "Content-Encoding": "gzip" }));
  hono.get("/no-transform", text(BIG, "text/plain", { "Cache-Control": "private, no-transform" }));
  hono.get("/partial", text(BIG, "text/plain", { "Content-Range": "bytes 0-9/100" }, 206));
  hono.get("/weak", text(BIG, "application/json", { ETag: 'W/"x"' }));
  hono.get("/thumb", (c) => bodyOrNotModified(c, BIG, { "Content-Type": "image/svg+xml" }, '"t1"'));
  return hono;
}

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return await app().request(path, { method, headers });
}

Deno.test("a big text answer is sent in brotli or gzip as negotiated, its ETag weak", async () => {
  const br = await get("/page", { "accept-encoding": "gzip, br" });
  assert.equal(br.headers.get("content-encoding"), "br");
  assert.equal(br.headers.get("vary"), "Accept-Encoding");
  assert.equal(br.headers.get("etag"), 'W/"v1"');
  assert.equal(br.headers.get("content-length"), null);
  const brBytes = new Uint8Array(await br.arrayBuffer());
  assert.ok(brBytes.byteLength < BIG.length / 10);
  assert.equal(new TextDecoder().decode(brotliDecompressSync(brBytes)), BIG);

  const gz = await get("/page", { "accept-encoding": "gzip" });
  assert.equal(gz.headers.get("content-encoding"), "gzip");
  const gzBytes = new Uint8Array(await gz.arrayBuffer());
  assert.equal(new TextDecoder().decode(gunzipSync(gzBytes)), BIG);
});

Deno.test("below brotliMinBytes gzip wins a tie, brotli still goes to whoever asks only for it", async () => {
  const hono = new Hono();
  hono.use(compression({ brotliMinBytes: BIG.length + 1 }));
  hono.get("/page", (c) => c.body(BIG, 200, { "Content-Type": "application/json" }));
  hono.get("/bigger", (c) => c.body(BIG + BIG, 200, { "Content-Type": "application/json" }));
  const tied = await hono.request("/page", { headers: { "accept-encoding": "gzip, deflate, br" } });
  assert.equal(tied.headers.get("content-encoding"), "gzip");
  assert.equal(new TextDecoder().decode(gunzipSync(new Uint8Array(await tied.arrayBuffer()))), BIG);
  const brOnly = await hono.request("/page", { headers: { "accept-encoding": "br" } });
  assert.equal(brOnly.headers.get("content-encoding"), "br");
  await brOnly.body?.cancel();
  const large = await hono.request("/bigger", { headers: { "accept-encoding": "gzip, br" } });
  assert.equal(large.headers.get("content-encoding"), "br");
  await large.body?.cancel();
});

Deno.test("gzipLevel is the zlib level of gzip answers, 6 unless set", async () => {
  const levels: Record<string, Uint8Array> = {};
  for (const level of [undefined, 1]) {
    const hono = new Hono();
    hono.use(compression(level === undefined ? {} : { gzipLevel: level }));
    hono.get("/page", (c) => c.body(BIG, 200, { "Content-Type": "application/json" }));
    const answer = await hono.request("/page", { headers: { "accept-encoding": "gzip" } });
    assert.equal(answer.headers.get("content-encoding"), "gzip");
    levels[String(level)] = new Uint8Array(await answer.arrayBuffer());
  }
  assert.deepEqual(levels.undefined, new Uint8Array(gzipSync(BIG, { level: 6 })));
  assert.deepEqual(levels["1"], new Uint8Array(gzipSync(BIG, { level: 1 })));
  assert.notDeepEqual(levels["1"], levels.undefined);
  assert.equal(new TextDecoder().decode(gunzipSync(levels["1"])), BIG);
});

Deno.test("without an accepted encoding the body goes as it is, still with Vary", async () => {
  for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
    const response = await get("/page", accept ? { "accept-encoding": accept } : {});
    assert.equal(response.headers.get("content-encoding"), null);
    assert.equal(response.headers.get("vary"), "Accept-Encoding");
    assert.equal(response.headers.get("etag"), '"v1"');
    assert.equal(await response.text(), BIG);
  }
});

Deno.test("small bodies, HEAD, 206, event streams, encoded and no-transform answers are left alone", async () => {
  const accept = { "accept-encoding": "br, gzip" };
  const small = await get("/small", accept);
  assert.ok("<p>hi</p>".length < MIN_COMPRESSED_BYTES);
  assert.equal(small.headers.get("content-encoding"), null);
  assert.equal(small.headers.get("vary"), "Accept-Encoding");
  assert.equal(await small.text(), "<p>hi</p>");

  const head = await get("/page", accept, "HEAD");
  assert.equal(head.headers.get("content-encoding"), null);
  assert.equal(head.headers.get("vary"), "Accept-Encoding");

  for (const path of ["/partial", "/no-transform"]) {
    const response = await get(path, accept);
    assert.equal(response.headers.get("content-encoding"), null, path);
    assert.equal(await response.text(), BIG, path);
  }
  const encoded = await get("/encoded", accept);
  assert.equal(encoded.headers.get("content-encoding"), "gzip");
  assert.equal(await encoded.text(), BIG);

  for (const path of ["/png", "/events"]) {
    const response = await get(path, accept);
    assert.equal(response.headers.get("content-encoding"), null, path);
    assert.equal(response.headers.get("vary"), null, path);
    assert.equal(await response.text(), BIG, path);
  }
});

Deno.test("a weak ETag stays as it is when the body is compressed", async () => {
  const response = await get("/weak", { "accept-encoding": "br" });
  assert.equal(response.headers.get("content-encoding"), "br");
  assert.equal(response.headers.get("etag"), 'W/"x"');
  await response.body?.cancel();
});

Deno.test("If-None-Match compares weakly, over lists and *", () => {
  const cases: [string | null, boolean][] = [
    [null, false],
    ["", false],
    ['"a"', true],
    ['W/"a"', true],
    ['"b", W/"a"', true],
    ['"b","c"', false],
    ["*", true],
    ['"a,b", "c"', false],
    ['"b"', false],
  ];
  for (const [header, hits] of cases) assert.equal(ifNoneMatchHits(header, '"a"'), hits, header!);
  assert.ok(ifNoneMatchHits('"x,y"', 'W/"x,y"'));
});

Deno.test("a compressed answer's weakened ETag brings a 304 with Vary and no body", async () => {
  const first = await get("/thumb", { "accept-encoding": "br" });
  assert.equal(first.status, 200);
  const etag = first.headers.get("etag")!;
  assert.equal(etag, 'W/"t1"');
  await first.body?.cancel();
  const again = await get("/thumb", { "accept-encoding": "br", "if-none-match": etag });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get("etag"), '"t1"');
  assert.equal(again.headers.get("vary"), "Accept-Encoding");
  assert.equal(await again.text(), "");
  const changed = await get("/thumb", { "if-none-match": '"t0"' });
  assert.equal(changed.status, 200);
  assert.equal(await changed.text(), BIG);
});
