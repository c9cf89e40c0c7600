// HTTP/1.1 framing on bytes fed from memory, often one byte per read to hit every boundary.
import assert from "node:assert/strict";
import {
  bodyChunks,
  bodyFraming,
  ByteReader,
  type ByteSource,
  HttpProtocolError,
  MAX_HEAD_BYTES,
  NoResponseError,
  parseResponseHead,
  readResponseHead,
  requestHead,
} from "./http1.ts";

/** Serves `parts` one per read (a read never spans two parts). */
function sourceOf(...parts: string[]): ByteSource {
  const queue = parts.map((part) => new TextEncoder().encode(part));
  return {
    read(buffer) {
      const part = queue[0];
      if (!part) return Promise.resolve(null);
      const count = Math.min(buffer.length, part.length);
      buffer.set(part.subarray(0, count));
      if (count === part.length) queue.shift();
      else queue[0] = part.subarray(count);
      return Promise.resolve(count);
    },
  };
}

const bytewise = (text: string) => sourceOf(...text);

async function bodyText(reader: ByteReader, head: Parameters<typeof bodyFraming>[0]) {
  let text = "";
  for await (const chunk of bodyChunks(reader, bodyFraming(head))) {
    text += new TextDecoder().decode(chunk);
  }
  return text;
}

const protocolError = (message: RegExp) => (error: unknown) =>
  error instanceof HttpProtocolError && message.test(error.message);

Deno.test("HTTP/1.0, a missing reason phrase, folded and repeated fields all parse", () => {
  const head = parseResponseHead([
    "HTTP/1.0 200",
    "X-Folded: first",
    " \tsecond",
    "Set-Cookie: a=1",
    "Set-Cookie: b=2",
    "Vary: accept",
    "vary: cookie",
    "Empty:",
  ]);
  assert.equal(head.status, 200);
  assert.equal(head.headers.get("x-folded"), "first second");
  assert.deepEqual(head.headers.getSetCookie(), ["a=1", "b=2"]);
  assert.equal(head.headers.get("vary"), "accept, cookie");
  assert.equal(head.headers.get("empty"), "");
  assert.equal(parseResponseHead(["HTTP/1.1 404 Not Found"]).status, 404);
});

Deno.test("malformed status and header lines are protocol errors", () => {
  for (
    const lines of [
      [],
      ["HTTP/2 200 OK"],
      ["HTTP/1.1 099 Low"],
      ["HTTP/1.1 600 High"],
      ["ICY 200 OK"],
      ["HTTP/1.1 200 OK", " folded first"],
      ["HTTP/1.1 200 OK", "No colon here"],
      ["HTTP/1.1 200 OK", "Space before : colon"],
      ["HTTP/1.1 200 OK", "Nul: a\0b"],
    ]
  ) {
    assert.throws(() => parseResponseHead(lines), HttpProtocolError, JSON.stringify(lines));
  }
});

Deno.test("interim 1xx heads are skipped and the body starts right after the final head", async () => {
  const reader = new ByteReader(bytewise(
    "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n" +
      "HTTP/1.1 200 OK\nContent-Length: 3\n\nabcdef",
  ));
  const head = await readResponseHead(reader);
  assert.equal(head.status, 200);
  assert.equal(head.headers.has("link"), false);
  assert.equal(await bodyText(reader, head), "abc");
});

Deno.test("a head over 64 KiB, a head cut short and no answer at all fail differently", async () => {
  const huge = `HTTP/1.1 200 OK\r\nX-Big: ${"a".repeat(MAX_HEAD_BYTES)}\r\n\r\n`;
  await assert.rejects(
    readResponseHead(new ByteReader(sourceOf(huge))),
    protocolError(/too large/),
  );
  const manyInterim = "HTTP/1.1 100 Continue\r\n\r\n".repeat(MAX_HEAD_BYTES / 20);
  await assert.rejects(
    readResponseHead(new ByteReader(sourceOf(manyInterim))),
    protocolError(/too large/),
  );
  await assert.rejects(
    readResponseHead(new ByteReader(sourceOf("HTTP/1.1 200 OK\r\nServer: x"))),
    protocolError(/middle of the response head/),
  );
  await assert.rejects(
    readResponseHead(new ByteReader(sourceOf("HTTP/1.1 200 OK\r\n"))),
    protocolError(/middle of the response head/),
  );
  await assert.rejects(readResponseHead(new ByteReader(sourceOf())), NoResponseError);
  await assert.rejects(
    readResponseHead(new ByteReader(sourceOf("HTTP/1.1 101 Switching Protocols\r\n\r\n"))),
    protocolError(/101/),
  );
});

