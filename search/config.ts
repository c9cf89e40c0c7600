// search's environment variables: the settings file, the address, the secret, the data folder.
import {
  bindAddress,
  ConfigError,
  dataDir,
  type EnvValues,
  path,
  port,
  text,
} from "../shared/env.ts";
import { metricsTokenVariable } from "../runtime/metrics/access.ts";

export const searchEnv = {
  // Unset, they leave server.port and server.bind_address of settings.yml in charge.
  SEARCH_PORT: port(undefined),
  SEARCH_BIND_ADDRESS: bindAddress(undefined),
  SEARCH_SETTINGS_PATH: path(),
  SEARCH_SECRET: text({ secret: true, minLength: 16 }),
  DATA_DIR: dataDir,
  METRICS_TOKEN: metricsTokenVariable,
};

export type SearchEnv = EnvValues<typeof searchEnv>;

/** A settings path given explicitly must name a readable file. */
export function checkSettingsPath(env: SearchEnv): SearchEnv {
  const file = env.SEARCH_SETTINGS_PATH;
  if (file === undefined) return env;
  try {
    if (Deno.statSync(file).isFile) return env;
  } catch {
    // reported below
  }
  throw new ConfigError(
    `invalid SEARCH_SETTINGS_PATH=${JSON.stringify(file)}: expected a readable settings.yml file`,
  );
}
