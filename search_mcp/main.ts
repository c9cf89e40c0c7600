// search_mcp's entry point: reads its variables, builds the service and serves it until stopped.
import { loadConfigOrExit } from "../runtime/config.ts";
import { runService } from "../runtime/serve.ts";
import { checkSearchMcpEnv, searchMcpEnv } from "./config.ts";
import { createSearchMcp } from "./instance.ts";

const env = loadConfigOrExit("search_mcp", searchMcpEnv, checkSearchMcpEnv);
const instance = createSearchMcp(env);

await runService({
  service: "search_mcp",
  hostname: env.MCP_HTTP_HOST,
  port: env.MCP_HTTP_PORT,
  variables: { port: "MCP_HTTP_PORT", hostname: "MCP_HTTP_HOST" },
  handler: instance.app.fetch,
  onShutdown: () => instance.close(),
});
