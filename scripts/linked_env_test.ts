import assert from "node:assert/strict";
import { linkedEnv } from "./linked_env.ts";

Deno.test("with nothing set, each service is pointed at the others' default addresses", () => {
  assert.deepEqual(linkedEnv({}), {
    search_mcp: { SEARXNG_URL: "http://127.0.0.1:8080" },
    collab: { DIAGRAM_INTERNAL_URL: "http://127.0.0.1:8000" },
    diagram: { BASE_URL: "http://localhost:8000", COLLAB_PUBLIC_URL: "ws://localhost:1234" },
  });
});

Deno.test("moved ports show up in every address that names them", () => {
  const env = linkedEnv({ SEARCH_PORT: "9080", DIAGRAM_PORT: "9000", COLLAB_PORT: "9234" });
  assert.equal(env.search_mcp?.SEARXNG_URL, "http://127.0.0.1:9080");
  assert.equal(env.collab?.DIAGRAM_INTERNAL_URL, "http://127.0.0.1:9000");
  assert.equal(env.diagram?.BASE_URL, "http://localhost:9000");
  assert.equal(env.diagram?.COLLAB_PUBLIC_URL, "ws://localhost:9234");
});

Deno.test("bind addresses: wildcards are reached on loopback, others as they are, IPv6 in brackets", () => {
  const env = linkedEnv({
    SEARCH_BIND_ADDRESS: "0.0.0.0",
    DIAGRAM_BIND_ADDRESS: "192.168.1.20",
    COLLAB_BIND_ADDRESS: "fd00::5",
  });
  assert.equal(env.search_mcp?.SEARXNG_URL, "http://127.0.0.1:8080");
  assert.equal(env.collab?.DIAGRAM_INTERNAL_URL, "http://192.168.1.20:8000");
  assert.equal(env.diagram?.BASE_URL, "http://192.168.1.20:8000");
  assert.equal(env.diagram?.COLLAB_PUBLIC_URL, "ws://[fd00::5]:1234");
  assert.equal(
    linkedEnv({ DIAGRAM_BIND_ADDRESS: "::" }).diagram?.BASE_URL,
    "http://localhost:8000",
  );
});

Deno.test("a value set by hand wins, and a port that makes no address adds nothing", () => {
  const env = linkedEnv({
    BASE_URL: "https://diagrams.example.com",
    COLLAB_PUBLIC_URL: "wss://collab.example.com",
    SEARXNG_URL: "http://search.internal:8080",
    DIAGRAM_PORT: "not-a-port",
  });
  assert.deepEqual(env.diagram, {});
  assert.deepEqual(env.search_mcp, {});
  assert.deepEqual(env.collab, {});
});
