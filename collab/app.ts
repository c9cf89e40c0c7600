import type { Hono } from "hono";
import { serviceApp } from "../runtime/http.ts";

export function createCollabApp(): Hono {
  return serviceApp("collab");
}
