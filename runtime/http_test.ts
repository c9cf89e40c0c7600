import assert from "node:assert/strict";
import { HTTPException } from "hono/http-exception";
import { serviceApp } from "./http.ts";
import { listen } from "./serve.ts";
import { VERSION } from "./version.ts";
import { rawRequest } from "./raw_http_testing.ts";

async function withServer(app: ReturnType<typeof serviceApp>, run: (base: URL) => Promise<void>) {
  const server = await listen(app.fetch, { hostname: "127.0.0.1", port: 0 });
  try {
    await run(server.url);
  } finally {
    await server.stop();
  }
}

Deno.test("health reports 503 when the service's dependency is down", async () => {
  let healthy = true;
  const app = serviceApp("diagram", {
    probe: () => healthy ? Promise.resolve() : Promise.reject(new Error("db gone")),
  });
  const errors: string[] = [];
  const originalError = console.error;
  console.error = (line: string) => errors.push(line);
  try {
    await withServer(app, async (base) => {
      const up = await fetch(new URL("/health", base));
      assert.deepEqual(await up.json(), { status: "ok", service: "diagram", version: VERSION });
      healthy = false;
      const down = await fetch(new URL("/health", base));
      assert.equal(down.status, 503);
      assert.deepEqual(await down.json(), {
        status: "unavailable",
        service: "diagram",
        version: VERSION,
      });
    });
  } finally {
    console.error = originalError;
  }
  assert.match(errors.join("\n"), /health check failed: db gone/);
});

Deno.test("an unexpected error is a JSON 500 that does not leak its cause", async () => {
  const app = serviceApp("search");
  app.get("/boom", () => {
    throw new Error("secret internal detail");
  });
  const originalError = console.error;
  console.error = () => {};
  try {
    await withServer(app, async (base) => {
      const response = await fetch(new URL("/boom", base));
      assert.equal(response.status, 500);
      const body = await response.text();
      assert.deepEqual(JSON.parse(body), { error: "Internal server error" });
      assert.ok(!body.includes("secret internal detail"));
    });
  } finally {
    console.error = originalError;
  }
});

Deno.test("client errors raised by middleware keep their status and say what is wrong", async () => {
  const app = serviceApp("search_mcp");
  app.post("/upload", () => {
    throw new HTTPException(413, { message: "Body larger than 1 MiB" });
  });
  await withServer(app, async (base) => {
    const response = await fetch(new URL("/upload", base), { method: "POST", body: "x" });
    assert.equal(response.status, 413);
    assert.deepEqual(await response.json(), { error: "Body larger than 1 MiB" });
  });
});

Deno.test("health details are added to a healthy answer", async () => {
  const app = serviceApp("search_mcp", {
    details: () => Promise.resolve({ engine: "unreachable" }),
  });
  await withServer(app, async (base) => {
    const response = await fetch(new URL("/health", base));
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.status, "ok");
    assert.equal(body.engine, "unreachable");
  });
});

Deno.test("every answer, health, 404, refusal or 500, carries X-Content-Type-Options: nosniff", async () => {
  const app = serviceApp("search");
  app.get("/refuse", () => {
    throw new HTTPException(400, { message: "no" });
  });
  app.get("/bug", () => {
    throw new Error("bug");
  });
  const originalError = console.error;
  console.error = () => {};
  try {
    for (const path of ["/health", "/missing", "/refuse", "/bug"]) {
      const response = await app.request(path);
      await response.body?.cancel();
      assert.equal(response.headers.get("x-content-type-options"), "nosniff", path);
    }
  } finally {
    console.error = originalError;
  }
});

