// The MCP server's HTTP surface: protocol revisions, answer forms, sessions, auth, hardening and
// every refusal a client can provoke, spoken as raw HTTP so each header is visible.
import assert from "node:assert/strict";
import type { Json } from "./helpers/mcp_client.ts";
import { delayed, startFakeUpstream } from "./helpers/fake_upstream.ts";
import { freePort, startService } from "./helpers/process.ts";
import { checkProtocolVersions } from "./helpers/protocol_versions.ts";
import {
  MCP_TOKEN,
  rpcMessage,
  SEED_INITIALIZE,
  startSearchMcp,
} from "./helpers/search_mcp_instance.ts";

const AUTH = { Authorization: `Bearer ${MCP_TOKEN}` };

/** An engine address nobody listens on: these tests are about the HTTP surface only. */
function deadEngine() {
  return `http://127.0.0.1:${freePort()}`;
}

function start(env: Record<string, string> = {}) {
  return startSearchMcp({
    SEARXNG_URL: deadEngine(),
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
    ...env,
  });
}

const TOOLS_LIST = { jsonrpc: "2.0", id: 2, method: "tools/list" };

async function openSession(mcp: Awaited<ReturnType<typeof start>>) {
  const response = await mcp.post(SEED_INITIALIZE, AUTH);
  assert.equal(response.status, 200);
  await response.body?.cancel();
  const id = response.headers.get("mcp-session-id");
  assert.ok(id, "initialize returns a session id");
  return { ...AUTH, "Mcp-Session-Id": id, "Mcp-Protocol-Version": "2024-11-05" };
}

Deno.test("the seed's initialize gets a valid answer with the bearer token", async () => {
  await using mcp = await start();
  const response = await mcp.post(SEED_INITIALIZE, AUTH);
  assert.equal(response.status, 200);
  assert.match(response.headers.get("mcp-session-id") ?? "", /^[\x21-\x7e]{16,}$/);
  const message = await rpcMessage(response);
  assert.equal(message.jsonrpc, "2.0");
  assert.equal(message.id, 1);
  const result = message.result as Record<string, Json>;
  assert.equal(result.protocolVersion, "2024-11-05");
  assert.equal(result.serverInfo.name, "search_mcp");
  assert.ok(result.capabilities.tools, "tools are announced");
  assert.match(result.instructions, /searxng_web_search/);
});

Deno.test("without the right bearer token /mcp answers 401 with WWW-Authenticate", async () => {
  await using mcp = await start();
  for (
    const headers of <Record<string, string>[]> [
      {},
      { Authorization: "Bearer wrong-token-0123456789" },
      { Authorization: MCP_TOKEN },
      { Authorization: `Basic ${btoa(`user:${MCP_TOKEN}`)}` },
    ]
  ) {
    const response = await mcp.post(SEED_INITIALIZE, headers);
    assert.equal(response.status, 401, JSON.stringify(headers));
    assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer\b/);
    const body = await response.json();
    assert.equal(body.jsonrpc, "2.0");
    assert.equal(body.id, null);
    assert.match(body.error.message, /Unauthorized/);
  }
  const health = await fetch(new URL("/health", mcp.mcpUrl));
  assert.equal(health.status, 200, "health needs no token");
  const body = await health.json();
  assert.equal(body.status, "degraded", "up, but cut off from its engine");
  assert.equal(body.engine, "unreachable");
  assert.match(body.reason, /^the search engine at http:\/\/\S+ \(SEARXNG_URL\) does not answer/);
  assert.equal(typeof body.version, "string");
  const ready = await fetch(new URL("/readyz", mcp.mcpUrl));
  assert.equal(ready.status, 503, "not ready without its engine");
  assert.deepEqual(await ready.json(), { status: "not ready", not_ready: { engine: body.reason } });
});

Deno.test("without MCP_HTTP_AUTH_TOKEN no token is asked for", async () => {
  await using mcp = await startSearchMcp({ SEARXNG_URL: deadEngine() });
  const response = await mcp.post(SEED_INITIALIZE);
  assert.equal(response.status, 200);
  await response.body?.cancel();
});

for (const stateless of ["false", "true"]) {
  Deno.test(`the documented protocol revisions are spoken and no others (stateless: ${stateless})`, async () => {
    await using mcp = await start({ MCP_HTTP_STATELESS: stateless });
    await checkProtocolVersions((body, headers) => mcp.post(body, { ...AUTH, ...headers }));
  });
}

