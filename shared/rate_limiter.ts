// A token bucket per client: bursts up to `burst` requests, then `perMinute` a minute. Pure (the
// clock is injected); the search engine's opt-in limiter and the MCP server's tool-call limit use it.
export interface LimiterOptions {
  burst: number;
  perMinute: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  updated: number;
}

const MAX_TRACKED_CLIENTS = 10_000;

export function createRateLimiter({ burst, perMinute, now = Date.now }: LimiterOptions) {
  const buckets = new Map<string, Bucket>();
  const perMs = perMinute / 60_000;

  function refill(bucket: Bucket, at: number) {
    bucket.tokens = Math.min(burst, bucket.tokens + (at - bucket.updated) * perMs);
    bucket.updated = at;
  }

  /** Null when `client` may proceed, else the seconds until it may. */
  function take(client: string): number | null {
    const at = now();
    let bucket = buckets.get(client);
    if (!bucket) {
      if (buckets.size >= MAX_TRACKED_CLIENTS) forgetIdle(at);
      bucket = { tokens: burst, updated: at };
      buckets.set(client, bucket);
    }
    refill(bucket, at);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  // A full bucket carries no information: dropping it changes nothing for that client.
  function forgetIdle(at: number) {
    for (const [client, bucket] of buckets) {
      refill(bucket, at);
      if (bucket.tokens >= burst) buckets.delete(client);
    }
    if (buckets.size >= MAX_TRACKED_CLIENTS) buckets.delete(buckets.keys().next().value!);
  }

  return { take, size: () => buckets.size };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
