// Privacy and hardening headers on every answer of a service with pages: no referrer leaves the
// page, nothing is framed, sniffed or indexed, and the Content-Security-Policy the service passes
// (each names exactly what its pages load) unless a route set its own.
import type { MiddlewareHandler } from "hono";

/** A policy from its directives, e.g. `["default-src 'none'", "style-src 'self'"]`. */
export function securityHeaders(directives: string[]): MiddlewareHandler {
  const policy = directives.join("; ");
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", policy);
    headers.set("Referrer-Policy", "no-referrer");
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("X-Frame-Options", "DENY");
    headers.set("X-Robots-Tag", "noindex, nofollow");
    headers.set("Permissions-Policy", "interest-cohort=(), browsing-topics=()");
  };
}
