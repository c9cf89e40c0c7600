// "Try again in 3 minutes": a throttle's Retry-After seconds as a person reads them.

/** "3 minutes" for 180 seconds (at least "1 minute"): when to try again, in words. */
export function retryIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
