// The common base of every service's Hono app: health, JSON 404 and JSON 500.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describeError } from "../shared/describe_error.ts";
import { VERSION } from "./version.ts";

export const SERVICE_NAMES = ["search", "search_mcp", "diagram", "collab"] as const;
export type ServiceName = typeof SERVICE_NAMES[number];

export interface HealthProbe {
  /** Resolves when a dependency the service cannot work without is usable; rejects otherwise. */
  (): Promise<void>;
}

function healthBody(service: ServiceName) {
  return { status: "ok", service, version: VERSION };
}

/** Facts added to a healthy answer, e.g. whether an upstream the service calls answers. */
export type HealthDetails = () => Promise<Record<string, unknown>>;

/** A Hono app with `GET /health` and JSON answers for unknown routes and unexpected errors. */
export function serviceApp(
  service: ServiceName,
  probe?: HealthProbe,
  details?: HealthDetails,
): Hono {
  const app = new Hono();
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
  app.notFound((c) => c.json({ error: `Not found: ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ error: error.message || "Bad request" }, error.status);
    }
    // The cause goes to the log only: it may hold details a client should not see.
    console.error(`${service}: ${c.req.method} ${c.req.path} failed: ${error.stack ?? error}`);
    return c.json({ error: "Internal server error" }, 500);
  });
  return app;
}
