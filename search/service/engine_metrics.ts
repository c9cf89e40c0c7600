// Per engine, for Prometheus, what /stats shows people: calls, failures by kind, timeouts and
// latency. Labels are the engine's name from settings and a kind from a fixed list.
import { LATENCY_BUCKETS, type Registry } from "../../runtime/metrics/registry.ts";
import type { EngineError } from "../core/engine.ts";

export interface EngineMetrics {
  /** One call to an engine that ended after `seconds`, failed or not. */
  record(engine: string, seconds: number, error?: EngineError): void;
}

/** The kinds of failure (core/engine.ts's EngineError reasons) as label values. */
const KINDS: Record<string, string> = {
  "CAPTCHA": "captcha",
  "too many requests": "too_many_requests",
  "access denied": "access_denied",
  "parsing error": "parse",
  "HTTP error": "http_status",
  "network error": "network",
  "timeout": "timeout",
};

export function engineMetrics(registry: Registry): EngineMetrics {
  const requests = registry.counter(
    "search_engine_requests_total",
    "Calls to an upstream engine, answered or failed.",
    ["engine"],
  );
  const errors = registry.counter(
    "search_engine_errors_total",
    "Calls to an upstream engine that failed, by kind of failure.",
    ["engine", "kind"],
  );
  const timeouts = registry.counter(
    "search_engine_timeouts_total",
    "Calls to an upstream engine stopped at their deadline.",
    ["engine"],
  );
  const duration = registry.histogram(
    "search_engine_duration_seconds",
    "Time an upstream engine took to answer or fail.",
    LATENCY_BUCKETS,
    ["engine"],
  );
  return {
    record(engine, seconds, error) {
      requests.inc({ engine });
      duration.observe(seconds, { engine });
      if (!error) return;
      const kind = KINDS[error.reason] ?? "other";
      errors.inc({ engine, kind });
      if (kind === "timeout") timeouts.inc({ engine });
    },
  };
}
