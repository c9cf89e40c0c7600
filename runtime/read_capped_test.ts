import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { BodyTimeoutError, readBodyCapped, readCapped, readFetchedBody } from "./read_capped.ts";
import { rawRequest } from "./raw_http_testing.ts";

function streamOf(...chunks: string[]) {
  let cancelled = false;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

Deno.test("a body within the cap is returned whole, across chunks", async () => {
  const { stream } = streamOf("ab", "cd", "e");
  assert.equal(new TextDecoder().decode((await readCapped(stream, 5))!), "abcde");
  assert.deepEqual(await readCapped(null, 5), new Uint8Array(0));
});

Deno.test("a body over the cap gives null and its stream is cancelled", async () => {
  const body = streamOf("abc", "def", "never read");
  assert.equal(await readCapped(body.stream, 5), null);
  assert.equal(body.cancelled(), true);
});

Deno.test("a body is refused by its declared length before it is read", async () => {
  const body = streamOf("0123456789");
  const response = new Response(body.stream, { headers: { "Content-Length": "10" } });
  assert.equal(await readBodyCapped(response, 5), null);
  assert.equal(body.cancelled(), true);
});

Deno.test("a body within its declared or undeclared length is read whole", async () => {
  const declared = new Response("abcde", { headers: { "Content-Length": "5" } });
  assert.equal(new TextDecoder().decode((await readBodyCapped(declared, 5))!), "abcde");
  const undeclared = new Response(streamOf("abc", "def").stream);
  assert.equal(await readBodyCapped(undeclared, 5), null);
  const encoded = new Response(streamOf("abc", "def").stream, {
    headers: { "Content-Length": "3", "Content-Encoding": "gzip" },
  });
  assert.equal(await readBodyCapped(encoded, 5), null, "an encoded body is counted as it comes");
});

/** A real server answering `body` at every path; `/gzip` answers it gzip-encoded. */
function answerServer(body: Uint8Array<ArrayBuffer>) {
  return Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) =>
      new URL(request.url).pathname === "/gzip"
        ? new Response(gzipSync(body), { headers: { "Content-Encoding": "gzip" } })
        : new Response(body),
  );
}

Deno.test("a fetched body is read into one buffer of its declared length", async () => {
  const page = new Uint8Array(50_000).map((_, i) => i % 251);
  const server = answerServer(page);
  try {
    const response = await fetch(`http://127.0.0.1:${server.addr.port}/`);
    const bytes = (await readBodyCapped(response, 100_000))!;
    assert.deepEqual(bytes, page);
    // Read chunk by chunk, the body would sit in several 64 KiB buffers and then a copy.
    assert.equal(bytes.buffer.byteLength, page.byteLength + 1);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a fetched body that decodes to more than its declared length is read whole", async () => {
  const page = new TextEncoder().encode("a compressible line of text\n".repeat(4_000));
  const server = answerServer(page);
  try {
    const response = await fetch(`http://127.0.0.1:${server.addr.port}/gzip`);
    assert.ok(Number(response.headers.get("content-length")) < page.byteLength / 10);
    assert.deepEqual(await readBodyCapped(response, 200_000), page);
    const capped = await fetch(`http://127.0.0.1:${server.addr.port}/gzip`);
    assert.equal(await readBodyCapped(capped, 50_000), null, "the decoded bytes are capped");
  } finally {
    await server.shutdown();
  }
});

Deno.test("a fetched body is taken whole within its declared length and the cap, counted decoded otherwise", async () => {
  const page = new TextEncoder().encode("a compressible line of text\n".repeat(4_000));
  const server = answerServer(page);
  const origin = `http://127.0.0.1:${server.addr.port}`;
  try {
    assert.deepEqual(await readFetchedBody(await fetch(origin), page.byteLength), page);
    assert.equal(await readFetchedBody(await fetch(origin), page.byteLength - 1), null);
    assert.deepEqual(await readFetchedBody(await fetch(`${origin}/gzip`), 200_000), page);
    const capped = await fetch(`${origin}/gzip`);
    assert.ok(Number(capped.headers.get("content-length")) < 50_000);
    assert.equal(await readFetchedBody(capped, 50_000), null, "the decoded bytes are capped");
  } finally {
    await server.shutdown();
  }
});

Deno.test("a fetched body that stalls within its declared length ends with the fetch's signal", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const accepted = (async () => {
    const connection = await listener.accept();
    await connection.read(new Uint8Array(4096));
    await connection.write(
      new TextEncoder().encode("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789"),
    );
    return connection;
  })();
  const started = Date.now();
  try {
    const response = await fetch(`http://127.0.0.1:${listener.addr.port}/`, {
      signal: AbortSignal.timeout(100),
    });
    await assert.rejects(readFetchedBody(response, 1_000), { name: "TimeoutError" });
    assert.ok(Date.now() - started < 2_000);
  } finally {
    (await accepted).close();
    listener.close();
  }
});

