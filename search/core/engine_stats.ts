// Per-engine timings and reliability for /stats, over a bounded window of recent searches.

const WINDOW = 500;

export interface EngineSummary {
  searches: number;
  errors: number;
  error_rate: number;
  median_ms: number | null;
  p95_ms: number | null;
}

class EngineRecord {
  searches = 0;
  errors = 0;
  /** Durations of the last WINDOW successful calls, a ring buffer. */
  readonly durations: number[] = [];
  next = 0;
}

export class EngineStats {
  readonly #records = new Map<string, EngineRecord>();

  record(engine: string, outcome: { ok: boolean; ms: number }): void {
    let record = this.#records.get(engine);
    if (!record) {
      record = new EngineRecord();
      this.#records.set(engine, record);
    }
    record.searches++;
    if (!outcome.ok) {
      record.errors++;
      return;
    }
    record.durations[record.next] = outcome.ms;
    record.next = (record.next + 1) % WINDOW;
  }

  summary(engine: string): EngineSummary {
    const record = this.#records.get(engine);
    if (!record) return { searches: 0, errors: 0, error_rate: 0, median_ms: null, p95_ms: null };
    const sorted = [...record.durations].sort((a, b) => a - b);
    return {
      searches: record.searches,
      errors: record.errors,
      error_rate: record.errors / record.searches,
      median_ms: percentile(sorted, 0.5),
      p95_ms: percentile(sorted, 0.95),
    };
  }
}

/** Nearest-rank percentile of an ascending list; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil(p * sorted.length);
  return Math.round(sorted[Math.max(0, rank - 1)]);
}
