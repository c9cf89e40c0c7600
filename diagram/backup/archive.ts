// A backup is one gzipped tar file: manifest.json first (format, schema version, counts and a
// checksum per file), then a consistent copy of the database and the data folder's secrets.json
// (the generated secrets the database does not hold). Written into a hidden temporary file and
// renamed, so a half-written backup never looks like one; read back entry by entry, each file
// checked against the manifest before anything is trusted.
import { createHash } from "node:crypto";
import { z } from "zod";
import { VERSION } from "../../runtime/version.ts";
import { describeError } from "../../shared/describe_error.ts";
import { readTar, TarError, type TarFile, tarStream } from "../archives/tar.ts";
import type { Database } from "../db/database.ts";
import { type Migration, MigrationError, pendingMigrations } from "../db/migrate.ts";
import { type DatabaseCounts, inspectDatabaseFile, snapshotInto } from "../db/snapshot.ts";

export const DATABASE_ENTRY = "diagram.db";
export const SECRETS_ENTRY = "secrets.json";
const MANIFEST_ENTRY = "manifest.json";
const FORMAT = "diagram-backup";
const FORMAT_VERSION = 1;
const MANIFEST_MAX_BYTES = 1024 * 1024;
/** secrets.json is a few hundred bytes; anything near this is not ours. */
const SECRETS_MAX_BYTES = 64 * 1024;

const countsSchema = z.object({
  diagrams: z.number().int().nonnegative(),
  trashed: z.number().int().nonnegative(),
  revisions: z.number().int().nonnegative(),
  collections: z.number().int().nonnegative(),
  images: z.number().int().nonnegative(),
  accounts: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
});

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  /** The number of the newest migration applied to the copied database. */
  schemaVersion: z.number().int().nonnegative(),
  counts: countsSchema,
  files: z.array(z.object({
    name: z.enum([DATABASE_ENTRY, SECRETS_ENTRY]),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })).min(1),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** A backup that cannot be restored, and why, in words an operator can act on. */
export class BackupError extends Error {
  override name = "BackupError";
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  using file = await Deno.open(path);
  for await (const chunk of file.readable) hash.update(chunk);
  return hash.digest("hex");
}

