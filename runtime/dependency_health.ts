// What a service's /health says about another service it cannot do its work without (search_mcp
// needs search, collab needs diagram): "reachable", or `"status": "degraded"` with the reason, so
// a supervisor or a container check can tell "up but cut off" from "up". The answer is remembered
// a few seconds so that a checker polling often does not become load on the other service.
import { describeError } from "../shared/describe_error.ts";

/** Resolves null when the dependency answers, otherwise to why it does not. */
export type DependencyProbe = () => Promise<string | null>;

const MEMORY_MS = 5_000;
/** How long a probe waits for an answer; a caller with a shorter deadline of its own passes that. */
export const PROBE_TIMEOUT_MS = 2_000;

/** Health details under `key`: `{[key]: "reachable"}` or the degraded status and its reason. */
export function dependencyHealth(
  key: string,
  probe: DependencyProbe,
  clock: () => number = Date.now,
): () => Promise<Record<string, string>> {
  let last: { at: number; facts: Record<string, string> } | undefined;
  return async () => {
    const now = clock();
    if (!last || now - last.at > MEMORY_MS) {
      const problem = await probe();
      last = {
        at: now,
        facts: problem === null
          ? { [key]: "reachable" }
          : { status: "degraded", reason: problem, [key]: "unreachable" },
      };
    }
    return last.facts;
  };
}

/**
 * Probes `url` with a GET: null when it answers below 500. `label` names the other service and
 * the variable that points at it, for the reason (never with credentials in it).
 */
export function httpProbe(
  url: string,
  label: string,
  headers: Record<string, string> = {},
  timeoutMs = PROBE_TIMEOUT_MS,
): DependencyProbe {
  return async () => {
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.status < 500 ? null : `${label} answered HTTP ${response.status}`;
    } catch (error) {
      return `${label} does not answer (${whyNoAnswer(error, timeoutMs)})`;
    }
  };
}

/** "Connection refused (os error 111)" rather than fetch's own "fetch failed". */
function whyNoAnswer(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  // The client's message nests its layers ("error sending request …: client error (Connect):
  // tcp connect error: Connection refused"); the innermost one says what happened.
  return describeError(cause).split(": ").at(-1)!;
}
