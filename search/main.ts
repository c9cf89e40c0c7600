// search's entry point: reads its variables and settings file, builds the service, serves until stopped.
import { exitWithConfigError, loadConfigOrExit } from "../runtime/config.ts";
import { secretFromEnvOrDataDir } from "../runtime/secrets.ts";
import { runService } from "../runtime/serve.ts";
import { ConfigError } from "../shared/env.ts";
import { checkSettingsPath, searchEnv } from "./config.ts";
import { ENGINE_MODULES } from "./engines/mod.ts";
import { createSearchInstance } from "./instance.ts";
import { loadSettings } from "./settings/load.ts";
import type { Settings } from "./settings/types.ts";

const env = loadConfigOrExit("search", searchEnv, checkSettingsPath);
let settings: Settings;
try {
  const loaded = await loadSettings(env.SEARCH_SETTINGS_PATH, ENGINE_MODULES, {
    SEARCH_PORT: env.SEARCH_PORT,
    SEARCH_BIND_ADDRESS: env.SEARCH_BIND_ADDRESS,
    SEARCH_SECRET: env.SEARCH_SECRET,
  });
  settings = loaded.settings;
  for (const warning of loaded.warnings) console.warn(`search: ${warning}`);
} catch (error) {
  if (error instanceof ConfigError) exitWithConfigError("search", error);
  throw error;
}
// Neither the environment nor the settings file holds a usable key: use the generated one.
const secret = settings.server.secret_key ??
  await secretFromEnvOrDataDir("SEARCH_SECRET", undefined, env.DATA_DIR);
const search = createSearchInstance(settings, { secret, metricsToken: env.METRICS_TOKEN });

await runService({
  service: "search",
  hostname: settings.server.bind_address,
  port: settings.server.port,
  variables: { port: "SEARCH_PORT", hostname: "SEARCH_BIND_ADDRESS" },
  handler: search.app.fetch,
  onShutdown: () => search.close(),
});
