// The diagram service's background upkeep, never on a request's path: compress the revisions
// writes kept as text, thin them by the retention rules, hold them to the size cap (oldest go
// first), and purge the trash of what has waited long enough.
import type { Database } from "../db/database.ts";
import { describeError } from "../../shared/describe_error.ts";
import { purgeTrash } from "../store/trash.ts";
import {
  compressPending,
  deleteOldestBeyond,
  deleteRevisions,
  revisionsSavedBefore,
} from "../store/revisions.ts";
import { RETENTION, revisionsToPrune } from "./retention.ts";

export interface UpkeepLimits {
  /** DIAGRAM_HISTORY_MAX_MB, in bytes: what all kept revisions may take together. */
  historyMaxBytes: number;
  /** DIAGRAM_TRASH_DAYS, in milliseconds. */
  trashKeepMs: number;
}

export interface UpkeepReport {
  compressed: number;
  /** Deleted by the retention rules. */
  thinned: number;
  /** Deleted, oldest first, to stay within the size cap. */
  capped: number;
  /** Diagrams deleted for good from the trash. */
  purged: number;
}

/** Rows compressed per statement round; the loop yields between rounds. */
const COMPRESS_BATCH = 50;

/** Compresses every revision still kept as text; returns how many. */
export async function compressHistory(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await compressPending(db, COMPRESS_BATCH);
    total += done;
    if (done < COMPRESS_BATCH) return total;
  }
}

/** One full pass at time `now` (ms). */
export async function runUpkeep(
  db: Database,
  now: number,
  limits: UpkeepLimits,
): Promise<UpkeepReport> {
  const compressed = await compressHistory(db);
  let thinned = 0;
  const old = await revisionsSavedBefore(db, new Date(now - RETENTION.keepAllMs).toISOString());
  for (const [diagramId, revisions] of old) {
    const prune = revisionsToPrune(revisions, now);
    await deleteRevisions(db, diagramId, prune);
    thinned += prune.length;
  }
  const capped = await deleteOldestBeyond(db, limits.historyMaxBytes);
  const purged = await purgeTrash(db, now - limits.trashKeepMs);
  return { compressed, thinned, capped, purged };
}

/** How often new revisions are compressed, and how often the full pass runs. */
const COMPRESS_EVERY_MS = 30_000;
const FULL_PASS_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs compression every 30 s and the full pass hourly (the first one a little after start), one
 * at a time; a failed pass is logged and the next one tries again. `stop` waits for a pass in
 * flight.
 */
export function scheduleUpkeep(
  db: Database,
  limits: UpkeepLimits,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  let lastFull = Date.now() - FULL_PASS_EVERY_MS + COMPRESS_EVERY_MS;
  let running: Promise<void> | null = null;
  const pass = async () => {
    const now = Date.now();
    try {
      if (now - lastFull < FULL_PASS_EVERY_MS) {
        await compressHistory(db);
        return;
      }
      lastFull = now;
      const report = await runUpkeep(db, now, limits);
      if (report.thinned + report.capped + report.purged > 0) {
        log(
          `upkeep: ${report.thinned} revision(s) thinned, ${report.capped} over the size cap ` +
            `deleted, ${report.purged} diagram(s) purged from the trash`,
        );
      }
    } catch (error) {
      log(`upkeep failed, will try again: ${describeError(error)}`);
    }
  };
  const timer = setInterval(() => {
    // A pass still running (a big database's full pass) is not queued behind.
    running ??= pass().finally(() => running = null);
  }, COMPRESS_EVERY_MS);
  Deno.unrefTimer(timer);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
