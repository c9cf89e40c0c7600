// GET /api/openapi.json: the description names exactly the routes the app serves under /api/,
// passes an OpenAPI linter, is served over HTTP, and the answers of the main routes parse with the
// schemas it gives them.
import assert from "node:assert/strict";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import type { z } from "zod";
import { withTestCore } from "../diagram/service/service_testing.ts";
import { openApiDescription, OPERATIONS } from "../diagram/routes/openapi/document.ts";
import { refusals } from "../diagram/routes/openapi/operation_object.ts";
import { errorSchema, staleRevisionSchema } from "../diagram/routes/openapi/responses.ts";
import { inProcessDiagramApp } from "./helpers/diagram_app.ts";
import { apiClient, startDiagram } from "./helpers/diagram_instance.ts";
import { fileWithNote } from "./helpers/scene_fixture.ts";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery";

/** "GET /api/diagrams/{id}" for each operation the description holds. */
function describedRoutes(document: Record<string, unknown>): Set<string> {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  return new Set(
    Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)
    ),
  );
}

Deno.test("the description names exactly the method and path of every route the app serves under /api/", async () => {
  await withTestCore(({ core }) => {
    const app = inProcessDiagramApp(core, "http://localhost:8000");
    // Middleware (app.use) is registered under the method ALL; routes under their own.
    const served = new Set(
      app.routes.filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
        .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    const described = describedRoutes(openApiDescription(false).document);
    const missing = [...served].filter((route) => !described.has(route));
    const extra = [...described].filter((route) => !served.has(route));
    assert.deepEqual({ missing, extra }, { missing: [], extra: [] });
    assert.ok(served.size >= 40, `only ${served.size} routes found under /api/`);
    return Promise.resolve();
  });
});

/**
 * What the lint may report, each for a reason: the project names no licence, and the description's
 * own route, public and without parameters, has no refusal to describe.
 */
const ACCEPTED_PROBLEMS = [
  "info-license #/info",
  "operation-4xx-response #/paths/~1api~1openapi.json/get/responses",
];

Deno.test("Redocly's recommended-strict rules find no problem in the description", async () => {
  const config = await createConfig({ extends: ["recommended-strict"] });
  for (const secureCookie of [false, true]) {
    const problems = await lintFromString({
      source: openApiDescription(secureCookie).text,
      absoluteRef: "/api/openapi.json",
      config,
    });
    const found = problems.map((problem) =>
      `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`
    );
    const unexpected = found.filter((line) =>
      !ACCEPTED_PROBLEMS.some((accepted) => line.startsWith(`${accepted}:`))
    );
    assert.deepEqual(unexpected, []);
  }
});

Deno.test("the session cookie is described under the name the service sets, __Host- over https", () => {
  const cookieName = (secure: boolean) => {
    const { components } = openApiDescription(secure).document as {
      components: { securitySchemes: { sessionCookie: { name: string } } };
    };
    return components.securitySchemes.sessionCookie.name;
  };
  assert.equal(cookieName(false), "diagram_session");
  assert.equal(cookieName(true), "__Host-diagram_session");
});

type Api = ReturnType<typeof apiClient>;
type Answer = Awaited<ReturnType<Api>>;

/** The described operation that serves `method` on `path` (a request's path, query left out). */
function operationServing(method: string, path: string) {
  const bare = path.split("?")[0];
  const found = OPERATIONS.find((operation) =>
    operation.method === method.toLowerCase() &&
    new RegExp(`^${operation.path.replaceAll(".", "\\.").replace(/:\w+/g, "[^/]+")}$`).test(bare)
  );
  assert.ok(found, `no operation describes ${method} ${bare}`);
  return found;
}

function parses(schema: z.ZodType, value: unknown, what: string): void {
  const result = schema.safeParse(value);
  assert.ok(result.success, `${what}: ${result.error?.message}`);
}

/** The answer is one the description gives the operation, in the shape it gives. */
function assertDescribed(method: string, path: string, answer: Answer): void {
  const operation = operationServing(method, path);
  const what = `${method} ${path} → ${answer.status}`;
  const declared = operation.answers[answer.status];
  if (declared === undefined) {
    assert.ok(refusals(operation).has(answer.status), `${what} is not described: ${answer.text}`);
    const schema = answer.status === 412 ? staleRevisionSchema : errorSchema;
    return parses(schema, answer.json, what);
  }
  const type = answer.headers.get("content-type")?.split(";")[0] ?? null;
  if (declared.json !== undefined) {
    assert.equal(type, "application/json", what);
    return parses(declared.json, answer.json, what);
  }
  if (declared.media !== undefined) {
    assert.ok(type !== null && type in declared.media, `${what}: ${type} is not described`);
  } else assert.equal(answer.text, "", `${what} should have no body`);
}

/** Every call checked against the description. */
function describedClient(api: Api): Api {
  return async (method, path, body, headers) => {
    const answer = await api(method, path, body, headers);
    assertDescribed(method, path, answer);
    return answer;
  };
}

Deno.test("GET /api/openapi.json serves the description without a login, with an ETag that answers 304", async () => {
  await using instance = await startDiagram();
  const url = new URL("/api/openapi.json", instance.url);
  const answer = await fetch(url);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("content-type"), "application/json; charset=utf-8");
  assert.deepEqual(await answer.json(), openApiDescription(false).document);
  const etag = answer.headers.get("etag");
  assert.ok(etag, "no ETag");
  const again = await fetch(url, { headers: { "if-none-match": etag } });
  await again.body?.cancel();
  assert.equal(again.status, 304);
});

