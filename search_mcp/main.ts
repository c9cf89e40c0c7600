import { loadConfigOrExit } from "../runtime/config.ts";
import { runService } from "../runtime/serve.ts";
import { createSearchMcpApp } from "./app.ts";
import { requireTokenWhenHardened, searchMcpEnv } from "./config.ts";

const env = loadConfigOrExit("search_mcp", searchMcpEnv, requireTokenWhenHardened);

await runService({
  service: "search_mcp",
  hostname: env.MCP_HTTP_HOST,
  port: env.MCP_HTTP_PORT,
  handler: createSearchMcpApp().fetch,
});
