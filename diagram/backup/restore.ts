// Puts a backup in place of a stopped instance's database (and secrets.json). The backup is
// unpacked and checked completely in a folder beside the database first; only then are the
// current files moved aside (renamed `…before-restore-<time>`, never deleted) and the backup's
// renamed into their place. A backup that fails a check leaves every current file as it was.
import type { Migration } from "../db/migrate.ts";
import { type BackupManifest, DATABASE_ENTRY, SECRETS_ENTRY, unpackBackup } from "./archive.ts";

export interface RestoreTarget {
  /** The embedded database's file. */
  databaseFile: string;
  /** Where secrets.json lives. */
  dataDir: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The files moved aside, to delete once the restored instance is known good. */
  setAside: string[];
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** Renames, or copies and removes when `to` is on another file system. */
async function move(from: string, to: string): Promise<void> {
  try {
    await Deno.rename(from, to);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotSupported) && !String(error).includes("EXDEV")) {
      throw error;
    }
    await Deno.copyFile(from, to);
    await Deno.remove(from);
  }
}

function folderOf(file: string): string {
  return file.includes("/") ? file.slice(0, file.lastIndexOf("/")) || "/" : ".";
}

export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  migrations: readonly Migration[],
  now = new Date(),
): Promise<RestoreResult> {
  await Deno.mkdir(folderOf(target.databaseFile), { recursive: true });
  const work = await Deno.makeTempDir({ dir: folderOf(target.databaseFile), prefix: ".restore-" });
  try {
    const manifest = await unpackBackup(file, work, migrations);
    const suffix = `.before-restore-${
      now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")
    }`;
    const setAside: string[] = [];
    const replace = async (current: string, restored: string, parts: string[]) => {
      for (const part of parts) {
        if (await exists(current + part)) {
          await move(current + part, current + suffix + part);
          setAside.push(current + suffix + part);
        }
      }
      await move(restored, current);
    };
    // The write-ahead log and its index belong to the file they were written for.
    await replace(target.databaseFile, `${work}/${DATABASE_ENTRY}`, ["", "-wal", "-shm"]);
    if (manifest.files.some(({ name }) => name === SECRETS_ENTRY)) {
      await Deno.mkdir(target.dataDir, { recursive: true });
      await replace(`${target.dataDir}/${SECRETS_ENTRY}`, `${work}/${SECRETS_ENTRY}`, [""]);
    }
    return { manifest, setAside };
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}
