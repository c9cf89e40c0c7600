import { ConfigError } from "../shared/env.ts";
import { exitWithConfigError, loadConfigOrExit } from "../runtime/config.ts";
import { secretFromEnvOrDataDir } from "../runtime/secrets.ts";
import { describeError } from "../shared/describe_error.ts";
import { runService } from "../runtime/serve.ts";
import { createDiagramApp } from "./app.ts";
import { diagramConfig, diagramEnv } from "./config.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { loadMigrations, migrate } from "./db/migrate.ts";

const config = loadConfigOrExit("diagram", diagramEnv, diagramConfig);
config.collabSecret = await secretFromEnvOrDataDir(
  "COLLAB_SECRET",
  config.collabSecret,
  config.dataDir,
);

let db: Database;
try {
  db = await openDatabase(config.database);
  const applied = await migrate(db, await loadMigrations());
  for (const file of applied) console.log(`diagram: applied migration ${file}`);
} catch (error) {
  if (error instanceof ConfigError) exitWithConfigError("diagram", error);
  console.error(`diagram: ${describeError(error)}`);
  Deno.exit(1);
}

await runService({
  service: "diagram",
  hostname: config.hostname,
  port: config.port,
  handler: createDiagramApp({ db }).fetch,
  onShutdown: () => db.close(),
});
