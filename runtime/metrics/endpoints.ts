// /metrics, /healthz and /readyz, as plain request handlers: the Hono services mount them in
// serviceApp, collab (no Hono) calls them from its own handler.
import { describeError } from "../../shared/describe_error.ts";
import { metricsAccess } from "./access.ts";
import { CONTENT_TYPE, type Registry } from "./registry.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * One dependency the service needs to do its work: resolves null when usable, otherwise to why
 * not (a rejection counts as not ready too).
 */
export interface ReadinessCheck {
  name: string;
  problem(): Promise<string | null>;
}

export function jsonAnswer(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": JSON_TYPE, ...headers },
  });
}

/** Answers a scrape, or refuses it (401 with WWW-Authenticate, or 403) as metricsAccess says. */
export function metricsHandler(
  registry: Registry,
  token: string | undefined,
): (request: Request, peer: string) => Promise<Response> {
  const check = metricsAccess(token);
  return async (request, peer) => {
    const refusal = check(request.headers.get("authorization"), peer);
    if (refusal !== null) {
      const challenge = refusal.status === 401
        ? { "www-authenticate": 'Bearer realm="metrics"' }
        : undefined;
      return jsonAnswer(refusal.status, { error: refusal.error }, challenge);
    }
    return new Response(await registry.expose(), { headers: { "content-type": CONTENT_TYPE } });
  };
}

/** 200 `{"status":"ready"}`, or 503 naming each dependency that is not usable and why. */
export async function readinessAnswer(checks: readonly ReadinessCheck[]): Promise<Response> {
  const problems = await Promise.all(checks.map(async (check) => {
    try {
      return [check.name, await check.problem()] as const;
    } catch (error) {
      return [check.name, describeError(error)] as const;
    }
  }));
  const notReady = Object.fromEntries(problems.filter(([, problem]) => problem !== null));
  if (Object.keys(notReady).length === 0) return jsonAnswer(200, { status: "ready" });
  return jsonAnswer(503, { status: "not ready", not_ready: notReady });
}