Deno.test("a malformed Host header is a JSON 400 on every route, never a 500", async () => {
  const app = serviceApp("search");
  app.get("/uses-url", (c) => c.json({ path: new URL(c.req.url).pathname }));
  await withServer(app, async (base) => {
    const port = Number(base.port);
    for (const host of ["x:99999", "[::1", "a b", "x:-1", "x:1:2"]) {
      for (const path of ["/health", "/uses-url", "/nowhere"]) {
        const answer = await rawRequest(
          port,
          `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
          [],
          0,
        );
        assert.equal(answer.status, 400, `${host} ${path}`);
        assert.match(String(answer.body.error), /Host header/);
      }
    }
    const good = await rawRequest(
      port,
      "GET /uses-url HTTP/1.1\r\nHost: [::1]:8080\r\nConnection: close\r\n\r\n",
      [],
      0,
    );
    assert.deepEqual([good.status, good.body], [200, { path: "/uses-url" }]);
  });
});

Deno.test("requests are counted per route template; a path no route matches is 'unmatched'", async () => {
  const app = serviceApp("diagram");
  app.get("/api/items/:id", (c) => c.json({ id: c.req.param("id") }));
  await withServer(app, async (base) => {
    for (const path of ["/api/items/secret-id-1", "/api/items/secret-id-2", "/no/such/path"]) {
      await (await fetch(new URL(path, base))).body?.cancel();
    }
    await (await fetch(new URL("/api/items/x", base), { method: "BREW" })).body?.cancel();
    const text = await (await fetch(new URL("/metrics", base))).text();
    assert.match(
      text,
      /^http_requests_total\{route="\/api\/items\/:id",method="GET",code="200"\} 2$/m,
    );
    assert.match(text, /^http_requests_total\{route="unmatched",method="GET",code="404"\} 1$/m);
    assert.match(text, /^http_requests_total\{route="unmatched",method="other",code="404"\} 1$/m);
    assert.match(
      text,
      /^http_request_duration_seconds_count\{route="\/api\/items\/:id",method="GET"\} 2$/m,
    );
    assert.doesNotMatch(text, /secret-id|no\/such|BREW/);
    assert.match(text, /^process_resident_memory_bytes \d+$/m);
    assert.match(text, new RegExp(`^diagram_build_info\\{version="${VERSION}"\\} 1$`, "m"));
  });
});

Deno.test("/metrics is text format 0.0.4 on loopback; with METRICS_TOKEN it needs the token", async () => {
  await withServer(serviceApp("search"), async (base) => {
    const open = await fetch(new URL("/metrics", base));
    assert.equal(open.status, 200);
    assert.equal(open.headers.get("content-type"), "text/plain; version=0.0.4; charset=utf-8");
    await open.body?.cancel();
  });
  const token = "metrics-token-0123456789";
  await withServer(serviceApp("search", { metricsToken: token }), async (base) => {
    const bare = await fetch(new URL("/metrics", base));
    assert.equal(bare.status, 401);
    assert.equal(bare.headers.get("www-authenticate"), 'Bearer realm="metrics"');
    assert.match((await bare.json()).error, /METRICS_TOKEN/);
    const wrong = await fetch(new URL("/metrics", base), {
      headers: { authorization: "Bearer not-the-token-0123" },
    });
    assert.equal(wrong.status, 401);
    await wrong.body?.cancel();
    const right = await fetch(new URL("/metrics", base), {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(right.status, 200);
    assert.match(await right.text(), /^# TYPE http_requests_total counter$/m);
  });
});

Deno.test("/healthz answers while the process does; /readyz names each dependency not ready", async () => {
  let database: string | null = null;
  const app = serviceApp("diagram", {
    readiness: [
      { name: "database", problem: () => Promise.resolve(database) },
      { name: "layout_pool", problem: () => Promise.reject(new Error("pool gone")) },
    ],
  });
  const alive = await app.request("/healthz");
  assert.equal(alive.status, 200);
  assert.equal(await alive.text(), "ok");
  const first = await app.request("/readyz");
  assert.equal(first.status, 503);
  assert.deepEqual(await first.json(), {
    status: "not ready",
    not_ready: { layout_pool: "pool gone" },
  });
  database = "no answer";
  const second = await (await app.request("/readyz")).json();
  assert.deepEqual(Object.keys(second.not_ready), ["database", "layout_pool"]);
  const ready = await serviceApp("search", { aliveText: "OK" }).request("/readyz");
  assert.equal(ready.status, 200);
  assert.deepEqual(await ready.json(), { status: "ready" });
  assert.equal(
    await (await serviceApp("search", { aliveText: "OK" }).request("/healthz")).text(),
    "OK",
  );
});