Deno.test("JSON-RPC batches are refused under 2025-06-18 and later, and answered under 2025-03-26", async () => {
  for (const stateless of ["false", "true"]) {
    await using mcp = await start({ MCP_HTTP_STATELESS: stateless });
    const pings = [1, 2].map((id) => ({ jsonrpc: "2.0", id, method: "ping" }));
    /** A session (when stateful) that initialize settled on `version`, and its headers. */
    const sessionOf = async (version: string) => {
      const response = await mcp.post({
        ...SEED_INITIALIZE,
        params: { ...SEED_INITIALIZE.params, protocolVersion: version },
      }, AUTH);
      await response.body?.cancel();
      const id = response.headers.get("mcp-session-id");
      return id === null ? AUTH : { ...AUTH, "Mcp-Session-Id": id };
    };
    const modern = await sessionOf("2025-06-18");
    const old = await sessionOf("2025-03-26");
    const cases: [Record<string, string>, number][] = [
      [{ ...modern, "MCP-Protocol-Version": "2025-06-18" }, 400],
      [{ ...modern, "MCP-Protocol-Version": "2025-11-25" }, 400],
      [{ ...old, "MCP-Protocol-Version": "2025-03-26" }, 200],
      // Without the header the session's revision counts; stateless, 2025-03-26 is assumed.
      [modern, stateless === "true" ? 200 : 400],
      [old, 200],
    ];
    for (const [headers, status] of cases) {
      const response = await mcp.post(pings, headers);
      const label = `stateless ${stateless}: ${JSON.stringify(headers)}`;
      assert.equal(response.status, status, label);
      const body = await response.json();
      if (status === 400) {
        assert.equal(body.error.code, -32600, label);
        assert.match(body.error.message, /has no JSON-RPC batches/, label);
      } else {
        assert.deepEqual(body.map((answer: Json) => answer.id), [1, 2], label);
      }
    }
    const batchedInitialize = await mcp.post([SEED_INITIALIZE], AUTH);
    assert.equal(batchedInitialize.status, 400);
    assert.equal((await batchedInitialize.json()).error.code, -32600);
  }
});

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "modern", version: "1" },
};

Deno.test("a 2026-07-28 client discovers the server and lists tools without a session", async () => {
  await using mcp = await start();
  const headers = { ...AUTH, "MCP-Protocol-Version": "2026-07-28" };
  const discover = await mcp.post({
    jsonrpc: "2.0",
    id: 1,
    method: "server/discover",
    params: { _meta: MODERN_META },
  }, { ...headers, "Mcp-Method": "server/discover" });
  assert.equal(discover.status, 200);
  assert.equal(discover.headers.get("mcp-session-id"), null);
  const found = (await rpcMessage(discover)).result as Record<string, Json>;
  assert.ok(found.supportedVersions.includes("2026-07-28"));
  assert.ok(found.capabilities.tools);

  const list = await mcp.post({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/list",
    params: { _meta: MODERN_META },
  }, { ...headers, "Mcp-Method": "tools/list" });
  const tools = ((await rpcMessage(list)).result as { tools: { name: string }[] }).tools;
  assert.deepEqual(tools.map((tool) => tool.name).sort(), [
    "searxng_instance_info",
    "searxng_search_suggestions",
    "searxng_web_search",
    "web_url_read",
  ]);
});

