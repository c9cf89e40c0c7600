// "Try again in 3 minutes": a throttle's Retry-After seconds as a person reads them.

export function retryIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
