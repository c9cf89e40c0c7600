// Backups on a schedule, in the running service: one every `everyMs` into `dir`, the older ones
// thinned by the retention rules. A start whose newest backup is older than the interval (or that
// has none) takes one shortly after starting, so a server that was down over its backup time
// still gets its daily copy. Each run logs one line; status() is what /health reports.
import { describeError } from "../../shared/describe_error.ts";
import { type Database, isEmbedded } from "../db/database.ts";
import { writeBackup, type WrittenBackup } from "./archive.ts";
import { backupsToDelete, type KeepRules } from "./retention.ts";

/** Scheduled backups of the embedded database (DIAGRAM_BACKUP_*): where, how often, how many kept. */
export interface BackupConfig {
  dir: string;
  /** 0 turns them off. */
  everyMs: number;
  keep: KeepRules;
}

export interface BackupScheduleOptions {
  db: Database;
  dataDir: string;
  dir: string;
  everyMs: number;
  keep: KeepRules;
  /** How long after the start an overdue backup is taken. */
  catchUpMs: number;
  log: (line: string) => void;
  /** Told of each run, for the metrics. */
  onRun?: (outcome: { ok: true; backup: WrittenBackup; ms: number } | { ok: false }) => void;
}

export interface BackupStatus {
  /** When the last backup succeeded, ISO; undefined before the first. */
  lastSuccessAt?: string;
  lastFile?: string;
  lastBytes?: number;
  lastErrorAt?: string;
  lastError?: string;
  nextAt: string;
}

export interface BackupSchedule {
  status(): BackupStatus;
  /** Waits for a run in progress, then takes no more. */
  stop(): Promise<void>;
}

const NAME = /^diagram-backup-(\d{8}T\d{6}Z)\.tar\.gz$/;
/** setTimeout's longest delay; longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** diagram-backup-20261128T030000Z.tar.gz: sorts by time, and says it in the name. */
export function backupFileName(time: Date): string {
  const stamp = time.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  return `diagram-backup-${stamp}.tar.gz`;
}

function timeOfName(name: string): number | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, s] = match;
  const time = Date.parse(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${
      s.slice(13, 15)
    }Z`,
  );
  return Number.isNaN(time) ? undefined : time;
}

/** The scheduled backups in `dir` by time; other files are not ours to count or delete. */
export async function listBackups(dir: string): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  try {
    for await (const entry of Deno.readDir(dir)) {
      const time = entry.isFile ? timeOfName(entry.name) : undefined;
      if (time !== undefined) found.set(time, `${dir}/${entry.name}`);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return found;
}

export async function scheduleBackups(options: BackupScheduleOptions): Promise<BackupSchedule> {
  const { dir, everyMs, log } = options;
  const state: BackupStatus = { nextAt: "" };
  let existing = new Map<number, string>();
  try {
    existing = await listBackups(dir);
  } catch (error) {
    // The first run will fail the same way and say so on /health; the service starts regardless.
    log(`cannot list the backups in ${dir}: ${describeError(error)}`);
  }
  const newest = existing.size === 0 ? -Infinity : Math.max(...existing.keys());
  if (newest > -Infinity) {
    state.lastSuccessAt = new Date(newest).toISOString();
    state.lastFile = existing.get(newest);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const waitUntil = (time: number) => {
    state.nextAt = new Date(time).toISOString();
    const delay = Math.min(Math.max(0, time - Date.now()), MAX_TIMER_MS);
    timer = setTimeout(() => {
      if (Date.now() < time) return waitUntil(time);
      running = runOnce().finally(() => {
        running = undefined;
        if (!stopped) waitUntil(Date.now() + everyMs);
      });
    }, delay);
  };

  async function runOnce(): Promise<void> {
    const started = performance.now();
    const now = new Date();
    try {
      const backup = await writeBackup(
        options.db,
        options.dataDir,
        `${dir}/${backupFileName(now)}`,
        now,
      );
      const ms = performance.now() - started;
      Object.assign(state, {
        lastSuccessAt: now.toISOString(),
        lastFile: backup.file,
        lastBytes: backup.bytes,
      });
      const { diagrams, revisions, images } = backup.manifest.counts;
      const removed = await prune();
      log(
        `backup ${backup.file}: ${(backup.bytes / 1e6).toFixed(1)} MB, ${diagrams} diagrams, ` +
          `${revisions} revisions, ${images} images in ${(ms / 1000).toFixed(1)} s` +
          (removed > 0 ? `; ${removed} older backup(s) removed` : ""),
      );
      options.onRun?.({ ok: true, backup, ms });
    } catch (error) {
      Object.assign(state, { lastErrorAt: now.toISOString(), lastError: describeError(error) });
      log(`backup into ${dir} failed: ${describeError(error)}`);
      options.onRun?.({ ok: false });
    }
  }

  async function prune(): Promise<number> {
    const backups = await listBackups(dir);
    const doomed = backupsToDelete([...backups.keys()], options.keep);
    for (const time of doomed) await Deno.remove(backups.get(time)!);
    return doomed.length;
  }

  const overdue = Date.now() - newest >= everyMs;
  waitUntil(overdue ? Date.now() + options.catchUpMs : newest + everyMs);
  return {
    status: () => ({ ...state }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** How long after a start an overdue backup is taken: once the service is up and warm. */
const CATCH_UP_MS = 10_000;

/**
 * The schedule the configuration asks for; null when it is off (DIAGRAM_BACKUP_EVERY_HOURS=0) or
 * the database is a libSQL server's, which its own tools back up.
 */
export async function startBackups(
  config: { database: { url: string }; dataDir: string; backups: BackupConfig },
  db: Database,
  log: (line: string) => void,
  onRun?: BackupScheduleOptions["onRun"],
): Promise<BackupSchedule | null> {
  if (config.backups.everyMs === 0) {
    log("scheduled backups are off (DIAGRAM_BACKUP_EVERY_HOURS=0)");
    return null;
  }
  if (!isEmbedded(config.database.url)) {
    log(
      "scheduled backups are off: DATABASE_URL is a libSQL server, back it up with its own tools",
    );
    return null;
  }
  return await scheduleBackups({
    db,
    dataDir: config.dataDir,
    ...config.backups,
    catchUpMs: CATCH_UP_MS,
    log,
    onRun,
  });
}
