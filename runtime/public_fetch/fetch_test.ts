// fetchPublic over loopback: framing, decoding, redirects, limits, deadlines, TLS, and the address
// policy seen through the seam that lets a test treat 127.0.0.1 as public.
import assert from "node:assert/strict";
import { PublicFetchError, type PublicFetchErrorKind } from "./error.ts";
import { fetchWithPolicy } from "./fetch.ts";
import { fetchPublic, readAll } from "./mod.ts";
import { compress, head, serveRaw, within } from "./public_fetch_testing.ts";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const local = { allowPrivate: true };

function failsWith(kind: PublicFetchErrorKind, message?: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof PublicFetchError, `not a PublicFetchError: ${error}`);
    assert.equal(error.kind, kind, error.message);
    if (message) assert.match(error.message, message);
    return true;
  };
}

Deno.test("a Content-Length body is read exactly, and the request carries our framing headers", async () => {
  await using server = serveRaw(() => head("200 OK", { "Content-Length": "5" }) + "hello");
  const response = await fetchPublic(`${server.origin}/a/b?q=1#frag`, {
    ...local,
    headers: { "User-Agent": "test-agent", "Connection": "keep-alive", "Host": "evil.test" },
  });
  assert.equal(response.status, 200);
  assert.equal(response.url.href, `${server.origin}/a/b?q=1#frag`);
  assert.equal(text(await readAll(response)), "hello");
  const [request] = server.requests;
  assert.match(request, /^GET \/a\/b\?q=1 HTTP\/1\.1\r\nHost: 127\.0\.0\.1:\d+\r\n/);
  assert.match(request, /\r\nconnection: close\r\n/);
  assert.match(request, /\r\naccept-encoding: gzip, deflate\r\n/);
  assert.match(request, /\r\nuser-agent: test-agent\r\n/);
  assert.doesNotMatch(request, /evil\.test|keep-alive/);
});

Deno.test("a chunked body with chunk extensions and trailers is joined", async () => {
  await using server = serveRaw(() => [
    head("200 OK", { "Transfer-Encoding": "chunked" }),
    "5;name=value\r\nhello\r\n",
    "7\r\n, world\r\n",
    "0\r\nExpires: never\r\nX-Trailer: 1\r\n\r\n",
  ]);
  const response = await fetchPublic(server.origin, local);
  assert.equal(text(await readAll(response)), "hello, world");
});

Deno.test("a body without a length runs until the server closes the connection", async () => {
  await using server = serveRaw(() => ["HTTP/1.0 200\r\n\r\n", "first part, ", "second part"]);
  const response = await fetchPublic(server.origin, local);
  assert.equal(response.status, 200);
  assert.equal(text(await readAll(response)), "first part, second part");
});

Deno.test("gzip and deflate bodies are decoded and lose the headers describing the encoding", async () => {
  for (const encoding of ["gzip", "deflate"] as const) {
    const body = await compress("squeezed ".repeat(100), encoding);
    await using server = serveRaw(() => [
      head("200 OK", { "Content-Encoding": encoding, "Content-Length": String(body.length) }),
      body,
    ]);
    const response = await fetchPublic(server.origin, { ...local, maxBytes: 900 });
    assert.equal(response.headers.has("content-encoding"), false, encoding);
    assert.equal(response.headers.has("content-length"), false, encoding);
    assert.equal(text(await readAll(response)), "squeezed ".repeat(100), encoding);
  }
});

Deno.test("a decoded body over maxBytes fails, and so does a corrupt or unknown encoding", async () => {
  const body = await compress("x".repeat(10_000), "gzip");
  let reply: Uint8Array | string = body;
  let encoding = "gzip";
  await using server = serveRaw(() => [head("200 OK", { "Content-Encoding": encoding }), reply]);
  const big = await fetchPublic(server.origin, { ...local, maxBytes: 1000 });
  await assert.rejects(readAll(big), failsWith("too_large"));
  reply = "this is not gzip";
  await assert.rejects(readAll(await fetchPublic(server.origin, local)), failsWith("protocol"));
  encoding = "br";
  await assert.rejects(
    fetchPublic(server.origin, local),
    failsWith("protocol", /content-encoding/),
  );
});

Deno.test("redirects are followed, relative Locations and 303 included, to the final URL", async () => {
  await using server = serveRaw((request) => {
    if (request.startsWith("GET /start ")) return head("301 Moved", { Location: "/next?x=1" });
    if (request.startsWith("GET /next?x=1 ")) return head("303 See Other", { Location: "final" });
    return head("200 OK", { "Content-Length": "4" }) + "done";
  });
  const response = await fetchPublic(`${server.origin}/start`, local);
  assert.equal(response.url.href, `${server.origin}/final`);
  assert.equal(text(await readAll(response)), "done");
  assert.equal(server.requests.length, 3);
});

