// search's Hono app: every route group behind compression, the per-client limit and the pages'
// security headers.
import type { Hono } from "hono";
import { serviceApp } from "../runtime/http.ts";
import { compression } from "../runtime/compression.ts";
import type { Registry } from "../runtime/metrics/registry.ts";
import { createRateLimiter } from "../shared/rate_limiter.ts";
import { boundedBody } from "./http/bounded_body.ts";
import { rateLimit } from "./http/limiter.ts";
import { securityHeaders } from "../runtime/security_headers.ts";
import { autocompleterRoutes } from "./routes/autocompleter.ts";
import { imageProxyRoutes } from "./routes/image_proxy.ts";
import { instanceConfigRoutes } from "./routes/instance_config.ts";
import { opensearchRoutes } from "./routes/opensearch.ts";
import { preferencesRoutes } from "./routes/preferences.ts";
import { searchRoutes } from "./routes/search.ts";
import type { SearchDeps } from "./routes/site.ts";
import { staticRoutes } from "./routes/static_files.ts";
import { statsRoutes } from "./routes/stats.ts";
import { videoEmbedRoutes } from "./routes/video_embed.ts";

export type { SearchDeps };

/** Form posts are small; a larger declared body is refused before it is read. */
const MAX_FORM_BODY_BYTES = 64 * 1024;

export function createSearchApp(
  deps: SearchDeps,
  ops: { metrics?: Registry; metricsToken?: string } = {},
): Hono {
  const app = serviceApp("search", {
    ...ops,
    // SearXNG answers its container health check at /healthz with plain "OK".
    aliveText: "OK",
    readiness: [{ name: "engines", problem: () => Promise.resolve(enginesProblem(deps)) }],
  });
  app.use(compression());
  // Pages load only our own stylesheet, images and one script (the answers' Copy buttons, a file:
  // nothing inline runs); https: images because thumbnails load directly when the visitor turned
  // the image proxy off.
  app.use(securityHeaders([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' https: data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]));
  app.use(boundedBody(MAX_FORM_BODY_BYTES));
  if (deps.settings.server.limiter) {
    const limited = rateLimit(createRateLimiter({ burst: 20, perMinute: 30 }), deps.clientAddress);
    app.use("/search", limited);
    app.use("/autocompleter", limited);
    app.use("/image_proxy", limited);
  }
  for (
    const routes of [
      searchRoutes(deps),
      autocompleterRoutes(deps),
      opensearchRoutes(deps),
      instanceConfigRoutes(deps),
      statsRoutes(deps),
      preferencesRoutes(deps),
      imageProxyRoutes(deps),
      videoEmbedRoutes(deps),
      staticRoutes(),
    ]
  ) app.route("/", routes);
  return app;
}

/** Settings are loaded once the app exists; it can search when some engine is on. */
function enginesProblem(deps: SearchDeps): string | null {
  return deps.searcher.engines.some((engine) => !engine.disabled)
    ? null
    : "every engine is disabled in the settings";
}
