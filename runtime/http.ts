// The common base of every service's Hono app: health, metrics, JSON 404 and JSON 500.
import { type Context, Hono } from "hono";
import { getConnInfo } from "hono/deno";
import { HTTPException } from "hono/http-exception";
import { describeError } from "../shared/describe_error.ts";
import { VERSION } from "./version.ts";
import { hostProblem } from "./host_header.ts";
import type { ServiceName } from "./service_names.ts";
import { metricsHandler, readinessAnswer, type ReadinessCheck } from "./metrics/endpoints.ts";
import { honoRequestMetrics, requestMetrics } from "./metrics/http_metrics.ts";
import { registerProcessMetrics } from "./metrics/process.ts";
import { Registry } from "./metrics/registry.ts";

export { SERVICE_NAMES, type ServiceName } from "./service_names.ts";

export interface HealthProbe {
  /** Resolves when a dependency the service cannot work without is usable; rejects otherwise. */
  (): Promise<void>;
}

function healthBody(service: ServiceName) {
  return { status: "ok", service, version: VERSION };
}

/** Facts added to a healthy answer, e.g. whether an upstream the service calls answers. */
export type HealthDetails = () => Promise<Record<string, unknown>>;

/** Turns an error the service knows (a refusal, not a bug) into its answer; null for the rest. */
export type KnownErrorAnswer = (error: Error, c: Context) => Response | null;

export interface ServiceAppOptions {
  /** /health answers 503 when it rejects. */
  probe?: HealthProbe;
  details?: HealthDetails;
  answerKnownError?: KnownErrorAnswer;
  /** The service's own families go here too; a fresh registry when omitted. */
  metrics?: Registry;
  /** METRICS_TOKEN: /metrics then answers anyone with it, instead of loopback peers only. */
  metricsToken?: string;
  /** What /readyz checks; ready at once without any. */
  readiness?: readonly ReadinessCheck[];
  /** /healthz's text: "ok", or what a peer's probes expect (search answers SearXNG's "OK"). */
  aliveText?: string;
}

/**
 * A Hono app with `GET /health`, `/healthz` (the process answers), `/readyz` (its dependencies
 * answer), `/metrics`, request metrics per route, and JSON answers for unknown routes and
 * unexpected errors.
 */
export function serviceApp(service: ServiceName, options: ServiceAppOptions = {}): Hono {
  const { probe, details, answerKnownError } = options;
  const registry = options.metrics ?? new Registry();
  registerProcessMetrics(registry, service);
  const app = new Hono();
  app.use("*", honoRequestMetrics(requestMetrics(registry)));
  // No answer of ours may be sniffed into another type (a JSON error rendered as HTML, say).
  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  });
  app.use("*", async (c, next) => {
    const problem = hostProblem(c.req.raw);
    if (problem !== null) return c.json({ error: problem }, 400);
    await next();
  });
  app.get("/health", async (c) => {
    if (probe) {
      try {
        await probe();
      } catch (error) {
        console.error(
          `${service}: health check failed: ${describeError(error)}`,
        );
        return c.json({ ...healthBody(service), status: "unavailable" }, 503);
      }
    }
    return c.json({ ...healthBody(service), ...(await details?.()) });
  });
  app.get("/healthz", (c) => c.text(options.aliveText ?? "ok"));
  app.get("/readyz", () => readinessAnswer(options.readiness ?? []));
  const metrics = metricsHandler(registry, options.metricsToken);
  app.get("/metrics", (c) => metrics(c.req.raw, clientAddress(c, false)));
  app.notFound((c) => c.json({ error: `Not found: ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    const known = answerKnownError?.(error, c);
    if (known) return known;
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || "Bad request" }, error.status);
    }
    // The cause goes to the log only: it may hold details a client should not see.
    console.error(`${service}: ${c.req.method} ${c.req.path} failed: ${error.stack ?? error}`);
    return c.json({ error: "Internal server error" }, 500);
  });
  return app;
}

/**
 * The address a request came from: the peer, or behind a reverse proxy (`trustProxy`) the last
 * X-Forwarded-For hop, which the proxy itself appended; earlier hops are whatever the client claimed.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