async function readOptional(path: string): Promise<Uint8Array | null> {
  try {
    return await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

export interface WrittenBackup {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

/**
 * Writes a backup of the running database (and `dataDir`'s secrets.json) to `file`, through a
 * temporary file in the same folder. The copy's integrity is checked before it is archived.
 */
export async function writeBackup(
  db: Database,
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<WrittenBackup> {
  const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : ".";
  await Deno.mkdir(folder, { recursive: true });
  const work = await Deno.makeTempDir({ dir: folder, prefix: ".backup-" });
  try {
    const copy = `${work}/${DATABASE_ENTRY}`;
    await snapshotInto(db, copy);
    const report = await inspectDatabaseFile(copy);
    if (report.integrity !== "ok") {
      throw new BackupError(`the database copy failed its integrity check: ${report.integrity}`);
    }
    const secrets = await readOptional(`${dataDir}/${SECRETS_ENTRY}`);
    const databaseBytes = (await Deno.stat(copy)).size;
    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: now.toISOString(),
      appVersion: VERSION,
      schemaVersion: report.migrations.at(-1)?.version ?? 0,
      counts: report.counts,
      files: [
        { name: DATABASE_ENTRY, bytes: databaseBytes, sha256: await sha256OfFile(copy) },
        ...(secrets === null ? [] : [
          {
            name: SECRETS_ENTRY,
            bytes: secrets.length,
            sha256: createHash("sha256").update(secrets).digest("hex"),
          } as const,
        ]),
      ],
    };
    const manifestBytes = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
    const modified = Math.floor(now.getTime() / 1000);
    using database = await Deno.open(copy);
    const entries: TarFile[] = [
      { name: MANIFEST_ENTRY, size: manifestBytes.length, modified, body: manifestBytes },
      { name: DATABASE_ENTRY, size: databaseBytes, modified, body: database.readable },
      ...(secrets === null
        ? []
        : [{ name: SECRETS_ENTRY, size: secrets.length, modified, body: secrets }]),
    ];
    const archive = `${work}/archive`;
    await tarStream(entries).pipeThrough(
      new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
    ).pipeTo(
      (await Deno.open(archive, { write: true, createNew: true, mode: 0o600 })).writable,
    );
    await Deno.rename(archive, file);
    return { file, bytes: (await Deno.stat(file)).size, manifest };
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

async function bytesOf(chunks: AsyncIterable<Uint8Array>, max: number, what: string) {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > max) throw new BackupError(`${what} is larger than a backup's ever is`);
    parts.push(chunk);
  }
  const whole = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

function parseManifest(bytes: Uint8Array): BackupManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new BackupError("its manifest.json is not JSON: the file is damaged");
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BackupError(
      `its manifest.json is not a diagram backup's: ${
        issue.path.join(".") || "manifest"
      }: ${issue.message}`,
    );
  }
  if (result.data.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `it was written in backup format ${result.data.formatVersion} by version ${result.data.appVersion}; this version reads format ${FORMAT_VERSION}: restore it with a newer release`,
    );
  }
  return result.data;
}

/**
 * Checks `file` as a backup for this release's migrations and unpacks it into `into` (an empty
 * folder): every file against the manifest's size and checksum, the database's integrity, schema
 * and counts against what the manifest says. Throws BackupError naming the first problem.
 */
export async function unpackBackup(
  file: string,
  into: string,
  migrations: readonly Migration[],
): Promise<BackupManifest> {
  let source: Deno.FsFile;
  try {
    source = await Deno.open(file);
  } catch (error) {
    throw new BackupError(`cannot read ${file}: ${describeError(error)}`);
  }
  const entries = readTar(source.readable.pipeThrough(new DecompressionStream("gzip")));
  let manifest: BackupManifest | undefined;
  const seen = new Set<string>();
  try {
    for await (const entry of entries) {
      if (manifest === undefined) {
        if (entry.name !== MANIFEST_ENTRY) {
          throw new BackupError("it does not start with manifest.json: not a diagram backup");
        }
        manifest = parseManifest(await bytesOf(entry.chunks(), MANIFEST_MAX_BYTES, "manifest"));
        const known = migrations.at(-1)?.version ?? 0;
        if (manifest.schemaVersion > known) {
          throw new BackupError(
            `it holds database schema ${manifest.schemaVersion} (written by version ${manifest.appVersion}); this version knows schema ${known}: restore it with a newer release`,
          );
        }
        continue;
      }
      const listed = manifest.files.find(({ name }) => name === entry.name);
      if (listed === undefined || seen.has(entry.name)) {
        throw new BackupError(
          `it holds ${JSON.stringify(entry.name)}, which its manifest does not list`,
        );
      }
      seen.add(entry.name);
      if (entry.size !== listed.bytes) {
        throw new BackupError(
          `${entry.name} has ${entry.size} bytes, the manifest says ${listed.bytes}`,
        );
      }
      const hash = createHash("sha256");
      const max = entry.name === SECRETS_ENTRY ? SECRETS_MAX_BYTES : Infinity;
      if (entry.size > max) {
        throw new BackupError(`${entry.name} is larger than a backup's ever is`);
      }
      using out = await Deno.open(`${into}/${entry.name}`, {
        write: true,
        createNew: true,
        mode: 0o600,
      });
      for await (const chunk of entry.chunks()) {
        hash.update(chunk);
        for (let at = 0; at < chunk.length;) at += await out.write(chunk.subarray(at));
      }
      if (hash.digest("hex") !== listed.sha256) {
        throw new BackupError(`${entry.name} does not match its checksum: the file is damaged`);
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // gzip's and tar's complaints: a file cut short, or one that is not a backup at all.
    const reason = error instanceof TarError ? error.message : describeError(error);
    throw new BackupError(`it is not a complete diagram backup (${reason})`);
  }
  if (manifest === undefined) throw new BackupError("it is empty: not a diagram backup");
  const missing = manifest.files.find(({ name }) => !seen.has(name));
  if (missing) throw new BackupError(`it ends before ${missing.name}: the file is truncated`);
  await checkDatabase(`${into}/${DATABASE_ENTRY}`, manifest, migrations);
  return manifest;
}

async function checkDatabase(
  path: string,
  manifest: BackupManifest,
  migrations: readonly Migration[],
): Promise<void> {
  let report;
  try {
    report = await inspectDatabaseFile(path);
  } catch (error) {
    throw new BackupError(`its database cannot be read: ${describeError(error)}`);
  }
  if (report.integrity !== "ok") {
    throw new BackupError(`its database failed the integrity check: ${report.integrity}`);
  }
  const schema = report.migrations.at(-1)?.version ?? 0;
  if (schema !== manifest.schemaVersion) {
    throw new BackupError(
      `its database has schema ${schema}, the manifest says ${manifest.schemaVersion}`,
    );
  }
  try {
    pendingMigrations(migrations, report.migrations);
  } catch (error) {
    if (error instanceof MigrationError) {
      throw new BackupError(`its database does not fit this version: ${error.message}`);
    }
    throw error;
  }
  const differs = (Object.keys(manifest.counts) as (keyof DatabaseCounts)[])
    .find((key) => manifest.counts[key] !== report.counts[key]);
  if (differs) {
    throw new BackupError(
      `its database holds ${report.counts[differs]} ${differs}, the manifest says ${
        manifest.counts[differs]
      }`,
    );
  }
}
