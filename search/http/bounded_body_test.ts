import assert from "node:assert/strict";
import { Hono } from "hono";
import { boundedBody } from "./bounded_body.ts";
import { rawRequest } from "../../runtime/raw_http_testing.ts";

/** A form route behind the middleware, on a real server, with a short deadline. */
function serveForm(timeoutMs: number) {
  let routeRan = 0;
  const app = new Hono();
  app.use(boundedBody(64, { timeoutMs }));
  app.post("/form", async (c) => {
    routeRan++;
    const form = new URLSearchParams(await c.req.text());
    return c.json({ q: form.get("q") });
  });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
  return { server, port: server.addr.port, routeRuns: () => routeRan };
}

const FORM_HEAD =
  "POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n";

Deno.test("a form body trickled past the deadline gets 408 JSON and never reaches the route", async () => {
  const { server, port, routeRuns } = serveForm(300);
  try {
    const answer = await rawRequest(
      port,
      `${FORM_HEAD}Content-Length: 30\r\n\r\nq=`,
      Array(28).fill("a"),
      100,
    );
    assert.equal(answer.status, 408);
    assert.match(String(answer.body.error), /^Request body not received in time: .* 300 ms$/);
    assert.ok(answer.elapsed < 2_000, `answered after ${answer.elapsed} ms`);
    assert.equal(routeRuns(), 0);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a stalled chunked form body gets 408 JSON", async () => {
  const { server, port, routeRuns } = serveForm(300);
  try {
    const head = `${FORM_HEAD}Transfer-Encoding: chunked\r\n\r\n2\r\nq=\r\n`;
    const answer = await rawRequest(port, head, [], 0);
    assert.equal(answer.status, 408);
    assert.equal(routeRuns(), 0);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a form body within the deadline and the cap reaches the route; a larger one gets 413", async () => {
  const { server, port, routeRuns } = serveForm(2_000);
  try {
    const answer = await rawRequest(
      port,
      `${FORM_HEAD}Content-Length: 6\r\nConnection: close\r\n\r\nq=`,
      ["ru", "st"],
      20,
    );
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { q: "rust" });
    const chunked = await fetch(`http://127.0.0.1:${port}/form`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: ReadableStream.from([new TextEncoder().encode(`q=${"a".repeat(100)}`)]),
    });
    assert.equal(chunked.status, 413);
    assert.deepEqual(await chunked.json(), { error: "Request body larger than 64 bytes" });
    assert.equal(routeRuns(), 1);
  } finally {
    await server.shutdown();
  }
});