Deno.test("the main routes' answers, successes and refusals, parse with the schemas the description gives them", async () => {
  await using instance = await startDiagram();
  const created = await instance.admin("reset-password", EMAIL, PASSWORD);
  assert.equal(created.code, 0, created.stderr);
  const cookie = await instance.login(EMAIL, PASSWORD);
  const { components } = openApiDescription(false).document as {
    components: { securitySchemes: { sessionCookie: { name: string } } };
  };
  assert.equal(cookie.split("=")[0], components.securitySchemes.sessionCookie.name);
  const api = describedClient(apiClient(instance, cookie));
  const anonymous = describedClient(apiClient(instance));

  await api("GET", "/api/session");
  await anonymous("GET", "/api/diagrams");
  const folder = (await api("POST", "/api/collections", { name: "Plans" })).json;
  await api("GET", "/api/collections");
  await api("GET", `/api/collections/${folder.id}`);
  await api("PATCH", `/api/collections/${folder.id}`, { name: "Designs" });

  const made = await api("POST", "/api/diagrams", {
    name: "Plan",
    collectionId: folder.id,
    file: fileWithNote("first words"),
  });
  assert.equal(made.status, 201);
  const id: string = made.json.id;
  const chart = await api("POST", "/api/diagrams", {
    name: "Flow",
    mermaid: "flowchart LR\nA-->B",
  });
  assert.equal(chart.status, 201);
  await api("POST", "/api/diagrams", { name: "", file: {}, spec: {} });
  await api("GET", "/api/diagrams?limit=1");
  await api("GET", "/api/diagrams/not-an-id");
  await api("GET", `/api/diagrams/${"A".repeat(22)}`);
  const read = await api("GET", `/api/diagrams/${id}`);
  assert.equal(read.status, 200);
  await api("PUT", `/api/diagrams/${id}`, { file: fileWithNote("second words") });
  const stale = await api("PUT", `/api/diagrams/${id}`, { file: fileWithNote("third words") }, {
    "if-match": '"1"',
  });
  assert.equal(stale.status, 412);
  await api("PATCH", `/api/diagrams/${id}`, { name: "Plan B" });
  await api("POST", `/api/diagrams/${id}/duplicate`);
  await api("GET", `/api/diagrams/${id}/export`);
  await api("GET", `/api/diagrams/${id}/thumbnail.svg`);
  await api("POST", `/api/diagrams/${id}/collab-token`);

  await api("GET", `/api/diagrams/${id}/revisions`);
  await api("GET", `/api/diagrams/${id}/revisions/1`);
  await api("GET", `/api/diagrams/${id}/revisions/1/changes`);
  await api("POST", `/api/diagrams/${id}/revisions/1/restore`);

  const link = await api("POST", `/api/diagrams/${id}/shares`, { label: "team" });
  assert.equal(link.status, 201);
  await api("POST", `/api/collections/${folder.id}/shares`, {});
  await api("GET", "/api/shares");
  await api("GET", `/api/diagrams/${id}/shares`);
  await api("PATCH", `/api/shares/${link.json.id}`, { history: true });
  await api("DELETE", `/api/shares/${link.json.id}`);

  const full = await api("DELETE", `/api/collections/${folder.id}`);
  assert.equal(full.status, 409);
  await api("DELETE", `/api/diagrams/${id}`);
  const trash = await api("GET", "/api/trash");
  assert.equal(trash.json.diagrams.length, 1);
  await api("POST", `/api/trash/${id}/restore`);
  await api("DELETE", `/api/diagrams/${id}`);
  await api("DELETE", `/api/trash/${id}`);
  await api("DELETE", `/api/collections/${folder.id}?contents=none`);
});
