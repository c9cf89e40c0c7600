import assert from "node:assert/strict";
import { dependencyHealth, httpProbe } from "./dependency_health.ts";
import { freePort } from "../tests/helpers/process.ts";

Deno.test("a dependency that answers is reachable; one that does not makes the service degraded, with the reason", async () => {
  let problem: string | null = null;
  let now = 0;
  const health = dependencyHealth("engine", () => Promise.resolve(problem), () => now);
  assert.deepEqual(await health(), { engine: "reachable" });

  problem = "the search engine does not answer";
  now += 6_000;
  assert.deepEqual(await health(), {
    status: "degraded",
    reason: "the search engine does not answer",
    engine: "unreachable",
  });
});

Deno.test("the dependency is asked at most every 5 s however often health is read", async () => {
  let asked = 0;
  let now = 0;
  const health = dependencyHealth("diagram", () => Promise.resolve((asked++, null)), () => now);
  await health();
  now += 4_000;
  await health();
  assert.equal(asked, 1);
  now += 2_000;
  await health();
  assert.equal(asked, 2);
});

Deno.test("an HTTP probe says which service at which address does not answer, and why", async () => {
  const port = freePort();
  const problem = await httpProbe(`http://127.0.0.1:${port}/health`, "the diagram service")();
  assert.match(problem ?? "", /^the diagram service does not answer \(.*refused/i);

  const server = Deno.serve(
    { port: 0, onListen() {} },
    (request) =>
      new URL(request.url).pathname === "/broken"
        ? new Response("no", { status: 502 })
        : new Response("nothing here", { status: 404 }),
  );
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    assert.equal(await httpProbe(`${base}/health`, "x")(), null, "any answer below 500 is up");
    assert.equal(await httpProbe(`${base}/broken`, "search")(), "search answered HTTP 502");
  } finally {
    await server.shutdown();
  }
});
