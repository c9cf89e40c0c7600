// What `deno task start` does when a service exits on its own: restart it after a growing pause,
// or give up and stop everything when restarting cannot help.
import { EXIT_CONFIG } from "../runtime/config.ts";
import { EXIT_CANNOT_LISTEN } from "../runtime/serve.ts";

/** First pause; each restart in a row doubles it. */
export const RESTART_BASE_MS = 1_000;
export const RESTART_MAX_MS = 30_000;
/** A run at least this long counts as healthy: the next pause starts again from the first. */
export const STABLE_RUN_MS = 60_000;
/** Deaths in a row before a service ever said it was listening, after which we give up. */
export const MAX_FAILED_STARTS = 5;

export interface RestartState {
  /** Restarts since the service last ran for STABLE_RUN_MS; the exponent of the pause. */
  restarts: number;
  /** Runs in a row that ended before the service was listening. */
  failedStarts: number;
}

export const FRESH: RestartState = { restarts: 0, failedStarts: 0 };

export interface Exit {
  code: number;
  /** How long the run lasted. */
  uptimeMs: number;
  /** Whether the run got as far as listening. */
  listened: boolean;
}

export type Decision =
  | { action: "restart"; delayMs: number; restart: number }
  | { action: "stop"; exitCode: number; why: "config" | "listen" | "failed-starts" };

export function decide(
  state: RestartState,
  exit: Exit,
): { state: RestartState; decision: Decision } {
  // A bad setting, or an address another program holds, fails the same way every time; the
  // operator has to fix it.
  if (!exit.listened && exit.code === EXIT_CONFIG) {
    return { state, decision: { action: "stop", exitCode: EXIT_CONFIG, why: "config" } };
  }
  if (!exit.listened && exit.code === EXIT_CANNOT_LISTEN) {
    return { state, decision: { action: "stop", exitCode: EXIT_CANNOT_LISTEN, why: "listen" } };
  }
  const failedStarts = exit.listened ? 0 : state.failedStarts + 1;
  if (failedStarts >= MAX_FAILED_STARTS) {
    return {
      state: { ...state, failedStarts },
      decision: { action: "stop", exitCode: exit.code === 0 ? 1 : exit.code, why: "failed-starts" },
    };
  }
  const previous = exit.uptimeMs >= STABLE_RUN_MS ? 0 : state.restarts;
  const delayMs = Math.min(RESTART_BASE_MS * 2 ** previous, RESTART_MAX_MS);
  return {
    state: { restarts: previous + 1, failedStarts },
    decision: { action: "restart", delayMs, restart: previous + 1 },
  };
}