Deno.test("answers come as JSON or SSE following the client's Accept", async () => {
  await using mcp = await start();
  const json = await mcp.post(SEED_INITIALIZE, { ...AUTH, Accept: "application/json" });
  assert.equal(json.status, 200);
  assert.match(json.headers.get("content-type")!, /^application\/json/);
  assert.equal((await json.json()).id, 1);

  const sse = await mcp.post(SEED_INITIALIZE, { ...AUTH, Accept: "text/event-stream" });
  assert.equal(sse.status, 200);
  assert.match(sse.headers.get("content-type")!, /^text\/event-stream/);
  assert.ok(sse.headers.get("mcp-session-id"), "the session header survives the SSE form");
  const text = await sse.text();
  assert.match(text, /^event: message\ndata: \{.*"protocolVersion":"2024-11-05"/);

  const preferred = await mcp.post(SEED_INITIALIZE, {
    ...AUTH,
    Accept: "application/json;q=0.5, text/event-stream",
  });
  assert.match(preferred.headers.get("content-type")!, /^text\/event-stream/);
  await preferred.body?.cancel();

  const neither = await mcp.post(SEED_INITIALIZE, { ...AUTH, Accept: "text/html" });
  assert.equal(neither.status, 406);
  assert.match((await neither.json()).error.message, /application\/json or text\/event-stream/);
});

Deno.test("a stateful session needs its id, and an ended or unknown id is 404", async () => {
  await using mcp = await start();
  const missing = await mcp.post(TOOLS_LIST, AUTH);
  assert.equal(missing.status, 400);
  assert.match((await missing.json()).error.message, /Mcp-Session-Id.*MCP_HTTP_STATELESS=true/s);

  const session = await openSession(mcp);
  const listed = await rpcMessage(await mcp.post(TOOLS_LIST, session));
  assert.equal((listed.result as { tools: unknown[] }).tools.length, 4);
  assert.equal(mcp.instance.endpoint.sessionCount, 1);

  const ended = await fetch(mcp.mcpUrl, { method: "DELETE", headers: session });
  assert.equal(ended.status, 200);
  await ended.body?.cancel();
  assert.equal(mcp.instance.endpoint.sessionCount, 0);
  const after = await mcp.post(TOOLS_LIST, session);
  assert.equal(after.status, 404);
  assert.match((await after.json()).error.message, /Session not found/);

  const invented = await mcp.post(TOOLS_LIST, { ...session, "Mcp-Session-Id": "no-such-session" });
  assert.equal(invented.status, 404);
  await invented.body?.cancel();
});

Deno.test("the session cap answers 503 with Retry-After", async () => {
  await using mcp = await start({ MCP_HTTP_MAX_SESSIONS: "2" });
  await openSession(mcp);
  await openSession(mcp);
  const third = await mcp.post(SEED_INITIALIZE, AUTH);
  assert.equal(third.status, 503);
  assert.equal(third.headers.get("retry-after"), "5");
  assert.match((await third.json()).error.message, /too many open sessions/);
});

Deno.test("stateless mode answers each POST on its own and refuses GET and DELETE", async () => {
  await using mcp = await start({ MCP_HTTP_STATELESS: "true" });
  const init = await mcp.post(SEED_INITIALIZE, AUTH);
  assert.equal(init.status, 200);
  assert.equal(init.headers.get("mcp-session-id"), null);
  await init.body?.cancel();
  const listed = await rpcMessage(await mcp.post(TOOLS_LIST, AUTH));
  assert.equal((listed.result as { tools: unknown[] }).tools.length, 4);
  for (const method of ["GET", "DELETE"]) {
    const response = await fetch(mcp.mcpUrl, { method, headers: AUTH });
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get("allow"), "POST");
    assert.match((await response.json()).error.message, /stateless/);
  }
});

Deno.test("malformed requests get a JSON-RPC error with the right status, never a 500", async () => {
  await using mcp = await start();
  const notJson = await mcp.post("{not json", AUTH);
  assert.equal(notJson.status, 400);
  assert.equal((await notJson.json()).error.code, -32700);

  const huge = await mcp.post({ ...SEED_INITIALIZE, pad: "x".repeat(1024 * 1024) }, AUTH);
  assert.equal(huge.status, 413);
  assert.match((await huge.json()).error.message, /larger than/);

  const text = await mcp.post(SEED_INITIALIZE, { ...AUTH, "Content-Type": "text/plain" });
  assert.equal(text.status, 415);
  await text.body?.cancel();

  const put = await fetch(mcp.mcpUrl, { method: "PUT", headers: AUTH, body: "{}" });
  assert.equal(put.status, 405);
  await put.body?.cancel();

  for (const body of [{ foo: 1 }, [], 42, "text", null]) {
    const response = await mcp.post(body, AUTH);
    assert.ok(
      response.status >= 400 && response.status < 500,
      `${JSON.stringify(body)} → ${response.status}`,
    );
    assert.ok((await response.json()).error, JSON.stringify(body));
  }

  const session = await openSession(mcp);
  const unknown = await rpcMessage(
    await mcp.post({ jsonrpc: "2.0", id: 9, method: "no/such" }, session),
  );
  assert.equal((unknown.error as { code: number }).code, -32601);
});

