// The opt-in per-client limit (`server.limiter: true`). Off by default: a private instance serves
// its own scripts and agents, and SearXNG's 4-requests-per-hour API window is what its users
// complain about most. When on, each client IP gets a token bucket: bursts up to `burst`
// requests, then `perMinute` a minute.
import type { Context, MiddlewareHandler } from "hono";
import type { RateLimiter } from "../../shared/rate_limiter.ts";

/** Limits by the client's address (trusted_proxies.ts: through trusted proxies only). */
export function rateLimit(
  limiter: RateLimiter,
  clientAddress: (c: Context) => string,
): MiddlewareHandler {
  return async (c, next) => {
    // Outside Deno.serve (in-process tests) every request is "unknown": one shared bucket.
    const retryAfter = limiter.take(clientAddress(c));
    if (retryAfter !== null) {
      c.header("Retry-After", String(retryAfter));
      return c.json({ error: "Too many requests" }, 429);
    }
    await next();
  };
}
