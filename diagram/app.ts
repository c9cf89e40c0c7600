// The diagram service's HTTP edge: health, login, the REST API and the MCP endpoint. Every route
// calls the core; none touches the database.
import { Hono } from "hono";
import { serviceApp } from "../runtime/http.ts";
import { securityHeaders } from "../runtime/security_headers.ts";
import type { McpEndpoint } from "../runtime/mcp/endpoint.ts";
import type { DiagramCore } from "./core/core.ts";
import { authenticate, type DiagramHonoEnv } from "./http/authenticate.ts";
import { answerForKnownError } from "./http/error_answers.ts";
import { requireSameOrigin } from "./http/same_origin.ts";
import { collectionRoutes } from "./routes/collections.ts";
import { diagramRoutes } from "./routes/diagrams.ts";
import { mcpRoutes } from "./routes/mcp.ts";
import { pageRoutes } from "./routes/pages.ts";
import { sessionRoutes } from "./routes/session.ts";

export interface DiagramDeps {
  core: DiagramCore;
  baseUrl: string;
  mcp: McpEndpoint;
  trustProxy: boolean;
}

export function createDiagramApp(deps: DiagramDeps): Hono {
  const { core } = deps;
  const ownOrigin = new URL(deps.baseUrl).origin;
  const secureCookie = ownOrigin.startsWith("https:");
  // Healthy means the database answers: without it the service can do nothing useful.
  const app = serviceApp("diagram", core.ping, undefined, answerForKnownError);
  // Pages load our own stylesheet, scripts and images only; nothing may frame them.
  app.use(securityHeaders([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]));
  // Sign-in and sign-out forms are state changes too: only from our own pages.
  for (const path of ["/login", "/logout", "/account/*", "/d/*", "/import"]) {
    app.use(path, requireSameOrigin(ownOrigin));
  }
  // Cookie-authenticated writes (and login itself) must come from our own pages.
  app.use("/api/*", requireSameOrigin(ownOrigin, (headers) => !headers.has("authorization")));
  app.route(
    "/",
    sessionRoutes({ sessions: core.sessions, secureCookie, trustProxy: deps.trustProxy }),
  );

  const api = new Hono<DiagramHonoEnv>();
  const signedIn = authenticate(core.sessions, secureCookie);
  for (
    const path of ["/api/diagrams", "/api/diagrams/*", "/api/collections", "/api/collections/*"]
  ) {
    api.use(path, signedIn);
  }
  api.route("/", diagramRoutes(core.diagrams));
  api.route("/", collectionRoutes(core.collections));
  app.route("/", api);
  app.route("/", mcpRoutes(core.sessions, deps.mcp));
  app.route(
    "/",
    pageRoutes({
      sessions: core.sessions,
      accounts: core.accounts,
      diagrams: core.diagrams,
      baseUrl: deps.baseUrl,
      secureCookie,
      trustProxy: deps.trustProxy,
    }),
  );
  return app;
}
