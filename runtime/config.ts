// The process edge of configuration: a bad environment stops the service with one line and exit 2.
import { ConfigError, type EnvValues, type EnvVar, readEnv } from "../shared/env.ts";

export const EXIT_CONFIG = 2;

/** Reads and validates `spec`; `build` may add rules that span several variables (throw ConfigError). */
export function loadConfigOrExit<S extends Record<string, EnvVar<unknown>>, C = EnvValues<S>>(
  service: string,
  spec: S,
  build: (values: EnvValues<S>) => C = (values) => values as C,
): C {
  try {
    return build(readEnv(spec, Deno.env.toObject()));
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(service, error);
    throw error;
  }
}

export function exitWithConfigError(service: string, error: ConfigError): never {
  console.error(`${service}: ${error.message}`);
  Deno.exit(EXIT_CONFIG);
}
