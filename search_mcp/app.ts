import type { Hono } from "hono";
import { serviceApp } from "../runtime/http.ts";

export function createSearchMcpApp(): Hono {
  return serviceApp("search_mcp");
}
