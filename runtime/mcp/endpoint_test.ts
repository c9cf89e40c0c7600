import assert from "node:assert/strict";
import { createMcpEndpoint } from "./endpoint.ts";
import { rawRequest } from "../raw_http_testing.ts";

/** An endpoint on a real server; refusals before the body is parsed need no MCP server at all. */
function serveEndpoint(bodyTimeoutMs: number) {
  const endpoint = createMcpEndpoint({
    createServer: () => {
      throw new Error("not reached: the request is refused before it gets a server");
    },
    sessions: null,
    maxBodyBytes: 1024,
    bodyTimeoutMs,
  });
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => endpoint.handle(request, "test"),
  );
  return {
    port: server.addr.port,
    async close() {
      await server.shutdown();
      await endpoint.close();
    },
  };
}

const HEAD = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n" +
  "Content-Type: application/json\r\n";

Deno.test("an MCP request whose body stalls gets 408 in the JSON-RPC error shape", async () => {
  const served = serveEndpoint(300);
  try {
    const answer = await rawRequest(
      served.port,
      `${HEAD}Content-Length: 50\r\n\r\n{"jsonrpc"`,
      [],
      0,
    );
    assert.equal(answer.status, 408);
    assert.equal(answer.body.jsonrpc, "2.0");
    assert.equal(answer.body.id, null);
    const error = answer.body.error as { code: number; message: string };
    assert.equal(error.code, -32000);
    assert.match(error.message, /^Request Timeout: the body did not arrive within 300 ms$/);
    assert.ok(answer.elapsed < 2_000, `answered after ${answer.elapsed} ms`);
  } finally {
    await served.close();
  }
});

Deno.test("an MCP request body that arrives within the deadline is read and parsed", async () => {
  const served = serveEndpoint(2_000);
  try {
    // Not JSON, so the answer proves the whole body was read without needing a server.
    const answer = await rawRequest(
      served.port,
      `${HEAD}Content-Length: 6\r\nConnection: close\r\n\r\nnot`,
      ["-js", "on"],
      20,
    );
    assert.equal(answer.status, 400);
    assert.equal((answer.body.error as { code: number }).code, -32700);
  } finally {
    await served.close();
  }
});