Deno.test("tool calls over a client's limit get 429 with Retry-After; other methods pass", async () => {
  await using mcp = await start({ MCP_TOOL_RATE_MAX: "2", MCP_TOOL_RATE_WINDOW_MS: "60000" });
  const session = await openSession(mcp);
  const call = (id: number) => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "searxng_search_suggestions", arguments: { query: "" } },
  });
  for (const id of [1, 2]) {
    const response = await mcp.post(call(id), session);
    assert.equal(response.status, 200);
    await response.body?.cancel();
  }
  const refused = await mcp.post(call(3), session);
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get("retry-after"), "30");
  assert.match((await refused.json()).error.message, /Too many tool calls/);
  const listed = await mcp.post(TOOLS_LIST, session);
  assert.equal(listed.status, 200, "listing tools is not a tool call");
  await listed.body?.cancel();
});

Deno.test("browser origins other than loopback are refused even when not hardened", async () => {
  await using mcp = await start();
  const foreign = await mcp.post(SEED_INITIALIZE, { ...AUTH, Origin: "https://evil.example" });
  assert.equal(foreign.status, 403);
  assert.match((await foreign.json()).error.message, /Origin/);
  const local = await mcp.post(SEED_INITIALIZE, { ...AUTH, Origin: "http://localhost:6274" });
  assert.equal(local.status, 200);
  assert.equal(local.headers.get("access-control-allow-origin"), "http://localhost:6274");
  assert.match(local.headers.get("access-control-expose-headers")!, /Mcp-Session-Id/);
  await local.body?.cancel();
});

Deno.test("hardened, only allowed hosts and origins get through, before the token is checked", async () => {
  await using mcp = await start({
    MCP_HTTP_HARDEN: "true",
    MCP_HTTP_ALLOWED_ORIGINS: "https://chat.example.org",
  });
  using client = Deno.createHttpClient({ allowHost: true });
  const post = (headers: Record<string, string>) =>
    fetch(mcp.mcpUrl, {
      client,
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
        ...headers,
      },
      body: JSON.stringify(SEED_INITIALIZE),
    });
  const cases: [Record<string, string>, number][] = [
    [{ ...AUTH, Host: "evil.example" }, 403],
    [{ Host: "evil.example" }, 403],
    [{ ...AUTH, Host: "localhost.evil.example:3000" }, 403],
    [{ ...AUTH, Host: "localhost:3000" }, 200],
    [{ ...AUTH, Host: "127.0.0.1" }, 200],
    [{ ...AUTH, Host: "search_mcp:3000" }, 200],
    [{ ...AUTH, Host: "localhost", Origin: "https://evil.example" }, 403],
    [{ ...AUTH, Host: "localhost", Origin: "http://localhost:6274" }, 403],
    [{ ...AUTH, Host: "localhost", Origin: "https://chat.example.org" }, 200],
    [{ Host: "localhost", Origin: "https://chat.example.org" }, 401],
  ];
  for (const [headers, status] of cases) {
    const response = await post(headers);
    assert.equal(response.status, status, JSON.stringify(headers));
    await response.body?.cancel();
  }
  const preflight = await fetch(mcp.mcpUrl, {
    method: "OPTIONS",
    headers: {
      Origin: "https://chat.example.org",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, content-type, mcp-session-id",
    },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "https://chat.example.org");
  assert.match(preflight.headers.get("access-control-allow-headers")!, /Authorization/);
  assert.match(preflight.headers.get("access-control-allow-headers")!, /Mcp-Session-Id/);
});

Deno.test("a request id still in use in the session is refused instead of hanging", async () => {
  await using engine = await startFakeUpstream({
    "/autocompleter": (request) =>
      delayed(300, request, () => Response.json(["q", ["slow suggestion"]])),
  });
  await using mcp = await startSearchMcp({ SEARXNG_URL: engine.origin });
  const session = await openSession(mcp);
  const call = {
    jsonrpc: "2.0",
    id: 7,
    method: "tools/call",
    params: { name: "searxng_search_suggestions", arguments: { query: "q" } },
  };
  const first = mcp.post(call, session);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const second = await mcp.post(call, session);
  assert.equal(second.status, 409);
  assert.match((await second.json()).error.message, /id 7 .*still being answered/);
  const answered = await rpcMessage(await first);
  assert.deepEqual((answered.result as Json).structuredContent.suggestions, ["slow suggestion"]);
  const reused = await mcp.post(call, session);
  assert.equal(reused.status, 200, "the id is free again once answered");
  await reused.body?.cancel();
});

