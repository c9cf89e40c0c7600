// Opens the diagram database: an embedded libSQL file by default, a libSQL server by URL.
import { type Client, createClient } from "@libsql/client";
import { ConfigError } from "../../shared/env.ts";
import type { DatabaseConfig } from "../config.ts";

export type Database = Client;

export function isEmbedded(url: string): boolean {
  return url.startsWith("file:");
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (isEmbedded(config.url)) {
    const file = config.url.slice("file:".length).split("?")[0];
    const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".";
    if (folder !== "") await Deno.mkdir(folder, { recursive: true });
  }
  let db: Client;
  try {
    db = createClient({ url: config.url, authToken: config.authToken });
  } catch (error) {
    throw new ConfigError(
      `invalid DATABASE_URL=${JSON.stringify(redactUrl(config.url))}: ${
        error instanceof Error ? error.message : error
      }`,
    );
  }
  try {
    if (isEmbedded(config.url)) {
      // WAL lets readers work while a write is in flight; the busy timeout rides out short locks.
      await db.execute("PRAGMA journal_mode = WAL");
      await db.execute("PRAGMA busy_timeout = 5000");
    }
    await db.execute("PRAGMA foreign_keys = ON");
    await db.execute("SELECT 1");
  } catch (error) {
    db.close();
    throw new DatabaseUnavailableError(config.url, error);
  }
  return db;
}

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  constructor(url: string, cause: unknown) {
    super(`cannot open database ${redactUrl(url)}: ${cause instanceof Error ? cause.message : cause}`, {
      cause,
    });
  }
}

/** Database URLs may carry credentials (?authToken=…, user:pass@); logs get the address only. */
export function redactUrl(url: string): string {
  if (isEmbedded(url)) return url.split("?")[0];
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "<unparseable URL>";
  }
}
