// The diagram service's own series: the drawing pool (queue, busy workers, timeouts, PNG previews),
// what the database holds (diagrams, its size, read when scraped), and backups, which the backup
// scheduler reports through `backups`.
import type { Registry } from "../runtime/metrics/registry.ts";
import { describeError } from "../shared/describe_error.ts";
import type { Database } from "./db/database.ts";
import type { DrawingPoolStats } from "./drawing_pool/drawing_pool.ts";

export interface BackupMetrics {
  /** A backup written and checked: its size, and when it finished (ms since the epoch). */
  succeeded(bytes: number, at?: number): void;
  failed(): void;
}

export interface DiagramMetricsSources {
  pool: () => DrawingPoolStats;
  db: Database;
}

export function registerDiagramMetrics(
  registry: Registry,
  sources: DiagramMetricsSources,
): { backups: BackupMetrics } {
  const pool = sources.pool;
  registry.collected(
    "diagram_layout_queue_length",
    "Layout and preview jobs waiting for a worker.",
    "gauge",
    () => pool().queued,
  );
  registry.collected(
    "diagram_layout_workers_busy",
    "Layout workers running a job.",
    "gauge",
    () => pool().busy,
  );
  registry.collected(
    "diagram_layout_workers",
    "Layout workers started, warm or warming.",
    "gauge",
    () => pool().workers,
  );
  registry.collected(
    "diagram_layout_timeouts_total",
    "Layout jobs stopped at their time budget, by kind (draw, preview).",
    "counter",
    () => Object.entries(pool().timeouts).map(([kind, n]) => [{ kind }, n] as const),
  );
  registry.collected(
    "diagram_layout_jobs_total",
    "Layout jobs that ended, answered, failed or stopped, by kind (draw, preview).",
    "counter",
    () => Object.entries(pool().finished).map(([kind, n]) => [{ kind }, n] as const),
  );
  registry.collected(
    "diagram_preview_renders_total",
    "PNG previews rendered for MCP tools (jobs of kind preview that ended).",
    "counter",
    () => pool().finished.preview,
  );
  registry.collected(
    "diagram_diagrams",
    "Diagrams stored, by state (live, or in the trash).",
    "gauge",
    () => diagramCounts(sources.db),
  );
  registry.collected(
    "diagram_database_size_bytes",
    "Pages of the database times their size, in bytes.",
    "gauge",
    () => databaseBytes(sources.db),
  );
  return { backups: backupMetrics(registry) };
}

function backupMetrics(registry: Registry): BackupMetrics {
  const runs = registry.counter(
    "diagram_backups_total",
    "Scheduled backups, by outcome (ok, failed).",
    ["outcome"],
  );
  const lastSuccess = registry.gauge(
    "diagram_backup_last_success_timestamp_seconds",
    "When the last backup that succeeded finished, in seconds since the Unix epoch.",
  );
  const size = registry.gauge("diagram_backup_bytes", "Size of the last backup that succeeded.");
  return {
    succeeded(bytes, at = Date.now()) {
      runs.inc({ outcome: "ok" });
      lastSuccess.set(at / 1000);
      size.set(bytes);
    },
    failed: () => runs.inc({ outcome: "failed" }),
  };
}

/** A scrape still answers when the database does not: its samples are left out and logged. */
async function orNone<T>(what: string, read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    console.error(`diagram: metrics: cannot read ${what}: ${describeError(error)}`);
    return [];
  }
}

function diagramCounts(db: Database) {
  return orNone("the number of diagrams", async () => {
    const { rows } = await db.execute(
      "SELECT trashed_at IS NULL AS live, count(*) AS n FROM diagrams GROUP BY 1",
    );
    const count = (live: boolean) => Number(rows.find((row) => Boolean(row.live) === live)?.n ?? 0);
    return [[{ state: "live" }, count(true)] as const, [{ state: "trash" }, count(false)] as const];
  });
}

function databaseBytes(db: Database) {
  return orNone("the database size", async () => {
    // Two pragmas read the header: no table is scanned.
    const pages = await db.execute("PRAGMA page_count");
    const size = await db.execute("PRAGMA page_size");
    const bytes = Number(pages.rows[0]?.[0]) * Number(size.rows[0]?.[0]);
    return Number.isFinite(bytes) ? [[{}, bytes] as const] : [];
  });
}
