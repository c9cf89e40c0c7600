// An engine that failed is left alone for a while (SearXNG's suspension): blocks (CAPTCHA, 403,
// 429) for long enough to cool down, other errors briefly. A success clears it.
import type { EngineError } from "./engine.ts";

export interface Suspension {
  reason: string;
  until: number;
}

export class Suspensions {
  readonly #byEngine = new Map<string, Suspension>();
  constructor(private readonly now: () => number = Date.now) {}

  /** The active suspension of `engine`, if any. */
  get(engine: string): Suspension | undefined {
    const suspension = this.#byEngine.get(engine);
    if (suspension && suspension.until <= this.now()) {
      this.#byEngine.delete(engine);
      return undefined;
    }
    return suspension;
  }

  failed(engine: string, error: EngineError): void {
    if (error.suspendSeconds <= 0) return;
    this.#byEngine.set(engine, {
      reason: error.reason,
      until: this.now() + error.suspendSeconds * 1000,
    });
  }

  succeeded(engine: string): void {
    this.#byEngine.delete(engine);
  }
}