/** An engine whose suggestions take 3 s; `cut` resolves when a request to it is aborted. */
async function slowEngine() {
  const reached = Promise.withResolvers<void>();
  const cut = Promise.withResolvers<void>();
  const engine = await startFakeUpstream({
    "/autocompleter": (request) => {
      reached.resolve();
      request.signal.addEventListener("abort", () => cut.resolve());
      return delayed(3_000, request, () => Response.json(["q", []]));
    },
  });
  return { engine, reached: reached.promise, cut: cut.promise };
}

/** "done" when `promise` settles within `ms`, else "still running". */
async function within(promise: Promise<unknown>, ms: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve("still running"), ms);
  });
  try {
    return await Promise.race([promise.then(() => "done"), late]);
  } finally {
    clearTimeout(timer);
  }
}

const SUGGEST = {
  jsonrpc: "2.0",
  id: 5,
  method: "tools/call",
  params: { name: "searxng_search_suggestions", arguments: { query: "q" } },
};

/**
 * POSTs `body` in one write over raw TCP and hangs up once the engine has the call. Deno 2.9
 * notices a client leaving during a handler's work only when the whole request came in its first
 * read, which a request this small does.
 */
async function callAndHangUp(
  mcpUrl: URL,
  body: unknown,
  headers: Record<string, string>,
  reached: Promise<void>,
) {
  const text = JSON.stringify(body);
  const head = [
    `POST /mcp HTTP/1.1`,
    `Host: ${mcpUrl.host}`,
    "Content-Type: application/json",
    `Content-Length: ${new TextEncoder().encode(text).byteLength}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  const connection = await Deno.connect({ hostname: "127.0.0.1", port: Number(mcpUrl.port) });
  await connection.write(new TextEncoder().encode(`${head}\r\n\r\n${text}`));
  await reached;
  connection.close();
}

for (
  const [era, call, headers] of <[string, unknown, Record<string, string>][]> [
    ["stateless 2025-era", SUGGEST, { "MCP-Protocol-Version": "2025-06-18" }],
    ["2026-07-28", {
      ...SUGGEST,
      params: {
        ...SUGGEST.params,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }, {
      "MCP-Protocol-Version": "2026-07-28",
      "Mcp-Method": "tools/call",
      "Mcp-Name": "searxng_search_suggestions",
    }],
  ]
) {
  Deno.test(`a ${era} client that hangs up mid-call cancels the tool's engine request`, async () => {
    const { engine, reached, cut } = await slowEngine();
    await using _ = engine;
    await using mcp = await startSearchMcp({
      SEARXNG_URL: engine.origin,
      MCP_HTTP_STATELESS: "true",
    });
    const logged: unknown[][] = [];
    const consoleError = console.error;
    console.error = (...line: unknown[]) => logged.push(line);
    try {
      await callAndHangUp(mcp.mcpUrl, call, headers, reached);
      assert.equal(await within(cut, 2_000), "done", "the engine request is cut");
      // The tool's own answer to the cancellation comes just after.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      console.error = consoleError;
    }
    assert.deepEqual(logged, [], "a cancelled call is not logged as a failure");
  });
}

Deno.test("the service answers without Deno's legacy request.signal warning", async () => {
  const { process, url } = await startService("search_mcp", {
    MCP_HTTP_PORT: "0",
    SEARXNG_URL: deadEngine(),
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
  });
  try {
    const mcpUrl = new URL("/mcp", url);
    const post = (body: unknown, headers: Record<string, string>) =>
      fetch(mcpUrl, {
        method: "POST",
        headers: { ...AUTH, "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    // The 2026-07-28 path, and a client that accepts JSON only (its request is rebuilt for the SDK).
    const discover = await post(
      { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: MODERN_META } },
      {
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": "server/discover",
      },
    );
    assert.equal(discover.status, 200);
    await discover.body?.cancel();
    const json = await post(SEED_INITIALIZE, { Accept: "application/json" });
    assert.equal(json.status, 200);
    await json.body?.cancel();
  } finally {
    await process.stop();
  }
  assert.doesNotMatch(process.output, /request\.signal|legacy/);
});
