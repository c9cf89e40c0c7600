// The diagram service's HTTP edge: health, login, the REST API and the MCP endpoint.
import { Hono } from "hono";
import { serviceApp } from "../runtime/http.ts";
import type { McpEndpoint } from "../runtime/mcp/endpoint.ts";
import { createLoginThrottle, DEFAULT_LOGIN_LIMITS } from "./auth/login_throttle.ts";
import type { Database } from "./db/database.ts";
import type { DiagramService } from "./core/diagram_service.ts";
import { authenticate, type DiagramHonoEnv } from "./http/authenticate.ts";
import { requireSameOrigin } from "./http/same_origin.ts";
import { answerForKnownError } from "./http/store_errors.ts";
import { collectionRoutes } from "./routes/collections.ts";
import { diagramRoutes } from "./routes/diagrams.ts";
import { mcpRoutes } from "./routes/mcp.ts";
import { sessionRoutes } from "./routes/session.ts";

export interface DiagramDeps {
  db: Database;
  baseUrl: string;
  diagrams: DiagramService;
  mcp: McpEndpoint;
  trustProxy: boolean;
}

export function createDiagramApp(deps: DiagramDeps): Hono {
  const ownOrigin = new URL(deps.baseUrl).origin;
  const secureCookie = ownOrigin.startsWith("https:");
  // Healthy means the database answers: without it the service can do nothing useful.
  const app = serviceApp(
    "diagram",
    async () => {
      await deps.db.execute("SELECT 1");
    },
    undefined,
    answerForKnownError,
  );
  const throttle = createLoginThrottle(DEFAULT_LOGIN_LIMITS);

  // Cookie-authenticated writes (and login itself) must come from our own pages.
  app.use("/api/*", requireSameOrigin(ownOrigin, (headers) => !headers.has("authorization")));
  app.route(
    "/",
    sessionRoutes({ db: deps.db, throttle, secureCookie, trustProxy: deps.trustProxy }),
  );

  const api = new Hono<DiagramHonoEnv>();
  const signedIn = authenticate(deps.db, secureCookie);
  for (
    const path of ["/api/diagrams", "/api/diagrams/*", "/api/collections", "/api/collections/*"]
  ) {
    api.use(path, signedIn);
  }
  api.route("/", diagramRoutes({ db: deps.db, diagrams: deps.diagrams }));
  api.route("/", collectionRoutes(deps.db));
  app.route("/", api);
  app.route("/", mcpRoutes(deps.db, deps.mcp, deps.trustProxy));
  return app;
}
