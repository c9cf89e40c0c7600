import { ConfigError } from "../shared/env.ts";
import { exitWithConfigError, loadConfigOrExit } from "../runtime/config.ts";
import { createMcpEndpoint } from "../runtime/mcp/endpoint.ts";
import { secretFromEnvOrDataDir } from "../runtime/secrets.ts";
import { describeError } from "../shared/describe_error.ts";
import { runService } from "../runtime/serve.ts";
import { warmLayoutEngine } from "../shared/generate/layout.ts";
import { createDiagramApp } from "./app.ts";
import { diagramConfig, diagramEnv } from "./config.ts";
import { createDiagramService } from "./core/diagram_service.ts";
import type { Database } from "./db/database.ts";
import { openMigratedDatabase } from "./db/open_migrated.ts";
import { createDiagramMcpServer } from "./mcp/server.ts";

const MCP_BODY_BYTES = 4 * 1024 * 1024;

const config = loadConfigOrExit("diagram", diagramEnv, diagramConfig);
config.collabSecret = await secretFromEnvOrDataDir(
  "COLLAB_SECRET",
  config.collabSecret,
  config.dataDir,
);

let db: Database;
try {
  db = await openMigratedDatabase(config.database, (line) => console.log(`diagram: ${line}`));
} catch (error) {
  if (error instanceof ConfigError) exitWithConfigError("diagram", error);
  console.error(`diagram: ${describeError(error)}`);
  Deno.exit(1);
}

// The first ELK layout in a process pays for JIT warm-up; pay it before the first request.
await warmLayoutEngine();

const diagrams = createDiagramService(db, config.baseUrl);
const mcp = createMcpEndpoint({
  createServer: (authInfo) => {
    const userId = authInfo?.extra?.userId;
    if (typeof userId !== "string") {
      throw new Error("diagram MCP server needs an authenticated user");
    }
    return createDiagramMcpServer({ db, diagrams, userId });
  },
  sessions: null,
  maxBodyBytes: MCP_BODY_BYTES,
});

await runService({
  service: "diagram",
  hostname: config.hostname,
  port: config.port,
  handler: createDiagramApp({
    db,
    baseUrl: config.baseUrl,
    diagrams,
    mcp,
    trustProxy: config.trustProxy,
  }).fetch,
  onShutdown: async () => {
    await mcp.close();
    db.close();
  },
});
