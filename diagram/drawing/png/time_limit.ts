// A synchronous computation stopped when it runs past a time limit, from inside the thread that
// runs it. Deno 2.9 cannot stop a busy worker from outside: Worker.terminate() takes effect only
// when the worker's code yields (measured: a worker in a 10 s loop kept its core for the rest of
// the 10 s after terminate()), and resvg draws a picture in one call that never yields. node:vm's
// timeout does stop it: a watchdog interrupts whatever runs on this thread, JavaScript or
// WebAssembly, once the limit passes, and the call throws.
import vm from "node:vm";

/** The computation ran past its limit and was stopped part-way. */
export class TimeLimitError extends Error {
  constructor(readonly limitMs: number) {
    super(`stopped after ${limitMs} ms`);
    this.name = "TimeLimitError";
  }
}

// One context per thread, made when first needed (the service's own thread never draws), holding
// the computation of the moment: the watchdog only covers code run through a vm script, which
// calls it.
let holder: vm.Context | undefined;
const runTask = new vm.Script("task()");

/**
 * `task()`, stopped with TimeLimitError after `limitMs` (at least 1). Its own errors pass through.
 * A stopped task may leave what it was changing half-changed: the caller throws that state away.
 */
export function withinTime<T>(limitMs: number, task: () => T): T {
  const limit = Math.max(1, Math.ceil(limitMs));
  holder ??= vm.createContext({});
  holder.task = task;
  try {
    return runTask.runInContext(holder, { timeout: limit }) as T;
  } catch (error) {
    if ((error as { code?: unknown })?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
      throw new TimeLimitError(limit);
    }
    throw error;
  } finally {
    holder.task = undefined;
  }
}