Deno.test("a redirect to another origin goes on without Authorization and cookies, within it with", async () => {
  await using other = serveRaw(() => head("200 OK", { "Content-Length": "2" }) + "ok");
  await using server = serveRaw((request) =>
    request.startsWith("GET /away ")
      ? head("302 Found", { Location: `${other.origin}/final` })
      : head("302 Found", { Location: "/away" })
  );
  const headers = { Authorization: "Bearer secret-1", Cookie: "id=secret-2", Accept: "*/*" };
  const response = await fetchPublic(`${server.origin}/start`, { ...local, headers });
  assert.equal(text(await readAll(response)), "ok");
  for (const request of server.requests) assert.match(request, /secret-1[^]*secret-2/);
  assert.equal(other.requests.length, 1);
  assert.doesNotMatch(other.requests[0], /secret/);
  assert.match(other.requests[0], /\r\naccept: \*\/\*\r\n/);
});

Deno.test("a redirect beyond maxRedirects, or to another scheme, is refused", async () => {
  await using server = serveRaw((request) =>
    request.startsWith("GET /file ")
      ? head("302 Found", { Location: "file:///etc/passwd" })
      : head("307 Temporary Redirect", { Location: "/loop", "Content-Length": "0" })
  );
  await assert.rejects(
    fetchPublic(`${server.origin}/loop`, { ...local, maxRedirects: 2 }),
    failsWith("too_many_redirects"),
  );
  assert.equal(server.requests.length, 3);
  await assert.rejects(fetchPublic(`${server.origin}/file`, local), failsWith("invalid_url"));
});

Deno.test("a declared body over maxBytes is refused before it is read", async () => {
  await using server = serveRaw(() => ({
    send: [head("200 OK", { "Content-Length": "2000" })],
    keepOpen: true,
  }));
  await assert.rejects(
    fetchPublic(server.origin, { ...local, maxBytes: 1000 }),
    failsWith("too_large", /2000/),
  );
  await within(server.clientClosed, 1000, "closing the connection");
});

Deno.test("an undeclared body over maxBytes fails while streaming", async () => {
  await using server = serveRaw(() => [head("200 OK"), "a".repeat(600), "b".repeat(600)]);
  const response = await fetchPublic(server.origin, { ...local, maxBytes: 1000 });
  await assert.rejects(readAll(response), failsWith("too_large"));
});

Deno.test("a server that never answers runs into the deadline", async () => {
  await using server = serveRaw(() => ({ send: [], keepOpen: true }));
  const started = Date.now();
  await assert.rejects(
    fetchPublic(server.origin, { ...local, signal: AbortSignal.timeout(100) }),
    failsWith("timeout"),
  );
  assert.ok(Date.now() - started < 1000);
  await within(server.clientClosed, 1000, "closing the connection");
});

Deno.test("the deadline also covers a body that stops arriving, decoded or not", async () => {
  const compressed = await compress("x".repeat(1000), "gzip");
  for (const encoding of ["identity", "gzip"]) {
    const start = encoding === "gzip" ? compressed.subarray(0, 10) : "12345";
    await using server = serveRaw(() => ({
      send: [head("200 OK", { "Content-Encoding": encoding, "Content-Length": "100" }), start],
      keepOpen: true,
    }));
    const signal = AbortSignal.timeout(100);
    const response = await fetchPublic(server.origin, { ...local, signal });
    await assert.rejects(readAll(response), failsWith("timeout"), encoding);
    await within(server.clientClosed, 1000, "closing the connection");
  }
});

Deno.test("cancelling the body closes the connection", async () => {
  await using server = serveRaw(() => ({
    send: [head("200 OK", { "Content-Length": "100" }), "12345"],
    keepOpen: true,
  }));
  const response = await fetchPublic(server.origin, local);
  const reader = response.body.getReader();
  assert.equal(text((await reader.read()).value!), "12345");
  await reader.cancel();
  await within(server.clientClosed, 1000, "closing the connection");
});

Deno.test("a connection closed mid-head, cut short, or without an answer fails clearly", async () => {
  let reply = "HTTP/1.1 200 OK\r\nContent-Ty";
  await using server = serveRaw(() => reply);
  await assert.rejects(fetchPublic(server.origin, local), failsWith("protocol", /head/));
  reply = head("200 OK", { "Content-Length": "10" }) + "12345";
  await assert.rejects(
    readAll(await fetchPublic(server.origin, local)),
    failsWith("protocol", /before the body was complete/),
  );
  reply = "";
  await assert.rejects(
    fetchPublic(server.origin, local),
    failsWith("connect", /without a response/),
  );
  reply = "SSH-2.0-OpenSSH\r\n\r\n";
  await assert.rejects(fetchPublic(server.origin, local), failsWith("protocol", /status line/));
});

Deno.test("a port nobody listens on is a connect error", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  await assert.rejects(fetchPublic(`http://127.0.0.1:${port}/`, local), failsWith("connect"));
});

Deno.test("4xx and 5xx are responses, not errors", async () => {
  await using server = serveRaw(() => head("404 Not Found", { "Content-Length": "7" }) + "missing");
  const response = await fetchPublic(server.origin, local);
  assert.equal(response.status, 404);
  assert.equal(text(await readAll(response)), "missing");
});

