// Requests and their latency per route template: `/api/diagrams/:id`, never the path as asked,
// whose ids and typos would each become a series of their own.
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { LATENCY_BUCKETS, type Registry } from "./registry.ts";

/** The route label of a request no route of ours matched. */
export const UNMATCHED = "unmatched";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Middleware mounted for every path says nothing about which route a request was for. */
const EVERY_PATH = new Set(["*", "/*"]);

export type ObserveRequest = (
  route: string,
  method: string,
  status: number,
  seconds: number,
) => void;

/** Counts and times requests; `route` must be a template or UNMATCHED. */
export function requestMetrics(registry: Registry): ObserveRequest {
  const requests = registry.counter(
    "http_requests_total",
    "HTTP requests answered, by route template, method and status code.",
    ["route", "method", "code"],
  );
  const duration = registry.histogram(
    "http_request_duration_seconds",
    "Time to answer an HTTP request (until the headers), by route template and method.",
    LATENCY_BUCKETS,
    ["route", "method"],
  );
  return (route, method, status, seconds) => {
    // Methods are free text on the wire; only the standard ones get a series of their own.
    const known = METHODS.has(method) ? method : "other";
    requests.inc({ route, method: known, code: String(status) });
    duration.observe(seconds, { route, method: known });
  };
}

/** The Hono middleware: the deepest route the request reached that names a path. */
export function honoRequestMetrics(observe: ObserveRequest): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    // Hono answers an error thrown further in with onError before next() returns.
    await next();
    // Routes past the one that answered were never reached, though they match the path.
    const reached = matchedRoutes(c).slice(0, c.req.routeIndex + 1);
    const route = reached.findLast(({ path }) => !EVERY_PATH.has(path))?.path ?? UNMATCHED;
    observe(route, c.req.method, c.res.status, (performance.now() - started) / 1000);
  };
}
