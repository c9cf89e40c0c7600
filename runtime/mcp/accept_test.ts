import assert from "node:assert/strict";
import { answerForm, asSseEvent } from "./accept.ts";

Deno.test("clients that accept both forms get JSON unless they rank SSE higher", () => {
  assert.equal(answerForm("application/json, text/event-stream"), "json");
  assert.equal(answerForm("text/event-stream, application/json"), "json");
  assert.equal(answerForm("application/json;q=0.5, text/event-stream"), "sse");
  assert.equal(answerForm("text/event-stream"), "sse");
  assert.equal(answerForm("application/json"), "json");
  assert.equal(answerForm("*/*"), "json");
  assert.equal(answerForm(null), "json");
});

Deno.test("a client that accepts neither form is told so", () => {
  assert.equal(answerForm("text/html"), null);
  assert.equal(answerForm("application/json;q=0"), null);
});

Deno.test("a JSON answer becomes one SSE message event with the same status and headers", async () => {
  const json = Response.json({ jsonrpc: "2.0", id: 1, result: {} }, {
    headers: { "mcp-session-id": "abc" },
  });
  const sse = await asSseEvent(json);
  assert.equal(sse.headers.get("content-type"), "text/event-stream");
  assert.equal(sse.headers.get("mcp-session-id"), "abc");
  assert.equal(await sse.text(), 'event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n');
});