Deno.test("a byte stream over the cap gives null and is cancelled", async () => {
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    type: "bytes",
    pull(controller) {
      controller.enqueue(new Uint8Array(1_000).fill(7));
    },
    cancel() {
      cancelled = true;
    },
  });
  assert.equal(await readCapped(stream, 2_500, { expectedBytes: 600 }), null);
  assert.equal(cancelled, true);
});

Deno.test("a stream that stalls is cancelled at the deadline with BodyTimeoutError", async () => {
  let cancelReason: unknown;
  const stalled = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("ab"));
    },
    cancel(reason) {
      cancelReason = reason;
    },
  });
  const started = Date.now();
  await assert.rejects(readCapped(stalled, 100, { timeoutMs: 50 }), BodyTimeoutError);
  assert.ok(Date.now() - started < 1_000);
  assert.ok(cancelReason instanceof BodyTimeoutError, "the stream was cancelled");
});

Deno.test("a body that ends before the deadline is not affected by it", async () => {
  const { stream } = streamOf("ab", "cd");
  const bytes = await readCapped(stream, 10, { timeoutMs: 1_000 });
  assert.equal(new TextDecoder().decode(bytes!), "abcd");
});

/** A real server whose handler reads the body with a short deadline and answers as callers do. */
function bodyServer(timeoutMs: number) {
  const outcomes: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    try {
      const bytes = await readBodyCapped(request, 1024, { timeoutMs });
      if (bytes === null) return Response.json({ error: "too large" }, { status: 413 });
      outcomes.push("read");
      return Response.json({ received: new TextDecoder().decode(bytes) });
    } catch (error) {
      if (!(error instanceof BodyTimeoutError)) throw error;
      outcomes.push("timeout");
      return Response.json({ error: error.message }, { status: 408 });
    }
  });
  return { server, port: server.addr.port, outcomes };
}

Deno.test("a client that trickles a declared body gets 408 at the deadline", async () => {
  const { server, port, outcomes } = bodyServer(300);
  try {
    const head =
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 40\r\n\r\n";
    // 40 bytes, one every 100 ms: 4 s in all, far past the 300 ms deadline.
    const answer = await rawRequest(port, head, Array(40).fill("x"), 100);
    assert.equal(answer.status, 408);
    assert.match(String(answer.body.error), /did not arrive within 300 ms/);
    assert.ok(answer.elapsed < 2_000, `answered after ${answer.elapsed} ms`);
    assert.deepEqual(outcomes, ["timeout"]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a client that stalls a chunked body gets 408 at the deadline", async () => {
  const { server, port, outcomes } = bodyServer(300);
  try {
    const head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n";
    const answer = await rawRequest(port, head, [], 0);
    assert.equal(answer.status, 408);
    assert.ok(answer.elapsed < 2_000, `answered after ${answer.elapsed} ms`);
    assert.deepEqual(outcomes, ["timeout"]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a body sent in pieces within the deadline is read whole", async () => {
  const { server, port, outcomes } = bodyServer(2_000);
  try {
    const head = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\nConnection: close\r\n\r\nab";
    const answer = await rawRequest(port, head, ["cd", "ef"], 20);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { received: "abcdef" });
    const fetched = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "hello" });
    assert.deepEqual(await fetched.json(), { received: "hello" });
    assert.deepEqual(outcomes, ["read", "read"]);
  } finally {
    await server.shutdown();
  }
});
