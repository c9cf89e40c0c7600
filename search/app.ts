import type { Hono } from "hono";
import { serviceApp } from "../runtime/http.ts";

export function createSearchApp(): Hono {
  const app = serviceApp("search");
  // SearXNG answers its container health check here with plain text.
  app.get("/healthz", (c) => c.text("OK"));
  return app;
}
