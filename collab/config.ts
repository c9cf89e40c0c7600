import { bindAddress, dataDir, type EnvValues, path, port, text, url } from "../shared/env.ts";

export const collabEnv = {
  COLLAB_PORT: port(1234),
  COLLAB_BIND_ADDRESS: bindAddress("127.0.0.1"),
  COLLAB_SECRET: text({ secret: true, minLength: 32 }),
  DIAGRAM_INTERNAL_URL: url("http://127.0.0.1:8000", ["http:", "https:"], "http://diagram:8000"),
  COLLAB_DATA_DIR: path(),
  DATA_DIR: dataDir,
};

export interface CollabConfig {
  hostname: string;
  port: number;
  /** Undefined until resolved from the data folder at start. */
  secret?: string;
  diagramInternalUrl: string;
  /** Where rooms are flushed between saves; defaults to <DATA_DIR>/collab. */
  roomsDir: string;
  dataDir: string;
}

export function collabConfig(env: EnvValues<typeof collabEnv>): CollabConfig {
  return {
    hostname: env.COLLAB_BIND_ADDRESS,
    port: env.COLLAB_PORT,
    secret: env.COLLAB_SECRET,
    diagramInternalUrl: env.DIAGRAM_INTERNAL_URL,
    roomsDir: env.COLLAB_DATA_DIR ?? `${env.DATA_DIR}/collab`,
    dataDir: env.DATA_DIR,
  };
}
