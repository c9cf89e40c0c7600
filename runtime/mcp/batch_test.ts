import assert from "node:assert/strict";
import { batchRefusal } from "./batch.ts";

const PING = { jsonrpc: "2.0", id: 1, method: "ping" };
const INITIALIZE = {
  jsonrpc: "2.0",
  id: 2,
  method: "initialize",
  params: {
    protocolVersion: "2025-03-26",
    capabilities: {},
    clientInfo: { name: "c", version: "1" },
  },
};

Deno.test("a batch is refused under 2025-06-18 and later, and allowed before", async () => {
  for (const version of ["2025-06-18", "2025-11-25", "2026-07-28"]) {
    const refused = batchRefusal([PING, PING], version);
    assert.equal(refused?.status, 400, version);
    const body = await refused!.json();
    assert.equal(body.error.code, -32600);
    assert.match(body.error.message, new RegExp(`^Invalid Request: protocol revision ${version} `));
  }
  for (const version of ["2025-03-26", "2024-11-05"]) {
    assert.equal(batchRefusal([PING, PING], version), null, version);
  }
  assert.equal(batchRefusal(PING, "2025-11-25"), null, "one message is no batch");
  assert.equal(
    batchRefusal([PING], "2030-01-01"),
    null,
    "an unknown revision is the SDK's to refuse",
  );
});

Deno.test("initialize in a batch is refused under every revision", async () => {
  for (const version of ["2024-11-05", "2025-03-26"]) {
    const refused = batchRefusal([INITIALIZE], version);
    assert.equal(refused?.status, 400);
    assert.match((await refused!.json()).error.message, /initialize must be sent on its own/);
  }
});
