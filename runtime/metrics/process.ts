// What every service reports about its own process: memory, start time, and which build runs.
import type { ServiceName } from "../service_names.ts";
import { VERSION } from "../version.ts";
import type { Registry } from "./registry.ts";

const STARTED_SECONDS = Date.now() / 1000;

/** A registry for `service` with its process and build families already in it. */
export function registerProcessMetrics(registry: Registry, service: ServiceName): void {
  registry.collected(
    "process_resident_memory_bytes",
    "Resident set size of the process, in bytes.",
    "gauge",
    () => Deno.memoryUsage().rss,
  );
  registry.collected(
    "process_heap_used_bytes",
    "V8 heap in use, in bytes.",
    "gauge",
    () => Deno.memoryUsage().heapUsed,
  );
  registry.collected(
    "process_start_time_seconds",
    "When the process started, in seconds since the Unix epoch.",
    "gauge",
    () => STARTED_SECONDS,
  );
  registry.collected(
    `${service}_build_info`,
    `The version of ${service} that runs; always 1.`,
    "gauge",
    () => [[{ version: VERSION }, 1]],
  );
}
