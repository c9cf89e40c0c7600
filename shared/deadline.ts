// A time limit for one piece of work (a call and the reading of its answer) that ends with it.
// AbortSignal.timeout keeps its timer, and through it the signal and all that listens to it, until
// the time is up, however early the work finished: a server making a thousand calls a second with
// a 10 s limit held ten thousand finished calls' signals at any moment.

export interface Deadline {
  /** Aborts when the time is up, or with the parent signal. */
  readonly signal: AbortSignal;
  /** Whether the time ran out (rather than the parent aborting). */
  readonly expired: boolean;
  /** Ends the deadline once the work is over: its timer and its hold on the parent go. */
  clear(): void;
}

export function startDeadline(ms: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`timed out after ${ms} ms`, "TimeoutError"));
  }, ms);
  const followParent = () => controller.abort(parent?.reason);
  if (parent?.aborted) followParent();
  else parent?.addEventListener("abort", followParent, { once: true });
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    clear() {
      clearTimeout(timer);
      parent?.removeEventListener("abort", followParent);
    },
  };
}
