// The official MCP conformance suite against both MCP servers, each behind a loopback proxy that
// adds the bearer token (the suite cannot send headers). Only the scenarios that test a server's
// own behaviour run: the others call the suite's fixture tools, resources and prompts, which no
// real server has.
import assert from "node:assert/strict";
import { startBearerProxy } from "./helpers/bearer_proxy.ts";
import { startDiagram } from "./helpers/diagram_instance.ts";
import { type CheckStatus, runConformanceScenario } from "./helpers/mcp_conformance.ts";
import { freePort } from "./helpers/process.ts";
import { MCP_TOKEN, startSearchMcp } from "./helpers/search_mcp_instance.ts";

type Outcomes = Record<string, Record<string, CheckStatus>>;

/** Every scenario's checks by id; each check's status and any error are printed as they come. */
async function runScenarios(server: string, mcpUrl: URL): Promise<Outcomes> {
  const outcomes: Outcomes = {};
  for (const scenario of Object.keys(EXPECTED_SEARCH_MCP)) {
    outcomes[scenario] = {};
    for (const check of await runConformanceScenario(mcpUrl, scenario)) {
      outcomes[scenario][check.id] = check.status;
      const error = check.errorMessage ? `: ${check.errorMessage}` : "";
      console.log(`${server} ${scenario} ${check.id} ${check.status}${error}`);
    }
  }
  return outcomes;
}

const EXPECTED_SEARCH_MCP: Outcomes = {
  "server-initialize": { "server-initialize": "SUCCESS" },
  "ping": { "ping": "SUCCESS" },
  "tools-list": { "tools-list": "SUCCESS" },
  "server-sse-multiple-streams": {
    "server-accepts-multiple-post-streams": "SUCCESS",
    // Clients that rank JSON and SSE alike get JSON, which the scenario accepts.
    "server-sse-streams-functional": "INFO",
  },
  "dns-rebinding-protection": {
    "localhost-host-rebinding-rejected": "SUCCESS",
    "localhost-host-valid-accepted": "SUCCESS",
  },
};

Deno.test("search_mcp passes the conformance scenarios that apply to it", async () => {
  await using mcp = await startSearchMcp({
    SEARXNG_URL: `http://127.0.0.1:${freePort()}`,
    MCP_HTTP_AUTH_TOKEN: MCP_TOKEN,
  });
  await using proxy = await startBearerProxy(mcp.mcpUrl, MCP_TOKEN);
  assert.deepEqual(await runScenarios("search_mcp", proxy.mcpUrl), EXPECTED_SEARCH_MCP);
});

Deno.test("diagram passes the conformance scenarios that apply to it", async () => {
  await using instance = await startDiagram();
  await instance.admin("reset-password", "conformance@example.com", "a long password here");
  const created = await instance.admin("create-token", "conformance@example.com", "suite");
  const token = created.stdout.trim().split("\n").at(-1)!;
  await using proxy = await startBearerProxy(new URL("/mcp", instance.url), token);
  assert.deepEqual(await runScenarios("diagram", proxy.mcpUrl), {
    ...EXPECTED_SEARCH_MCP,
    // Stateless: no session, so the scenario has no streams of one session to compare.
    "server-sse-multiple-streams": { "server-sse-multiple-streams-session": "WARNING" },
  });
});
