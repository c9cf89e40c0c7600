import assert from "node:assert/strict";
import { createDiagramClient, DiagramUnavailableError } from "./diagram_client.ts";

Deno.test("a save answered with a redirect is not followed: the signed request and the drawing stay home", async () => {
  const elsewhere: string[] = [];
  const other = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    elsewhere.push(`${request.method} ${new URL(request.url).pathname}`);
    return Response.json({ revision: 2 });
  });
  const redirecting = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) =>
      new Response(null, {
        status: 307,
        headers: {
          location: `http://127.0.0.1:${other.addr.port}${new URL(request.url).pathname}`,
        },
      }),
  );
  try {
    const client = createDiagramClient(
      `http://127.0.0.1:${redirecting.addr.port}`,
      "a".repeat(32),
    );
    await assert.rejects(
      client.save("d1", 1, [{ id: "secret drawing" }]),
      (error) =>
        error instanceof DiagramUnavailableError && /307 \(a redirect, not followed\)/.test(
          error.message,
        ),
    );
    assert.deepEqual(elsewhere, []);
  } finally {
    await redirecting.shutdown();
    await other.shutdown();
  }
});
