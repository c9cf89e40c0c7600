// The diagram service's HTTP edge: health, login, the REST API and the MCP endpoint. Every route
// calls the service layer (service/); none touches the database.
import { Hono } from "hono";
import { type HealthDetails, serviceApp } from "../runtime/http.ts";
import type { Registry } from "../runtime/metrics/registry.ts";
import { compression } from "../runtime/compression.ts";
import { securityHeaders } from "../runtime/security_headers.ts";
import { pagePolicy } from "./http/page_policy.ts";
import type { McpEndpoint } from "../runtime/mcp/endpoint.ts";
import type { DiagramService } from "./service/diagram_service.ts";
import type { DrawingPoolStats } from "./drawing_pool/drawing_pool.ts";
import { authenticate, type DiagramHonoEnv } from "./http/authenticate.ts";
import { answerForKnownError } from "./http/error_answers.ts";
import { requireSameOrigin } from "./http/same_origin.ts";
import { collectionRoutes } from "./routes/collections.ts";
import { diagramFileRoutes } from "./routes/diagram_files.ts";
import { diagramRoutes } from "./routes/diagrams.ts";
import { galleryRoutes } from "./routes/gallery.ts";
import { shareLinkRoutes } from "./routes/share_links.ts";
import { historyRoutes } from "./routes/history.ts";
import { trashRoutes } from "./routes/trash.ts";
import { mcpRoutes } from "./routes/mcp.ts";
import { collabTokenRoutes, internalCollabRoutes } from "./routes/collab.ts";
import type { EditorSetup } from "./routes/diagram_pages.ts";
import { pageRoutes } from "./routes/pages.ts";
import { sharedPageRoutes } from "./routes/shared_pages.ts";
import { sharedLiveRoutes } from "./routes/shared_live.ts";
import { sessionRoutes } from "./routes/session.ts";
import { openApiRoutes } from "./routes/openapi/route.ts";

export interface DiagramDeps {
  core: DiagramService;
  baseUrl: string;
  mcp: McpEndpoint;
  /** Browser pages besides our own that may call /mcp; undefined: pages on loopback. */
  mcpAllowedOrigins?: readonly string[];
  trustProxy: boolean;
  /** Checks the collab server's signed requests. */
  collabSecret: string;
  editor: EditorSetup;
  /** The registry /metrics answers from (the service's own families already in it). */
  metrics?: Registry;
  metricsToken?: string;
  /** Facts /health adds, such as when the last backup succeeded. */
  healthDetails?: HealthDetails;
  /** The drawing pool, for /readyz; without it only the database is checked. */
  layoutPool?: () => DrawingPoolStats;
}

/** The REST API's roots: each request under them is authenticated by a token or the cookie. */
const API_PATHS = [
  "/api/diagrams",
  "/api/collections",
  "/api/trash",
  "/api/export",
  "/api/import",
  "/api/shares",
];

export function createDiagramApp(deps: DiagramDeps): Hono {
  const { core } = deps;
  const ownOrigin = new URL(deps.baseUrl).origin;
  const secureCookie = ownOrigin.startsWith("https:");
  // Healthy means the database answers: without it the service can do nothing useful. Ready means
  // the drawing workers can take jobs too.
  const pool = deps.layoutPool;
  const app = serviceApp("diagram", {
    probe: core.ping,
    details: deps.healthDetails,
    answerKnownError: answerForKnownError,
    metrics: deps.metrics,
    metricsToken: deps.metricsToken,
    readiness: [
      { name: "database", problem: () => core.ping().then(() => null) },
      ...(pool
        ? [{ name: "layout_pool", problem: () => Promise.resolve(poolProblem(pool())) }]
        : []),
    ],
  });
  app.use(compression());
  // Pages load our own stylesheet, scripts and images only; nothing may frame them.
  app.use(securityHeaders(pagePolicy()));
  // Every write must come from our own pages (page forms, sign-in and sign-out included, and the
  // REST calls of our own scripts), except where no cookie can be the credential: /mcp takes a
  // token only, /internal/* is for the collab server, whose requests are signed instead, and the
  // REST API, which may be called with a token, decides once it knows the credential (authenticate).
  const sameOrigin = requireSameOrigin(ownOrigin);
  app.use("*", (c, next) => {
    const path = c.req.path;
    const checkedLater = path === "/mcp" || path.startsWith("/internal/") ||
      API_PATHS.some((root) => path === root || path.startsWith(`${root}/`));
    return checkedLater ? next() : sameOrigin(c, next);
  });
  app.route(
    "/",
    sessionRoutes({ sessions: core.sessions, secureCookie, trustProxy: deps.trustProxy }),
  );

  const api = new Hono<DiagramHonoEnv>();
  const signedIn = authenticate(core.sessions, secureCookie, ownOrigin);
  for (const root of API_PATHS) {
    api.use(root, signedIn);
    api.use(`${root}/*`, signedIn);
  }
  api.route("/", diagramRoutes(core.diagrams));
  api.route("/", diagramFileRoutes(core.diagrams));
  api.route("/", historyRoutes(core.history));
  api.route("/", trashRoutes(core.trash));
  api.route("/", collectionRoutes(core.collections));
  api.route("/", collabTokenRoutes(core.collabRooms));
  api.route("/", galleryRoutes(core.gallery));
  api.route("/", shareLinkRoutes(core.shares));
  app.route("/", api);
  app.route("/", openApiRoutes(secureCookie));
  app.route("/", internalCollabRoutes(core.collabRooms, () => deps.collabSecret));
  app.route(
    "/",
    mcpRoutes(core.sessions, deps.mcp, { own: ownOrigin, configured: deps.mcpAllowedOrigins }),
  );
  // Share links' pages, for visitors with no session: outside every signed-in path.
  const { baseUrl, trustProxy } = deps;
  app.route("/", sharedPageRoutes({ ...core, baseUrl, trustProxy, editor: deps.editor }));
  app.route("/", sharedLiveRoutes({ ...core, rooms: core.collabRooms }));
  app.route(
    "/",
    pageRoutes({
      sessions: core.sessions,
      accounts: core.accounts,
      diagrams: core.diagrams,
      history: core.history,
      trash: core.trash,
      collections: core.collections,
      gallery: core.gallery,
      baseUrl: deps.baseUrl,
      shares: core.shares,
      secureCookie,
      trustProxy: deps.trustProxy,
      editor: deps.editor,
    }),
  );
  return app;
}

/** Null when the pool can take a job now: open, and with a warm worker once any has started. */
function poolProblem(stats: DrawingPoolStats): string | null {
  if (stats.closed) return "the layout pool is closed";
  if (stats.workers > 0 && stats.ready === 0) return "the layout workers are still starting";
  return null;
}
