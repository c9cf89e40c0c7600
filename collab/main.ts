import { loadConfigOrExit } from "../runtime/config.ts";
import { secretFromEnvOrDataDir } from "../runtime/secrets.ts";
import { describeError } from "../shared/describe_error.ts";
import { runService } from "../runtime/serve.ts";
import { createCollabApp } from "./app.ts";
import { collabConfig, collabEnv } from "./config.ts";

const config = loadConfigOrExit("collab", collabEnv, collabConfig);
config.secret = await secretFromEnvOrDataDir("COLLAB_SECRET", config.secret, config.dataDir);
try {
  await Deno.mkdir(config.roomsDir, { recursive: true });
} catch (error) {
  console.error(
    `collab: cannot create COLLAB_DATA_DIR ${config.roomsDir}: ${describeError(error)}`,
  );
  Deno.exit(1);
}

await runService({
  service: "collab",
  hostname: config.hostname,
  port: config.port,
  handler: createCollabApp().fetch,
});
