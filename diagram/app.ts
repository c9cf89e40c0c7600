import type { Hono } from "hono";
import { serviceApp } from "../runtime/http.ts";
import type { Database } from "./db/database.ts";

export interface DiagramDeps {
  db: Database;
}

export function createDiagramApp(deps: DiagramDeps): Hono {
  // Healthy means the database answers: without it the service can do nothing useful.
  return serviceApp("diagram", async () => {
    await deps.db.execute("SELECT 1");
  });
}
