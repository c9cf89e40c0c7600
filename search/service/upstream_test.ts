// The HTTP edge's redirects, against fake providers on loopback sockets (another port is another
// origin): what each hop is sent, and which hops are refused.
import assert from "node:assert/strict";
import { type ApiKeyPlace, NetworkError, type UpstreamRequest } from "../core/engine.ts";
import { createUpstreamClient } from "./upstream.ts";
import { startFakeUpstream } from "../../tests/helpers/fake_upstream.ts";

const KEY = "key-that-must-stay-home";

/** A request carrying every kind of credential: Authorization, a cookie and the engine's key. */
function keyedRequest(url: string, apiKeyIn: ApiKeyPlace): UpstreamRequest {
  const headers: Record<string, string> = { Authorization: `Bearer ${KEY}`, Accept: "text/html" };
  const target = new URL(url);
  if ("header" in apiKeyIn) headers[apiKeyIn.header] = `Bearer ${KEY}`;
  else target.searchParams.set(apiKeyIn.param, KEY);
  return { url: target.href, headers, cookies: { session: KEY } };
}

/** Every place a request could carry the key: its headers and its query. */
function credentialsSeen(request: { url: URL; headers: Headers }): string[] {
  const seen = [...request.headers].filter(([, value]) => value.includes(KEY)).map(([n]) => n);
  for (const [name, value] of request.url.searchParams) if (value.includes(KEY)) seen.push(name);
  return seen;
}

/** Answers every request with a redirect to `path` at `origin()`, keeping the query. */
function redirectTo(origin: () => string, path = "/final", status = 302) {
  return (request: { url: string | URL }) =>
    new Response(null, {
      status,
      headers: { Location: `${origin()}${path}${new URL(request.url).search}` },
    });
}

async function send(request: UpstreamRequest, apiKeyIn: ApiKeyPlace | null, caCerts?: string[]) {
  const client = createUpstreamClient({ poolConnections: 1, caCerts });
  try {
    return await client.send(request, {
      signal: AbortSignal.timeout(10_000),
      language: "all",
      apiKeyIn,
    });
  } finally {
    client.close();
  }
}

const PLACES: ApiKeyPlace[] = [{ header: "Crossref-Plus-API-Token" }, { param: "api_key" }];

for (const place of PLACES) {
  const where = "header" in place ? `header ${place.header}` : `parameter ${place.param}`;

  Deno.test(`a redirect to another origin is sent without Authorization, cookies or the key (${where})`, async () => {
    await using other = await startFakeUpstream({ "/final": () => new Response("elsewhere") });
    await using provider = await startFakeUpstream({ "/away": redirectTo(() => other.origin) });
    const response = await send(keyedRequest(`${provider.origin}/away?q=rust`, place), place);
    assert.equal(response.body, "elsewhere");
    assert.deepEqual(
      credentialsSeen(provider.requests[0]).sort(),
      [
        "authorization",
        "cookie",
        "header" in place ? place.header.toLowerCase() : place.param,
      ].sort(),
    );
    assert.equal(other.requests.length, 1);
    assert.deepEqual(credentialsSeen(other.requests[0]), []);
    assert.equal(other.requests[0].url.searchParams.get("q"), "rust", "the query itself goes on");
    assert.equal(other.requests[0].headers.get("accept"), "text/html", "other headers go on");
  });
}

Deno.test("a redirect within the origin keeps the credentials", async () => {
  const place = { header: "Crossref-Plus-API-Token" };
  let origin = "";
  await using provider = await startFakeUpstream({
    "/away": redirectTo(() => origin, "/final", 307),
    "/final": () => new Response("home"),
  });
  origin = provider.origin;
  const response = await send(keyedRequest(`${provider.origin}/away`, place), place);
  assert.equal(response.body, "home");
  assert.equal(response.url, `${provider.origin}/final`);
  assert.deepEqual(
    provider.requests.map((request) => credentialsSeen(request).sort()),
    [["authorization", "cookie", "crossref-plus-api-token"], [
      "authorization",
      "cookie",
      "crossref-plus-api-token",
    ]],
  );
});

Deno.test("credentials dropped on the way to another origin stay dropped when it sends back", async () => {
  const place = { param: "api_key" };
  let homeOrigin = "";
  await using other = await startFakeUpstream({ "/bounce": redirectTo(() => homeOrigin) });
  await using home = await startFakeUpstream({
    "/away": redirectTo(() => other.origin, "/bounce"),
    "/final": () => new Response("back home"),
  });
  homeOrigin = home.origin;
  const response = await send(keyedRequest(`${home.origin}/away`, place), place);
  assert.equal(response.body, "back home");
  assert.deepEqual(home.requests.map((request) => request.url.pathname), ["/away", "/final"]);
  assert.deepEqual(credentialsSeen(home.requests[1]), []);
});

// Self-signed for 127.0.0.1 (runtime/public_fetch/testdata says how it was made).
const TESTDATA = new URL("../../runtime/public_fetch/testdata/", import.meta.url);
const cert = Deno.readTextFileSync(new URL("cert.pem", TESTDATA));
const key = Deno.readTextFileSync(new URL("key.pem", TESTDATA));

Deno.test("a redirect from https to http is refused while the engine sends a key, followed without", async () => {
  const place = { header: "Authorization" };
  await using plain = await startFakeUpstream({ "/final": () => new Response("in the clear") });
  await using tls = Deno.serve(
    { hostname: "127.0.0.1", port: 0, cert, key, onListen() {} },
    redirectTo(() => plain.origin),
  );
  const url = `https://127.0.0.1:${tls.addr.port}/away`;
  await assert.rejects(
    send(keyedRequest(url, place), place, [cert]),
    (error) => error instanceof NetworkError && /https to http/.test(error.message),
  );
  assert.equal(plain.requests.length, 0, "nothing reaches the http address");
  const anonymous = await send({ url }, null, [cert]);
  assert.equal(anonymous.body, "in the clear");
});
