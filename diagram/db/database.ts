// Opens the diagram database: an embedded libSQL file by default, a libSQL server by URL.
import { type Client, createClient, LibsqlError } from "@libsql/client";
import { describeError } from "../../shared/describe_error.ts";
import { ConfigError } from "../../shared/env.ts";

/** The diagram database: a libSQL client, embedded or remote; every store reads and writes through it. */
export type Database = Client;

/** Where the database is: a `file:` URL (embedded) or a libSQL server's, with its token. */
export interface DatabaseConfig {
  url: string;
  authToken?: string;
}

/** How long an embedded connection waits for another writer's lock before failing. */
const BUSY_TIMEOUT_MS = 5000;

/** Whether `url` names an embedded database file (`file:`) rather than a libSQL server. */
export function isEmbedded(url: string): boolean {
  return url.startsWith("file:");
}

/**
 * Opens the database `config` names, creating an embedded file's folder; throws ConfigError for
 * a URL that cannot be one and DatabaseUnavailableError when it cannot be reached or read.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const embedded = isEmbedded(config.url);
  if (embedded) {
    const file = embeddedPath(config.url);
    const folder = file?.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
    if (folder !== "") await Deno.mkdir(folder, { recursive: true });
  }
  let db: Client;
  try {
    // The client keeps a pool of connections; `timeout` is the busy timeout of every one of them
    // (a PRAGMA would only reach the connection it happens to run on).
    db = createClient({
      url: config.url,
      authToken: config.authToken,
      timeout: embedded ? BUSY_TIMEOUT_MS : undefined,
    });
  } catch (error) {
    if (!isUrlError(error)) throw new DatabaseUnavailableError(config.url, error);
    throw new ConfigError(
      `invalid DATABASE_URL=${JSON.stringify(redactUrl(config.url))}: ${
        describeError(error).replaceAll(config.url, redactUrl(config.url))
      }`,
    );
  }
  try {
    if (embedded) {
      // WAL lets readers work while a write is in flight; it is a property of the file.
      await db.execute("PRAGMA journal_mode = WAL");
    }
    await db.execute("PRAGMA foreign_keys = ON");
    await db.execute("SELECT 1");
  } catch (error) {
    db.close();
    throw new DatabaseUnavailableError(config.url, error);
  }
  return db;
}

/**
 * The file a `file:` URL names, read the way libSQL reads it (`file:rel/x.db`, `file:/abs/x.db`,
 * `file:///abs/x.db`, `file://localhost/abs/x.db`, percent-decoded, query dropped); undefined when
 * libSQL will refuse the URL anyway.
 */
export function embeddedPath(url: string): string | undefined {
  let path = url.slice("file:".length).replace(/[?#].*$/s, "");
  if (path.startsWith("//")) {
    const slash = path.indexOf("/", 2);
    const host = path.slice(2, slash === -1 ? path.length : slash).toLowerCase();
    if (host !== "" && host !== "localhost") return undefined;
    path = slash === -1 ? "" : path.slice(slash);
  }
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** createClient refuses a malformed URL with these; anything else means the database itself failed. */
function isUrlError(error: unknown): boolean {
  return (error instanceof LibsqlError && error.code.startsWith("URL_")) ||
    error instanceof TypeError;
}

/** The database could not be opened; its message names it with any credentials left out. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  constructor(url: string, cause: unknown) {
    super(`cannot open database ${redactUrl(url)}: ${describeError(cause)}`, { cause });
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
