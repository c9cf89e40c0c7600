// diagram's environment variables and the configuration read from them.
import {
  bindAddress,
  databaseUrl,
  dataDir,
  type EnvValues,
  flag,
  integer,
  origins,
  path,
  port,
  text,
  url,
} from "../shared/env.ts";
import { metricsTokenVariable } from "../runtime/metrics/access.ts";
import type { UpkeepLimits } from "./service/upkeep.ts";
import type { DatabaseConfig } from "./db/database.ts";
import type { BackupConfig } from "./backup/schedule.ts";

export const diagramEnv = {
  DIAGRAM_PORT: port(8000),
  DIAGRAM_BIND_ADDRESS: bindAddress("127.0.0.1"),
  BASE_URL: url("http://localhost:8000", ["http:", "https:"], "https://diagrams.example.com"),
  DATABASE_URL: databaseUrl(),
  DATABASE_AUTH_TOKEN: text({ secret: true }),
  COLLAB_SECRET: text({ secret: true, minLength: 32 }),
  COLLAB_PUBLIC_URL: url("ws://localhost:1234", ["ws:", "wss:"], "wss://collab.example.com"),
  DATA_DIR: dataDir,
  METRICS_TOKEN: metricsTokenVariable,
  DIAGRAM_TRUST_PROXY: flag(false),
  DIAGRAM_MCP_RATE_MAX: integer(120, 0, 100_000),
  DIAGRAM_MCP_ALLOWED_ORIGINS: origins("https://chat.example.org,http://localhost:6274"),
  DIAGRAM_HISTORY_MAX_MB: integer(1024, 1, 1_000_000),
  DIAGRAM_TRASH_DAYS: integer(30, 1, 3650),
  DIAGRAM_BACKUP_DIR: path(),
  DIAGRAM_BACKUP_EVERY_HOURS: integer(24, 0, 8760),
  DIAGRAM_BACKUP_KEEP_DAILY: integer(7, 0, 366),
  DIAGRAM_BACKUP_KEEP_WEEKLY: integer(4, 0, 520),
};

export interface DiagramConfig {
  hostname: string;
  port: number;
  baseUrl: string;
  database: DatabaseConfig;
  /** Undefined until resolved from the data folder at start. */
  collabSecret?: string;
  collabPublicUrl: string;
  dataDir: string;
  /** Client addresses (for login limits) come from X-Forwarded-For. */
  trustProxy: boolean;
  /** METRICS_TOKEN: /metrics answers it from anywhere, not only loopback peers. */
  metricsToken?: string;
  /** MCP tool calls per access token and minute; 0: no limit. */
  mcpRateMax: number;
  /** Browser pages besides our own that may call /mcp; undefined: pages on loopback. */
  mcpAllowedOrigins?: string[];
  /** What kept revisions may take, and how long the trash keeps a diagram. */
  upkeep: UpkeepLimits;
  backups: BackupConfig;
}

/** The diagram service's configuration, from its validated environment variables. */
export function diagramConfig(env: EnvValues<typeof diagramEnv>): DiagramConfig {
  return {
    hostname: env.DIAGRAM_BIND_ADDRESS,
    port: env.DIAGRAM_PORT,
    baseUrl: env.BASE_URL.replace(/\/+$/, ""),
    database: databaseConfig(env),
    collabSecret: env.COLLAB_SECRET,
    collabPublicUrl: env.COLLAB_PUBLIC_URL,
    dataDir: env.DATA_DIR,
    trustProxy: env.DIAGRAM_TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    mcpRateMax: env.DIAGRAM_MCP_RATE_MAX,
    mcpAllowedOrigins: env.DIAGRAM_MCP_ALLOWED_ORIGINS,
    upkeep: {
      historyMaxBytes: env.DIAGRAM_HISTORY_MAX_MB * 1024 * 1024,
      trashKeepMs: env.DIAGRAM_TRASH_DAYS * 24 * 60 * 60 * 1000,
    },
    backups: backupConfig(env),
  };
}

export function backupConfig(
  env: Pick<
    EnvValues<typeof diagramEnv>,
    | "DATA_DIR"
    | "DIAGRAM_BACKUP_DIR"
    | "DIAGRAM_BACKUP_EVERY_HOURS"
    | "DIAGRAM_BACKUP_KEEP_DAILY"
    | "DIAGRAM_BACKUP_KEEP_WEEKLY"
  >,
): BackupConfig {
  return {
    dir: env.DIAGRAM_BACKUP_DIR ?? `${env.DATA_DIR}/backups`,
    everyMs: env.DIAGRAM_BACKUP_EVERY_HOURS * 60 * 60 * 1000,
    keep: { daily: env.DIAGRAM_BACKUP_KEEP_DAILY, weekly: env.DIAGRAM_BACKUP_KEEP_WEEKLY },
  };
}

/** The embedded database lives in the data folder unless DATABASE_URL points elsewhere. */
export function databaseConfig(
  env: Pick<EnvValues<typeof diagramEnv>, "DATABASE_URL" | "DATABASE_AUTH_TOKEN" | "DATA_DIR">,
): DatabaseConfig {
  return {
    url: env.DATABASE_URL ?? `file:${env.DATA_DIR}/diagram.db`,
    authToken: env.DATABASE_AUTH_TOKEN,
  };
}