Deno.test("the body's framing follows RFC 9112: no body, chunked, length or until close", () => {
  const framing = (status: number, fields: Record<string, string> = {}) =>
    bodyFraming({ status, headers: new Headers(fields) });
  assert.deepEqual(framing(204, { "Content-Length": "5" }), { kind: "none" });
  assert.deepEqual(framing(304, { "Transfer-Encoding": "chunked" }), { kind: "none" });
  assert.deepEqual(framing(200, { "Transfer-Encoding": "Chunked", "Content-Length": "5" }), {
    kind: "chunked",
  });
  assert.deepEqual(framing(200, { "Content-Length": "42" }), { kind: "length", length: 42 });
  assert.deepEqual(framing(200, { "Content-Length": "7, 7" }), { kind: "length", length: 7 });
  assert.deepEqual(framing(500), { kind: "close" });
  const refused: Record<string, string>[] = [
    { "Content-Length": "5, 6" },
    { "Content-Length": "-1" },
    { "Content-Length": "0x10" },
    { "Content-Length": "9".repeat(20) },
    { "Transfer-Encoding": "gzip, chunked" },
  ];
  for (const fields of refused) {
    assert.throws(() => framing(200, fields), HttpProtocolError, JSON.stringify(fields));
  }
});

Deno.test("a chunked body read byte by byte drops extensions and trailers", async () => {
  const reader = new ByteReader(bytewise(
    "4;ext=1;other\r\nWiki\r\n5 ; spaced\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n" +
      "0\r\nExpires: never\r\nX-Trailer: 1\r\n\r\nNEXT\r\n",
  ));
  const head = { status: 200, headers: new Headers({ "Transfer-Encoding": "chunked" }) };
  assert.equal(await bodyText(reader, head), "Wikipedia in\r\n\r\nchunks.");
  assert.equal(await reader.readLine(10, "rest"), "NEXT", "reading stops right after the trailers");
});

Deno.test("broken chunked and length-delimited bodies are protocol errors", async () => {
  const chunked = { status: 200, headers: new Headers({ "Transfer-Encoding": "chunked" }) };
  const cases: [string, RegExp][] = [
    ["zz\r\nab\r\n0\r\n\r\n", /invalid chunk size/],
    ["-1\r\n", /invalid chunk size/],
    ["2\r\nabc\r\n0\r\n\r\n", /longer than its declared size/],
    ["5\r\nab", /before the body was complete/],
    ["2\r\nab\r\n", /before the body was complete/],
    [`1;${"x".repeat(5000)}\r\na\r\n0\r\n\r\n`, /chunk size line too large/],
  ];
  for (const [wire, message] of cases) {
    await assert.rejects(bodyText(new ByteReader(bytewise(wire)), chunked), protocolError(message));
  }
  const sized = { status: 200, headers: new Headers({ "Content-Length": "10" }) };
  await assert.rejects(
    bodyText(new ByteReader(sourceOf("short")), sized),
    protocolError(/before the body was complete/),
  );
});

Deno.test("the request head names the host, with a port only when it is not the default", () => {
  const headers = new Headers({ "User-Agent": "ua", "Connection": "close" });
  assert.equal(
    requestHead(new URL("http://example.test:80/a%20b/c?x=1&y=%2F#fragment"), headers),
    "GET /a%20b/c?x=1&y=%2F HTTP/1.1\r\nHost: example.test\r\nconnection: close\r\nuser-agent: ua\r\n\r\n",
  );
  assert.match(
    requestHead(new URL("https://example.test:8443"), headers),
    /^GET \/ HTTP\/1\.1\r\nHost: example\.test:8443\r\n/,
  );
  assert.match(
    requestHead(new URL("http://[2001:db8::1]:81/"), headers),
    /\r\nHost: \[2001:db8::1\]:81\r\n/,
  );
});
