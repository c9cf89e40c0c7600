// Operator commands for backups, run on the server with the service's own environment:
//   deno task backup [<FILE or FOLDER>]   a consistent backup, also while the service runs
//                                         (default: a new file in DIAGRAM_BACKUP_DIR)
//   deno task restore <FILE>              into a stopped instance, after checking the backup
// One clear line on failure: exit 2 for a usage or configuration mistake, 1 when it failed.
import { loadConfigOrExit } from "../runtime/config.ts";
import { describeError } from "../shared/describe_error.ts";
import { BackupError, writeBackup } from "./backup/archive.ts";
import { restoreBackup } from "./backup/restore.ts";
import { backupFileName } from "./backup/schedule.ts";
import { diagramConfig, diagramEnv } from "./config.ts";
import { embeddedPath, isEmbedded, redactUrl } from "./db/database.ts";
import { loadMigrations } from "./db/migrate.ts";
import { openMigratedDatabase } from "./db/open_migrated.ts";

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;
/** How long a running service has to answer before the instance counts as stopped. */
const PROBE_MS = 1500;

class CommandError extends Error {
  constructor(message: string, readonly exitCode = EXIT_FAILED) {
    super(message);
  }
}

const config = loadConfigOrExit("diagram", diagramEnv, diagramConfig);

function embeddedFile(): string {
  const { url } = config.database;
  const file = isEmbedded(url) ? embeddedPath(url) : undefined;
  if (file === undefined) {
    throw new CommandError(
      `DATABASE_URL points at a libSQL server (${redactUrl(url)}): back it up with the ` +
        "server's own tools (a dump or its replication); the gallery export works with any database",
      EXIT_USAGE,
    );
  }
  return file;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isDirectory;
  } catch {
    return false;
  }
}

async function backup(target: string | undefined): Promise<void> {
  embeddedFile();
  const now = new Date();
  const folder = target === undefined
    ? config.backups.dir
    : (await isDirectory(target))
    ? target
    : undefined;
  const file = folder === undefined ? target! : `${folder}/${backupFileName(now)}`;
  const db = await openMigratedDatabase(config.database, () => {});
  try {
    const written = await writeBackup(db, config.dataDir, file, now);
    const { diagrams, trashed, revisions, collections, images, tokens } = written.manifest.counts;
    console.log(
      `backup ${written.file}: ${(written.bytes / 1e6).toFixed(1)} MB, ${diagrams} diagrams ` +
        `(${trashed} in the trash), ${revisions} revisions, ${collections} collections, ` +
        `${images} images, ${tokens} tokens, schema ${written.manifest.schemaVersion}`,
    );
  } finally {
    db.close();
  }
}

/** The service's own address, asked whether it is up: a restore under a running one is refused. */
async function serviceAnswers(): Promise<string | null> {
  const host = config.hostname === "0.0.0.0"
    ? "127.0.0.1"
    : config.hostname === "::"
    ? "[::1]"
    : config.hostname.includes(":")
    ? `[${config.hostname}]`
    : config.hostname;
  const address = `http://${host}:${config.port}`;
  try {
    const response = await fetch(`${address}/health`, { signal: AbortSignal.timeout(PROBE_MS) });
    await response.body?.cancel();
    return address;
  } catch {
    return null;
  }
}

async function restore(file: string): Promise<void> {
  const databaseFile = embeddedFile();
  const running = await serviceAnswers();
  if (running !== null) {
    throw new CommandError(
      `the diagram service answers at ${running}: stop it first, nothing was changed`,
    );
  }
  const { manifest, setAside } = await restoreBackup(
    file,
    { databaseFile, dataDir: config.dataDir },
    await loadMigrations(),
  );
  const { diagrams, trashed, revisions, collections, images, tokens } = manifest.counts;
  console.log(
    `restored ${file} (written ${manifest.createdAt} by version ${manifest.appVersion}): ` +
      `${diagrams} diagrams (${trashed} in the trash), ${revisions} revisions, ` +
      `${collections} collections, ${images} images, ${tokens} tokens`,
  );
  if (setAside.length > 0) {
    console.log(`the files it replaced are kept as: ${setAside.join(", ")}`);
  }
}

async function main(): Promise<number> {
  const [command, ...args] = Deno.args;
  try {
    if (command === "backup" && args.length <= 1) await backup(args[0]);
    else if (command === "restore" && args.length === 1) await restore(args[0]);
    else {
      console.error("usage: deno task backup [<FILE or FOLDER>]\n       deno task restore <FILE>");
      return EXIT_USAGE;
    }
    return 0;
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(`${command}: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof BackupError) {
      console.error(`${command}: refused ${args[0]}: ${error.message}; nothing was changed`);
      return EXIT_FAILED;
    }
    console.error(`${command}: ${describeError(error)}`);
    return EXIT_FAILED;
  }
}

Deno.exit(await main());
