// Per-engine timings and reliability for /stats, over a bounded window of recent searches.

const WINDOW = 500;
/** Failures remembered one by one, newest first, for an engine's own stats page. */
const RECENT_ERRORS = 10;

export interface EngineSummary {
  searches: number;
  errors: number;
  error_rate: number;
  median_ms: number | null;
  p95_ms: number | null;
  /** How many times each reason made it fail, since the start. */
  errors_by_reason: Record<string, number>;
  /** The latest failures, newest first: when, and why. */
  recent_errors: { at: string; reason: string }[];
}

class EngineRecord {
  searches = 0;
  errors = 0;
  /** Durations of the last WINDOW successful calls, a ring buffer. */
  readonly durations: number[] = [];
  next = 0;
  readonly byReason = new Map<string, number>();
  readonly recent: { at: string; reason: string }[] = [];
}

export class EngineStats {
  readonly #records = new Map<string, EngineRecord>();

  /** A call that answered (`failed` absent), or failed for a reason at a time (ms). */
  record(engine: string, outcome: { ms: number; failed?: { reason: string; at: number } }): void {
    let record = this.#records.get(engine);
    if (!record) {
      record = new EngineRecord();
      this.#records.set(engine, record);
    }
    record.searches++;
    if (outcome.failed) {
      const { reason, at } = outcome.failed;
      record.errors++;
      record.byReason.set(reason, (record.byReason.get(reason) ?? 0) + 1);
      record.recent.unshift({ at: new Date(at).toISOString(), reason });
      record.recent.length = Math.min(record.recent.length, RECENT_ERRORS);
      return;
    }
    record.durations[record.next] = outcome.ms;
    record.next = (record.next + 1) % WINDOW;
  }

  summary(engine: string): EngineSummary {
    const record = this.#records.get(engine);
    if (!record) {
      return {
        searches: 0,
        errors: 0,
        error_rate: 0,
        median_ms: null,
        p95_ms: null,
        errors_by_reason: {},
        recent_errors: [],
      };
    }
    const sorted = [...record.durations].sort((a, b) => a - b);
    return {
      searches: record.searches,
      errors: record.errors,
      error_rate: record.errors / record.searches,
      median_ms: percentile(sorted, 0.5),
      p95_ms: percentile(sorted, 0.95),
      errors_by_reason: Object.fromEntries(record.byReason),
      recent_errors: [...record.recent],
    };
  }
}

/** Nearest-rank percentile of an ascending list; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil(p * sorted.length);
  return Math.round(sorted[Math.max(0, rank - 1)]);
}