// Self-signed, valid for a century, for localhost, public.test and 127.0.0.1; made with
//   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500
//     -keyout key.pem -out cert.pem -subj /CN=localhost
//     -addext subjectAltName=DNS:localhost,DNS:public.test,IP:127.0.0.1
//     -addext basicConstraints=critical,CA:FALSE -addext extendedKeyUsage=serverAuth
const cert = Deno.readTextFileSync(new URL("testdata/cert.pem", import.meta.url));
const key = Deno.readTextFileSync(new URL("testdata/key.pem", import.meta.url));

Deno.test("https verifies the certificate against the URL's host name, with extra CA certificates", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, cert, key, onListen() {} },
    () => new Response("secret"),
  );
  const origin = `https://127.0.0.1:${server.addr.port}`;
  try {
    const response = await fetchPublic(origin, { ...local, caCerts: [cert] });
    assert.equal(text(await readAll(response)), "secret");
    await assert.rejects(fetchPublic(origin, local), failsWith("tls"));
    // The connection goes to 127.0.0.1 while TLS checks the name from the URL.
    const resolve = () => Promise.resolve(["127.0.0.1"]);
    const viaName = (host: string) =>
      fetchWithPolicy(
        `https://${host}:${server.addr.port}/`,
        { resolve, caCerts: [cert] },
        () => true,
      );
    assert.equal(text(await readAll(await viaName("public.test"))), "secret");
    await assert.rejects(viaName("other.test"), failsWith("tls", /other\.test/));
  } finally {
    await server.shutdown();
  }
});

// The seam: 127.0.0.1 counts as public, every other address as private.
const onlyLoopbackOne = (address: string) => address === "127.0.0.1";

Deno.test("a redirect to a private address or to a name resolving to one is blocked", async () => {
  let location = "";
  await using server = serveRaw(() => head("302 Found", { Location: location }));
  const resolve = (host: string) =>
    Promise.resolve(host === "internal.test" ? ["10.0.0.1"] : ["127.0.0.1"]);
  for (const target of ["http://127.0.0.2/", "http://169.254.169.254/", "http://internal.test/"]) {
    location = target;
    await assert.rejects(
      fetchWithPolicy(`http://public.test:${server.port}/`, { resolve }, onlyLoopbackOne),
      failsWith("blocked"),
      target,
    );
  }
});

/** A resolver whose first answer is public (by the policy above) and every later one private. */
function rebindingResolver() {
  const lookups: string[] = [];
  const resolve = (host: string) => {
    lookups.push(host);
    return Promise.resolve(lookups.length === 1 ? ["127.0.0.1"] : ["127.0.0.2"]);
  };
  return { lookups, resolve };
}

Deno.test("DNS rebinding is defeated: each hop is looked up once and connects to that answer", async () => {
  await using server = serveRaw((request) =>
    request.startsWith("GET /again ")
      ? head("200 OK", { "Content-Length": "2" }) + "ok"
      : head("302 Found", { Location: "/again" })
  );
  // rebind.test exists only in the injected resolver: succeeding proves the connection went to
  // the checked address rather than the name, and a second lookup would have answered private.
  const direct = rebindingResolver();
  const url = `http://rebind.test:${server.port}/again`;
  const response = await fetchWithPolicy(url, { resolve: direct.resolve }, onlyLoopbackOne);
  assert.equal(text(await readAll(response)), "ok");
  assert.deepEqual(direct.lookups, ["rebind.test"]);
  assert.match(server.requests[0], /\r\nHost: rebind\.test:\d+\r\n/);

  // A redirect is a new hop, looked up afresh: this time the answer is private.
  const redirected = rebindingResolver();
  await assert.rejects(
    fetchWithPolicy(
      `http://rebind.test:${server.port}/start`,
      { resolve: redirected.resolve },
      onlyLoopbackOne,
    ),
    failsWith("blocked"),
  );
  assert.deepEqual(redirected.lookups, ["rebind.test", "rebind.test"]);
  assert.equal(server.requests.length, 2);
});

Deno.test("the next checked address is tried when the first refuses the connection", async () => {
  await using server = serveRaw(() => head("200 OK", { "Content-Length": "2" }) + "ok");
  // The server listens on 127.0.0.1 only, so 127.0.0.2 refuses.
  const resolve = () => Promise.resolve(["127.0.0.2", "127.0.0.1"]);
  const response = await fetchWithPolicy(
    `http://multi.test:${server.port}/`,
    { resolve },
    () => true,
  );
  assert.equal(text(await readAll(response)), "ok");
});

Deno.test("limits that are not whole numbers are refused as a caller's bug", async () => {
  for (const options of [{ maxBytes: Number.NaN }, { maxRedirects: -1 }, { maxBytes: 1.5 }]) {
    await assert.rejects(fetchPublic("http://example.test/", options), RangeError);
  }
});
