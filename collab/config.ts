// collab's environment variables and the configuration read from them: address, limits, timing.
import {
  bindAddress,
  dataDir,
  type EnvValues,
  integer,
  path,
  port,
  text,
  url,
} from "../shared/env.ts";
import { metricsTokenVariable } from "../runtime/metrics/access.ts";

export const collabEnv = {
  COLLAB_PORT: port(1234),
  COLLAB_BIND_ADDRESS: bindAddress("127.0.0.1"),
  COLLAB_SECRET: text({ secret: true, minLength: 32 }),
  DIAGRAM_INTERNAL_URL: url("http://127.0.0.1:8000", ["http:", "https:"], "http://diagram:8000"),
  COLLAB_DATA_DIR: path(),
  DATA_DIR: dataDir,
  COLLAB_MAX_MESSAGE_BYTES: integer(8 * 1024 * 1024, 1024, 256 * 1024 * 1024),
  COLLAB_MAX_ROOMS: integer(1000, 1, 1_000_000),
  COLLAB_MAX_CONNECTIONS: integer(5000, 1, 1_000_000),
  COLLAB_FLUSH_MS: integer(10_000, 100, 3_600_000),
  COLLAB_UNLOAD_MS: integer(30_000, 100, 3_600_000),
  METRICS_TOKEN: metricsTokenVariable,
};

export interface CollabLimits {
  /** A bigger frame closes its connection with 4413. */
  maxMessageBytes: number;
  maxRooms: number;
  maxConnections: number;
  /** Messages a connection may send per second, sustained (bursts of 10× pass). */
  messagesPerSecond: number;
  /** Bytes waiting to go out to one client before it counts as too slow and is closed. */
  maxBufferedBytes: number;
}

export interface CollabConfig {
  hostname: string;
  port: number;
  /** Undefined until resolved from the data folder at start. */
  secret?: string;
  diagramInternalUrl: string;
  /** Where each room's document is kept between saves and across restarts. */
  roomsDir: string;
  dataDir: string;
  /** How often dirty rooms are saved and every room's stored revision is checked. */
  flushMs: number;
  /** How long a room without clients stays loaded. */
  unloadMs: number;
  limits: CollabLimits;
  /** METRICS_TOKEN: /metrics answers it from anywhere, not only loopback peers. */
  metricsToken?: string;
}

export function collabConfig(env: EnvValues<typeof collabEnv>): CollabConfig {
  return {
    hostname: env.COLLAB_BIND_ADDRESS,
    port: env.COLLAB_PORT,
    secret: env.COLLAB_SECRET,
    diagramInternalUrl: env.DIAGRAM_INTERNAL_URL,
    roomsDir: env.COLLAB_DATA_DIR ?? `${env.DATA_DIR}/collab`,
    dataDir: env.DATA_DIR,
    flushMs: env.COLLAB_FLUSH_MS,
    unloadMs: env.COLLAB_UNLOAD_MS,
    metricsToken: env.METRICS_TOKEN,
    limits: {
      maxMessageBytes: env.COLLAB_MAX_MESSAGE_BYTES,
      maxRooms: env.COLLAB_MAX_ROOMS,
      maxConnections: env.COLLAB_MAX_CONNECTIONS,
      messagesPerSecond: 200,
      maxBufferedBytes: 32 * 1024 * 1024,
    },
  };
}
