// Failed-login limits: per email (guessing one account's password) and per client address
// (spraying many accounts). A blocked attempt is refused before any password hashing, so the
// limit also caps the scrypt work an attacker can make the server do.

export interface LoginThrottleOptions {
  maxFailuresPerEmail: number;
  maxFailuresPerClient: number;
  windowMs: number;
  now?: () => number;
}

export interface LoginThrottle {
  /** Seconds until an attempt may be made, or null when it may be made now. */
  retryAfter(email: string, client: string): number | null;
  recordFailure(email: string, client: string): void;
  /** A success forgets the email's failures; the client's stay, so spraying still counts. */
  recordSuccess(email: string): void;
}

export const DEFAULT_LOGIN_LIMITS = {
  maxFailuresPerEmail: 5,
  maxFailuresPerClient: 20,
  windowMs: 15 * 60 * 1000,
} as const;

/** Bounds memory under a flood of distinct emails or addresses; oldest keys go first. */
const MAX_TRACKED_KEYS = 50_000;

export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const since = now() - options.windowMs;
    const times = (failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  }

  function wait(key: string, max: number): number | null {
    const times = recent(key);
    if (times.length < max) return null;
    // The window frees a slot when the oldest counted failure leaves it.
    const freeAt = times[times.length - max] + options.windowMs;
    return Math.max(1, Math.ceil((freeAt - now()) / 1000));
  }

  function record(key: string): void {
    const times = recent(key);
    times.push(now());
    failures.delete(key);
    failures.set(key, times);
    if (failures.size > MAX_TRACKED_KEYS) failures.delete(failures.keys().next().value!);
  }

  return {
    retryAfter(email, client) {
      const waits = [
        wait(`email:${email}`, options.maxFailuresPerEmail),
        wait(`client:${client}`, options.maxFailuresPerClient),
      ].filter((seconds) => seconds !== null);
      return waits.length === 0 ? null : Math.max(...waits);
    },
    recordFailure(email, client) {
      record(`email:${email}`);
      record(`client:${client}`);
    },
    recordSuccess(email) {
      failures.delete(`email:${email}`);
    },
  };
}
