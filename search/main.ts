import { loadConfigOrExit } from "../runtime/config.ts";
import { secretFromEnvOrDataDir } from "../runtime/secrets.ts";
import { runService } from "../runtime/serve.ts";
import { createSearchApp } from "./app.ts";
import { checkSettingsPath, searchEnv } from "./config.ts";

const env = loadConfigOrExit("search", searchEnv, checkSettingsPath);
// Resolved at start so that a missing data folder fails now, not on the first request.
await secretFromEnvOrDataDir("SEARCH_SECRET", env.SEARCH_SECRET, env.DATA_DIR);

await runService({
  service: "search",
  hostname: env.SEARCH_BIND_ADDRESS,
  port: env.SEARCH_PORT,
  handler: createSearchApp().fetch,
});
