// diagram's entry point: reads its variables, opens and migrates the database, starts the drawing
// workers and serves until stopped.
import { ConfigError } from "../shared/env.ts";
import { exitWithConfigError, loadConfigOrExit } from "../runtime/config.ts";
import { createMcpEndpoint } from "../runtime/mcp/endpoint.ts";
import { secretFromEnvOrDataDir } from "../runtime/secrets.ts";
import { describeError } from "../shared/describe_error.ts";
import { runService } from "../runtime/serve.ts";
import { createRateLimiter } from "../shared/rate_limiter.ts";
import { layoutBudgetProblems } from "./drawing/layout/layout_budget.ts";
import { createDiagramApp } from "./app.ts";
import { readEditorManifest } from "./editor_bundle.ts";
import { createLoginThrottle, DEFAULT_LOGIN_LIMITS } from "./auth/login_throttle.ts";
import { diagramConfig, diagramEnv } from "./config.ts";
import { createDiagramService } from "./service/diagram_service.ts";
import { scheduleUpkeep } from "./service/upkeep.ts";
import { startBackups } from "./backup/schedule.ts";
import type { Database } from "./db/database.ts";
import { openMigratedDatabase } from "./db/open_migrated.ts";
import { createDrawingPool } from "./drawing_pool/drawing_pool.ts";
import { registerDiagramMetrics } from "./metrics.ts";
import { Registry } from "../runtime/metrics/registry.ts";
import {
  compileResvg,
  PNG_FONTS_MANIFEST,
  readPngFontManifest,
} from "./drawing_pool/png_assets.ts";
import { createDiagramMcpServer } from "./mcp/server.ts";
import { viewResource } from "./mcp/view_resource.ts";
import { readViewDocument } from "./view_bundle.ts";

const MCP_BODY_BYTES = 4 * 1024 * 1024;

const config = loadConfigOrExit("diagram", diagramEnv, diagramConfig);
const collabSecret = await secretFromEnvOrDataDir(
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

// Layouts (and the MCP tools' PNG previews) run in workers, off the thread that answers requests,
// each within its time budget; the workers warm ELK and resvg, compiled once here and shared by
// them, while the service starts listening.
const layouts = createDrawingPool({ eager: true, resvg: compileResvg() });
// /metrics: the pool and the database, read when scraped. It also returns `backups`, which the
// backup scheduler reports its runs to.
const registry = new Registry();
const diagramMetrics = registerDiagramMetrics(registry, { pool: () => layouts.stats(), db });
if (readPngFontManifest() === null) {
  console.error(
    `diagram: no PNG previews for MCP tools: ${PNG_FONTS_MANIFEST} is missing ` +
      "(`deno task prepare` builds it)",
  );
}
const core = createDiagramService({
  db,
  baseUrl: config.baseUrl,
  draw: (job, owner) => layouts.draw(job, owner),
  preview: (file, owner) => layouts.preview(file, owner),
  layoutProblems: layoutBudgetProblems,
  throttle: createLoginThrottle(DEFAULT_LOGIN_LIMITS),
  collab: { secret: collabSecret, publicUrl: config.collabPublicUrl },
  trashKeepMs: config.upkeep.trashKeepMs,
});
const upkeep = scheduleUpkeep(db, config.upkeep, (line) => console.log(`diagram: ${line}`));
const backups = await startBackups(
  config,
  db,
  (line) => console.log(`diagram: ${line}`),
  (run) =>
    run.ok ? diagramMetrics.backups.succeeded(run.backup.bytes) : diagramMetrics.backups.failed(),
);
const mcp = createMcpEndpoint({
  createServer: (authInfo) => {
    const { userId, tokenName } = authInfo?.extra ?? {};
    if (typeof userId !== "string" || typeof tokenName !== "string") {
      throw new Error("diagram MCP server needs an authenticated user");
    }
    return createDiagramMcpServer({
      diagrams: core.diagrams,
      history: core.history,
      collections: core.collections,
      shares: core.shares,
      actor: { userId, via: "mcp", tokenName },
    }, view);
  },
  sessions: null,
  maxBodyBytes: MCP_BODY_BYTES,
  toolLimiter: config.mcpRateMax === 0
    ? undefined
    : createRateLimiter({ burst: config.mcpRateMax, perMinute: config.mcpRateMax }),
});

const editorBundle = readEditorManifest();
if (!editorBundle) {
  console.error(
    "diagram: the editor's bundle is missing (build/editor/): diagrams open read-only until " +
      "`deno task build` has run",
  );
}
// The MCP App view the diagram tools name, with this bundle's full-screen editor; the MCP server
// made for each request (above) serves it.
const viewDocument = readViewDocument();
if (viewDocument === null) {
  console.error(
    "diagram: the MCP App view is missing (build/view/): chat clients show a note instead " +
      "until `deno task build` has run",
  );
}
const view = viewResource({
  document: viewDocument,
  baseUrl: config.baseUrl,
  editor: editorBundle,
});

await runService({
  service: "diagram",
  hostname: config.hostname,
  port: config.port,
  variables: { port: "DIAGRAM_PORT", hostname: "DIAGRAM_BIND_ADDRESS" },
  handler: createDiagramApp({
    core,
    baseUrl: config.baseUrl,
    mcp,
    mcpAllowedOrigins: config.mcpAllowedOrigins,
    trustProxy: config.trustProxy,
    collabSecret,
    metrics: registry,
    metricsToken: config.metricsToken,
    layoutPool: () => layouts.stats(),
    healthDetails: () => Promise.resolve({ backup: backups?.status() ?? { scheduled: false } }),
    editor: {
      bundle: editorBundle,
      collabOrigin: new URL(config.collabPublicUrl).origin,
    },
  }).fetch,
  onShutdown: async () => {
    await mcp.close();
    await upkeep.stop();
    await backups?.stop();
    await layouts.close();
    db.close();
  },
});
