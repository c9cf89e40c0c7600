import type { MiddlewareHandler } from "hono";

/**
 * Privacy and hardening headers on every answer: no referrer leaves the page, nothing is framed,
 * sniffed or indexed, and pages load only our own stylesheet and images, and run no script at all.
 */
export function securityHeaders(): MiddlewareHandler {
  const policy = [
    "default-src 'none'",
    "style-src 'self'",
    // https: because thumbnails load directly when the visitor turned the image proxy off.
    "img-src 'self' https: data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
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
