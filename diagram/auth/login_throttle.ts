// Failed-login limits: per email and client address (guessing one account's password from one
// place) and per client address (spraying many accounts). Counting the pair rather than the email
// alone means a flood from one address cannot lock the owner out from another.
//
// An attempt is reserved before any password hashing and counts against both limits while it is
// in flight, so parallel guesses cannot all slip in under the limit before the first failure is
// recorded; a refused attempt costs no scrypt work.

export interface LoginThrottleOptions {
  maxFailuresPerEmailAndClient: number;
  maxFailuresPerClient: number;
  windowMs: number;
  now?: () => number;
}

export interface LoginAttempt {
  /** Forgets this email's failures from this client; the client's own count stays. */
  succeeded(): void;
  failed(): void;
  /** Neither: the attempt could not be judged (say, the database failed). */
  released(): void;
}

export type Reservation = { attempt: LoginAttempt } | { retryAfter: number };

export interface LoginThrottle {
  /** Claims an attempt, or says how many seconds to wait. Settle every attempt exactly once. */
  reserve(email: string, client: string): Reservation;
}

export const DEFAULT_LOGIN_LIMITS = {
  maxFailuresPerEmailAndClient: 5,
  maxFailuresPerClient: 20,
  windowMs: 15 * 60 * 1000,
} as const;

/** Bounds memory under a flood of distinct emails or addresses; oldest keys go first. */
const MAX_TRACKED_KEYS = 50_000;
/** An attempt refused only because others are in flight may retry as soon as they settle. */
const IN_FLIGHT_RETRY_SECONDS = 1;

interface Counter {
  failures: number[];
  inFlight: number;
}

export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counter>();

  function counter(key: string): Counter {
    const since = now() - options.windowMs;
    const found = counters.get(key) ?? { failures: [], inFlight: 0 };
    found.failures = found.failures.filter((time) => time > since);
    // Re-inserted so the map's order is least recently used first.
    counters.delete(key);
    if (found.failures.length > 0 || found.inFlight > 0) counters.set(key, found);
    if (counters.size > MAX_TRACKED_KEYS) counters.delete(counters.keys().next().value!);
    return found;
  }

  function wait(key: string, max: number): number | null {
    const { failures, inFlight } = counter(key);
    if (failures.length + inFlight < max) return null;
    if (failures.length < max) return IN_FLIGHT_RETRY_SECONDS;
    // The window frees a slot when the oldest counted failure leaves it.
    const freeAt = failures[failures.length - max] + options.windowMs;
    return Math.max(1, Math.ceil((freeAt - now()) / 1000));
  }

  function settle(key: string, failed: boolean): void {
    const found = counter(key);
    found.inFlight = Math.max(0, found.inFlight - 1);
    if (failed) found.failures.push(now());
    counters.set(key, found);
  }

  return {
    reserve(email, client) {
      const pairKey = `pair:${email}\0${client}`;
      const clientKey = `client:${client}`;
      const waits = [
        wait(pairKey, options.maxFailuresPerEmailAndClient),
        wait(clientKey, options.maxFailuresPerClient),
      ].filter((seconds) => seconds !== null);
      if (waits.length > 0) return { retryAfter: Math.max(...waits) };
      for (const key of [pairKey, clientKey]) {
        const found = counter(key);
        found.inFlight++;
        counters.set(key, found);
      }
      let settled = false;
      const once = (run: () => void) => () => {
        if (settled) return;
        settled = true;
        run();
      };
      return {
        attempt: {
          succeeded: once(() => {
            settle(clientKey, false);
            counters.delete(pairKey);
          }),
          failed: once(() => {
            settle(pairKey, true);
            settle(clientKey, true);
          }),
          released: once(() => {
            settle(pairKey, false);
            settle(clientKey, false);
          }),
        },
      };
    },
  };
}
